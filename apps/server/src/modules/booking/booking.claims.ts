import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';

/**
 * The records another module keeps under the name of appointments: the spec names
 * `batchDeleteAppointmentInformation(ids)` for deleting visits as well as bookings. A module that
 * owns such records (visitors) registers here at composition, so that booking never imports it:
 * the batch delete hands ids that are all one claimant's to that claimant, deletes bookings
 * itself and refuses a mix.
 */
export interface AppointmentClaimant {
  /** Which of `ids` are this module's records in the tenant (read in the caller's transaction). */
  owned(tx: Tx, tenantId: string, ids: readonly string[]): Promise<string[]>;
  /** Deletes the records, with the module's own rights, refusals and result (all or none). */
  batchDelete(ctx: RequestContext, ids: readonly string[]): Promise<{ ids: string[] }>;
}

const claimants: AppointmentClaimant[] = [];

/** Registers a claimant (the same one twice keeps one). */
export function claimAppointmentIds(claimant: AppointmentClaimant): void {
  if (!claimants.includes(claimant)) claimants.push(claimant);
}

/**
 * What `ids` are: `{ claimant }` when one claimant owns every id, `{ mixed: true }` when one owns
 * some but not all, `{}` when none owns any (bookings, or unknown ids).
 */
export async function claimOf(
  tx: Tx,
  tenantId: string,
  ids: readonly string[],
): Promise<{ claimant?: AppointmentClaimant; mixed?: boolean }> {
  for (const claimant of claimants) {
    const owned = new Set(await claimant.owned(tx, tenantId, ids));
    if (!owned.size) continue;
    return ids.every((id) => owned.has(id)) ? { claimant } : { mixed: true };
  }
  return {};
}
