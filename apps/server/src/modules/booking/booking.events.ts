import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { AppointmentRow } from './booking.repository.ts';

/**
 * What happened to bookings, as other modules may follow it: `booked` (new bookings, confirmed
 * or awaiting approval: see `audit_status`), `approved`, `rejected`, `cancelled` (by the booker
 * or an administrator, or an application withdrawn: `appointment_state` '3'), `moved` (a time
 * change: the rows carry the new time).
 */
export type BookingChange = 'booked' | 'approved' | 'rejected' | 'cancelled' | 'moved';

/** A follower of booking changes: runs in the change's transaction (its writes commit with it). */
export type BookingListener = (
  tx: Tx,
  ctx: RequestContext,
  change: BookingChange,
  rows: readonly AppointmentRow[],
) => Promise<void>;

const listeners: BookingListener[] = [];

/**
 * The observer port of the booking module: modules that follow bookings (cloud meetings)
 * register here at composition, so that booking never imports them. Registering the same
 * listener twice keeps one.
 */
export function onBookingChange(listener: BookingListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/**
 * Tells every listener about a change, in the change's own transaction: a listener's failure
 * takes the change back with it (listeners must only queue work, never call outside services).
 */
export async function reportBookingChange(
  tx: Tx,
  ctx: RequestContext,
  change: BookingChange,
  rows: readonly AppointmentRow[],
): Promise<void> {
  if (!rows.length) return;
  for (const listener of listeners) await listener(tx, ctx, change, rows);
}
