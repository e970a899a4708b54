import type { Executor } from '../../db/client.ts';
import type { ActiveBooking } from '../booking/booking.repository.ts';
import { definePort } from '../../platform/port.ts';

/**
 * What resources show of their bookings: the successful ones counted (the lists' `total`) and
 * the seats taken in a slot. The booking module provides it at composition
 * (booking.resolvers.ts), so that resources, below it, never import it.
 */
export interface ResourceBookings {
  /** How many successful bookings each of `resourceIds` has. */
  successfulBookingCounts(tx: Executor, tenantId: string, resourceIds: readonly string[]): Promise<Map<string, number>>;
  /** Active bookings (holding their slot) of some resources overlapping [from, to). */
  activeBookingsOverlapping(
    tx: Executor,
    tenantId: string,
    resourceIds: string[],
    from: Date,
    to: Date,
  ): Promise<ActiveBooking[]>;
  /** How many of `bookings` overlap [startsAt, endsAt). */
  overlapCount(bookings: readonly ActiveBooking[], startsAt: number, endsAt: number): number;
  /** The instants of a slot ("HH:mm".."HH:mm") on a date, or null when it does not exist that day. */
  slotInstants(
    isoDate: string,
    start: string,
    end: string,
    timeZone: string,
  ): Readonly<{ startsAt: number; endsAt: number }> | null;
}

const bookings = definePort<ResourceBookings>('resource bookings', 'booking');

/** Registers the booking module's side (the same one again replaces it). */
export const provideResourceBookings = bookings.provide;

/** The registered booking module's side. */
export const resourceBookings = bookings.use;
