import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HANG, prepareVisitorTests, renderVisitorRoutes, serveVisitors, testVisit } from './testing.tsx';
import VisitorHistory from './VisitorHistory.tsx';
import VisitorMine from './VisitorMine.tsx';

vi.mock('../../../../features/auth/auth.ts', () => ({
  currentUser: async () => ({ access_token: 'vtok', profile: { sub: 't:v', preferred_username: 'visitor:0a1b' } }),
  signIn: async () => {},
  watchUser: () => () => {},
}));

beforeAll(prepareVisitorTests);
afterEach(() => vi.unstubAllGlobals());

const page = (rows: ReturnType<typeof testVisit>[], totalCount = rows.length) => ({
  findVisitorAppointmentInformationAll: { edges: rows.map((node) => ({ node })), totalCount },
});

const renderMine = () =>
  renderVisitorRoutes([{ path: '/mobile/visitor/mine', element: <VisitorMine /> }], '/mobile/visitor/mine');
const renderHistory = () =>
  renderVisitorRoutes([{ path: '/mobile/visitor/history', element: <VisitorHistory /> }], '/mobile/visitor/history');

describe('/mobile/visitor/mine and history', () => {
  it('lists the current visits, each state in words with its icon, and asks for the current ones only', async () => {
    const calls = serveVisitors({
      findVisitorAppointmentInformationAll: page([
        testVisit({ id: 'v1', state: 0 }),
        testVisit({ id: 'v2', state: 2, in_school_area_name: '图书馆' }),
        testVisit({ id: 'v3', state: 1 }),
      ]),
    });
    renderMine();
    const list = await screen.findByRole('list', { name: '我的访客' });
    const items = within(list).getAllByRole('link');
    expect(items.map((i) => i.querySelector('.yy-v-state')!.textContent)).toEqual([
      '待被访人审批',
      '已通过',
      '待二级审批',
    ]);
    // not by colour alone: each state carries an icon beside its words
    for (const item of items) expect(item.querySelector('.yy-v-state svg')).not.toBeNull();
    expect(items[1]!.textContent).toContain('图书馆');
    expect(items[1]!.getAttribute('href')).toBe('/mobile/visitor/detail/v2');
    expect(calls.find((c) => c.op === 'findVisitorAppointmentInformationAll')?.variables).toMatchObject({
      updateAppointmentState: '0',
      offset: 0,
    });
  });

  it('shows past visits (ended, rejected, cancelled) and loads more on demand', async () => {
    const calls = serveVisitors({
      findVisitorAppointmentInformationAll: (v) =>
        page(
          [
            testVisit({ id: 'h1', state: 2, in_school_date: '2000-01-01' }),
            testVisit({ id: 'h2', state: 3 }),
            testVisit({ id: 'h3', state: 4 }),
          ].slice(0, Number(v.first)),
          25,
        ),
    });
    renderHistory();
    const list = await screen.findByRole('list', { name: '访问记录' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((i) => i.querySelector('.yy-v-state')!.textContent),
    ).toEqual(['已结束', '已驳回', '已取消']);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await vi.waitFor(() =>
      expect(
        calls.filter((c) => c.op === 'findVisitorAppointmentInformationAll').map((c) => c.variables.first),
      ).toEqual([20, 40]),
    );
    expect(calls[calls.length - 1]!.variables.updateAppointmentState).toBe('1');
  });

  it('says when there is nothing, and offers to apply', async () => {
    serveVisitors({ findVisitorAppointmentInformationAll: page([]) });
    renderMine();
    expect(await screen.findByText('暂无进行中的访问')).toBeTruthy();
    expect(screen.getByRole('link', { name: '申请入校' }).getAttribute('href')).toBe('/mobile/visitor/home');
  });

  it('says when the list failed, with the reason, and retries', async () => {
    let fail = true;
    serveVisitors({
      findVisitorAppointmentInformationAll: () =>
        fail
          ? { errors: [{ message: 'x', extensions: { msg: '服务暂不可用', msg_en: 'Unavailable' } }] }
          : page([testVisit()]),
    });
    renderHistory();
    expect(await screen.findByText('服务暂不可用')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('list', { name: '访问记录' })).toBeTruthy();
  });

  it('shows a loading state while the list is on its way', async () => {
    serveVisitors({ findVisitorAppointmentInformationAll: HANG });
    renderMine();
    expect(await screen.findByRole('heading', { name: '我的访客' })).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
