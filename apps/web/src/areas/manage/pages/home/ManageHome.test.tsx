import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { renderPage, serve } from '../sign/testing.tsx';
import ManageHome from './ManageHome.tsx';

// No canvas in the test DOM: the chart is drawn by a stand-in.
vi.mock('../appointment/statistics/echarts.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

beforeAll(prepareBackOfficeTest);
vi.setConfig({ testTimeout: 60_000 });

const trend = Array.from({ length: 14 }, (_, i) => ({
  date: `2030-01-${String(i + 1).padStart(2, '0')}`,
  total: i === 13 ? 7 : i % 3,
}));

const overview = (over: Record<string, unknown> = {}) => ({
  findManageHomeOverview: {
    date: '2030-01-14',
    now: '2030-01-14T02:00:00.000Z',
    scope: 'tenant',
    notices_running: 3,
    bookings: { today: 7, pending: 2, performed: 4, no_show: 1, in_use_now: 2, in_use_bookings: 3, trend },
    visitors: { expected_today: 5, on_campus: 1 },
    ...over,
  },
});

/** The card holding a title, and its link. */
function card(title: string) {
  const el = screen.getByText(title).closest('[data-card]') as HTMLElement;
  return { el, link: within(el).getByRole('link') as HTMLAnchorElement };
}

describe('the back-office home', () => {
  it("shows a tenant administrator's figures in one request, each card linking to the list with the same filter", async () => {
    const calls = serve({ findManageHomeOverview: () => overview() });
    renderPage(<ManageHome />, '/manage/home');
    await screen.findByText('今日预约');
    expect(calls.filter((c) => c.op === 'findManageHomeOverview')).toHaveLength(1);

    const today = card('今日预约');
    expect(within(today.el).getByText('7')).toBeTruthy();
    expect(today.link.getAttribute('href')).toBe('/manage/appointment/list?from=2030-01-14&to=2030-01-14');
    const pending = card('待审批');
    expect(pending.link.getAttribute('href')).toBe('/manage/appointment/list?status=pending');
    // Worth acting on: said in words, not by colour alone.
    expect(within(pending.el).getByText('待处理')).toBeTruthy();
    expect(card('今日已签到').link.getAttribute('href')).toBe(
      '/manage/appointment/list?from=2030-01-14&to=2030-01-14&status=performed',
    );
    expect(card('今日违约').link.getAttribute('href')).toBe(
      '/manage/appointment/list?from=2030-01-14&to=2030-01-14&status=noShow',
    );
    expect(within(card('正在使用的场地').el).getByText('此刻有 3 条预约正在进行')).toBeTruthy();
    expect(within(card('今日预计来访').el).getByText('5')).toBeTruthy();
    expect(within(card('正在发布的公告').el).getByText('3')).toBeTruthy();

    // The trend's numbers are in a table too, each day linking to its bookings.
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(15);
    const last = rows.at(-1)!;
    expect(within(last).getByRole('link').getAttribute('href')).toBe(
      '/manage/appointment/list?from=2030-01-14&to=2030-01-14',
    );
    expect(within(last).getByText('7')).toBeTruthy();
    expect(screen.getByRole('img', { name: /近 14 天每天的预约数/ })).toBeTruthy();
  });

  it('hides the parts the administrator has no right to', async () => {
    serve({
      findManageHomeOverview: () => overview({ scope: 'scoped', visitors: null, notices_running: null }),
    });
    renderPage(<ManageHome />, '/manage/home');
    await screen.findByText('今日预约');
    expect(screen.getByText(/您管理的范围/)).toBeTruthy();
    expect(screen.queryByText('今日预计来访')).toBeNull();
    expect(screen.queryByText('正在发布的公告')).toBeNull();
  });

  it('says when the figures could not be loaded', async () => {
    serve({});
    renderPage(<ManageHome />, '/manage/home');
    expect(await screen.findByText('概览加载失败')).toBeTruthy();
  });
});
