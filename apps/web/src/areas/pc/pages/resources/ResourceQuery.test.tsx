import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveGraphql } from '../../../../testing/graphqlServer.ts';
import { RESOURCE_ID, TYPE_ID, court, dialogAnswers } from '../../booking/testing/fixtures.ts';
import { preparePcBookingTest, renderPc, variablesOf } from '../../booking/testing/pcTest.tsx';
import ResourceQuery from './ResourceQuery.tsx';

// The identity provider is outside the web app: a signed-in user from a stub of the auth module.
vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(preparePcBookingTest);
afterEach(() => vi.unstubAllGlobals());

const room = {
  ...court,
  id: 'room-1',
  resources_name: '会议室305',
  time_slot_rule: '2',
  capacity: 12,
  need_approve: '1',
};

function serve() {
  serveGraphql({
    ...dialogAnswers,
    findCodeItemsAll: { findCodeItemsAll: [] },
    findResourcesAllByAccount: { findResourcesAllByAccount: [court, room] },
  });
}

describe('/pc/resources/:id/list', () => {
  it(
    'shows the type’s resources on the grid; picked cells are booked through the dialog',
    { timeout: 60_000 },
    async () => {
      serve();
      renderPc(<ResourceQuery />, { path: `/pc/resources/${TYPE_ID}/list`, pattern: '/pc/resources/:id/list' });
      const free = await screen.findByLabelText('场地A 10:00–11:00 · 可预约', {}, { timeout: 15_000 });
      expect(screen.getByText('会议室305')).toBeTruthy();
      expect(screen.getByText('选择时间预约')).toBeTruthy();
      expect(variablesOf('findResourcesAllByAccount')[0]).toMatchObject({ typeId: TYPE_ID });
      // the availability of the listed fixed-slot resources comes in one request
      expect(variablesOf('findResourceTypeSlotAvailability')).toEqual([
        expect.objectContaining({ resourcesTypeId: TYPE_ID, filter: { id: { in: [RESOURCE_ID] } } }),
      ]);
      expect(variablesOf('findResourceSlotAvailability')).toHaveLength(0);
      fireEvent.click(free);
      expect(await screen.findByText('已选：场地A 10:00–11:00')).toBeTruthy();
      fireEvent.click(screen.getByText('预约所选时段').closest('button')!);
      const picked = await screen.findByRole('button', { name: '10:00–11:00 · 可预约' });
      expect(picked.getAttribute('aria-pressed')).toBe('true');
    },
  );

  it('filters by approval (on the server) and capacity, with an empty state', { timeout: 60_000 }, async () => {
    serve();
    renderPc(<ResourceQuery />, { path: `/pc/resources/${TYPE_ID}/list`, pattern: '/pc/resources/:id/list' });
    await screen.findByText('会议室305', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('最少容纳人数'), { target: { value: '10' } });
    await waitFor(() => expect(screen.queryByText('场地A')).toBeNull());
    expect(screen.getByText('会议室305')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('最少容纳人数'), { target: { value: '100' } });
    expect(await screen.findByText('没有符合条件的资源')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '是否审核' }));
    fireEvent.click(await screen.findByText('需要审核', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(variablesOf('findResourcesAllByAccount').at(-1)).toMatchObject({
        filter: expect.objectContaining({ need_approve: { eq: '1' } }),
      }),
    );
  });
});

describe('/pc/resources/:id/list: a date not open yet', () => {
  it('says so above the grid with the opening time the server gives', { timeout: 60_000 }, async () => {
    const row = dialogAnswers.findResourceTypeSlotAvailability.findResourceTypeSlotAvailability[0]!;
    const shut = (s: (typeof row.slots)[number]) => ({
      ...s,
      state: 'unavailable',
      rule: 'not_open',
      opens_at: '2026-11-28 21:00:00',
      reason_cn: '未到开放预约时间',
    });
    serveGraphql({
      ...dialogAnswers,
      findCodeItemsAll: { findCodeItemsAll: [] },
      findResourcesAllByAccount: { findResourcesAllByAccount: [court] },
      findResourceTypeSlotAvailability: {
        findResourceTypeSlotAvailability: [{ ...row, slots: row.slots.map(shut) }],
      },
    });
    renderPc(<ResourceQuery />, { path: `/pc/resources/${TYPE_ID}/list`, pattern: '/pc/resources/:id/list' });
    expect(
      await screen.findByText(/^\d{4}-\d{2}-\d{2} 尚未开放预约，将于 (11-28 )?21:00 开放$/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('says when only some resources of the date are not open yet', { timeout: 60_000 }, async () => {
    const row = dialogAnswers.findResourceTypeSlotAvailability.findResourceTypeSlotAvailability[0]!;
    const [first, ...rest] = row.slots;
    serveGraphql({
      ...dialogAnswers,
      findCodeItemsAll: { findCodeItemsAll: [] },
      findResourcesAllByAccount: { findResourcesAllByAccount: [court] },
      findResourceTypeSlotAvailability: {
        findResourceTypeSlotAvailability: [
          { ...row, slots: [{ ...first!, rule: 'not_open', opens_at: '2026-11-28 21:00:00' }, ...rest] },
        ],
      },
    });
    renderPc(<ResourceQuery />, { path: `/pc/resources/${TYPE_ID}/list`, pattern: '/pc/resources/:id/list' });
    expect(
      await screen.findByText(
        /^\d{4}-\d{2}-\d{2} 有资源尚未开放预约（表中“未开放”），最早将于 (11-28 )?21:00 开放$/,
        {},
        {
          timeout: 15_000,
        },
      ),
    ).toBeTruthy();
  });

  it('says nothing when the date is open', { timeout: 60_000 }, async () => {
    serve();
    renderPc(<ResourceQuery />, { path: `/pc/resources/${TYPE_ID}/list`, pattern: '/pc/resources/:id/list' });
    await screen.findByLabelText('场地A 10:00–11:00 · 可预约', {}, { timeout: 15_000 });
    expect(screen.queryByText(/尚未开放预约/)).toBeNull();
  });
});

describe('/pc/resources/:id/list: resources released by ballot', () => {
  it(
    'marks them on the grid with text and icon, from one query for the page’s resources',
    { timeout: 60_000 },
    async () => {
      serveGraphql({
        ...dialogAnswers,
        findCodeItemsAll: { findCodeItemsAll: [] },
        findResourcesAllByAccount: { findResourcesAllByAccount: [court, room] },
        findBallotSettings: {
          findBallotSettings: [
            { target_kind: 'resource', target_id: RESOURCE_ID, release_mode: 'ballot', window_minutes: 10 },
            { target_kind: 'resource', target_id: 'room-1', release_mode: 'race', window_minutes: 10 },
          ],
        },
      });
      renderPc(<ResourceQuery />, { path: `/pc/resources/${TYPE_ID}/list`, pattern: '/pc/resources/:id/list' });
      const grid = await screen.findByRole('grid', {}, { timeout: 15_000 });
      const mark = await within(grid).findByText('抽签放号');
      expect(mark.querySelector('svg')).toBeTruthy();
      expect(mark.closest('th')?.textContent).toContain('场地A');
      expect(mark.dataset.tip).toBe('抽签放号：开放预约后 10 分钟内报名，截止后统一抽签，剩余名额照常预约');
      // the room races: no mark on its row
      expect(within(screen.getByText('会议室305').closest('th')!).queryByText('抽签放号')).toBeNull();
      expect(within(grid).getAllByText('抽签放号')).toHaveLength(1);
      // the legend says what the mark means
      expect(screen.getByText('抽签放号（开放后先报名、后抽签）')).toBeTruthy();
      expect(variablesOf('findBallotSettings')).toEqual([{ resourcesIds: [RESOURCE_ID, 'room-1'] }]);
    },
  );

  it('marks nothing when every resource races (or the settings cannot be read)', { timeout: 60_000 }, async () => {
    serve();
    renderPc(<ResourceQuery />, { path: `/pc/resources/${TYPE_ID}/list`, pattern: '/pc/resources/:id/list' });
    await screen.findByLabelText('场地A 10:00–11:00 · 可预约', {}, { timeout: 15_000 });
    await waitFor(() => expect(variablesOf('findBallotSettings')).toHaveLength(1));
    expect(screen.queryByText('抽签放号')).toBeNull();
    expect(screen.queryByText(/开放后先报名/)).toBeNull();
  });
});
