/**
 * What a booking's check-in record means for the screens (pure): its verdict, the phase of its
 * check-in window, and which staff markings make sense. Times on the wire are the tenant's wall
 * clock ("YYYY-MM-DD HH:mm:ss"); the record's `appointment_date` (epoch ms of the tenant's
 * midnight) tells the tenant's offset from UTC, so the browser's own zone does not matter.
 */
import { bookingDate } from '../booking/dates.ts';
import type { AppointmentSign } from './types.ts';

const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The tenant's offset from UTC (ms to add to a wall time read as UTC) on a booking's date: its
 * `appointment_date` is the epoch ms of that date's midnight in the tenant's zone.
 */
export function zoneOffsetOf(s: Pick<AppointmentSign, 'appointment_date'>): number {
  const [y, m, d] = bookingDate(s.appointment_date).split('-').map(Number);
  return s.appointment_date - Date.UTC(y!, m! - 1, d!);
}

/**
 * "YYYY-MM-DD HH:mm[:ss]" as an instant: in a zone `offsetMs` from UTC (see zoneOffsetOf), or
 * in the browser's zone when no offset is given. Null when it is not such a text.
 */
export function parseWallTime(text: string | null | undefined, offsetMs?: number): number | null {
  const m = WALL_RE.exec((text ?? '').trim());
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((v) => Number(v ?? 0));
  const ms =
    offsetMs === undefined
      ? new Date(y!, mo! - 1, d!, h!, mi!, sec!).getTime()
      : Date.UTC(y!, mo! - 1, d!, h!, mi!, sec!) + offsetMs;
  return Number.isNaN(ms) ? null : ms;
}

/** A wall time of a booking's record as an instant (the tenant's zone). */
export function signInstant(s: Pick<AppointmentSign, 'appointment_date'>, text: string | null | undefined) {
  return parseWallTime(text, zoneOffsetOf(s));
}

/** "HH:mm" of a wall time ("YYYY-MM-DD HH:mm:ss"), with the date when it is not `sameDate`. */
export function shortWallTime(text: string | null | undefined, sameDate?: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec((text ?? '').trim());
  if (!m) return text ?? '';
  return m[1] === sameDate ? m[2]! : `${m[1]} ${m[2]}`;
}

/**
 * The verdict on a booking: still valid (to go to, checked in or checked out), awaiting
 * approval, or not valid any more (and why).
 */
export type SignVerdict =
  'toCheckIn' | 'checkedIn' | 'checkedOut' | 'ended' | 'pending' | 'noShow' | 'cancelled' | 'rejected' | 'terminated';

type Codes = Pick<
  AppointmentSign,
  | 'state'
  | 'audit_status'
  | 'appointment_state'
  | 'sign_state'
  | 'sign_in_end'
  | 'sign_out_end'
  | 'sign_in_time'
  | 'appointment_date'
>;

export function signVerdict(s: Codes, now: number): SignVerdict {
  if (s.state === '1') return 'cancelled';
  if (s.audit_status === '3') return 'rejected';
  if (s.appointment_state === '3') return 'terminated';
  if (s.appointment_state === '2' || s.sign_state === '3') return 'noShow';
  if (s.audit_status === '1') return 'pending';
  if (s.sign_state === '2') return 'checkedOut';
  if (s.appointment_state === '1' || s.sign_state === '1') return 'checkedIn';
  const closes = signInstant(s, s.sign_in_end);
  return closes !== null && now >= closes ? 'ended' : 'toCheckIn';
}

/** Whether the verdict is a booking that holds (or held) its period: valid for entry. */
export function isValidVerdict(v: SignVerdict): boolean {
  return v === 'toCheckIn' || v === 'checkedIn' || v === 'checkedOut';
}

/** Tone of a verdict for a tag: success, in progress, warning, failure or neutral. */
export const VERDICT_TONE: Record<SignVerdict, 'success' | 'primary' | 'warning' | 'danger' | 'default'> = {
  toCheckIn: 'primary',
  checkedIn: 'success',
  checkedOut: 'success',
  ended: 'default',
  pending: 'warning',
  noShow: 'danger',
  cancelled: 'default',
  rejected: 'danger',
  terminated: 'default',
};

/**
 * What the booker can do for a booking now (by voucher or by scanning the venue's code): check
 * in, check out (when the type asks for it, until the sign-out deadline), or nothing.
 */
export function signUse(
  sign: Codes & Pick<AppointmentSign, 'sign_out_rule' | 'sign_out_end'>,
  now: number,
): 'in' | 'out' | null {
  const verdict = signVerdict(sign, now);
  if (verdict === 'toCheckIn') return 'in';
  if (verdict === 'checkedIn' && sign.sign_out_rule === '1') {
    const end = signInstant(sign, sign.sign_out_end);
    return end === null || now < end ? 'out' : null;
  }
  return null;
}

/** Where `now` is relative to the check-in window [sign_in_start, sign_in_end). */
export type WindowPhase = 'before' | 'open' | 'closed' | 'unknown';

export function windowPhase(
  s: Pick<AppointmentSign, 'sign_in_start' | 'sign_in_end' | 'appointment_date'>,
  now: number,
): WindowPhase {
  const opens = signInstant(s, s.sign_in_start);
  const closes = signInstant(s, s.sign_in_end);
  if (opens === null || closes === null) return 'unknown';
  if (now < opens) return 'before';
  return now < closes ? 'open' : 'closed';
}

/**
 * Which markings staff are offered: performed for a confirmed booking still to be performed or
 * a no-show being corrected; no-show for one still to be performed. (The server also checks the
 * time: not before check-in opens, resp. the start, and says so.)
 */
export function markOptions(s: Pick<AppointmentSign, 'state' | 'audit_status' | 'appointment_state'>): {
  performed: boolean;
  missed: boolean;
} {
  const confirmed = s.state === '0' && (s.audit_status === '0' || s.audit_status === '2');
  return {
    performed: confirmed && (s.appointment_state === '0' || s.appointment_state === '2'),
    missed: confirmed && s.appointment_state === '0',
  };
}

/** The "YYYY-MM-DD" date part of a wall time. */
export function datePart(text: string | null | undefined): string {
  return /^(\d{4}-\d{2}-\d{2})/.exec(text ?? '')?.[1] ?? '';
}
