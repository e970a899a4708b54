/**
 * Calendar helpers in a named IANA time zone. The wire carries dates as "YYYY-MM-DD" or as
 * epoch ms of local midnight (api-contract 6); these convert between them exactly.
 */

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatterCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatterCache.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of an instant in a time zone. */
export function wallClock(epochMs: number, timeZone: string): WallClock {
  const parts = partsFormatter(timeZone).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Offset of the zone from UTC at an instant, in ms. */
function exactOffsetMs(epochMs: number, timeZone: string): number {
  const w = wallClock(epochMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

const QUARTER_HOUR = 15 * 60_000;
const offsetCache = new Map<string, number>();

/**
 * The zone's offset from UTC at an instant. Asking `Intl` is slow (the booking engine asks for
 * every slot of every date it looks at), so the offset is remembered per zone and quarter of an
 * hour, when it is the same at both ends of that quarter; a quarter with a change in it (any
 * transition, whatever its minute) is always computed exactly.
 */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const quarter = Math.floor(epochMs / QUARTER_HOUR);
  const key = `${timeZone}|${quarter}`;
  const known = offsetCache.get(key);
  if (known !== undefined) return known;
  const start = quarter * QUARTER_HOUR;
  const atStart = exactOffsetMs(start, timeZone);
  if (atStart !== exactOffsetMs(start + QUARTER_HOUR - 1000, timeZone)) return exactOffsetMs(epochMs, timeZone);
  if (offsetCache.size >= 100_000) offsetCache.clear();
  offsetCache.set(key, atStart);
  return atStart;
}

/**
 * The instant at which a wall-clock time occurs in a zone. A time skipped by a
 * daylight-saving jump resolves to the instant after the jump; a repeated time (clocks going
 * back) to the later instant.
 */
export function instantOf(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number; second?: number },
  timeZone: string,
): number {
  const guess = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute, time.second ?? 0);
  const first = guess - zoneOffsetMs(guess, timeZone);
  const second = guess - zoneOffsetMs(first, timeZone);
  const reads = (t: number) => {
    const w = wallClock(t, timeZone);
    return w.day === date.day && w.hour === time.hour && w.minute === time.minute;
  };
  if (first === second) {
    // Both guesses can land before clocks go back (St John's at 01:00 on the day they do): the
    // same wall clock then comes again under the offset of a few hours later.
    const later = guess - zoneOffsetMs(first + 3 * 3600_000, timeZone);
    return later > first && reads(later) ? later : first;
  }
  // Near a change the two candidates differ: keep those that read as the asked wall clock
  // (west of UTC, the hours just after a spring-forward jump are read right only by `second`).
  const exact = [first, second].filter(reads);
  return exact.length ? Math.max(...exact) : Math.max(first, second);
}

/** "HH:mm" (00:00-24:00) as minutes of the day; null when unreadable. */
export function minutesOf(time: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/** Minutes of the day as "HH:mm" (1440 is "24:00"). */
export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses "YYYY-MM-DD", refusing impossible dates such as 2026-02-30. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const m = DATE_RE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** Epoch ms of 00:00 of a "YYYY-MM-DD" date in the zone. */
export function localMidnightMs(isoDate: string, timeZone: string): number | null {
  const d = parseIsoDate(isoDate);
  return d ? instantOf(d, { hour: 0, minute: 0 }, timeZone) : null;
}

/** The "YYYY-MM-DD" date of an instant in the zone. */
export function isoDateOf(epochMs: number, timeZone: string): string {
  const w = wallClock(epochMs, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** "YYYY-MM-DD HH:mm:ss" of an instant in the zone (the spec's default display pattern). */
export function formatDateTime(epochMs: number, timeZone: string): string {
  const w = wallClock(epochMs, timeZone);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${p(w.month)}-${p(w.day)} ${p(w.hour)}:${p(w.minute)}:${p(w.second)}`;
}
