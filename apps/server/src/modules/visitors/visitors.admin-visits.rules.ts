import { isoDateOf, parseIsoDate } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { addDays } from './visitors.appointments.rules.ts';

/**
 * Pure rules of the visitor back office's visits slice: the statistics' periods, and who may
 * invite (the invitation bearers).
 */

export type StatsCategory = 'day' | 'week' | 'month' | 'year';
export const STATS_CATEGORIES: readonly StatsCategory[] = ['day', 'week', 'month', 'year'];

/**
 * The days a statistics request covers (`from`..`to`, inclusive, the tenant's calendar) and its
 * periods: 'day' one day (one period, the date); 'week' the ISO week (Monday to Sunday) of the
 * given day, a period per day; 'month' a period per day of the month; 'year' a period per month
 * ("YYYY-MM"). `unit` is how a visit's date or an entry's local time maps to a period.
 */
export interface StatsRange {
  category: StatsCategory;
  from: string;
  to: string;
  unit: 'day' | 'month';
  periods: string[];
}

export interface StatsArgs {
  category?: string | null;
  timeStr?: string | null;
  week?: string | null;
  month?: string | null;
  year?: string | null;
}

const bad = (field: string, value: unknown): never => {
  throw new AppError('VISITOR_STATS_INVALID', { field, value: String(value ?? '').slice(0, 40) });
};

function dateArg(field: string, value: string): string {
  const v = value.trim().slice(0, 10);
  if (!parseIsoDate(v)) bad(field, value);
  return v;
}

/** ISO weekday (1 Monday .. 7 Sunday) of a date. */
export function isoWeekday(isoDate: string): number {
  const d = parseIsoDate(isoDate)!;
  const dow = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return dow === 0 ? 7 : dow;
}

/**
 * The range asked: `timeStr` (a date "YYYY-MM-DD") for 'day'; `week` (any day of the week) or
 * `timeStr` for 'week'; `month` ("YYYY-MM") or `timeStr` for 'month'; `year` ("YYYY") or
 * `timeStr` for 'year'. Nothing given: the period of `now` (tenant's zone). Refused
 * (VISITOR_STATS_INVALID): an unknown category or a malformed value.
 */
export function statsRange(args: StatsArgs, now: number, timeZone: string): StatsRange {
  const category = String(args.category ?? '').trim() as StatsCategory;
  if (!STATS_CATEGORIES.includes(category)) bad('category', args.category);
  const today = isoDateOf(now, timeZone);
  const given = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  if (category === 'day') {
    const day = dateArg('timeStr', given(args.timeStr) ?? today);
    return { category, from: day, to: day, unit: 'day', periods: [day] };
  }
  if (category === 'week') {
    const day = dateArg('week', given(args.week) ?? given(args.timeStr) ?? today);
    const monday = addDays(day, 1 - isoWeekday(day));
    const periods = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
    return { category, from: monday, to: periods[6]!, unit: 'day', periods };
  }
  if (category === 'month') {
    const raw = given(args.month) ?? given(args.timeStr)?.slice(0, 7) ?? today.slice(0, 7);
    if (!/^\d{4}-\d{2}$/.test(raw) || !parseIsoDate(`${raw}-01`)) bad('month', raw);
    const from = `${raw}-01`;
    const periods: string[] = [];
    for (let d = from; d.startsWith(raw); d = addDays(d, 1)) periods.push(d);
    return { category, from, to: periods.at(-1)!, unit: 'day', periods };
  }
  const raw = given(args.year) ?? given(args.timeStr)?.slice(0, 4) ?? today.slice(0, 4);
  if (!/^\d{4}$/.test(raw) || Number(raw) < 1970 || Number(raw) > 9999) bad('year', raw);
  const periods = Array.from({ length: 12 }, (_, i) => `${raw}-${String(i + 1).padStart(2, '0')}`);
  return { category, from: `${raw}-01-01`, to: `${raw}-12-31`, unit: 'month', periods };
}

/** A bearer row as the invitation check reads it. */
export interface BearerFacts {
  bearer_type: string;
  bearer_id: string;
}

/** Where a user stands in the directory: their id, and the departments (with every ancestor) and posts of their positions. */
export interface InviterFacts {
  userId: string;
  departments: readonly string[];
  posts: readonly string[];
}

/**
 * Whether a user may invite visitors: with no enabled bearer, everyone; otherwise only a listed
 * user, a holder of a listed post, or a member of a listed department or of one below it
 * (`departments` holds the user's departments and all their ancestors).
 */
export function mayInvite(enabled: readonly BearerFacts[], who: InviterFacts): boolean {
  if (!enabled.length) return true;
  return enabled.some(
    (b) =>
      (b.bearer_type === 'user' && b.bearer_id === who.userId) ||
      (b.bearer_type === 'post' && who.posts.includes(b.bearer_id)) ||
      (b.bearer_type === 'dept' && who.departments.includes(b.bearer_id)),
  );
}

/** The departments of `own` and every ancestor of them, given each department's parent. */
export function withAncestors(own: readonly string[], parentOf: ReadonlyMap<string, string>): string[] {
  const out = new Set<string>();
  for (const start of own) {
    let id: string | undefined = start;
    while (id && !out.has(id)) {
      out.add(id);
      id = parentOf.get(id) || undefined;
    }
  }
  return [...out];
}
