import type { ErrorCode, ErrorParams } from '@yuyue/shared';

type Refusal = { code: ErrorCode; params?: ErrorParams } | null;

const MINUTE = 60_000;

/** The check-in part of a resource's rules (`resourcesConfig`, its own or its template's). */
export interface ResourceCheckInConfig {
  signin_rule?: string | null;
  earliest_punctuality_rule?: string | null;
  earliest_deviation_minutes?: number | null;
  latest_punctuality_rule?: string | null;
  latest_deviation_minutes?: number | null;
  sign_out_rule?: string | null;
}

/** The check-in fields of a resource type, used when the resource sets no `signin_rule`. */
export interface TypeCheckInConfig {
  punctuality_rule: string;
  deviation_minutes: number;
  earliest_punctuality_rule: string;
  earliest_deviation_minutes: number;
  sign_out_rule: string;
}

/** How a resource's bookings are checked in and out. */
export interface CheckInRules {
  /** Bookings must be checked in; one that is not by the window's end is a no-show. */
  required: boolean;
  /** Check-in opens this many minutes before the start. */
  earliestMinutes: number;
  /** Check-in closes this many minutes after the start (at most at the end); 0: at the end. */
  latestMinutes: number;
  /** Bookings are checked out (sign_out_rule '1'). */
  signOut: boolean;
}

const minutes = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/**
 * A resource's check-in rules. The resource's own (or its template's) `resourcesConfig` decide
 * when it sets `signin_rule` ('1' check-in required, '0' not); otherwise its type's do
 * (`punctuality_rule` '1' required, lateness `deviation_minutes`).
 * - Opening: `earliest_deviation_minutes` before the start; `earliest_punctuality_rule` '0'
 *   turns early check-in off (opens at the start).
 * - Closing: `latest_deviation_minutes` after the start (capped at the end); 0, or
 *   `latest_punctuality_rule` '0', keeps it open until the end.
 * - Check-out: `sign_out_rule` '1'.
 */
export function checkInRulesOf(config: ResourceCheckInConfig | null | undefined, type?: TypeCheckInConfig | null) {
  const c = config ?? {};
  if (c.signin_rule === '1' || c.signin_rule === '0') {
    return {
      required: c.signin_rule === '1',
      earliestMinutes: c.earliest_punctuality_rule === '0' ? 0 : minutes(c.earliest_deviation_minutes),
      latestMinutes: c.latest_punctuality_rule === '0' ? 0 : minutes(c.latest_deviation_minutes),
      signOut: c.sign_out_rule === '1',
    } satisfies CheckInRules;
  }
  return {
    required: type?.punctuality_rule === '1',
    earliestMinutes: type?.earliest_punctuality_rule === '0' ? 0 : minutes(type?.earliest_deviation_minutes),
    latestMinutes: minutes(type?.deviation_minutes),
    signOut: type?.sign_out_rule === '1',
  } satisfies CheckInRules;
}

export interface Period {
  startsAt: number;
  endsAt: number;
}

/** When a booking may be checked in: [opensAt, closesAt). */
export function signInWindow(rules: CheckInRules, b: Period): { opensAt: number; closesAt: number } {
  const opensAt = b.startsAt - rules.earliestMinutes * MINUTE;
  const closesAt = rules.latestMinutes > 0 ? Math.min(b.startsAt + rules.latestMinutes * MINUTE, b.endsAt) : b.endsAt;
  return { opensAt, closesAt };
}

/**
 * Until when a checked-in booking may be checked out (exclusive): its end plus the lateness
 * allowed at check-in (`latestMinutes`). Null when the resource does not use check-out.
 */
export function signOutDeadline(rules: CheckInRules, b: Period): number | null {
  return rules.signOut ? b.endsAt + rules.latestMinutes * MINUTE : null;
}

/** The booking fields the check-in rules read (docs/GLOSSARY.md codes). */
export interface SignBooking extends Period {
  state: string;
  audit_status: string;
  appointment_state: string;
  del: number;
  /** When it was checked in, if it was (for the refusal's message). */
  signedInAt?: number | null;
}

/** Whether the booking is one that is to be performed: valid, not deleted, approved or needing no approval. */
export function confirmed(b: Pick<SignBooking, 'state' | 'audit_status' | 'del'>): boolean {
  return b.del === 0 && b.state === '0' && (b.audit_status === '0' || b.audit_status === '2');
}

/**
 * Why the booking cannot be checked in at `now` (null: it can). `fmt` formats an instant in
 * the tenant's wall clock for the message.
 */
export function signInRefusal(b: SignBooking, rules: CheckInRules, now: number, fmt: (ms: number) => string): Refusal {
  if (b.del !== 0 || b.state !== '0' || b.audit_status === '3' || b.appointment_state === '3') {
    return { code: 'SIGN_IN_NOT_VALID' };
  }
  if (b.audit_status === '1') return { code: 'SIGN_IN_AWAITING_APPROVAL' };
  if (b.appointment_state === '1')
    return { code: 'SIGN_IN_ALREADY', params: { time: b.signedInAt ? fmt(b.signedInAt) : '' } };
  if (b.appointment_state === '2') return { code: 'SIGN_IN_MISSED' };
  const w = signInWindow(rules, b);
  if (now < w.opensAt) return { code: 'SIGN_IN_NOT_OPEN', params: { start: fmt(w.opensAt) } };
  if (now >= w.closesAt) return { code: 'SIGN_IN_CLOSED', params: { end: fmt(w.closesAt) } };
  return null;
}

/** Why the booking cannot be checked out at `now` (null: it can). */
export function signOutRefusal(
  b: SignBooking,
  rules: CheckInRules,
  sign: { sign_in_time: Date | null; sign_out_time: Date | null } | null | undefined,
  now: number,
  fmt: (ms: number) => string,
): Refusal {
  const deadline = signOutDeadline(rules, b);
  if (deadline === null) return { code: 'SIGN_OUT_NOT_USED' };
  if (!confirmed(b) || b.appointment_state !== '1' || !sign?.sign_in_time) return { code: 'SIGN_OUT_NOT_SIGNED_IN' };
  if (sign.sign_out_time) return { code: 'SIGN_OUT_ALREADY', params: { time: fmt(sign.sign_out_time.getTime()) } };
  if (now >= deadline) return { code: 'SIGN_OUT_CLOSED', params: { end: fmt(deadline) } };
  return null;
}

/**
 * Why staff may not mark the booking performed ('1') or a no-show ('2') at `now`.
 * Performed: a confirmed booking to be performed once its check-in has opened, or a no-show
 * being corrected (it does not take its slot back). No-show: a confirmed booking to be
 * performed once it has started.
 */
export function markRefusal(
  b: SignBooking,
  to: '1' | '2',
  rules: CheckInRules,
  now: number,
  fmt: (ms: number) => string,
): Refusal {
  if (!confirmed(b) || b.appointment_state === '3') {
    return { code: to === '1' ? 'MARK_PERFORMED_NOT_ALLOWED' : 'MARK_MISSED_NOT_ALLOWED' };
  }
  if (to === '1') {
    if (b.appointment_state === '2') return null;
    if (b.appointment_state !== '0') return { code: 'MARK_PERFORMED_NOT_ALLOWED' };
    const { opensAt } = signInWindow(rules, b);
    return now < opensAt ? { code: 'MARK_NOT_STARTED', params: { start: fmt(opensAt) } } : null;
  }
  if (b.appointment_state !== '0') return { code: 'MARK_MISSED_NOT_ALLOWED' };
  return now < b.startsAt ? { code: 'MARK_NOT_STARTED', params: { start: fmt(b.startsAt) } } : null;
}

/**
 * Of the caller's bookings of one resource, the one a scan of the resource's code checks in:
 * the earliest whose window is open now. When none is, the refusal of the nearest one (not yet
 * open, closed, already checked in...), or null bookings when there is none at all.
 */
export function pickForSignIn<T extends SignBooking>(
  bookings: readonly T[],
  rules: CheckInRules,
  now: number,
  fmt: (ms: number) => string,
): { booking: T } | { refusal: NonNullable<Refusal> } | null {
  const sorted = [...bookings].sort((a, b) => a.startsAt - b.startsAt);
  const open = sorted.find((b) => signInRefusal(b, rules, now, fmt) === null);
  if (open) return { booking: open };
  if (!sorted.length) return null;
  // The booking nearest to now explains the refusal best.
  const nearest = [...sorted].sort((a, b) => distance(a, now) - distance(b, now))[0]!;
  return { refusal: signInRefusal(nearest, rules, now, fmt)! };
}

function distance(b: Period, now: number): number {
  if (now < b.startsAt) return b.startsAt - now;
  if (now > b.endsAt) return now - b.endsAt;
  return 0;
}

/**
 * What a booking's check-in state is, for lists: '0' to check in, '1' checked in, '2' checked
 * out, '3' no-show, '4' not applicable (cancelled, rejected, awaiting approval, terminated).
 */
export function signStateOf(
  b: Pick<SignBooking, 'state' | 'audit_status' | 'appointment_state' | 'del'>,
  sign?: { sign_out_time: Date | null } | null,
): string {
  if (b.appointment_state === '2') return '3';
  if (!confirmed(b) || b.appointment_state === '3') return '4';
  if (b.appointment_state === '1') return sign?.sign_out_time ? '2' : '1';
  return '0';
}
