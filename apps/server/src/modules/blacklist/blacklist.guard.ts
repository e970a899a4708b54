import { formatDateTime } from '@yuyue/shared';
import type { Tx } from '../../db/client.ts';
import type { AuthUser, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { banInForce, type BlackListRow } from './blacklist.repository.ts';

/** A ban in force: until when (tenant's wall clock, "YYYY-MM-DD HH:mm:ss") and why. */
export interface Ban {
  until: string;
  reason: string;
  reasonEn: string;
}

/** A ban entry as the booking engine reports it (the tenant's wall clock for its end). */
export function banFrom(row: BlackListRow | undefined, tenant: TenantRef): Ban | null {
  if (!row) return null;
  return {
    until: formatDateTime(row.end_time.getTime(), tenant.timeZone),
    reason: row.reason,
    reasonEn: row.reason_en || row.reason,
  };
}

/**
 * The caller's ban in force at `now`, or null. The booking engine reads it with its bundle
 * (`banInForceJson`); this reads it alone. A ban holds from its start until its end (exclusive)
 * unless pardoned or removed; of several, the one ending last.
 */
export async function banOf(tx: Tx, tenant: TenantRef, user: AuthUser, now: number): Promise<Ban | null> {
  return banFrom(await banInForce(tx, tenant.id, user.account, new Date(now)), tenant);
}

/** The refusal of a banned user's submit: the reason and the end date (BLACKLISTED, zh and en). */
export function banRefusal(ban: Ban): AppError {
  return new AppError('BLACKLISTED', { until: ban.until, reason: ban.reason, reason_en: ban.reasonEn });
}

/** Refuses a submit of a banned user (see `banRefusal`). */
export async function assertNotBlacklisted(tx: Tx, tenant: TenantRef, user: AuthUser, now: number): Promise<void> {
  const ban = await banOf(tx, tenant, user, now);
  if (ban) throw banRefusal(ban);
}
