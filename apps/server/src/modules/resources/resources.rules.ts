import { instantOf, minutesOf, parseIsoDate } from '@yuyue/shared';
import { grantMatches, type Grant, type Identity } from '../resource-types/resource-types.rules.ts';

/** ISO weekday of a "YYYY-MM-DD" date: 1 Monday .. 7 Sunday. */
export function weekdayOf(date: { year: number; month: number; day: number }): number {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return d === 0 ? 7 : d;
}

function addDays(date: { year: number; month: number; day: number }, n: number) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function isoOf(date: { year: number; month: number; day: number }): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Comma separated numbers ("1,3,5") as a set. */
function numberSet(text: string): Set<number> {
  return new Set(
    text
      .split(/[,，\s]+/)
      .filter(Boolean)
      .map(Number)
      .filter((n) => Number.isInteger(n)),
  );
}

/** The rule lists of a resource's effective rules (its own or its template's). */
export interface RuleLists {
  months: { month: string; day: string }[];
  dates: { start: string; end: string; del: number }[];
  weeks: { zj: string; del: number }[];
  timeSlots: { id: string; kssj: string; jssj: string; order: number; del: number }[];
  noReservations: {
    rule_type: string;
    month: string;
    day: string;
    start_date: string;
    end_date: string;
    week: string;
    start_time: string;
    end_time: string;
    reason_cn: string;
    reason_en: string;
  }[];
  availableNumberRules: {
    time_slot_rule: string;
    date_rule: string;
    start_date: string;
    end_date: string;
    weeks: string;
    start_time: string;
    end_time: string;
    available_number: number;
  }[];
}

/** The scalar rules the closure of a date depends on. */
export interface DateRules {
  appointment_open_date: string;
  appointment_close_date: string;
}

/** Where a resource's rules come from: the template when `rule_source` is '1' and the template exists, else its own. */
export function ruleOwnerOf(resource: {
  id: string;
  rule_source: string;
  rule_template_id: string | null;
}): { kind: 'template'; id: string } | { kind: 'resource'; id: string } {
  if (resource.rule_source === '1' && resource.rule_template_id)
    return { kind: 'template', id: resource.rule_template_id };
  return { kind: 'resource', id: resource.id };
}

/**
 * A resource's effective rules: with rule_source '1' the template's rule fields replace the
 * resource's (read at every read, so a template edit reaches every resource using it); the
 * resource's own otherwise.
 */
export function effectiveRules<R extends object, T extends object>(
  resource: R & { rule_source: string },
  template: T | undefined,
  ruleFields: readonly string[],
): R {
  if (resource.rule_source !== '1' || !template) return resource;
  const out: Record<string, unknown> = { ...resource };
  for (const f of ruleFields) {
    if (f in template) out[f] = (template as Record<string, unknown>)[f];
  }
  return out as R;
}

/** A closed part of a day, in minutes [start, end), with why. */
export interface ClosedPeriod {
  start: number;
  end: number;
  reason_cn: string;
  reason_en: string;
  kind: 'date' | 'no_reservation' | 'occupied';
}

export interface Occupancy {
  startsAt: number;
  endsAt: number;
  reason_cn: string;
  reason_en: string;
}

const DAY = 1440;

/** Why a whole date is closed by the bookable months, date ranges, weekdays and open/close dates; null when open. */
export function dateClosedReason(
  isoDate: string,
  rules: DateRules,
  lists: Pick<RuleLists, 'months' | 'dates' | 'weeks'>,
): { reason_cn: string; reason_en: string } | null {
  const date = parseIsoDate(isoDate);
  if (!date) return { reason_cn: '日期无效', reason_en: 'Invalid date' };
  if (rules.appointment_open_date && isoDate < rules.appointment_open_date) {
    return { reason_cn: '未到开放预约日期', reason_en: 'Not yet open for booking' };
  }
  if (rules.appointment_close_date && isoDate > rules.appointment_close_date) {
    return { reason_cn: '已过开放预约日期', reason_en: 'No longer open for booking' };
  }
  if (
    lists.months.length > 0 &&
    !lists.months.some((m) => Number(m.month) === date.month && (!m.day || Number(m.day) === date.day))
  ) {
    return { reason_cn: '该月份/日期不开放预约', reason_en: 'This month or day is not open for booking' };
  }
  const dates = lists.dates.filter((d) => d.del === 0);
  if (dates.length > 0 && !dates.some((d) => d.start <= isoDate && isoDate <= d.end)) {
    return { reason_cn: '该日期不在可预约日期范围内', reason_en: 'This date is outside the bookable dates' };
  }
  const weeks = lists.weeks.filter((w) => w.del === 0);
  if (weeks.length > 0 && !weeks.some((w) => Number(w.zj) === weekdayOf(date))) {
    return { reason_cn: '该星期不开放预约', reason_en: 'This weekday is not open for booking' };
  }
  return null;
}

/** Whether a non-reservation entry applies on a date. */
function noReservationApplies(entry: RuleLists['noReservations'][number], isoDate: string): boolean {
  const date = parseIsoDate(isoDate);
  if (!date) return false;
  switch (entry.rule_type) {
    case '1':
      return (!entry.start_date || entry.start_date <= isoDate) && (!entry.end_date || isoDate <= entry.end_date);
    case '2':
      return numberSet(entry.week).has(weekdayOf(date));
    case '3':
      return Number(entry.month) === date.month && (!entry.day || Number(entry.day) === date.day);
    case '4':
      return true;
    default:
      return false;
  }
}

/**
 * The closed periods of a date, in minutes of the day: the whole day when the date is not
 * bookable, then the non-reservation periods that apply, then administrators' occupancies
 * clipped to the day. Sorted by start.
 */
export function closedPeriodsOf(input: {
  isoDate: string;
  rules: DateRules;
  lists: Pick<RuleLists, 'months' | 'dates' | 'weeks' | 'noReservations'>;
  occupancies: readonly Occupancy[];
  timeZone: string;
}): ClosedPeriod[] {
  const out: ClosedPeriod[] = [];
  const dateClosed = dateClosedReason(input.isoDate, input.rules, input.lists);
  if (dateClosed) out.push({ start: 0, end: DAY, ...dateClosed, kind: 'date' });
  for (const entry of input.lists.noReservations) {
    if (!noReservationApplies(entry, input.isoDate)) continue;
    const start = entry.start_time ? minutesOf(entry.start_time) : 0;
    const end = entry.end_time ? minutesOf(entry.end_time) : DAY;
    if (start === null || end === null || end <= start) continue;
    out.push({
      start,
      end,
      reason_cn: entry.reason_cn || '不可预约时段',
      reason_en: entry.reason_en || 'Not bookable at this time',
      kind: 'no_reservation',
    });
  }
  const date = parseIsoDate(input.isoDate);
  if (date) {
    const dayStart = instantOf(date, { hour: 0, minute: 0 }, input.timeZone);
    const dayEnd = instantOf(addDays(date, 1), { hour: 0, minute: 0 }, input.timeZone);
    for (const o of input.occupancies) {
      const s = Math.max(o.startsAt, dayStart);
      const e = Math.min(o.endsAt, dayEnd);
      if (e <= s) continue;
      out.push({
        start: Math.floor((s - dayStart) / 60_000),
        end: Math.min(DAY, Math.ceil((e - dayStart) / 60_000)),
        reason_cn: o.reason_cn || '资源已被占用',
        reason_en: o.reason_en || 'The resource is occupied',
        kind: 'occupied',
      });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Why the period start..end ("HH:mm") of a day is closed: the first closed period overlapping it; null when open. */
export function slotClosure(periods: readonly ClosedPeriod[], start: string, end: string): ClosedPeriod | null {
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (s === null || e === null) return null;
  return periods.find((p) => p.start < e && s < p.end) ?? null;
}

/** Whether some time of the day stays open (not every minute is covered by closed periods). */
export function dayHasOpenTime(periods: readonly ClosedPeriod[]): boolean {
  let covered = 0;
  for (const p of periods) {
    if (p.start > covered) return true;
    covered = Math.max(covered, p.end);
  }
  return covered < DAY;
}

/** The capacity of a slot on a date: the first available-number rule that applies, else the resource's. */
export function slotCapacity(
  isoDate: string,
  slot: { kssj: string; jssj: string },
  base: number,
  rules: readonly RuleLists['availableNumberRules'][number][],
): number {
  const date = parseIsoDate(isoDate);
  if (!date) return base;
  const s = minutesOf(slot.kssj);
  const e = minutesOf(slot.jssj);
  for (const rule of rules) {
    const dateOk =
      rule.date_rule === '2'
        ? numberSet(rule.weeks).has(weekdayOf(date))
        : (!rule.start_date || rule.start_date <= isoDate) && (!rule.end_date || isoDate <= rule.end_date);
    if (!dateOk) continue;
    if (rule.time_slot_rule === '1') {
      const rs = minutesOf(rule.start_time);
      const re = minutesOf(rule.end_time);
      if (rs === null || re === null || s === null || e === null || s < rs || e > re) continue;
    }
    return rule.available_number;
  }
  return base;
}

/** The lists that decide whether a user sees a resource. */
export interface ResourceAccess {
  visible: Grant[];
  invisible: Grant[];
  auths: Grant[];
}

/**
 * Whether a user sees a resource: not named by its invisible list, named by its visible
 * list when it has one, and by its auth list when it has one. (The type's auth list is
 * checked separately.)
 */
export function resourceVisibleTo(access: ResourceAccess, who: Identity): boolean {
  if (access.invisible.some((g) => grantMatches(g, who))) return false;
  if (access.visible.length > 0 && !access.visible.some((g) => grantMatches(g, who))) return false;
  if (access.auths.length > 0 && !access.auths.some((g) => grantMatches(g, who))) return false;
  return true;
}

/** Most dates one periodic search expands to. */
export const SERIES_MAX_DATES = 366;

/**
 * The dates of a periodic series: every day ('1'), the listed weekdays ('2', "1".."7"), or the
 * listed days of the month ('3'), from start to end inclusive. Null when the range or the
 * strategy is unreadable or the series is longer than SERIES_MAX_DATES days.
 */
export function seriesDates(input: {
  start: string;
  end: string;
  strategy: string;
  weekList: readonly string[];
  dayList: readonly string[];
}): string[] | null {
  const start = parseIsoDate(input.start);
  const end = parseIsoDate(input.end);
  if (!start || !end || input.end < input.start) return null;
  if (!['1', '2', '3'].includes(input.strategy)) return null;
  const weeks = new Set(input.weekList.map(Number));
  const days = new Set(input.dayList.map(Number));
  const out: string[] = [];
  for (let i = 0, d = start; isoOf(d) <= input.end; i++, d = addDays(start, i)) {
    if (i >= SERIES_MAX_DATES) return null;
    if (input.strategy === '2' && !weeks.has(weekdayOf(d))) continue;
    if (input.strategy === '3' && !days.has(d.day)) continue;
    out.push(isoOf(d));
  }
  return out;
}

/** Columns `order_by` accepts. */
export const orderColumns = [
  'order',
  'hits',
  'resources_name',
  'resources_number',
  'capacity',
  'available_number',
  'create_time',
] as const;
export type OrderColumn = (typeof orderColumns)[number];

/** `order_by` "<column> [asc|desc]"; empty means the default order; null when unsupported. */
export function parseOrderBy(value: string): { column: OrderColumn; desc: boolean } | undefined | null {
  const text = value.trim();
  if (!text) return undefined;
  const m = /^([a-z_]+)(?:\s+(asc|desc))?$/i.exec(text);
  if (!m) return null;
  const column = m[1]!.toLowerCase() as OrderColumn;
  if (!orderColumns.includes(column)) return null;
  return { column, desc: (m[2] ?? '').toLowerCase() === 'desc' };
}

/** Description of a slot's remaining capacity, zh and en. */
export function capacityDescription(n: number): { zh: string; en: string } {
  return n > 0 ? { zh: `剩余${n}`, en: `${n} left` } : { zh: '已约满', en: 'Full' };
}

/** One column's condition of a filter map, without the parts that select everything. */
export interface ColumnCondition {
  eq?: string;
  in?: string[];
  like?: string;
}

/**
 * A filter map `{col: {eq}}` / `{col: {in}}` / `{col: {like}}` reduced to the conditions that
 * select something: an empty or null eq is no filter (clients send `{eq: ""}` and
 * `{eq: null}` for "any"). Columns in `uuidColumns` accept only UUIDs: other values match nothing.
 */
export function normaliseFilterMap<C extends string>(
  input: unknown,
  columns: readonly C[],
  uuidColumns: readonly C[] = [],
): Partial<Record<C, ColumnCondition>> {
  const out: Partial<Record<C, ColumnCondition>> = {};
  if (!input || typeof input !== 'object') return out;
  const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  for (const column of columns) {
    const raw = (input as Record<string, unknown>)[column];
    if (!raw || typeof raw !== 'object') continue;
    const { eq, in: list, like } = raw as { eq?: unknown; in?: unknown; like?: unknown };
    const c: ColumnCondition = {};
    if (typeof eq === 'string' && eq !== '') c.eq = eq;
    if (typeof eq === 'number') c.eq = String(eq);
    if (Array.isArray(list)) c.in = list.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
    if (typeof like === 'string' && like !== '') c.like = like;
    if (uuidColumns.includes(column)) {
      if (c.eq !== undefined && !uuidRe.test(c.eq)) {
        delete c.eq;
        c.in = [];
      }
      if (c.in) c.in = c.in.filter((v) => uuidRe.test(v));
      delete c.like;
    }
    if (Object.keys(c).length) out[column] = c;
  }
  return out;
}
