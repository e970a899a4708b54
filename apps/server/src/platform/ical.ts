/**
 * iCalendar (RFC 5545) output: a pure builder of VCALENDAR text for bookings (an `.ics`
 * download, a calendar feed, an e-mail invitation).
 *
 * - Lines end in CRLF and are folded at 75 octets (a continuation line starts with a space);
 *   a fold never splits a UTF-8 character.
 * - TEXT values are escaped (`\\`, `\;`, `\,`, `\n`); other control characters are dropped.
 * - Event times are local times with TZID of the given IANA zone, and the calendar carries
 *   that zone's VTIMEZONE, worked out from the runtime's time zone data (Intl) for the years
 *   the events cover: every offset change becomes an observance of its own (STANDARD, or
 *   DAYLIGHT when the offset is above the year's standard one). A zone without changes (Asia/
 *   Shanghai) gets one STANDARD observance.
 * - DTSTAMP and LAST-MODIFIED are in UTC. The output is a function of the input only (no
 *   clock), so a feed's ETag can be a hash of its text.
 */

export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface IcsPerson {
  name: string;
  email: string;
}

export interface IcsEvent {
  /** Stable across versions of the event (a booking's id and the site's host). */
  uid: string;
  /** Grows with each change (an invitation update or cancellation needs a higher one). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  organizer?: IcsPerson;
  /** Invitees (METHOD:REQUEST / CANCEL: the booker). */
  attendees?: IcsPerson[];
  lastModified: Date;
}

export interface CalendarInput {
  /** Shown by calendar apps as the calendar's name (X-WR-CALNAME, NAME). */
  name?: string;
  /** IANA zone of the events' local times (the tenant's or resource's zone). */
  timeZone: string;
  method?: IcsMethod;
  events: readonly IcsEvent[];
  /**
   * DTSTAMP of every event: when the message was made (an e-mail invitation). Without it each
   * event's `lastModified`, as RFC 5545 says for calendars without a METHOD (a feed).
   */
  stamp?: Date;
  /** How often subscribers should refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL), in minutes. */
  refreshMinutes?: number;
}

const CRLF = '\r\n';
const PRODID = '-//Yuyue//Yuyue Reservations//EN';

/** Builds one VCALENDAR object. Throws a RangeError for an unknown time zone. */
export function buildCalendar(input: CalendarInput): string {
  const zone = input.timeZone;
  localParts(new Date(0), zone); // an unknown zone fails here, before anything is built
  const lines: string[] = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`, 'CALSCALE:GREGORIAN'];
  if (input.method) lines.push(`METHOD:${input.method}`);
  if (input.name) {
    lines.push(`NAME:${escapeText(input.name)}`, `X-WR-CALNAME:${escapeText(input.name)}`);
  }
  lines.push(`X-WR-TIMEZONE:${zone}`);
  if (input.refreshMinutes) {
    const m = Math.max(1, Math.round(input.refreshMinutes));
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${m}M`, `X-PUBLISHED-TTL:PT${m}M`);
  }
  const years = input.events.flatMap((e) => [e.start, e.end]).map((d) => d.getUTCFullYear());
  const from = years.length ? Math.min(...years) : new Date().getUTCFullYear();
  const to = years.length ? Math.max(...years) : from;
  lines.push(...vtimezone(zone, from, to));
  for (const e of input.events) lines.push(...vevent(e, zone, input.stamp));
  lines.push('END:VCALENDAR');
  return lines.map(fold).join(CRLF) + CRLF;
}

function vevent(e: IcsEvent, zone: string, stamp: Date | undefined): string[] {
  const out = [
    'BEGIN:VEVENT',
    `UID:${clean(e.uid)}`,
    `SEQUENCE:${Math.max(0, Math.floor(e.sequence))}`,
    `DTSTAMP:${utcStamp(stamp ?? e.lastModified)}`,
    `LAST-MODIFIED:${utcStamp(e.lastModified)}`,
    dateTime('DTSTART', e.start, zone),
    dateTime('DTEND', e.end, zone),
    `SUMMARY:${escapeText(e.summary)}`,
  ];
  if (e.description) out.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.location) out.push(`LOCATION:${escapeText(e.location)}`);
  if (e.url) out.push(`URL:${clean(e.url)}`);
  out.push(`STATUS:${e.status}`);
  if (e.organizer) out.push(`ORGANIZER${cn(e.organizer.name)}:mailto:${clean(e.organizer.email)}`);
  for (const a of e.attendees ?? []) {
    out.push(`ATTENDEE${cn(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${clean(a.email)}`);
  }
  out.push('TRANSP:OPAQUE', 'END:VEVENT');
  return out;
}

/**
 * A DATE-TIME property in the zone's local time; in UTC for the one kind of instant a local time
 * cannot name: the second pass through a repeated hour (RFC 5545 reads a repeated local time
 * as its first occurrence).
 */
function dateTime(name: string, d: Date, zone: string): string {
  const p = localParts(d, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const seconds = Math.floor(d.getTime() / 1000) * 1000;
  const earlier = [offsetMinutes(new Date(seconds - DAY), zone), offsetMinutes(d, zone)]
    .map((o) => wall - o * 60_000)
    .filter((t) => t < seconds && offsetMinutes(new Date(t), zone) * 60_000 === wall - t);
  if (earlier.length) return `${name}:${utcStamp(d)}`;
  return `${name};TZID=${zone}:${partsStamp(p)}`;
}

/** A CN parameter: quoted, without the characters a parameter value cannot hold. */
function cn(name: string): string {
  const v = clean(name).replace(/"/g, "'");
  return v ? `;CN="${v}"` : '';
}

/** Control characters out (a URI, UID or parameter is not escaped the way TEXT is). */
function clean(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, '');
}

/** RFC 5545 3.3.11 TEXT escaping; line breaks become `\n`, other control characters are dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/\t/g, ' ')
  );
}

const encoder = new TextEncoder();

/** Folds one content line at 75 octets without splitting a UTF-8 character. */
export function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75; // the first line; continuations hold 74 after their leading space
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 20260327T083000Z */
export function utcStamp(d: Date): string {
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  );
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function localParts(d: Date, zone: string): Parts {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    formatters.set(zone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(d)) p[part.type] = part.value;
  const year = Number(p.year);
  return {
    year: p.era === 'BC' || p.era === 'B' ? 1 - year : year,
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** Local wall time of an instant in a zone, as an iCalendar DATE-TIME without Z. */
export function localStamp(d: Date, zone: string): string {
  return partsStamp(localParts(d, zone));
}

function partsStamp(p: Parts): string {
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** The zone's offset from UTC at an instant, in minutes. */
export function offsetMinutes(d: Date, zone: string): number {
  const p = localParts(d, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const whole = Math.floor(d.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}${pad(m % 60)}`;
}

interface Transition {
  at: number;
  from: number;
  to: number;
}

const DAY = 86_400_000;

/** Offset changes in [start, end): sampled every 6 hours, each found to the minute. */
function transitions(zone: string, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  const step = DAY / 4;
  let t = start;
  let before = offsetMinutes(new Date(t), zone);
  while (t < end) {
    const next = Math.min(t + step, end);
    const after = offsetMinutes(new Date(next), zone);
    if (after !== before) {
      let lo = t;
      let hi = next; // offset(lo) = before, offset(hi) = after
      while (hi - lo > 60_000) {
        const mid = lo + Math.max(1, Math.floor((hi - lo) / 120_000)) * 60_000;
        if (offsetMinutes(new Date(mid), zone) === before) lo = mid;
        else hi = mid;
      }
      found.push({ at: hi, from: before, to: after });
    }
    before = after;
    t = next;
  }
  return found;
}

const zoneCache = new Map<string, string[]>();

/**
 * VTIMEZONE of a zone for the years from..to: the offset in force at the start of the first
 * year (STANDARD, or DAYLIGHT if it is above the year's lowest), then each change in the span.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string[] {
  const key = `${zone}|${fromYear}|${toYear}`;
  const cached = zoneCache.get(key);
  if (cached) return cached;
  const start = Date.UTC(fromYear, 0, 1) - DAY;
  const end = Date.UTC(toYear + 1, 0, 1) + DAY;
  const changes = transitions(zone, start, end);
  const initial = offsetMinutes(new Date(start), zone);
  const standardOf = (at: number) => {
    const y = new Date(at).getUTCFullYear();
    return Math.min(
      offsetMinutes(new Date(Date.UTC(y, 0, 15)), zone),
      offsetMinutes(new Date(Date.UTC(y, 6, 15)), zone),
    );
  };
  const observance = (at: number, from: number, to: number) => {
    const kind = to > standardOf(at) ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART: the local time of the change as read in the offset before it.
    const local = new Date(at + from * 60_000);
    const stamp = partsStamp({
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      second: local.getUTCSeconds(),
    });
    return [
      `BEGIN:${kind}`,
      `DTSTART:${stamp}`,
      `TZOFFSETFROM:${offsetText(from)}`,
      `TZOFFSETTO:${offsetText(to)}`,
      `END:${kind}`,
    ];
  };
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(start, initial, initial),
    ...changes.flatMap((c) => observance(c.at, c.from, c.to)),
    'END:VTIMEZONE',
  ];
  if (zoneCache.size > 256) zoneCache.clear();
  zoneCache.set(key, lines);
  return lines;
}
