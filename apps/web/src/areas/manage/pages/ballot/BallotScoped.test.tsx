import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Guard } from '../../../../app/session.tsx';
import type { BallotSetting } from '../../../../features/ballot-admin/types.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { renderRoutes } from '../../../../testing/render-routes.tsx';
import ManageLayout from '../../ManageLayout.tsx';
import AppointmentList from '../appointment/AppointmentList.tsx';
import { callsOf, clickButton, result } from '../sign/testing.tsx';
import BallotDraws from './BallotDraws.tsx';
import { RESOURCE_IDS, forbidden, release, releasePage, serveBallot } from './testing.ts';

vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
beforeAll(prepareBackOfficeTest);
beforeEach(() => {
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

/** The back office behind the navigation guard, with the bookings list and the ballot page. */
function renderAt(path: string) {
  return renderRoutes(
    [
      {
        path: '/manage',
        element: (
          <Guard>
            <ManageLayout />
          </Guard>
        ),
        children: [
          { path: 'home', element: <p>home page</p> },
          { path: 'appointment/list', element: <AppointmentList /> },
          { path: 'appointment/ballot-draws', element: <BallotDraws /> },
        ],
      },
      { path: '/error/401', element: <p>401 page</p> },
    ],
    path,
  );
}

const emptyPage = (name: string) => ({
  [name]: { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 },
});

/** What the guard and the two pages ask, for a user `me` with the menus `menus`. */
function signedIn(me: Record<string, unknown>, menus: string[] = []) {
  return {
    checkTenantStatus: () => ({ checkTenantStatus: { errcode: '0', msg: '', msg_en: '' } }),
    me: () => ({ me: { id: 'u', name: '场馆老师', positions: [], ...me } }),
    canvasmenus: () => ({
      canvasmenus: menus.map((uri) => ({
        id: uri,
        name: uri.split('/').at(-1),
        text: uri,
        uri,
        icon: '',
        parent: '',
        target: '',
        description: '',
        visible: true,
        deleted: false,
      })),
    }),
    findUserImage: () => ({ findUserImage: null }),
    findResourcesTypeAll: () => ({ findResourcesTypeAll: [] }),
    findResourcesAll: () => emptyPage('findResourcesAll'),
    findAppointmentInformationAllForAppointMent: () => emptyPage('findAppointmentInformationAllForAppointMent'),
    findBallotDrawAll: () => emptyPage('findBallotDrawAll'),
  };
}

/** Lets answers already given reach the screen (queued promises and react-query's batched notices). */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const court = release(RESOURCE_IDS.court, { release_mode: 'ballot', window_minutes: 20, source: 'resource' });
const hall = release(RESOURCE_IDS.hall, { resources_name: '东区羽毛球馆', source: 'type' });

describe('the ballot page for a resource administrator who is not a tenant administrator', () => {
  it('is linked from the bookings list; lists their resources with their modes, and saves one', async () => {
    let saved: BallotSetting | null = null;
    const calls = serveBallot({
      ...signedIn({ account: 'keeper', managesResources: true }),
      findBallotResourceSettingAll: () =>
        releasePage([saved ? { ...court, ...saved, id: court.id } : court, hall] as never),
      findBallotSettings: () => ({
        findBallotSettings: [
          saved ?? {
            target_kind: 'resource',
            target_id: court.id,
            release_mode: 'ballot',
            window_minutes: 20,
            weighted: false,
            max_wins_per_person: 0,
            source: 'resource',
          },
        ],
      }),
      saveBallotSetting: ({ model }) => {
        saved = { ...(model as BallotSetting), source: 'resource' };
        return { saveBallotSetting: result() };
      },
    });
    const router = renderAt('/manage/appointment/list');
    const link = await screen.findByRole('link', { name: /抽签管理/ });
    // asked once whether they set any resource's mode (one row is enough)
    expect(callsOf(calls, 'findBallotResourceSettingAll')).toEqual([{ first: 1, offset: 0 }]);
    // the sidebar stays as it was: home, the bookings list, the sign desk
    const sidebar = within(screen.getByRole('navigation', { name: '管理菜单' }));
    expect(sidebar.queryByText('抽签管理')).toBeNull();
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/appointment/ballot-draws'));
    expect(await screen.findByText('暂无抽签记录')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: '资源发放方式' }));
    });
    expect(router.state.location.search).toBe('?tab=releases');
    expect(await screen.findByText(/您管理的资源及其当前生效的发放方式/)).toBeTruthy();
    const courtRow = (await screen.findByText('东区羽毛球1号场')).closest('tr') as HTMLElement;
    expect(within(courtRow).getByText('抽签')).toBeTruthy();
    expect(screen.getByText('东区羽毛球馆')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(courtRow).getByRole('button', { name: /东区羽毛球1号场/ }));
    });
    const drawer = (await screen.findByText('发放方式 · 东区羽毛球1号场')).closest('.ant-drawer') as HTMLElement;
    await within(drawer).findByText('当前生效的设置：本资源自己的设置');
    fireEvent.click(within(drawer).getByRole('radio', { name: /^先到先得/ }));
    await clickButton('保存发放设置', drawer);
    expect(await screen.findByText('发放设置已保存')).toBeTruthy();
    expect(callsOf(calls, 'saveBallotSetting')).toEqual([
      {
        model: {
          target_kind: 'resource',
          target_id: court.id,
          release_mode: 'race',
          window_minutes: 20,
          weighted: false,
          max_wins_per_person: 0,
        },
      },
    ]);
    await waitFor(() => {
      const row = screen.getByText('东区羽毛球1号场').closest('tr') as HTMLElement;
      expect(within(row).getByText('先到先得')).toBeTruthy();
    });
  });

  it('is not offered to an approver (the server lists them no resource), and says so when they open it', async () => {
    const calls = serveBallot({
      ...signedIn({ account: 'approver', managesResources: false }, ['/manage/appointment']),
      findBallotResourceSettingAll: () => forbidden(),
    });
    const router = renderAt('/manage/appointment/list');
    await waitFor(() => expect(callsOf(calls, 'findBallotResourceSettingAll')).toEqual([{ first: 1, offset: 0 }]));
    await settle();
    expect(screen.getByRole('button', { name: /导出/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /抽签管理/ })).toBeNull();
    // the address opens the page, where the server's refusal shows
    await act(async () => {
      await router.navigate('/manage/appointment/ballot-draws?tab=releases');
    });
    expect(await screen.findByText('拒绝访问')).toBeTruthy();
  });

  it('refuses an ordinary user the page (401), asking the server nothing of it', async () => {
    const calls = serveBallot({
      ...signedIn({ account: 'student', managesResources: false }),
      findBallotResourceSettingAll: () => releasePage([court]),
    });
    renderAt('/manage/appointment/ballot-draws?tab=releases');
    expect(await screen.findByText('401 page')).toBeTruthy();
    expect(callsOf(calls, 'findBallotResourceSettingAll')).toEqual([]);
  });
});
