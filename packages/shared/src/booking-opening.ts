import { instantOf, parseIsoDate } from './time.ts';

/** The rules of a resource (or its rule template) that say when a date opens for booking. */
export interface DateOpeningRules {
  /** '1': a rolling window of `appointment_date_days` days; '2': listed bookable dates (no opening time). */
  appointment_date_rule: string | null | undefined;
  appointment_date_days: number | null | undefined;
  /** "HH:mm" at which the next date opens each day; midnight when empty or unreadable. */
  days_rule_refresh_time: string | null | undefined;
}

/** Minutes since midnight of "HH:mm" ("24:00" is 1440); null when unreadable. */
function refreshMinutes(time: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/**
 * When a date's slots open (epoch ms): with `appointment_date_rule` '1', at
 * `days_rule_refresh_time` of the day `appointment_date_days` before the date, in the tenant's
 * time zone; null when no opening time applies (rule '2': the bookable dates decide). The server
 * refuses a booking before it (BOOKING_NOT_OPEN_YET) and the date pickers show it: one rule.
 */
export function openingInstant(isoDate: string, rules: DateOpeningRules, timeZone: string): number | null {
  if (rules.appointment_date_rule !== '1') return null;
  const date = parseIsoDate(isoDate);
  if (!date) return null;
  const refresh = refreshMinutes(rules.days_rule_refresh_time || '00:00') ?? 0;
  const back = Math.max(0, rules.appointment_date_days ?? 0);
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day - back));
  const day = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  return instantOf(day, { hour: Math.floor(refresh / 60), minute: refresh % 60 }, timeZone);
}
