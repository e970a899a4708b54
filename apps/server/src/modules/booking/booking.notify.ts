import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { BookingEvent } from '../notifications/notifications.outbox.ts';
import type { ResourceNotificationRow } from '../notifications/notifications.repository.ts';
import type { AppointmentRow } from './booking.repository.ts';
import { definePort } from '../../platform/port.ts';

/**
 * How the booking engine reports its changes to the people concerned: the notifications module
 * registers it at composition (notifications.resolvers.ts), so that booking, below it (its
 * tables refer to the bookings), never imports it.
 */
export interface BookingNotifier {
  /** Queues the notifications `event` on `bookings` calls for, in the caller's transaction. */
  notifyBookings(
    tx: Tx,
    ctx: RequestContext,
    event: BookingEvent,
    bookings: readonly AppointmentRow[],
    known?: ReadonlyMap<string, ResourceNotificationRow>,
  ): Promise<void>;
  /** A resource's notification settings from what the engine read (no statement). */
  notificationSettingsFrom(
    row: Omit<ResourceNotificationRow, 'signin_notification_push' | 'signin_notification_rule' | 'time_zone'>,
    ruleConfig: unknown,
    timeZone: string,
  ): ResourceNotificationRow;
}

const notifier = definePort<BookingNotifier>('booking notifier', 'notifications');

/** Registers the notifier (the same one again replaces it). */
export const provideBookingNotifier = notifier.provide;

/** Queues the notifications of a change on bookings through the registered notifier. */
export const notifyBookings: BookingNotifier['notifyBookings'] = (...args) => notifier.use().notifyBookings(...args);

/** A resource's notification settings through the registered notifier. */
export const notificationSettingsFrom: BookingNotifier['notificationSettingsFrom'] = (...args) =>
  notifier.use().notificationSettingsFrom(...args);
