import type { AdminAppointment, AppointmentFilter } from './types.ts';

/**
 * The status a booking shows, derived from its three codes (docs/GLOSSARY.md) and its end:
 * cancelled (state '1'), rejected (audit '3'), terminated / performed / noShow
 * (appointment_state '3' / '1' / '2'), pending (awaiting approval), inBallot (an entry in a
 * ballot awaiting its draw, audit '4': the draw decides, not an approver), ended (valid and past
 * its end), upcoming (valid, to be performed).
 */
export const BOOKING_STATUSES = [
  'pending',
  'inBallot',
  'upcoming',
  'ended',
  'performed',
  'noShow',
  'cancelled',
  'rejected',
  'terminated',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** antd Tag colours of the statuses. */
export const STATUS_COLOR: Record<BookingStatus, string> = {
  pending: 'orange',
  inBallot: 'purple',
  upcoming: 'blue',
  ended: 'default',
  performed: 'green',
  noShow: 'volcano',
  cancelled: 'default',
  rejected: 'red',
  terminated: 'default',
};

/** The `audit_status` of a booking that is an entry in a ballot awaiting its draw (docs/GLOSSARY.md "Ballot"). */
export const IN_BALLOT = '4';

type Codes = Pick<AdminAppointment, 'state' | 'audit_status' | 'appointment_state' | 'appointment_date' | 'end_time'>;

function minutesOf(hhmm: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The instant a booking ends: its date's midnight plus its end time ("24:00" = next midnight). */
export function endsAt(a: Pick<AdminAppointment, 'appointment_date' | 'end_time'>): number {
  return a.appointment_date + (minutesOf(a.end_time) ?? 24 * 60) * 60_000;
}

export function bookingStatus(a: Codes, now: number): BookingStatus {
  if (a.state === '1') return 'cancelled';
  if (a.audit_status === '3') return 'rejected';
  if (a.appointment_state === '3') return 'terminated';
  if (a.appointment_state === '1') return 'performed';
  if (a.appointment_state === '2') return 'noShow';
  if (a.audit_status === '1') return 'pending';
  if (a.audit_status === IN_BALLOT) return 'inBallot';
  return endsAt(a) <= now ? 'ended' : 'upcoming';
}

/**
 * Whether an administrator may approve or reject it: valid, awaiting approval, to be performed.
 * An entry in a ballot (audit '4') never may: its draw decides.
 */
export function awaitsApproval(a: Codes): boolean {
  return a.state === '0' && a.audit_status === '1' && a.appointment_state === '0';
}

/**
 * Whether it still holds a future period and may be cancelled (valid, not rejected, to be
 * performed); an entry in a ballot holds none yet but may be withdrawn (cancelled).
 */
export function isOpen(a: Codes, now: number): boolean {
  return a.state === '0' && a.audit_status !== '3' && a.appointment_state === '0' && endsAt(a) > now;
}

/** Whether its time may be changed: open and not an entry in a ballot (the draw gives it its place or none). */
export function mayChangeTime(a: Codes, now: number): boolean {
  return isOpen(a, now) && a.audit_status !== IN_BALLOT;
}

/** Whether its record may be deleted: cancelled, rejected, terminated, performed, missed, or ended. */
export function isDeletable(a: Codes, now: number): boolean {
  return !isOpen(a, now);
}

/**
 * The filter columns of a status (the list's status search). "upcoming" selects every valid
 * booking to be performed, whether or not its end has passed: the server filters on codes only.
 * "pending" is audit '1' alone, as the server counts the back-office home's pending bookings
 * (findManageHomeOverview) and the statistics' pending group; entries in a ballot are "inBallot".
 */
export function statusFilter(status: BookingStatus): AppointmentFilter {
  switch (status) {
    case 'pending':
      return { state: { eq: '0' }, audit_status: { eq: '1' }, appointment_state: { eq: '0' } };
    case 'inBallot':
      return { state: { eq: '0' }, audit_status: { eq: IN_BALLOT }, appointment_state: { eq: '0' } };
    case 'upcoming':
    case 'ended':
      return { state: { eq: '0' }, audit_status: { in: ['0', '2'] }, appointment_state: { eq: '0' } };
    case 'performed':
      return { state: { eq: '0' }, appointment_state: { eq: '1' } };
    case 'noShow':
      return { state: { eq: '0' }, appointment_state: { eq: '2' } };
    case 'cancelled':
      return { state: { eq: '1' } };
    case 'rejected':
      return { audit_status: { eq: '3' } };
    case 'terminated':
      return { appointment_state: { eq: '3' } };
  }
}
