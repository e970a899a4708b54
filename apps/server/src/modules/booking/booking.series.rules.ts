import { type ErrorCode, type ErrorParams, minutesOf, parseIsoDate } from '@yuyue/shared';
import { weekdayOf } from '../resources/resources.rules.ts';
import { slotInstants, type SlotStatus } from './booking.rules.ts';

/** Most occurrences one periodic or batch request may expand to. */
export const SERIES_MAX_OCCURRENCES = 200;
/** Longest date range (days, inclusive) of a periodic rule. */
export const SERIES_MAX_DAYS = 366;

/**
 * What a periodic or batch request repeats over. Periodic (`cyclicity_*` on the wire):
 * `strategy` '1' every day, '2' weekly on `weekdays` (1 Monday .. 7 Sunday), '3' monthly on
 * `monthDays` (1..31; a month without that day is skipped), from `startDate` to `endDate`
 * inclusive. Batch: the chosen dates.
 */
export type SeriesRule =
  | {
      kind: 'periodic';
      strategy: string;
      startDate: string;
      endDate: string;
      weekdays: readonly string[];
      monthDays: readonly string[];
    }
  | { kind: 'batch'; dates: readonly string[] };

/** A time of day every date of the series is booked at: a fixed slot of the resource, or a free period. */
export interface SeriesTime {
  slotId: string | null;
  start: string;
  end: string;
}

/** One occurrence of a series: a local date and wall-clock times, and the instants they are in the tenant's zone. */
export interface Occurrence {
  date: string;
  slotId: string | null;
  start: string;
  end: string;
  startsAt: number;
  endsAt: number;
}

export type Refusal = { code: ErrorCode; params?: ErrorParams };
export type Expanded<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

const fail = (code: ErrorCode, params?: ErrorParams): { ok: false } & Refusal => ({ ok: false, code, params });

type Ymd = { year: number; month: number; day: number };

function addDays(date: Ymd, n: number): Ymd {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function isoOf(d: Ymd): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Integers of a list ("1", " 3 ") within min..max; null when any value is not one. */
function intsIn(values: readonly string[], min: number, max: number): Set<number> | null {
  const out = new Set<number>();
  for (const raw of values) {
    const v = raw.trim();
    if (!/^\d{1,2}$/.test(v)) return null;
    const n = Number(v);
    if (n < min || n > max) return null;
    out.add(n);
  }
  return out;
}

/** The local dates of a series, ascending and without duplicates, or why the rule is refused. */
export function seriesDatesOf(rule: SeriesRule): Expanded<string[]> {
  if (rule.kind === 'batch') {
    const dates = new Set<string>();
    for (const d of rule.dates) {
      if (!parseIsoDate(d)) return fail('SERIES_DATE_INVALID', { value: d.slice(0, 30) });
      dates.add(d);
    }
    if (!dates.size) return fail('SERIES_DATES_REQUIRED');
    return { ok: true, value: [...dates].sort() };
  }
  const start = parseIsoDate(rule.startDate);
  const end = parseIsoDate(rule.endDate);
  if (!start) return fail('SERIES_DATE_INVALID', { value: rule.startDate.slice(0, 30) });
  if (!end) return fail('SERIES_DATE_INVALID', { value: rule.endDate.slice(0, 30) });
  if (rule.endDate < rule.startDate) return fail('SERIES_RANGE_INVALID');
  const span =
    Math.round(
      (Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(start.year, start.month - 1, start.day)) / 86_400_000,
    ) + 1;
  if (span > SERIES_MAX_DAYS) return fail('SERIES_RANGE_TOO_LONG', { max: SERIES_MAX_DAYS });
  let keep: (d: Ymd) => boolean;
  switch (rule.strategy) {
    case '1':
      keep = () => true;
      break;
    case '2': {
      const weekdays = intsIn(rule.weekdays, 1, 7);
      if (!weekdays || !weekdays.size) return fail('SERIES_WEEKDAYS_REQUIRED');
      keep = (d) => weekdays.has(weekdayOf(d));
      break;
    }
    case '3': {
      const days = intsIn(rule.monthDays, 1, 31);
      if (!days || !days.size) return fail('SERIES_DAYS_REQUIRED');
      keep = (d) => days.has(d.day);
      break;
    }
    default:
      return fail('SERIES_STRATEGY_INVALID', { value: rule.strategy.slice(0, 20) });
  }
  const out: string[] = [];
  for (let i = 0; i < span; i++) {
    const d = addDays(start, i);
    if (keep(d)) out.push(isoOf(d));
  }
  if (!out.length) return fail('SERIES_EMPTY');
  return { ok: true, value: out };
}

/**
 * Expands a series into its occurrences: every date at every time, in the tenant's local
 * wall-clock time (a weekly 09:00 stays 09:00 local across daylight-saving changes; a time
 * skipped by a spring-forward jump resolves to the instant after the jump). Sorted by start.
 * Refused when the rule is unreadable, a time is invalid, no time is given, or there would be
 * more than SERIES_MAX_OCCURRENCES occurrences.
 */
export function expandSeries(rule: SeriesRule, times: readonly SeriesTime[], timeZone: string): Expanded<Occurrence[]> {
  const dates = seriesDatesOf(rule);
  if (!dates.ok) return dates;
  if (!times.length) return fail('BOOKING_SLOT_REQUIRED');
  for (const t of times) {
    const s = minutesOf(t.start);
    const e = minutesOf(t.end);
    if (s === null || e === null || e <= s) return fail('BOOKING_FREE_TIME_INVALID', { start: t.start, end: t.end });
  }
  const count = dates.value.length * times.length;
  if (count > SERIES_MAX_OCCURRENCES) return fail('SERIES_TOO_MANY', { max: SERIES_MAX_OCCURRENCES, count });
  const out: Occurrence[] = [];
  for (const date of dates.value) {
    for (const t of times) {
      const at = slotInstants(date, t.start, t.end, timeZone)!;
      out.push({ date, slotId: t.slotId, start: t.start, end: t.end, ...at });
    }
  }
  return { ok: true, value: out.sort((a, b) => a.startsAt - b.startsAt || a.endsAt - b.endsAt) };
}

/**
 * Status of one occurrence in a series report: `ok` bookable; `conflict` taken by someone else,
 * full, or already booked by the caller (or by an earlier occurrence of the same request);
 * `closed` a rule closes it (passed, not open yet, closed date/weekday, non-bookable period,
 * occupancy, advance window; `rule` says which and `reason` why); `over_quota` it would exceed a
 * per-person limit (`rule` 'quota' for a period's limit, 'unfinished' for the unfinished-bookings
 * limit); `blacklisted` the caller is blacklisted (a ban in force; `reason` gives its end and why).
 */
export type OccurrenceStatus = 'ok' | 'conflict' | 'closed' | 'over_quota' | 'blacklisted';

export interface Verdict {
  status: OccurrenceStatus;
  /** The slot rule that refuses (booking.rules.ts SlotRule), 'mine', 'quota', 'unfinished', or '' when ok. */
  rule: string;
  reason: string;
  reason_en: string;
}

/** The series verdict of an occurrence from its slot status (before per-person limits). */
export function verdictOf(status: SlotStatus, opensAtText: string): Verdict {
  if (status.state === 'available') return { status: 'ok', rule: '', reason: '', reason_en: '' };
  if (status.state === 'mine') {
    return {
      status: 'conflict',
      rule: 'mine',
      reason: '您已预约该时段',
      reason_en: 'You have already booked this time',
    };
  }
  if (status.rule === 'blacklisted') {
    return { status: 'blacklisted', rule: 'blacklisted', reason: status.reason_cn, reason_en: status.reason_en };
  }
  if (status.rule === 'taken' || status.rule === 'full') {
    return { status: 'conflict', rule: status.rule, reason: status.reason_cn, reason_en: status.reason_en };
  }
  if (status.rule === 'not_open' && opensAtText) {
    return {
      status: 'closed',
      rule: 'not_open',
      reason: `未到开放预约时间，将于 ${opensAtText} 开放`,
      reason_en: `Not open for booking yet; opens at ${opensAtText}`,
    };
  }
  return { status: 'closed', rule: status.rule ?? '', reason: status.reason_cn, reason_en: status.reason_en };
}
