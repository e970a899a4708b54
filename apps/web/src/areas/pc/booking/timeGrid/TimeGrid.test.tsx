import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SlotAvailability } from '../../../../features/booking/types.ts';
import { preparePcBookingTest } from '../testing/pcTest.tsx';
import { EMPTY_SELECTION, gridColumns, pruneSelection, toggleSelection, type GridSelection } from './gridModel.ts';
import { TimeGrid, type TimeGridRow } from './TimeGrid.tsx';

beforeAll(preparePcBookingTest);
afterEach(() => vi.restoreAllMocks());

const slot = (id: string, kssj: string, jssj: string, rest: Partial<SlotAvailability> = {}): SlotAvailability => ({
  id,
  kssj,
  jssj,
  state: 'available',
  rule: '',
  opens_at: '',
  capacity: 1,
  remaining: 1,
  reason_cn: '',
  reason_en: '',
  ...rest,
});

/** Court A has one slot in each state; court B two free ones; a free-time room; a row that failed. */
const rows: TimeGridRow[] = [
  {
    id: 'a',
    name: '场地A',
    detail: '主校区',
    freeTime: false,
    slots: [
      slot('a9', '09:00', '10:00', {
        state: 'expired',
        rule: 'expired',
        remaining: 0,
        reason_cn: '已过期',
        reason_en: 'Passed',
      }),
      slot('a10', '10:00', '11:00'),
      slot('a11', '11:00', '12:00', { state: 'mine', reason_cn: '我的预约', reason_en: 'My booking' }),
      slot('a12', '12:00', '13:00', { state: 'taken', rule: 'taken', remaining: 0, reason_cn: '已被预约' }),
      slot('a13', '13:00', '14:00', {
        state: 'unavailable',
        rule: 'not_open',
        opens_at: '2026-11-29 21:00:00',
        reason_cn: '未到开放预约时间',
        reason_en: 'Not open for booking yet',
      }),
      slot('a14', '14:00', '15:00', {
        state: 'unavailable',
        rule: 'no_reservation',
        reason_cn: '午休',
        reason_en: 'Lunch',
      }),
    ],
  },
  {
    id: 'b',
    name: '场地B',
    freeTime: false,
    slots: [
      slot('b10', '10:00', '11:00'),
      slot('b15', '15:00', '16:00', { capacity: 5, remaining: 3 }),
      slot('b16', '16:00', '17:00', { capacity: 5, remaining: 0, state: 'full', rule: 'full', reason_cn: '已约满' }),
    ],
  },
  { id: 'room', name: '会议室', freeTime: true },
  { id: 'broken', name: '坏掉的场地', freeTime: false, error: '连接服务器失败' },
];

function Harness({
  onOpen = () => {},
  onFree = () => {},
}: {
  onOpen?: (id: string) => void;
  onFree?: (id: string) => void;
}) {
  const [selection, setSelection] = useState<GridSelection>(EMPTY_SELECTION);
  return (
    <>
      <TimeGrid
        rows={rows}
        selection={selection}
        onToggle={(r, s) => setSelection((cur) => toggleSelection(cur, r, s))}
        onOpenResource={onOpen}
        onFreeTime={onFree}
        label="grid"
      />
      <output data-testid="selection">{`${selection.resourceId}:${selection.slotIds.join(',')}`}</output>
    </>
  );
}

const cell = (resource: string, period: string) =>
  screen.getAllByRole('gridcell').find((c) => c.getAttribute('aria-label')?.startsWith(`${resource} ${period}`))!;

describe('time grid', () => {
  it('shows every slot state, with the reason and the opening time in the description', () => {
    render(<Harness />);
    const grid = screen.getByRole('grid', { name: 'grid' });
    // columns: the union of both courts' periods, in time order
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '资源',
      '09:0010:00',
      '10:0011:00',
      '11:0012:00',
      '12:0013:00',
      '13:0014:00',
      '14:0015:00',
      '15:0016:00',
      '16:0017:00',
    ]);
    expect(cell('场地A', '09:00–10:00')).toHaveProperty('className', expect.stringContaining('yy-tg-unavailable'));
    expect(cell('场地A', '09:00–10:00').getAttribute('aria-label')).toContain('已过期');
    expect(cell('场地A', '10:00–11:00').getAttribute('aria-label')).toContain('可预约');
    expect(cell('场地A', '11:00–12:00').getAttribute('aria-label')).toContain('我的预约');
    expect(cell('场地A', '11:00–12:00').className).toContain('yy-tg-mine');
    expect(cell('场地A', '12:00–13:00').getAttribute('aria-label')).toContain('已被他人预约');
    expect(cell('场地A', '13:00–14:00').getAttribute('aria-label')).toContain('未到开放预约时间');
    expect(cell('场地A', '13:00–14:00').getAttribute('aria-label')).toContain('2026-11-29 21:00 开放预约');
    expect(cell('场地A', '13:00–14:00').textContent).toBe('未开放');
    expect(cell('场地A', '14:00–15:00').getAttribute('aria-label')).toContain('午休');
    expect(cell('场地B', '15:00–16:00').textContent).toBe('3');
    expect(cell('场地B', '15:00–16:00').getAttribute('aria-label')).toContain('剩余 3');
    expect(cell('场地B', '16:00–17:00').getAttribute('aria-label')).toContain('已约满');
    // a period a resource does not offer, a free-time resource and a failed row
    expect(screen.getAllByLabelText(/无此时段/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '选择时间预约' })).toBeTruthy();
    expect(screen.getByText('连接服务器失败')).toBeTruthy();
  });

  it('selects available cells of one resource; other states do not react', () => {
    render(<Harness />);
    const free = cell('场地A', '10:00–11:00');
    expect(free.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(free);
    expect(screen.getByTestId('selection').textContent).toBe('a:a10');
    expect(cell('场地A', '10:00–11:00').getAttribute('aria-selected')).toBe('true');
    expect(cell('场地A', '10:00–11:00').textContent).toBe('已选');
    // taken, mine and closed cells are not selectable
    fireEvent.click(cell('场地A', '12:00–13:00'));
    fireEvent.click(cell('场地A', '11:00–12:00'));
    fireEvent.click(cell('场地A', '09:00–10:00'));
    expect(screen.getByTestId('selection').textContent).toBe('a:a10');
    // a cell of another resource starts a new selection there; Enter works like a click
    fireEvent.keyDown(cell('场地B', '15:00–16:00'), { key: 'Enter' });
    expect(screen.getByTestId('selection').textContent).toBe('b:b15');
    fireEvent.click(cell('场地B', '10:00–11:00'));
    expect(screen.getByTestId('selection').textContent).toBe('b:b15,b10');
    expect(cell('场地A', '10:00–11:00').getAttribute('aria-selected')).toBe('false');
    // clicking a selected cell again deselects it
    fireEvent.click(cell('场地B', '15:00–16:00'));
    fireEvent.click(cell('场地B', '10:00–11:00'));
    expect(screen.getByTestId('selection').textContent).toBe(':');
  });

  it('opens a resource from its name, books free time from its row, and shows a tooltip on hover', () => {
    const onOpen = vi.fn();
    const onFree = vi.fn();
    render(<Harness onOpen={onOpen} onFree={onFree} />);
    fireEvent.click(screen.getByRole('button', { name: '场地B' }));
    expect(onOpen).toHaveBeenCalledWith('b');
    fireEvent.click(screen.getByRole('button', { name: '选择时间预约' }));
    expect(onFree).toHaveBeenCalledWith('room');
    fireEvent.mouseOver(cell('场地A', '13:00–14:00'));
    const tip = screen.getByRole('tooltip');
    expect(tip.hidden).toBe(false);
    expect(tip.textContent).toBe('13:00–14:00 · 未到开放预约时间 · 2026-11-29 21:00 开放预约');
  });
});

describe('grid model', () => {
  it('orders columns by start then end and keeps one per period', () => {
    expect(
      gridColumns([
        [slot('1', '10:00', '12:00'), slot('2', '08:00', '09:00')],
        [slot('3', '10:00', '11:00'), slot('4', '08:00', '09:00')],
      ]).map((c) => c.key),
    ).toEqual(['08:00-09:00', '10:00-11:00', '10:00-12:00']);
  });

  it('drops picks that are no longer available after a reload', () => {
    const picked: GridSelection = { resourceId: 'a', slotIds: ['x', 'y'] };
    const after = pruneSelection(picked, () => [
      slot('x', '09:00', '10:00'),
      slot('y', '10:00', '11:00', { state: 'taken' }),
    ]);
    expect(after).toEqual({ resourceId: 'a', slotIds: ['x'] });
    expect(pruneSelection(picked, () => undefined)).toEqual(EMPTY_SELECTION);
  });
});
