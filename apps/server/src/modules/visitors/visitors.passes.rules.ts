import { localMidnightMs, parseIsoDate, PASS_MAX_AREAS, type PassKind } from '@yuyue/shared';
import { addDays } from './visitors.appointments.rules.ts';
import { areaIdsOf } from './visitors.areas.rules.ts';

/**
 * Pure rules of entry passes: windows, long-term weekdays and hours, who may see a visit's pass,
 * the state a pass is in, and which scan times a gate may send. The verdict itself is the shared
 * `passVerdict` (packages/shared/src/visitor-pass.ts), the same the gate page runs offline.
 */

const DAY = 86_400_000;
/** How far ahead of the server's clock a gate's scan time may be (a phone's clock drifts). */
export const ENTRY_CLOCK_SKEW_MS = 2 * 60_000;
/** How old a queued entry may be when it reaches the server. */
export const ENTRY_MAX_AGE_MS = 7 * DAY;
/** The most entries one `recordVisitorEntries` call takes. */
export const ENTRIES_MAX = 200;

/** ISO weekdays ("1,2,5": 1 Monday .. 7 Sunday), sorted, once each; null when one is not 1..7 or none is given. */
export function parseWeekdays(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.length || parts.some((p) => !/^[1-7]$/.test(p))) return null;
  return [...new Set(parts.map(Number))].sort();
}

/** "HH:mm" as minutes of the day ("24:00" is 1440); null when it is not a time. */
export function parseHm(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (Number(m[2]) > 59 || minutes > 1440) return null;
  return minutes;
}

/** Minutes of the day as "HH:mm". */
export function hmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface LongTermRule {
  valid_from: string;
  valid_to: string;
  weekdays: string;
  start_time: string;
  end_time: string;
  permission: string;
}

export interface LongTermPassRule {
  from: number;
  to: number;
  weekdays: number[];
  startMinute: number;
  endMinute: number;
  areaIds: string[];
}

/**
 * A long-term visitor's pass: from local midnight of valid_from to the local midnight after
 * valid_to, on its weekdays between its hours, at its areas. Returns the field at fault when one
 * is not valid.
 */
export function longTermPassRule(
  row: LongTermRule,
  timeZone: string,
): { ok: true; rule: LongTermPassRule } | { ok: false; field: string } {
  const from = localMidnightMs(row.valid_from, timeZone);
  if (from === null) return { ok: false, field: 'valid_from' };
  if (!parseIsoDate(row.valid_to)) return { ok: false, field: 'valid_to' };
  const to = localMidnightMs(addDays(row.valid_to, 1), timeZone)!;
  if (to <= from) return { ok: false, field: 'valid_to' };
  const weekdays = parseWeekdays(row.weekdays || '1,2,3,4,5,6,7');
  if (!weekdays) return { ok: false, field: 'weekdays' };
  const startMinute = parseHm(row.start_time || '00:00');
  const endMinute = parseHm(row.end_time || '24:00');
  if (startMinute === null || startMinute >= 1440) return { ok: false, field: 'start_time' };
  if (endMinute === null || endMinute <= startMinute) return { ok: false, field: 'end_time' };
  const areaIds = areaIdsOf(row.permission);
  if (areaIds.length > PASS_MAX_AREAS) return { ok: false, field: 'permission' };
  return { ok: true, rule: { from, to, weekdays, startMinute, endMinute, areaIds } };
}

/** The kind of pass a visit gets: a booking's guest ('3') follows the booking. */
export function visitPassKind(visitorType: string): PassKind {
  return visitorType === '3' ? 'booking' : 'visit';
}

export interface VisitParties {
  visitor_id: string | null;
  host_user_id: string | null;
  created_user: string;
  visitor_type: string;
}

/**
 * Whether the caller may see a visit's pass: its visitor, its host or inviter, the booker of
 * the booking it belongs to, or a visitor administrator.
 */
export function maySeeVisitPass(input: {
  visit: VisitParties;
  caller: { id: string; account: string };
  callerVisitorId: string | null;
  isVisitorAdmin: boolean;
  bookers: readonly string[];
}): boolean {
  const { visit, caller } = input;
  if (input.isVisitorAdmin) return true;
  if (input.callerVisitorId && visit.visitor_id === input.callerVisitorId) return true;
  if (visit.host_user_id && visit.host_user_id === caller.id) return true;
  if (visit.created_user && (visit.created_user === caller.account || visit.created_user === caller.id)) return true;
  return visit.visitor_type === '3' && input.bookers.includes(caller.account);
}

/** Whether a long-term visitor's pass is theirs (user_id their account or id) or the caller administers visitors. */
export function maySeeLongTermPass(userId: string, caller: { id: string; account: string }, isVisitorAdmin: boolean) {
  return isVisitorAdmin || (userId !== '' && (userId === caller.account || userId === caller.id));
}

export type PassState = 'valid' | 'notYet' | 'expired' | 'revoked';

/** A pass's state at `now`. */
export function passStateOf(pass: { from: number; to: number; revoked: boolean }, now: number): PassState {
  if (pass.revoked) return 'revoked';
  if (now < pass.from) return 'notYet';
  if (now >= pass.to) return 'expired';
  return 'valid';
}

export interface BookingState {
  state: string;
  active: boolean;
  del: number;
  appointment_state: string;
}

/** Whether a booking still takes place (not cancelled, rejected, terminated, missed or deleted). */
export function bookingLive(b: BookingState | null): boolean {
  return (
    !!b && b.state === '0' && b.active && b.del === 0 && (b.appointment_state === '0' || b.appointment_state === '1')
  );
}

/** Whether a gate's scan time can be judged: not ahead of the server (beyond the skew), at most 7 days old. */
export function entryTimeCheck(at: number, now: number): 'ok' | 'future' | 'tooOld' {
  if (at > now + ENTRY_CLOCK_SKEW_MS) return 'future';
  if (at < now - ENTRY_MAX_AGE_MS) return 'tooOld';
  return 'ok';
}

/** Parses an ISO 8601 instant (with a zone or Z); null when it is not one. */
export function parseInstant(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(text.trim())) return null;
  const ms = Date.parse(text.trim());
  return Number.isFinite(ms) ? ms : null;
}
