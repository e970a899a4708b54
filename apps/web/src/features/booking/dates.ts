/**
 * Calendar dates of the booking screens, as "YYYY-MM-DD". Dates are calendar days (no zone):
 * "today" is the browser's date, which on campus is the tenant's.
 */
import { formatDateTime, openingInstant, type DateOpeningRules } from '@yuyue/shared';

const DAY_MS = 86_400_000;
const HALF_DAY_MS = DAY_MS / 2;

/**
 * "YYYY-MM-DD" of a wire `appointment_date` (epoch ms of midnight in the tenant's zone). Exact
 * for any zone within ±12 h of UTC without knowing the zone: local midnight lies within half a
 * day of the same date's UTC midnight.
 */
export function bookingDate(epochMs: number): string {
  return new Date(Math.floor((epochMs + HALF_DAY_MS) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}
const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's current date. */
export function todayIso(now: number = Date.now()): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function utcOf(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

/** The date `days` after (or before, when negative) `iso`. */
export function addDays(iso: string, days: number): string {
  return new Date(utcOf(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

/** ISO weekday of a date: "1" Monday .. "7" Sunday (the wire's weekday codes). */
export function isoWeekday(iso: string): string {
  const day = new Date(utcOf(iso)).getUTCDay();
  return String(day === 0 ? 7 : day);
}

/** Day of the month, "1".."31". */
export function monthDay(iso: string): string {
  return String(Number(iso.slice(8, 10)));
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return new Date(utcOf(value)).toISOString().slice(0, 10) === value;
}

/** Longest run of dates the date strip offers. */
export const MAX_DATE_CHOICES = 60;

/**
 * The dates the date strip offers, from today: with the days-ahead rule ('1') today and the
 * `appointment_date_days` days after it (the last may not be open yet: its slots say when it
 * opens); otherwise the next 30 days. Weekdays the resource never opens on are left out.
 */
export function dateChoices(
  rules: {
    appointment_date_rule?: string | null;
    appointment_date_days?: number | null;
    resourcesWeek?: { zj: string }[] | null;
  },
  today: string,
): string[] {
  const daysAhead =
    rules.appointment_date_rule === '1' || !rules.appointment_date_rule
      ? Math.max(0, rules.appointment_date_days ?? 7)
      : 29;
  const count = Math.min(daysAhead + 1, MAX_DATE_CHOICES);
  const weekdays = new Set((rules.resourcesWeek ?? []).map((w) => w.zj));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(today, i);
    if (weekdays.size === 0 || weekdays.has(isoWeekday(date))) out.push(date);
  }
  return out;
}

/** Minutes since midnight of "HH:mm" ("24:00" is 1440); null when unreadable. */
export function minutesOf(hhmm: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/** "HH:mm" of minutes since midnight. */
export function hhmmOf(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The browser's time zone: as for "today", on campus the tenant's. */
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * When a date that is not open for booking yet opens ("YYYY-MM-DD HH:mm"), by the rule the
 * server refuses a booking with (`openingInstant` of `@yuyue/shared`); null when it is open or
 * no opening time applies.
 */
export function notOpenUntil(
  date: string,
  rules: DateOpeningRules,
  now: number = Date.now(),
  timeZone: string = browserZone(),
): string | null {
  const at = openingInstant(date, rules, timeZone);
  return at !== null && now < at ? formatDateTime(at, timeZone).slice(0, 16) : null;
}

/** The first date from `today` on that is not open yet, and when it opens; null when every date is. */
export function nextOpening(
  rules: DateOpeningRules,
  today: string,
  now: number = Date.now(),
  timeZone: string = browserZone(),
): { date: string; opensAt: string } | null {
  if (rules.appointment_date_rule !== '1') return null;
  // Dates open in order, one a day: the first closed one is at most the window's length away.
  const last = Math.max(0, rules.appointment_date_days ?? 0) + 1;
  for (let i = 0; i <= last; i++) {
    const date = addDays(today, i);
    const opensAt = notOpenUntil(date, rules, now, timeZone);
    if (opensAt) return { date, opensAt };
  }
  return null;
}

/** An opening time as short as the date allows: "21:00" today, else "12-04 21:00". */
export function shortOpening(opensAt: string, today: string): string {
  return opensAt.startsWith(today) ? opensAt.slice(11) : opensAt.slice(5);
}
