import { cleanup, screen, within } from '@testing-library/react';
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
  const pages = ['home', 'appointment/list', 'sign', 'accessControlCheck', 'visitorManagement/visitorInfo'];
  pages.push('console', 'settings/sys');
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

/** A menu entry of `canvasmenus` as the server sends it for a grant. */
const entry = (uri: string, text: string) => ({
  id: uri,
  name: uri.split('/').at(-1),
  text,
  uri,
  icon: '',
  parent: '',
  target: '',
  description: '',
  visible: true,
  deleted: false,
});

/** A user who is not a tenant administrator, with the menu entries their grants open. */
const grantedUser = (...menus: ReturnType<typeof entry>[]) => ({
  ...signedInAnswers,
  me: { me: { id: 'u', account: 'guard', name: '门岗老师', positions: [], managesResources: false } },
  canvasmenus: { canvasmenus: menus },
});

beforeAll(prepareBackOfficeTest);
beforeEach(() => {
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ManageLayout follows the grants (canvasmenus)', () => {
  it('gives gate staff home and the gate check only', async () => {
    serveGraphql(grantedUser(entry('/manage/accessControlCheck', '门禁核验')));
    renderAt('/manage/accessControlCheck');
    expect(await screen.findByText('page accessControlCheck')).toBeTruthy();
    const sidebar = within(screen.getByRole('navigation', { name: '管理菜单' }));
    expect(sidebar.getByRole('link', { name: '首页' })).toBeTruthy();
    expect(sidebar.getByRole('link', { name: '门禁核验' })).toBeTruthy();
    expect(sidebar.queryByText('预约管理')).toBeNull();
    expect(sidebar.queryByText('访客管理')).toBeNull();
    expect(sidebar.queryByText('应用中心')).toBeNull();
  });

  it('gives a visitor administrator the visitor back office, and refuses the rest (401)', async () => {
    serveGraphql(grantedUser(entry('/manage/visitorManagement', '访客管理')));
    const router = renderAt('/manage/visitorManagement/visitorInfo');
    expect(await screen.findByText('page visitorManagement/visitorInfo')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: '管理菜单' })).getByText('访客管理')).toBeTruthy();
    await router.navigate('/manage/appointment/list');
    expect(await screen.findByText('401 page')).toBeTruthy();
  });

  it.each(['/manage/console', '/manage/settings/sys'])(
    'refuses %s to a venue administrator whose menus name it (401)',
    async (path) => {
      serveGraphql(
        grantedUser(
          entry('/manage/appointment', '预约管理'),
          entry('/manage/sign', '签到签退'),
          entry('/manage/console', '应用中心'),
        ),
      );
      renderAt(path);
      expect(await screen.findByText('401 page')).toBeTruthy();
    },
  );

  it('opens the bookings of a venue administrator by grant; without grants nothing (401)', async () => {
    serveGraphql(grantedUser(entry('/manage/appointment', '预约管理'), entry('/manage/sign', '签到签退')));
    renderAt('/manage/appointment/list');
    expect(await screen.findByText('page appointment/list')).toBeTruthy();
    cleanup();
    // the grant revoked: the next load's menus are empty (the stored ones of the last load give way)
    serveGraphql(grantedUser());
    renderAt('/manage/appointment/list');
    expect(await screen.findByText('401 page')).toBeTruthy();
  });
});
