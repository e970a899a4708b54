import { describe, expect, it } from 'vitest';
import { openingInstant, type DateOpeningRules } from './booking-opening.ts';
import { formatDateTime } from './time.ts';

const rolling = (days: number, refresh: string): DateOpeningRules => ({
  appointment_date_rule: '1',
  appointment_date_days: days,
  days_rule_refresh_time: refresh,
});
const opens = (date: string, rules: DateOpeningRules, zone = 'Asia/Shanghai') => {
  const at = openingInstant(date, rules, zone);
  return at === null ? null : formatDateTime(at, zone);
};

describe('openingInstant', () => {
  it.each([
    ['7 days ahead at 21:00', '2026-12-05', rolling(7, '21:00'), '2026-11-28 21:00:00'],
    ['the day before, at midnight when no time is set', '2026-12-05', rolling(1, ''), '2026-12-04 00:00:00'],
    ['an unreadable time counts as midnight', '2026-12-05', rolling(1, '9:00'), '2026-12-04 00:00:00'],
    ['across a month end', '2026-03-01', rolling(2, '08:30'), '2026-02-27 08:30:00'],
    ['0 days: the same day', '2026-12-05', rolling(0, '07:00'), '2026-12-05 07:00:00'],
    ['negative days count as 0', '2026-12-05', rolling(-3, '07:00'), '2026-12-05 07:00:00'],
    [
      'listed dates (rule 2): no opening time',
      '2026-12-05',
      { ...rolling(7, '21:00'), appointment_date_rule: '2' },
      null,
    ],
    ['an impossible date', '2026-02-30', rolling(7, '21:00'), null],
  ])('%s', (_name, date, rules, expected) => {
    expect(opens(date, rules)).toBe(expected);
  });

  it("is a wall time of the tenant's zone, across a daylight-saving change", () => {
    // Europe/Berlin goes to summer time on 2026-03-29 at 02:00
    const at = openingInstant('2026-03-30', rolling(1, '21:00'), 'Europe/Berlin')!;
    expect(new Date(at).toISOString()).toBe('2026-03-29T19:00:00.000Z');
    expect(new Date(openingInstant('2026-03-29', rolling(1, '21:00'), 'Europe/Berlin')!).toISOString()).toBe(
      '2026-03-28T20:00:00.000Z',
    );
  });
});
