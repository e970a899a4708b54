import { instantOf } from '@yuyue/shared';
import { describe, expect, it } from 'vitest';
import type { ClosedPeriod } from '../resources/resources.rules.ts';
import {
  bookingDateOf,
  cancelRefusal,
  limitPeriod,
  openingInstant,
  refusalOf,
  slotInstants,
  slotStatus,
  unfinishedLimitOf,
  type BookingRules,
  type SlotFacts,
} from './booking.rules.ts';

const ZONE = 'Asia/Shanghai';
const rules: BookingRules = {
  appointment_date_rule: '1',
  appointment_date_days: 7,
  days_rule_refresh_time: '21:00',
  advance_booking_rule: '0',
  max_advance_booking_day: 0,
  max_advance_booking_hour: 0,
  max_advance_booking_minute: 0,
  min_advance_booking_day: 0,
  min_advance_booking_hour: 0,
  min_advance_booking_minute: 0,
  timeslot_latest_rule: '0',
  timeslot_latest_deviation_minutes: 0,
  min_interval_minutes_cancel: 0,
};
const at = (d: number, h: number, m = 0) => instantOf({ year: 2030, month: 1, day: d }, { hour: h, minute: m }, ZONE);

describe('openingInstant', () => {
  it.each([
    ['2030-01-10', '21:00', 7, at(3, 21)],
    ['2030-01-10', '12:30', 1, at(9, 12, 30)],
    ['2030-01-10', '00:00', 0, at(10, 0)],
  ])('%s (refresh %s, %i days ahead) opens at the refresh time', (date, refresh, days, expected) => {
    expect(openingInstant(date, { ...rules, days_rule_refresh_time: refresh, appointment_date_days: days }, ZONE)).toBe(
      expected,
    );
  });
  it('has no opening time under the bookable-dates rule', () => {
    expect(openingInstant('2030-01-10', { ...rules, appointment_date_rule: '2' }, ZONE)).toBeNull();
  });
});

const slot = slotInstants('2030-01-10', '09:00', '10:00', ZONE)!;
const base: SlotFacts = {
  now: at(5, 12),
  isoDate: '2030-01-10',
  start: '09:00',
  end: '10:00',
  ...slot,
  opensAt: at(3, 21),
  closure: null,
  rules,
  capacity: 1,
  taken: 0,
  mine: 0,
};
const closed = (kind: ClosedPeriod['kind']): ClosedPeriod => ({
  start: 0,
  end: 1440,
  kind,
  reason_cn: '维修',
  reason_en: 'Maintenance',
});

describe('slotStatus', () => {
  it.each<[string, Partial<SlotFacts>, string, string | null, number]>([
    ['open and free', {}, 'available', null, 1],
    ['1 ms before opening', { now: at(3, 21) - 1 }, 'unavailable', 'not_open', 1],
    ['exactly at opening', { now: at(3, 21) }, 'available', null, 1],
    ['at its start', { now: slot.startsAt }, 'expired', 'expired', 1],
    ['1 ms before its start', { now: slot.startsAt - 1 }, 'available', null, 1],
    [
      'late booking allowed 10 min',
      {
        now: slot.startsAt + 5 * 60_000,
        rules: { ...rules, timeslot_latest_rule: '1', timeslot_latest_deviation_minutes: 10 },
      },
      'available',
      null,
      1,
    ],
    ['closed date', { closure: closed('date') }, 'unavailable', 'date_closed', 1],
    ['non-bookable period', { closure: closed('no_reservation') }, 'unavailable', 'no_reservation', 1],
    ['occupied', { closure: closed('occupied') }, 'unavailable', 'occupied', 1],
    ['mine', { taken: 1, mine: 1 }, 'mine', null, 0],
    ['taken by another', { taken: 1 }, 'taken', 'taken', 0],
    ['capacity with seats', { capacity: 5, taken: 3 }, 'available', null, 2],
    ['capacity full', { capacity: 5, taken: 5 }, 'full', 'full', 0],
    [
      'less than the minimum advance',
      { now: slot.startsAt - 59 * 60_000, rules: { ...rules, advance_booking_rule: '1', min_advance_booking_hour: 1 } },
      'unavailable',
      'advance_min',
      1,
    ],
    [
      'beyond the maximum advance',
      { rules: { ...rules, advance_booking_rule: '1', max_advance_booking_day: 2 } },
      'unavailable',
      'advance_max',
      1,
    ],
  ])('%s', (_name, facts, state, rule, remaining) => {
    const s = slotStatus({ ...base, ...facts });
    expect(s.state).toBe(state);
    expect(s.rule).toBe(rule);
    expect(s.remaining).toBe(remaining);
    if (rule === 'not_open') expect(s.opensAt).toBe(at(3, 21));
  });

  const banned = { reason_cn: '您已被列入黑名单', reason_en: 'You are on the blacklist' };
  it.each<[string, Partial<SlotFacts>, string, string | null]>([
    ['a free slot', {}, 'unavailable', 'blacklisted'],
    ['before opening', { now: at(3, 21) - 1 }, 'unavailable', 'blacklisted'],
    ['a closed date', { closure: closed('date') }, 'unavailable', 'blacklisted'],
    ['taken by another', { taken: 1 }, 'unavailable', 'blacklisted'],
    ['passed: stays expired', { now: slot.startsAt }, 'expired', 'expired'],
    ["the caller's own: stays mine", { taken: 1, mine: 1 }, 'mine', null],
  ])('a banned caller, %s', (_name, facts, state, rule) => {
    const s = slotStatus({ ...base, ...facts, banned });
    expect([s.state, s.rule]).toEqual([state, rule]);
    if (rule === 'blacklisted') expect([s.reason_cn, s.reason_en]).toEqual([banned.reason_cn, banned.reason_en]);
  });
  it('a blacklisted slot is refused with the ban as the reason', () => {
    const s = slotStatus({ ...base, banned });
    expect(refusalOf(s, base, ZONE)).toEqual({
      code: 'BOOKING_SLOT_CLOSED',
      params: { start: '09:00', end: '10:00', reason_cn: banned.reason_cn, reason_en: banned.reason_en },
    });
  });
});

describe('unfinishedLimitOf', () => {
  it.each([
    [{ is_incomplete_appointment_number_limit: '1', incomplete_appointment_number_limit: 2 }, 2],
    [{ is_incomplete_appointment_number_limit: '0', incomplete_appointment_number_limit: 2 }, null],
    [{ is_incomplete_appointment_number_limit: '1', incomplete_appointment_number_limit: 0 }, null],
    [undefined, null],
  ])('%o -> %s', (type, expected) => {
    expect(unfinishedLimitOf(type)).toBe(expected);
  });
});

describe('bookingDateOf', () => {
  it.each<[unknown, string | null]>([
    [at(10, 0), '2030-01-10'],
    [String(at(10, 0)), '2030-01-10'],
    ['2030-01-10', '2030-01-10'],
    ['2030-02-30', null],
    ['10/01/2030', null],
    [null, null],
    [1e20, null],
    ['100000000000000000000', null],
    [-1e20, null],
  ])('%s -> %s', (value, expected) => expect(bookingDateOf(value, ZONE)).toBe(expected));
});

describe('limitPeriod', () => {
  const limit = {
    appointment_number_limit: 1,
    timeperiod_number_begin_date: '',
    timeperiod_number_end_date: '',
    scope: 'resource' as const,
  };
  it.each<[string, string, { from: string; to: string } | null]>([
    ['1', '2030-01-10', { from: '2030-01-10', to: '2030-01-10' }],
    ['2', '2030-01-10', { from: '2030-01-07', to: '2030-01-13' }], // Thursday: Monday..Sunday
    ['2', '2030-01-13', { from: '2030-01-07', to: '2030-01-13' }],
    ['3', '2030-02-10', { from: '2030-02-01', to: '2030-02-28' }],
    ['9', '2030-02-10', null],
  ])('rule %s on %s', (rule, date, expected) => {
    expect(limitPeriod({ ...limit, appointment_number_rule: rule }, date)).toEqual(expected);
  });
  it('rule 4 applies only between its dates', () => {
    const r = {
      ...limit,
      appointment_number_rule: '4',
      timeperiod_number_begin_date: '2030-01-01',
      timeperiod_number_end_date: '2030-01-31',
    };
    expect(limitPeriod(r, '2030-01-10')).toEqual({ from: '2030-01-01', to: '2030-01-31' });
    expect(limitPeriod(r, '2030-02-01')).toBeNull();
  });
});

describe('cancelRefusal', () => {
  const valid = { state: '0', audit_status: '0', appointment_state: '0' };
  const startsAt = at(10, 9);
  it.each<[string, Parameters<typeof cancelRefusal>[0], string | null]>([
    [
      'before the window',
      { booking: valid, now: startsAt - 61 * 60_000, startsAt, minIntervalMinutes: 60, byAdmin: false },
      null,
    ],
    [
      'exactly at the window',
      { booking: valid, now: startsAt - 60 * 60_000, startsAt, minIntervalMinutes: 60, byAdmin: false },
      null,
    ],
    [
      '1 ms inside the window',
      { booking: valid, now: startsAt - 60 * 60_000 + 1, startsAt, minIntervalMinutes: 60, byAdmin: false },
      'CANCEL_TOO_LATE',
    ],
    [
      'administrator inside the window',
      { booking: valid, now: startsAt - 1, startsAt, minIntervalMinutes: 60, byAdmin: true },
      null,
    ],
    ['started', { booking: valid, now: startsAt, startsAt, minIntervalMinutes: 0, byAdmin: true }, 'CANCEL_STARTED'],
    [
      'already cancelled',
      { booking: { ...valid, state: '1' }, now: 0, startsAt, minIntervalMinutes: 0, byAdmin: false },
      'CANCEL_ALREADY_CANCELLED',
    ],
    [
      'rejected',
      { booking: { ...valid, audit_status: '3' }, now: 0, startsAt, minIntervalMinutes: 0, byAdmin: false },
      'CANCEL_NOT_ALLOWED_STATE',
    ],
    [
      'performed',
      { booking: { ...valid, appointment_state: '1' }, now: 0, startsAt, minIntervalMinutes: 0, byAdmin: false },
      'CANCEL_NOT_ALLOWED_STATE',
    ],
    [
      'awaiting approval',
      { booking: { ...valid, audit_status: '1' }, now: 0, startsAt, minIntervalMinutes: 0, byAdmin: false },
      null,
    ],
  ])('%s', (_name, input, code) => {
    expect(cancelRefusal(input)?.code ?? null).toBe(code);
  });
});
