import type { ErrorCode, ErrorParams } from '@yuyue/shared';
import type { Lifecycle } from './booking.rules.ts';

type Refusal = { code: ErrorCode; params?: ErrorParams } | null;

/**
 * `audit_status` of an entry collected in a ballot's window (docs/GLOSSARY.md "Ballot"): it holds
 * no seat and only the draw decides it (the ballot module writes it; the lifecycle refuses it).
 */
export const AUDIT_IN_BALLOT = '4';

/** Whether a booking awaits approval: valid, audit '1', to be performed (docs/GLOSSARY.md). */
export function awaitsApproval(b: Lifecycle): boolean {
  return b.state === '0' && b.audit_status === '1' && b.appointment_state === '0';
}

/** Why an approver may not approve or reject the booking; null when they may. */
export function decisionRefusal(b: Lifecycle): Refusal {
  return awaitsApproval(b) ? null : { code: 'APPROVAL_NOT_PENDING' };
}

/**
 * Whether an approver is refused a decision on their own application (they made it or it is
 * for them): another approver or the tenant administrator has to decide, unless the tenant's
 * settings allow self-approval (`allow_self_approval` '1').
 */
export function selfDecisionRefusal(
  b: { created_user: string; appointment_user: string },
  approverAccount: string,
  allowSelfApproval: boolean,
): Refusal {
  const own = b.created_user === approverAccount || b.appointment_user === approverAccount;
  return own && !allowSelfApproval ? { code: 'SELF_APPROVAL_FORBIDDEN' } : null;
}

/** Why the booker may not terminate the application; only one awaiting approval may be. */
export function terminateRefusal(b: Lifecycle): Refusal {
  return awaitsApproval(b) ? null : { code: 'TERMINATE_NOT_PENDING' };
}

/**
 * Why the booker may not change the booking's time now; null when they may. The booking must
 * be valid, not rejected, not an entry in a ballot (audit '4') and to be performed; before its start and at least
 * `min_interval_minutes_change` minutes before it (0 = up to the start).
 */
export function changeRefusal(input: {
  booking: Lifecycle;
  now: number;
  startsAt: number;
  minIntervalMinutes: number;
}): Refusal {
  const { booking } = input;
  // An entry in a ballot holds no seat until its draw: moving it would take one outside the draw.
  if (booking.state === '0' && booking.audit_status === AUDIT_IN_BALLOT) return { code: 'BALLOT_ENTRY_NOT_MOVABLE' };
  if (booking.state !== '0' || booking.audit_status === '3' || booking.appointment_state !== '0') {
    return { code: 'CHANGE_NOT_ALLOWED_STATE' };
  }
  if (input.now >= input.startsAt) return { code: 'CHANGE_STARTED' };
  const window = Math.max(0, input.minIntervalMinutes);
  if (window > 0 && input.startsAt - input.now < window * 60_000) {
    return { code: 'CHANGE_TOO_LATE', params: { minutes: window } };
  }
  return null;
}

/**
 * Whether a record may be deleted: it no longer concerns anyone — cancelled, rejected,
 * performed, missed or terminated, or its period has ended.
 */
export function deletable(b: Lifecycle, endsAt: number, now: number): boolean {
  return b.state === '1' || b.audit_status === '3' || b.appointment_state !== '0' || endsAt <= now;
}

/**
 * Vacancy rate of a resource over a range: the share of its bookable slot capacity that no
 * active booking takes, rounded to 4 decimals; null when it had no bookable capacity.
 */
export function vacancyRate(capacity: number, booked: number): number | null {
  if (capacity <= 0) return null;
  const free = Math.max(0, capacity - Math.min(booked, capacity));
  return Math.round((free / capacity) * 10_000) / 10_000;
}
