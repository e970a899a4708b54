import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Guard } from '../../app/session.tsx';
import { configureGraphql } from '../../lib/graphql.ts';
import { prepareBackOfficeTest } from '../../testing/back-office.ts';
import { serveGraphql, signedInAnswers } from '../../testing/graphqlServer.ts';
import { renderRoutes } from '../../testing/render-routes.tsx';
import ManageLayout from './ManageLayout.tsx';

vi.mock('../../features/auth/auth.ts', () => import('../../testing/fake-auth.ts').then((m) => m.signedInAuth()));

/** The back office behind the navigation guard, each page a placeholder naming its path. */
function renderAt(path: string) {
  const page = (p: string) => ({ path: p, element: <p>page {p}</p> });
  const pages = ['home', 'appointment/list', 'appointment/appointment-update/:id', 'appointment/appointmentUser-list'];
  pages.push('sign', 'signer', 'resources/resources-list', 'notice/notice-list');
  return renderRoutes(
    [
      {
        path: '/manage',
        element: (
          <Guard>
            <ManageLayout />
          </Guard>
        ),
        children: pages.map(page),
      },
      { path: '/error/401', element: <p>401 page</p> },
    ],
    path,
  );
}

const resourceAdmin = {
  ...signedInAnswers,
  me: { me: { id: 'u', account: 'keeper', name: '场馆老师', positions: [], managesResources: true } },
};
const plainUser = {
  ...signedInAnswers,
  me: { me: { id: 'u', account: 'student', name: '张同学', positions: [], managesResources: false } },
};

beforeAll(prepareBackOfficeTest);
beforeEach(() => {
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ManageLayout for a resource administrator', () => {
  it('opens the bookings list with the reduced sidebar: home, bookings list, sign desk', async () => {
    serveGraphql(resourceAdmin);
    renderAt('/manage/appointment/list');
    expect(await screen.findByText('page appointment/list')).toBeTruthy();
    const sidebar = within(screen.getByRole('navigation', { name: '管理菜单' }));
    expect(sidebar.getByRole('link', { name: '首页' })).toBeTruthy();
    expect(sidebar.getByRole('link', { name: '预约列表' })).toBeTruthy();
    expect(sidebar.getByRole('link', { name: '签到签退' })).toBeTruthy();
    expect(sidebar.queryByText('资源管理')).toBeNull();
    expect(sidebar.queryByText('预约人信息')).toBeNull();
    expect(sidebar.queryByText('系统设置')).toBeNull();
  });

  it('opens a booking’s change-time page and the signer', async () => {
    serveGraphql(resourceAdmin);
    const router = renderAt('/manage/appointment/appointment-update/a1');
    expect(await screen.findByText('page appointment/appointment-update/:id')).toBeTruthy();
    await router.navigate('/manage/signer');
    expect(await screen.findByText('page signer')).toBeTruthy();
  });

  it.each([
    '/manage/resources/resources-list',
    '/manage/appointment/appointmentUser-list',
    '/manage/notice/notice-list',
  ])('refuses %s (401)', async (path) => {
    serveGraphql(resourceAdmin);
    const router = renderAt(path);
    expect(await screen.findByText('401 page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error/401');
  });

  it('refuses the back office to a user who manages nothing (401)', async () => {
    serveGraphql(plainUser);
    renderAt('/manage/appointment/list');
    expect(await screen.findByText('401 page')).toBeTruthy();
  });
});
