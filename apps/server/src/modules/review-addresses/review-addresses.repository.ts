import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ReviewAddressFilter } from './review-addresses.inputs.ts';
import type { ReviewAddressDraft } from './review-addresses.rules.ts';
import { reviewAddresses } from './review-addresses.tables.ts';

export type ReviewAddressRow = typeof reviewAddresses.$inferSelect;

function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The tenant's review addresses, by resource type and name. */
export async function listReviewAddresses(
  tx: Executor,
  tenantId: string,
  filter: ReviewAddressFilter,
): Promise<ReviewAddressRow[]> {
  const conditions: SQL[] = [eq(reviewAddresses.tenant_id, tenantId)];
  if (filter.name?.eq) conditions.push(eq(reviewAddresses.name, filter.name.eq));
  if (filter.name?.like) {
    const p = containsPattern(filter.name.like);
    conditions.push(or(ilike(reviewAddresses.name, p), ilike(reviewAddresses.name_en, p))!);
  }
  if (filter.resource_type_id?.eq) conditions.push(eq(reviewAddresses.resource_type_id, filter.resource_type_id.eq));
  if (filter.resource_type_id?.like) {
    conditions.push(ilike(reviewAddresses.resource_type_id, containsPattern(filter.resource_type_id.like)));
  }
  return tx
    .select()
    .from(reviewAddresses)
    .where(and(...conditions))
    .orderBy(asc(reviewAddresses.resource_type_id), asc(reviewAddresses.name), asc(reviewAddresses.id));
}

export async function insertReviewAddress(
  tx: Executor,
  tenantId: string,
  draft: ReviewAddressDraft,
): Promise<ReviewAddressRow> {
  const [row] = await tx
    .insert(reviewAddresses)
    .values({ ...draft, tenant_id: tenantId })
    .returning();
  return row!;
}

/** Updates an address of the tenant; undefined when it does not exist. */
export async function updateReviewAddress(
  tx: Executor,
  tenantId: string,
  id: string,
  draft: ReviewAddressDraft,
): Promise<ReviewAddressRow | undefined> {
  const [row] = await tx
    .update(reviewAddresses)
    .set({ ...draft, update_time: new Date() })
    .where(and(eq(reviewAddresses.tenant_id, tenantId), eq(reviewAddresses.id, id)))
    .returning();
  return row;
}

export async function deleteReviewAddress(
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<ReviewAddressRow | undefined> {
  const [row] = await tx
    .delete(reviewAddresses)
    .where(and(eq(reviewAddresses.tenant_id, tenantId), eq(reviewAddresses.id, id)))
    .returning();
  return row;
}
