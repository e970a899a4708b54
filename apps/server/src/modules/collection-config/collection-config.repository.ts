import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { CollectionConfigFilter } from './collection-config.inputs.ts';
import type { CollectionConfigDraft } from './collection-config.rules.ts';
import { collectionConfigs } from './collection-config.tables.ts';

export type CollectionConfigRow = typeof collectionConfigs.$inferSelect;

/** The tenant's fields by resource type and order; disabled ones only when `withDisabled`. */
export async function listCollectionConfigs(
  tx: Executor,
  tenantId: string,
  filter: CollectionConfigFilter,
  withDisabled: boolean,
): Promise<CollectionConfigRow[]> {
  const conditions: SQL[] = [eq(collectionConfigs.tenant_id, tenantId)];
  const type = filter.resource_type_id;
  if (type?.eq) conditions.push(eq(collectionConfigs.resource_type_id, type.eq));
  if (type?.in?.length) conditions.push(inArray(collectionConfigs.resource_type_id, type.in));
  const fieldType = filter.field_type;
  if (fieldType?.eq) conditions.push(eq(collectionConfigs.field_type, fieldType.eq));
  if (fieldType?.in?.length) conditions.push(inArray(collectionConfigs.field_type, fieldType.in));
  if (!withDisabled) conditions.push(eq(collectionConfigs.enabled, true));
  return tx
    .select()
    .from(collectionConfigs)
    .where(and(...conditions))
    .orderBy(
      asc(collectionConfigs.resource_type_id),
      asc(collectionConfigs.order_num),
      asc(collectionConfigs.create_time),
      asc(collectionConfigs.id),
    );
}

export async function findCollectionConfigs(
  tx: Executor,
  tenantId: string,
  ids: string[],
): Promise<CollectionConfigRow[]> {
  return tx
    .select()
    .from(collectionConfigs)
    .where(and(eq(collectionConfigs.tenant_id, tenantId), inArray(collectionConfigs.id, ids)));
}

/** One more than the highest order_num of the type's fields. */
async function nextOrder(tx: Executor, tenantId: string, resourceTypeId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${collectionConfigs.order_num}), 0)::int + 1` })
    .from(collectionConfigs)
    .where(and(eq(collectionConfigs.tenant_id, tenantId), eq(collectionConfigs.resource_type_id, resourceTypeId)));
  return row?.n ?? 1;
}

export async function insertCollectionConfig(
  tx: Executor,
  tenantId: string,
  draft: CollectionConfigDraft,
): Promise<CollectionConfigRow> {
  const order_num = draft.order_num ?? (await nextOrder(tx, tenantId, draft.resource_type_id));
  const [row] = await tx
    .insert(collectionConfigs)
    .values({ ...draft, order_num, tenant_id: tenantId })
    .returning();
  return row!;
}

/** Updates a field of the tenant (keeping its order unless given); undefined when it does not exist. */
export async function updateCollectionConfig(
  tx: Executor,
  tenantId: string,
  id: string,
  draft: CollectionConfigDraft,
): Promise<CollectionConfigRow | undefined> {
  const [row] = await tx
    .update(collectionConfigs)
    .set({ ...draft, update_time: new Date() })
    .where(and(eq(collectionConfigs.tenant_id, tenantId), eq(collectionConfigs.id, id)))
    .returning();
  return row;
}

export async function setCollectionOrder(tx: Executor, tenantId: string, order: [string, number][]): Promise<void> {
  for (const [id, order_num] of order) {
    await tx
      .update(collectionConfigs)
      .set({ order_num, update_time: new Date() })
      .where(and(eq(collectionConfigs.tenant_id, tenantId), eq(collectionConfigs.id, id)));
  }
}

export async function deleteCollectionConfig(
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<CollectionConfigRow | undefined> {
  const [row] = await tx
    .delete(collectionConfigs)
    .where(and(eq(collectionConfigs.tenant_id, tenantId), eq(collectionConfigs.id, id)))
    .returning();
  return row;
}
