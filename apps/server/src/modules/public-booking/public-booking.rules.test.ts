import { describe, expect, it } from 'vitest';
import { checkInRulesOf } from '../checkin/checkin.rules.ts';
import { chartDates, checkVerdict, publicSlot, type CheckFacts } from './public-booking.rules.ts';

describe('checkVerdict', () => {
  const rules = checkInRulesOf({ signin_rule: '1', earliest_deviation_minutes: 15, latest_deviation_minutes: 10 });
  const start = Date.UTC(2030, 0, 3, 1, 0);
  const booking: CheckFacts = {
    state: '0',
    audit_status: '0',
    appointment_state: '0',
    del: 0,
    startsAt: start,
    endsAt: start + 3_600_000,
    signedOutAt: null,
  };
  const minute = 60_000;

  it.each([
    [{}, -16 * minute, 'notYet'],
    [{}, -15 * minute, 'valid'],
    [{}, 59 * minute, 'valid'],
    [{}, 60 * minute, 'expired'],
    [{ appointment_state: '1' }, 30 * minute, 'valid'],
    [{ appointment_state: '1', signedOutAt: start + minute }, 30 * minute, 'checkedOut'],
    [{ state: '1' }, 0, 'cancelled'],
    [{ audit_status: '3' }, 0, 'rejected'],
    [{ audit_status: '1' }, 0, 'pending'],
    [{ appointment_state: '3' }, 0, 'terminated'],
    [{ appointment_state: '2' }, 0, 'noShow'],
  ] as const)('%j at %d ms -> %s', (change, offset, verdict) => {
    expect(checkVerdict({ ...booking, ...change }, rules, start + offset)).toBe(verdict);
  });
});

describe('chartDates', () => {
  it('gives today and the 6 days after it, across a month end', () => {
    expect(chartDates('2030-01-29')).toEqual([
      '2030-01-29',
      '2030-01-30',
      '2030-01-31',
      '2030-02-01',
      '2030-02-02',
      '2030-02-03',
      '2030-02-04',
    ]);
  });
});

describe('publicSlot', () => {
  const slot = {
    id: 's',
    kssj: '09:00',
    jssj: '10:00',
    opens_at: '',
    capacity: 1,
    remaining: 1,
    reason_cn: '',
    reason_en: '',
  };
  it.each([
    [{ state: 'available', rule: '' }, 'free', true],
    [{ state: 'taken', rule: 'taken', remaining: 0 }, 'booked', false],
    [{ state: 'full', rule: 'full', capacity: 5, remaining: 0 }, 'booked', false],
    [{ state: 'unavailable', rule: 'occupied', reason_cn: '维修' }, 'closed', false],
    [{ state: 'unavailable', rule: 'not_open', reason_cn: '未到开放预约时间' }, 'free', false],
    [{ state: 'unavailable', rule: 'not_open', remaining: 0 }, 'booked', false],
    [{ state: 'expired', rule: 'expired', remaining: 0 }, 'passed', false],
  ] as const)('%j -> %s', (change, state, bookable) => {
    const out = publicSlot({ ...slot, ...change });
    expect([out.state, out.bookable]).toEqual([state, bookable]);
  });

  it('explains a closed slot and a free one that cannot be booked yet, not a booked one', () => {
    expect(publicSlot({ ...slot, state: 'unavailable', rule: 'occupied', reason_cn: '维修' }).reason_cn).toBe('维修');
    expect(publicSlot({ ...slot, state: 'unavailable', rule: 'not_open', reason_cn: '未开放' }).reason_cn).toBe(
      '未开放',
    );
    expect(publicSlot({ ...slot, state: 'taken', rule: 'taken', remaining: 0, reason_cn: '已被预约' }).reason_cn).toBe(
      '',
    );
  });
});
