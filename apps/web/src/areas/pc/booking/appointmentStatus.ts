/**
 * What the desktop lists show of a booking's status: the booking feature's statuses and rules
 * (features/booking/status.ts, shared with the phone screens and the back office).
 */
import { STATUS_COLOR as BOOKING_COLOR, statusFilter } from '../../../features/appointments-admin/status.ts';
import {
  BOOKING_STATUSES,
  appointmentActions,
  bookingStatus,
  type BookingStatus,
  type ShownStatus,
} from '../../../features/booking/status.ts';
import type { Appointment } from '../../../features/booking/types.ts';

export { BOOKING_STATUSES, appointmentActions, bookingStatus, statusFilter, type BookingStatus, type ShownStatus };

/** antd Tag colours of the statuses a booker sees ("not drawn": a ballot's outcome, not an approver's refusal). */
export const STATUS_COLOR: Record<ShownStatus, string> = { ...BOOKING_COLOR, notDrawn: 'default' };

/** The statuses the list is searched by ('ended' shares 'upcoming''s codes: the server filters on codes only). */
export const SEARCHABLE_STATUSES = BOOKING_STATUSES.filter((s) => s !== 'ended');

/** The booking mode's label key: '2' periodic, '3' batch, otherwise normal. */
export function modeKey(a: Pick<Appointment, 'booking_mode'>): string {
  return `pcBooking.mode.${a.booking_mode === '2' ? 'periodic' : a.booking_mode === '3' ? 'batch' : 'normal'}`;
}
