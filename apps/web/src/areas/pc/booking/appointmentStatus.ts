/**
 * What the desktop lists show of a booking's status: the booking feature's statuses and rules
 * (features/booking/status.ts, shared with the phone screens and the back office).
 */
import { STATUS_COLOR, statusFilter as filterOfStatus } from '../../../features/appointments-admin/status.ts';
import {
  BOOKING_STATUSES,
  IN_BALLOT,
  appointmentActions,
  bookingStatus,
  type BookingStatus,
} from '../../../features/booking/status.ts';
import type { Appointment, AppointmentFilter } from '../../../features/booking/types.ts';

export { BOOKING_STATUSES, STATUS_COLOR, appointmentActions, bookingStatus, type BookingStatus };

/** The filter columns of a status; pending takes in entries awaiting a ballot's draw, as `bookingStatus` shows them. */
export function statusFilter(status: BookingStatus): AppointmentFilter {
  const filter = filterOfStatus(status);
  return status === 'pending' ? { ...filter, audit_status: { in: ['1', IN_BALLOT] } } : filter;
}

/** The statuses the list is searched by ('ended' shares 'upcoming''s codes: the server filters on codes only). */
export const SEARCHABLE_STATUSES = BOOKING_STATUSES.filter((s) => s !== 'ended');

/** The booking mode's label key: '2' periodic, '3' batch, otherwise normal. */
export function modeKey(a: Pick<Appointment, 'booking_mode'>): string {
  return `pcBooking.mode.${a.booking_mode === '2' ? 'periodic' : a.booking_mode === '3' ? 'batch' : 'normal'}`;
}
