import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BallotDraw, BallotDrawDetail, BallotDrawEntry } from '../../../../features/ballot-admin/types.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { ROOM_ID, callsOf, clickButton, pickOption, renderPage, serve } from '../sign/testing.tsx';
import BallotDraws from './BallotDraws.tsx';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());

const PATH = '/manage/appointment/ballot-draws';
const SEED = 'a3'.repeat(32);

const draw = (id: string, patch: Partial<BallotDraw>): BallotDraw => ({
  id,
  resources_id: ROOM_ID,
  resources_name: '行政楼305会议室',
  resources_name_en: 'Room 305',
  appointment_date: '2030-01-03',
  closes_at: '2030-01-01 21:10:00',
  drawn_at: '2030-01-01 21:10:04',
  seed: SEED,
  weighted: true,
  max_wins_per_person: 1,
  slots: [
    { slot: '09:00-10:00', capacity: 1 },
    { slot: '10:00-11:00', capacity: 2 },
  ],
  entries_count: 4,
  winners_count: 2,
  took_ms: 37,
  drawn_by: '',
  ...patch,
});

const byJob = draw('dddddddd-0000-4000-8000-000000000001', {});
const early = draw('dddddddd-0000-4000-8000-000000000002', {
  appointment_date: '2030-01-04',
  drawn_by: 'admin',
  entries_count: 1,
  winners_count: 1,
});

const entry = (n: number, patch: Partial<BallotDrawEntry>): BallotDrawEntry => ({
  id: `eeeeeeee-0000-4000-8000-00000000000${n}`,
  appointment_id: `ffffffff-0000-4000-8000-00000000000${n}`,
  appointment_user: `s${n}`,
  appointment_user_name: `学生${n}`,
  slot: '09:00-10:00',
  weight: 1,
  position: n,
  outcome: 'won',
  refusal: '',
  create_time: '2030-01-01 21:00:0' + n,
  ...patch,
});

const detail: BallotDrawDetail = {
  ...byJob,
  entries: [
    entry(1, {}),
    entry(2, { outcome: 'refused', refusal: 'BLACKLISTED', weight: 0.5 }),
    entry(3, { outcome: 'full' }),
    entry(4, { outcome: 'refused', refusal: 'SOMETHING_NEW', slot: '10:00-11:00' }),
    entry(5, { outcome: 'duplicate', position: null, weight: null }),
  ],
};

const page = (nodes: BallotDraw[]) => ({
  findBallotDrawAll: {
    edges: nodes.map((node) => ({ node })),
    pageInfo: { hasNextPage: false, endCursor: null },
    totalCount: nodes.length,
  },
});

async function setDate(input: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

describe('ballot draws', () => {
  it('lists draws with who drew in words, searches by resource and dates', async () => {
    const calls = serve({ findBallotDrawAll: () => page([byJob, early]) });
    renderPage(<BallotDraws />, PATH);
    const jobRow = (await screen.findByText('2030-01-03')).closest('tr')!;
    expect(within(jobRow).getByText('定时任务（报名截止时）')).toBeTruthy();
    expect(within(jobRow).getByText('37 毫秒')).toBeTruthy();
    const earlyRow = screen.getByText('2030-01-04').closest('tr')!;
    expect(within(earlyRow).getByText('admin（提前抽签）')).toBeTruthy();
    expect(callsOf(calls, 'findBallotDrawAll')[0]).toEqual({ first: 10, offset: 0 });

    await pickOption('资源', '行政楼305会议室');
    await setDate(screen.getByPlaceholderText('开始日期'), '2030-01-01');
    await setDate(screen.getByPlaceholderText('结束日期'), '2030-01-31');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'findBallotDrawAll').at(-1)).toEqual({
        first: 10,
        offset: 0,
        resourcesId: ROOM_ID,
        dateFrom: '2030-01-01',
        dateTo: '2030-01-31',
      }),
    );
    await clickButton('重置');
    await waitFor(() => expect(callsOf(calls, 'findBallotDrawAll').at(-1)).toEqual({ first: 10, offset: 0 }));
  });

  it('says when there is no draw, and when the list cannot be loaded (with a retry)', async () => {
    let fail = true;
    serve({ findBallotDrawAll: () => (fail ? undefined : page([])) });
    renderPage(<BallotDraws />, PATH);
    expect(await screen.findByText('no answer for findBallotDrawAll')).toBeTruthy();
    fail = false;
    await clickButton('重试');
    expect(await screen.findByText('暂无抽签记录')).toBeTruthy();
  });

  it('opens a draw: seed, settings, places, entries in drawn order with outcomes and reasons in words; replay verifies', async () => {
    let verified = true;
    const calls = serve({
      findBallotDrawAll: () => page([byJob]),
      findBallotDraw: () => ({ findBallotDraw: detail }),
      replayBallotDraw: ({ id }) => ({
        replayBallotDraw: verified
          ? { id, seed: SEED, verified: true, difference: '', winners: 2 }
          : { id, seed: SEED, verified: false, difference: 'entry s3: recorded full, replayed won', winners: 3 },
      }),
    });
    renderPage(<BallotDraws />, PATH);
    await clickButton('查看', (await screen.findByText('2030-01-03')).closest('tr')!);
    const drawer = (await screen.findByText('抽签详情 · 行政楼305会议室')).closest('.ant-drawer') as HTMLElement;
    expect(callsOf(calls, 'findBallotDraw')).toEqual([{ id: byJob.id }]);
    await within(drawer).findByText(SEED);
    expect(within(drawer).getByText('加权，每人最多中 1 个')).toBeTruthy();
    expect(within(drawer).getByText('09:00-10:00 × 1')).toBeTruthy();
    expect(within(drawer).getByText('10:00-11:00 × 2')).toBeTruthy();

    const rows = within(drawer.querySelector('.ant-table') as HTMLElement)
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['1', '2', '3', '4', '—']);
    expect(within(rows[0]!).getByText('中签')).toBeTruthy();
    expect(within(rows[1]!).getByText('不符合预约规则')).toBeTruthy();
    expect(within(rows[1]!).getByText('在黑名单中')).toBeTruthy();
    expect(within(rows[1]!).getByText('0.5')).toBeTruthy();
    expect(within(rows[2]!).getByText('名额已满')).toBeTruthy();
    // a code the page has no words for is still said as a refusal, with its code
    expect(within(rows[3]!).getByText('不符合预约规则（代码 SOMETHING_NEW）')).toBeTruthy();
    expect(within(rows[4]!).getByText('重复报名（已合并）')).toBeTruthy();

    await clickButton('复核', drawer);
    expect((await within(drawer).findByTestId('ballot-replay')).textContent).toContain('复核一致');
    expect(callsOf(calls, 'replayBallotDraw')).toEqual([{ id: byJob.id }]);

    verified = false;
    await clickButton('复核', drawer);
    await waitFor(() =>
      expect(within(drawer).getByTestId('ballot-replay').textContent).toContain(
        '复核不一致，第一处不同：entry s3: recorded full, replayed won',
      ),
    );
  });

  it('opens the draw named in the address', async () => {
    serve({ findBallotDrawAll: () => page([byJob]), findBallotDraw: () => ({ findBallotDraw: detail }) });
    renderPage(<BallotDraws />, `${PATH}?draw=${byJob.id}`);
    expect(await screen.findByText(SEED)).toBeTruthy();
  });

  it('draws now only a date whose entries are open or closed and undrawn, after a confirmation, and opens the draw', async () => {
    let phase = 'drawn';
    const calls = serve({
      findBallotDrawAll: () => page([]),
      findBallotDateInfo: ({ resourcesId, date }) => ({
        findBallotDateInfo: {
          resources_id: resourcesId,
          appointment_date: date,
          release_mode: 'ballot',
          window_minutes: 10,
          opens_at: '2030-01-01 21:00:00',
          closes_at: '2030-01-01 21:10:00',
          phase,
        },
      }),
      drawBallotNow: ({ resourcesId, date }) => ({
        drawBallotNow: {
          id: early.id,
          resources_id: resourcesId,
          appointment_date: date,
          seed: SEED,
          entries_count: 3,
          winners_count: 1,
          losers: 2,
        },
      }),
      findBallotDraw: () => ({ findBallotDraw: { ...early, entries: [entry(1, {})] } }),
    });
    renderPage(<BallotDraws />, PATH);
    await screen.findByText('暂无抽签记录');
    await clickButton('立即抽签');
    const dialog = (await screen.findByRole('dialog')) as HTMLElement;
    await pickOption(within(dialog).getByRole('combobox', { name: '资源' }), '行政楼305会议室');
    await setDate(within(dialog).getByLabelText('预约日期'), '2030-01-03');
    expect(await within(dialog).findByText('报名状态：已经抽过签')).toBeTruthy();
    const drawButton = () =>
      [...dialog.querySelectorAll('button')].find((b) => /立即抽签/.test(b.textContent ?? ''))! as HTMLButtonElement;
    expect(drawButton().disabled).toBe(true);
    expect(callsOf(calls, 'findBallotDateInfo').at(-1)).toEqual({ resourcesId: ROOM_ID, date: '2030-01-03' });

    phase = 'collecting';
    await setDate(within(dialog).getByLabelText('预约日期'), '2030-01-04');
    expect(await within(dialog).findByText('报名状态：正在报名（2030-01-01 21:10:00 截止）')).toBeTruthy();
    expect(drawButton().disabled).toBe(false);
    await act(async () => {
      fireEvent.click(drawButton());
    });
    const confirm = await screen.findByText(/将提前截止“行政楼305会议室” 2030-01-04 的报名并立即抽签/);
    expect(callsOf(calls, 'drawBallotNow')).toEqual([]);
    await clickButton('立即抽签', confirm.closest('.ant-modal-confirm') as HTMLElement);
    expect(await screen.findByText('抽签完成：3 份报名，1 人中签')).toBeTruthy();
    expect(callsOf(calls, 'drawBallotNow')).toEqual([{ resourcesId: ROOM_ID, date: '2030-01-04' }]);
    await waitFor(() => expect(callsOf(calls, 'findBallotDraw')).toEqual([{ id: early.id }]));
    expect(await screen.findByText('admin（提前抽签）')).toBeTruthy();
  });
});
