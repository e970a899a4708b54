import { formatDateTime, instantOf, parseIsoDate } from '@yuyue/shared';

const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** "YYYY-MM-DD HH:mm[:ss]" (or a bare date: its midnight) in the zone as an instant; null when unreadable. */
export function instantOfLocal(value: string, timeZone: string): number | null {
  const m = DATE_TIME_RE.exec(value.trim());
  const day = m ? parseIsoDate(m[1]!) : null;
  if (!m || !day) return null;
  const hour = Number(m[2] ?? 0);
  const minute = Number(m[3] ?? 0);
  const second = Number(m[4] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  return instantOf(day, { hour, minute, second }, timeZone);
}

/** An instant as "YYYY-MM-DD HH:mm" in the zone (the occupancy's wire format). */
export function localMinute(epochMs: number, timeZone: string): string {
  return formatDateTime(epochMs, timeZone).slice(0, 16);
}
