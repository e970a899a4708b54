import type { Tx } from '../../db/client.ts';
import type { AuthUser, TenantRef } from '../../platform/context.ts';

/** A ban in force: until when (tenant's wall clock, "YYYY-MM-DD HH:mm:ss") and why. */
export interface Ban {
  until: string;
  reason: string;
  reasonEn: string;
}

/**
 * The caller's ban in force at `now`, or null. Read by the booking engine for every submit
 * and preview (series occurrences are reported "blacklisted" while a ban holds).
 * OWNER: the check-in/blacklist helper (issue 7). Placeholder until that lands.
 */
export async function banOf(_tx: Tx, _tenant: TenantRef, _user: AuthUser, _now: number): Promise<Ban | null> {
  return null;
}

/** Refuses a submit of a banned user with the reason and the end date. */
export async function assertNotBlacklisted(tx: Tx, tenant: TenantRef, user: AuthUser, now: number): Promise<void> {
  await banOf(tx, tenant, user, now);
}
