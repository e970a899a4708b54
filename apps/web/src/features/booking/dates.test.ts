import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateChoices,
  daysBetween,
  hhmmOf,
  isIsoDate,
  isoWeekday,
  minutesOf,
  monthDay,
  nextOpening,
  notOpenUntil,
  shortOpening,
} from './dates.ts';

describe('calendar dates', () => {
  it('adds days across months and years and counts days between', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
  });

  it('gives the wire weekday (1 Monday .. 7 Sunday) and the day of the month', () => {
    expect(isoWeekday('2026-03-02')).toBe('1');
    expect(isoWeekday('2026-03-08')).toBe('7');
    expect(monthDay('2026-03-08')).toBe('8');
  });

  it('checks dates and times', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('24:30')).toBeNull();
    expect(minutesOf('9:5')).toBeNull();
    expect(hhmmOf(570)).toBe('09:30');
  });
});

describe('dateChoices', () => {
  it('offers today and the days-ahead window of the rule', () => {
    expect(dateChoices({ appointment_date_rule: '1', appointment_date_days: 2 }, '2026-03-02')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
  });

  it('leaves out weekdays the resource is closed on; other rules offer 30 days', () => {
    const weekdays = dateChoices(
      { appointment_date_rule: '1', appointment_date_days: 6, resourcesWeek: [{ zj: '1' }, { zj: '3' }] },
      '2026-03-02',
    );
    expect(weekdays).toEqual(['2026-03-02', '2026-03-04']);
    expect(dateChoices({ appointment_date_rule: '2' }, '2026-03-02')).toHaveLength(30);
    expect(dateChoices({ appointment_date_rule: '1', appointment_date_days: 400 }, '2026-03-02')).toHaveLength(60);
  });
});

describe('dates not open yet (the rule the server refuses by)', () => {
  const rules = { appointment_date_rule: '1', appointment_date_days: 7, days_rule_refresh_time: '21:00' };
  const zone = 'Asia/Shanghai';
  /** A Shanghai wall time as an instant. */
  const at = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}+08:00`);

  it('keeps the last date of the window shut until the refresh time of the day it opens', () => {
    expect(notOpenUntil('2026-12-05', rules, at('2026-11-28 20:59'), zone)).toBe('2026-11-28 21:00');
    expect(notOpenUntil('2026-12-05', rules, at('2026-11-28 21:00'), zone)).toBeNull();
    expect(notOpenUntil('2026-12-04', rules, at('2026-11-28 20:59'), zone)).toBeNull();
    expect(notOpenUntil('2026-12-05', { ...rules, appointment_date_rule: '2' }, 0, zone)).toBeNull();
  });

  it('names the next date to open and when', () => {
    expect(nextOpening(rules, '2026-11-28', at('2026-11-28 20:59'), zone)).toEqual({
      date: '2026-12-05',
      opensAt: '2026-11-28 21:00',
    });
    expect(nextOpening(rules, '2026-11-28', at('2026-11-28 21:30'), zone)).toEqual({
      date: '2026-12-06',
      opensAt: '2026-11-29 21:00',
    });
    expect(nextOpening({ ...rules, appointment_date_rule: '2' }, '2026-11-28', 0, zone)).toBeNull();
    expect(shortOpening('2026-11-28 21:00', '2026-11-28')).toBe('21:00');
    expect(shortOpening('2026-11-29 21:00', '2026-11-28')).toBe('11-29 21:00');
  });
});
