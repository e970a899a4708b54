import type { Executor } from '../../db/client.ts';
import { definePort } from '../../platform/port.ts';

/** Takes a booker's lock in the caller's transaction (held until it ends). */
export type BookerLock = (tx: Executor, tenantId: string, account: string) => Promise<void>;

const lock = definePort<BookerLock>('booker lock', 'booking');

/**
 * Registers the booking engine's lock of a booker (booking.resolvers.ts, at composition), so
 * that a ban and a submit of one account follow each other while the blacklist, below the
 * booking module, never imports it.
 */
export const provideBookerLock = lock.provide;

/** Takes the booker's lock through the registered engine. */
export function lockBooker(tx: Executor, tenantId: string, account: string): Promise<void> {
  return lock.use()(tx, tenantId, account);
}
