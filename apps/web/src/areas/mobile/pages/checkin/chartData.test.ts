import { describe, expect, it } from 'vitest';
import { testSign } from '../../../../features/checkin/testing.ts';
import { perDay, perSlot, rangeEnding } from './chartData.ts';
import { registerActions } from './registerDesk.ts';

/** Epoch ms of a date's midnight as the server sends it (bookingDate reads it back). */
const on = (iso: string) => Date.parse(`${iso}T00:00:00+08:00`);

describe('the overview chart figures', () => {
  const signs = [
    testSign({ id: '1', appointment_date: on('2026-05-01'), sign_state: '1' }),
    testSign({ id: '2', appointment_date: on('2026-05-01'), sign_state: '3', start_time: '14:00', end_time: '15:00' }),
    testSign({ id: '3', appointment_date: on('2026-05-03'), sign_state: '0' }),
    testSign({ id: '4', appointment_date: on('2026-05-03'), sign_state: '2' }),
    // outside the range, and not applicable: not counted
    testSign({ id: '5', appointment_date: on('2026-05-09'), sign_state: '1' }),
    testSign({ id: '6', appointment_date: on('2026-05-02'), sign_state: '4' }),
  ];

  it('counts per day of the range, empty days too, split by outcome', () => {
    const { from, to } = rangeEnding('2026-05-03', 3);
    expect([from, to]).toEqual(['2026-05-01', '2026-05-03']);
    expect(perDay(signs, from, to)).toEqual({
      labels: ['2026-05-01', '2026-05-02', '2026-05-03'],
      counts: { attended: [1, 0, 1], waiting: [0, 0, 1], missed: [1, 0, 0] },
      total: 4,
    });
  });

  it('counts per time slot in order of the start', () => {
    expect(perSlot(signs.slice(0, 4))).toEqual({
      labels: ['09:00-10:00', '14:00-15:00'],
      counts: { attended: [2, 0], waiting: [1, 0], missed: [0, 1] },
      total: 4,
    });
  });
});

describe('the registrations offered', () => {
  it('arrival and no-show before, departure after check-in where check-out is used, correction of a no-show', () => {
    expect(registerActions(testSign())).toEqual(['arrive', 'missed']);
    expect(registerActions(testSign({ appointment_state: '1', sign_state: '1', sign_out_rule: '1' }))).toEqual([
      'leave',
    ]);
    expect(registerActions(testSign({ appointment_state: '1', sign_state: '1' }))).toEqual([]);
    expect(registerActions(testSign({ appointment_state: '1', sign_state: '2', sign_out_rule: '1' }))).toEqual([]);
    expect(registerActions(testSign({ appointment_state: '2', sign_state: '3' }))).toEqual(['honour']);
    expect(registerActions(testSign({ state: '1', sign_state: '4' }))).toEqual([]);
  });
});
