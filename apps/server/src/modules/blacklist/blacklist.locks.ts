import type { Executor } from '../../db/client.ts';

/** Takes a booker's lock in the caller's transaction (held until it ends). */
export type BookerLock = (tx: Executor, tenantId: string, account: string) => Promise<void>;

let lock: BookerLock | null = null;

/**
 * Registers the booking engine's lock of a booker (booking.resolvers.ts, at composition), so
 * that a ban and a submit of one account follow each other while the blacklist, below the
 * booking module, never imports it.
 */
export function provideBookerLock(bookerLock: BookerLock): void {
  lock = bookerLock;
}

/** Takes the booker's lock through the registered engine. */
export function lockBooker(tx: Executor, tenantId: string, account: string): Promise<void> {
  if (!lock) throw new Error('no booker lock registered (modules/booking)');
  return lock(tx, tenantId, account);
}
