import { hhmm, isoDateOf, parseIsoDate, wallClock } from '@yuyue/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekdayOf } from '../resources/resources.rules.ts';
import type { SlotStatus } from './booking.rules.ts';
import {
  SERIES_MAX_OCCURRENCES,
  expandSeries,
  seriesDatesOf,
  verdictOf,
  type SeriesRule,
} from './booking.series.rules.ts';

const periodic = (
  strategy: string,
  startDate: string,
  endDate: string,
  weekdays: string[] = [],
  monthDays: string[] = [],
) => ({ kind: 'periodic', strategy, startDate, endDate, weekdays, monthDays }) as const;
const nine = [{ slotId: null, start: '09:00', end: '10:00' }];

describe('seriesDatesOf', () => {
  const cases: { name: string; rule: SeriesRule; dates?: string[]; code?: string }[] = [
    {
      name: 'every day',
      rule: periodic('1', '2026-03-01', '2026-03-03'),
      dates: ['2026-03-01', '2026-03-02', '2026-03-03'],
    },
    {
      name: 'weekly on Monday and Wednesday',
      rule: periodic('2', '2026-03-01', '2026-03-11', ['1', '3']),
      dates: ['2026-03-02', '2026-03-04', '2026-03-09', '2026-03-11'],
    },
    {
      name: 'weekly on Sunday (7)',
      rule: periodic('2', '2026-03-01', '2026-03-08', ['7']),
      dates: ['2026-03-01', '2026-03-08'],
    },
    {
      name: 'monthly on the 1st and 31st (months without a 31st are skipped)',
      rule: periodic('3', '2026-01-01', '2026-04-30', [], ['1', '31']),
      dates: ['2026-01-01', '2026-01-31', '2026-02-01', '2026-03-01', '2026-03-31', '2026-04-01'],
    },
    { name: 'one day range', rule: periodic('1', '2026-03-01', '2026-03-01'), dates: ['2026-03-01'] },
    { name: 'end before start', rule: periodic('1', '2026-03-02', '2026-03-01'), code: 'SERIES_RANGE_INVALID' },
    { name: 'impossible date', rule: periodic('1', '2026-02-30', '2026-03-01'), code: 'SERIES_DATE_INVALID' },
    { name: 'range too long', rule: periodic('1', '2026-01-01', '2027-01-02'), code: 'SERIES_RANGE_TOO_LONG' },
    { name: 'unknown strategy', rule: periodic('4', '2026-03-01', '2026-03-02'), code: 'SERIES_STRATEGY_INVALID' },
    {
      name: 'weekly without weekday',
      rule: periodic('2', '2026-03-01', '2026-03-09'),
      code: 'SERIES_WEEKDAYS_REQUIRED',
    },
    {
      name: 'weekly with weekday 8',
      rule: periodic('2', '2026-03-01', '2026-03-09', ['8']),
      code: 'SERIES_WEEKDAYS_REQUIRED',
    },
    { name: 'monthly without date', rule: periodic('3', '2026-03-01', '2026-03-09'), code: 'SERIES_DAYS_REQUIRED' },
    {
      name: 'monthly with day 0',
      rule: periodic('3', '2026-03-01', '2026-03-09', [], ['0']),
      code: 'SERIES_DAYS_REQUIRED',
    },
    { name: 'no matching date', rule: periodic('3', '2026-02-01', '2026-02-28', [], ['30']), code: 'SERIES_EMPTY' },
    {
      name: 'batch: sorted, duplicates dropped',
      rule: { kind: 'batch', dates: ['2026-03-05', '2026-03-01', '2026-03-05'] },
      dates: ['2026-03-01', '2026-03-05'],
    },
    { name: 'batch: none', rule: { kind: 'batch', dates: [] }, code: 'SERIES_DATES_REQUIRED' },
    { name: 'batch: bad date', rule: { kind: 'batch', dates: ['2026-13-01'] }, code: 'SERIES_DATE_INVALID' },
  ];
  it.each(cases)('$name', ({ rule, dates, code }) => {
    const r = seriesDatesOf(rule);
    if (code) {
      expect(r).toMatchObject({ ok: false, code });
    } else {
      expect(r).toEqual({ ok: true, value: dates });
    }
  });
});

describe('expandSeries', () => {
  it('keeps 09:00 local across the DST change in America/Chicago (2026-03-08) and Europe/London (2026-03-29)', () => {
    const chicago = expandSeries(periodic('2', '2026-03-01', '2026-03-15', ['7']), nine, 'America/Chicago');
    expect(chicago.ok && chicago.value.map((o) => new Date(o.startsAt).toISOString())).toEqual([
      '2026-03-01T15:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
      '2026-03-15T14:00:00.000Z',
    ]);
    const london = expandSeries(periodic('1', '2026-03-28', '2026-03-30'), nine, 'Europe/London');
    expect(london.ok && london.value.map((o) => new Date(o.startsAt).toISOString())).toEqual([
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
    const autumn = expandSeries(
      { kind: 'batch', dates: ['2026-10-31', '2026-11-01', '2026-11-02'] },
      nine,
      'America/Chicago',
    );
    expect(autumn.ok && autumn.value.map((o) => (o.endsAt - o.startsAt) / 60_000)).toEqual([60, 60, 60]);
  });

  it('expands every date at every time, sorted; slot ids kept', () => {
    const r = expandSeries(
      { kind: 'batch', dates: ['2026-03-02', '2026-03-01'] },
      [
        { slotId: 'b', start: '14:00', end: '15:00' },
        { slotId: 'a', start: '09:00', end: '10:00' },
      ],
      'Asia/Shanghai',
    );
    expect(r.ok && r.value.map((o) => `${o.date} ${o.start} ${o.slotId}`)).toEqual([
      '2026-03-01 09:00 a',
      '2026-03-01 14:00 b',
      '2026-03-02 09:00 a',
      '2026-03-02 14:00 b',
    ]);
  });

  it.each([
    { name: 'no time', times: [], code: 'BOOKING_SLOT_REQUIRED' },
    {
      name: 'end before start',
      times: [{ slotId: null, start: '10:00', end: '09:00' }],
      code: 'BOOKING_FREE_TIME_INVALID',
    },
    {
      name: 'unreadable time',
      times: [{ slotId: null, start: '9:00', end: '10:00' }],
      code: 'BOOKING_FREE_TIME_INVALID',
    },
  ])('refuses $name', ({ times, code }) => {
    expect(expandSeries(periodic('1', '2026-03-01', '2026-03-02'), times, 'Asia/Shanghai')).toMatchObject({
      ok: false,
      code,
    });
  });

  it(`refuses more than ${SERIES_MAX_OCCURRENCES} occurrences`, () => {
    const two = [...nine, { slotId: null, start: '10:00', end: '11:00' }];
    // 2026-01-01..2026-04-10 is 100 days: 200 occurrences at two times is the most allowed
    expect(expandSeries(periodic('1', '2026-01-01', '2026-04-10'), two, 'Asia/Shanghai').ok).toBe(true);
    expect(expandSeries(periodic('1', '2026-01-01', '2026-04-11'), two, 'Asia/Shanghai')).toMatchObject({
      ok: false,
      code: 'SERIES_TOO_MANY',
      params: { max: 200, count: 202 },
    });
  });
});

describe('verdictOf', () => {
  const base: SlotStatus = {
    state: 'available',
    rule: null,
    remaining: 1,
    opensAt: null,
    reason_cn: '',
    reason_en: '',
  };
  it.each([
    { status: base, expected: 'ok' },
    { status: { ...base, state: 'mine' as const }, expected: 'conflict' },
    { status: { ...base, state: 'taken' as const, rule: 'taken' as const }, expected: 'conflict' },
    { status: { ...base, state: 'full' as const, rule: 'full' as const }, expected: 'conflict' },
    { status: { ...base, state: 'expired' as const, rule: 'expired' as const }, expected: 'closed' },
    {
      status: {
        ...base,
        state: 'unavailable' as const,
        rule: 'no_reservation' as const,
        reason_cn: '维修',
        reason_en: 'Repair',
      },
      expected: 'closed',
    },
  ])('$status.state/$status.rule -> $expected', ({ status, expected }) => {
    expect(verdictOf(status, '').status).toBe(expected);
  });
  it('a blacklisted slot is a blacklisted occurrence with the ban as the reason', () => {
    expect(
      verdictOf(
        { ...base, state: 'unavailable', rule: 'blacklisted', reason_cn: '已列入黑名单', reason_en: 'Blacklisted' },
        '',
      ),
    ).toEqual({ status: 'blacklisted', rule: 'blacklisted', reason: '已列入黑名单', reason_en: 'Blacklisted' });
  });
  it('a closure keeps its rule reason; not_open says when it opens', () => {
    expect(
      verdictOf({ ...base, state: 'unavailable', rule: 'no_reservation', reason_cn: '维修', reason_en: 'Repair' }, ''),
    ).toEqual({ status: 'closed', rule: 'no_reservation', reason: '维修', reason_en: 'Repair' });
    expect(verdictOf({ ...base, state: 'unavailable', rule: 'not_open' }, '2026-03-01 21:00:00').reason_en).toBe(
      'Not open for booking yet; opens at 2026-03-01 21:00:00',
    );
  });
});

// ---- properties -------------------------------------------------------------------------

const ZONES = ['Asia/Shanghai', 'Europe/London', 'America/Chicago'] as const;
const DAY = 86_400_000;
const isoFromDay = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * DAY).toISOString().slice(0, 10);

/** A date range of up to 120 days between 2024 and 2028 (crossing several DST changes). */
const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 119 }))
  .map(([s, len]) => ({ startDate: isoFromDay(s), endDate: isoFromDay(s + len) }));
/** A local time outside every DST gap of the three zones (01:00-03:00 local), and a duration. */
const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 1380 }), fc.integer({ min: 15, max: 180 }))
  .filter(([s, d]) => (s < 60 || s >= 180) && s + d <= 1440 && (s + d <= 60 || s + d > 180 || s >= 180))
  .map(([s, d]) => ({ slotId: null, start: hhmm(s), end: hhmm(s + d) }));
const ruleArb = fc.oneof(
  rangeArb.map((r) => periodic('1', r.startDate, r.endDate)),
  fc
    .tuple(rangeArb, fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }))
    .map(([r, w]) => periodic('2', r.startDate, r.endDate, w.map(String))),
  fc
    .tuple(rangeArb, fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 5 }))
    .map(([r, d]) => periodic('3', r.startDate, r.endDate, [], d.map(String))),
);

describe('expandSeries properties', () => {
  it('every occurrence starts and ends at its local wall-clock time, across DST, in all three zones', () => {
    fc.assert(
      fc.property(ruleArb, timeArb, fc.constantFrom(...ZONES), (rule, time, zone) => {
        const r = expandSeries(rule, [time], zone);
        if (!r.ok) return ['SERIES_EMPTY', 'SERIES_TOO_MANY'].includes(r.code);
        for (const o of r.value) {
          const w = wallClock(o.startsAt, zone);
          expect(isoDateOf(o.startsAt, zone)).toBe(o.date);
          expect(hhmm(w.hour * 60 + w.minute)).toBe(time.start);
          const e = wallClock(o.endsAt, zone);
          expect(time.end === '24:00' ? '24:00' : hhmm(e.hour * 60 + e.minute)).toBe(time.end);
          expect(o.endsAt).toBeGreaterThan(o.startsAt);
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('occurrences lie within the range, on the chosen weekdays or dates, each matching date once', () => {
    fc.assert(
      fc.property(ruleArb, fc.constantFrom(...ZONES), (rule, zone) => {
        const r = expandSeries(rule, nine, zone);
        if (!r.ok) return ['SERIES_EMPTY', 'SERIES_TOO_MANY'].includes(r.code);
        const dates = r.value.map((o) => o.date);
        expect(new Set(dates).size).toBe(dates.length);
        for (const d of dates) {
          expect(d >= rule.startDate && d <= rule.endDate).toBe(true);
          const ymd = parseIsoDate(d)!;
          if (rule.strategy === '2') expect(rule.weekdays).toContain(String(weekdayOf(ymd)));
          if (rule.strategy === '3') expect(rule.monthDays).toContain(String(ymd.day));
        }
        // and no matching date of the range is missing
        const all = seriesDatesOf(periodic('1', rule.startDate, rule.endDate));
        const expected = (all.ok ? all.value : []).filter((d) => {
          const ymd = parseIsoDate(d)!;
          if (rule.strategy === '2') return rule.weekdays.includes(String(weekdayOf(ymd)));
          if (rule.strategy === '3') return rule.monthDays.includes(String(ymd.day));
          return true;
        });
        expect(dates).toEqual(expected);
        expect(r.value.length).toBeLessThanOrEqual(SERIES_MAX_OCCURRENCES);
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
