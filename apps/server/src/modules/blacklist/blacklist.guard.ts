import { formatDateTime } from '@yuyue/shared';
import type { Tx } from '../../db/client.ts';
import type { AuthUser, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { banInForce } from './blacklist.repository.ts';

/** A ban in force: until when (tenant's wall clock, "YYYY-MM-DD HH:mm:ss") and why. */
export interface Ban {
  until: string;
  reason: string;
  reasonEn: string;
}

/**
 * The caller's ban in force at `now`, or null. Read by the booking engine for every submit
 * and preview (series occurrences are reported "blacklisted" while a ban holds). A ban holds
 * from its start until its end (exclusive) unless pardoned or removed; of several, the one
 * ending last.
 */
export async function banOf(tx: Tx, tenant: TenantRef, user: AuthUser, now: number): Promise<Ban | null> {
  const row = await banInForce(tx, tenant.id, user.account, new Date(now));
  if (!row) return null;
  return {
    until: formatDateTime(row.end_time.getTime(), tenant.timeZone),
    reason: row.reason,
    reasonEn: row.reason_en || row.reason,
  };
}

/** Refuses a submit of a banned user with the reason and the end date (BLACKLISTED, zh and en). */
export async function assertNotBlacklisted(tx: Tx, tenant: TenantRef, user: AuthUser, now: number): Promise<void> {
  const ban = await banOf(tx, tenant, user, now);
  if (ban) throw new AppError('BLACKLISTED', { until: ban.until, reason: ban.reason, reason_en: ban.reasonEn });
}
