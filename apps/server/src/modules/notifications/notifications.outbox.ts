import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { AppointmentRow } from '../booking/booking.repository.ts';

/** What happened to bookings that their people may be told about. */
export type BookingEvent = 'booked' | 'cancelled' | 'approved' | 'rejected' | 'signed_in' | 'signed_out' | 'missed';

/**
 * Queues the notifications an event on bookings calls for (in-app and e-mail, as each
 * resource's notification settings say) in the caller's transaction: an outbox row commits
 * or rolls back with the change it reports.
 * OWNER: the notifications helper (issue 7). Placeholder until that lands.
 */
export async function notifyBookings(
  _tx: Tx,
  _ctx: RequestContext,
  _event: BookingEvent,
  _bookings: readonly AppointmentRow[],
): Promise<void> {}
