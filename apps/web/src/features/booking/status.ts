import { IN_BALLOT, bookingStatus as statusOfCodes, endsAt, type BookingStatus } from '../appointments-admin/status.ts';
import type { BallotEntryForSelf } from './ballot.ts';
import { addDays, minutesOf } from './dates.ts';
import type { Appointment, AppointmentFilter } from './types.ts';

export { BOOKING_STATUSES, IN_BALLOT, endsAt, type BookingStatus } from '../appointments-admin/status.ts';

/**
 * The status a booking shows its booker: a booking status, or "not drawn" for an entry the
 * ballot's draw left without a place (the booking is refused, audit '3', and its entry's
 * outcome says why: docs/GLOSSARY.md "Ballot").
 */
export type ShownStatus = BookingStatus | 'notDrawn';

/**
 * antd-mobile Tag colours of the statuses: dark enough for their text on white (outline) and for
 * white text on them (solid) to read at 4.5:1 (axe); antd-mobile's named colours are lighter.
 */
export const STATUS_TAG_COLOR: Record<ShownStatus, string> = {
  pending: '#ad4e00',
  inBallot: '#531dab',
  upcoming: '#0958d9',
  ended: 'default',
  performed: '#237804',
  noShow: '#a8071a',
  cancelled: 'default',
  rejected: '#a8071a',
  notDrawn: 'default',
  terminated: 'default',
};

type Codes = Pick<
  Appointment,
  'state' | 'audit_status' | 'appointment_state' | 'appointment_date' | 'start_time' | 'end_time'
>;

/**
 * The status a booking shows its booker (features/appointments-admin/status.ts): an entry in a
 * ballot awaiting its draw is "in the ballot" (抽签中); after the draw a winner shows as any
 * booking (upcoming, or pending where the resource needs approval) and, given its ballot entry
 * (findBallotEntriesForSelf), a refused entry that was not drawn shows "not drawn" (未中签),
 * not "rejected", which is an approver's word.
 */
export function bookingStatus(a: Codes, now: number, ballot?: Pick<BallotEntryForSelf, 'outcome'> | null): ShownStatus {
  const status = statusOfCodes(a, now);
  const lost = ballot && ballot.outcome !== 'waiting' && ballot.outcome !== 'won' && ballot.outcome !== 'withdrawn';
  return status === 'rejected' && lost ? 'notDrawn' : status;
}

/** Whether a booking is an entry in a ballot awaiting its draw. */
export function inBallot(a: Pick<Appointment, 'state' | 'audit_status'>): boolean {
  return a.state === '0' && a.audit_status === IN_BALLOT;
}

/** The instant a booking starts: its date's midnight plus its start time. */
export function startsAt(a: Pick<Appointment, 'appointment_date' | 'start_time'>): number {
  return a.appointment_date + (minutesOf(a.start_time) ?? 0) * 60_000;
}

/**
 * The tabs of "my appointments": to do (valid bookings to go to, today onwards), in progress
 * (applications awaiting approval and entries awaiting a ballot's draw), reserved (every booking, latest first), favourites.
 */
export const APPOINTMENT_TABS = ['todo', 'progress', 'reserved', 'favourites'] as const;
export type AppointmentTab = (typeof APPOINTMENT_TABS)[number];

export function isAppointmentTab(value: string | null | undefined): value is AppointmentTab {
  return (APPOINTMENT_TABS as readonly string[]).includes(value ?? '');
}

/** How far ahead the date-bounded tabs look. */
const FAR_DAYS = 3660;

/** The list query of a tab (favourites have their own). */
export function tabQuery(
  tab: Exclude<AppointmentTab, 'favourites'>,
  today: string,
): { filter?: AppointmentFilter; appointmentDate?: string[] } {
  const ahead = [today, addDays(today, FAR_DAYS)];
  switch (tab) {
    case 'todo':
      return {
        filter: { state: { eq: '0' }, audit_status: { in: ['0', '2'] }, appointment_state: { eq: '0' } },
        appointmentDate: ahead,
      };
    case 'progress':
      return {
        filter: { state: { eq: '0' }, audit_status: { in: ['1', IN_BALLOT] }, appointment_state: { eq: '0' } },
        appointmentDate: ahead,
      };
    case 'reserved':
      return {};
  }
}

/** What the booker may do with a booking now (the server checks again and says why not). */
export interface AppointmentActions {
  cancel: boolean;
  cancelSeries: boolean;
  changeTime: boolean;
  terminate: boolean;
  remove: boolean;
}

export function appointmentActions(a: Codes & Pick<Appointment, 'series_id'>, now: number): AppointmentActions {
  const status = statusOfCodes(a, now);
  const live = a.state === '0' && a.audit_status !== '3' && a.appointment_state === '0';
  const notStarted = startsAt(a) > now;
  // an entry in a ballot may be withdrawn (cancelled), not moved or terminated as an application
  const entry = a.audit_status === IN_BALLOT;
  return {
    cancel: live && notStarted,
    cancelSeries: Boolean(a.series_id),
    changeTime: live && notStarted && !entry,
    terminate: status === 'pending' && notStarted && !entry,
    remove: !(live && endsAt(a) > now),
  };
}
