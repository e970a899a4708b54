import { and, asc, count, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { codeItemLocations, codeItems, codes } from './code-tables.tables.ts';

export type CodesRow = typeof codes.$inferSelect;
export type CodeItemRow = typeof codeItems.$inferSelect;
export type LocationRow = typeof codeItemLocations.$inferSelect;
export type CodesFields = Pick<CodesRow, 'code' | 'name' | 'name_en' | 'description' | 'order'>;
export type CodeItemFields = Pick<
  CodeItemRow,
  'item_code' | 'item_name' | 'item_name_en' | 'item_description' | 'item_index' | 'item_parent'
>;
export type LocationFields = Pick<LocationRow, 'latitude' | 'longitude' | 'address' | 'address_en'>;

/** `%` and `_` in a substring or prefix search are literal characters. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface CodesFilter {
  /** Matches code, name or name_en as a case-insensitive substring. */
  keyword?: string;
  code?: { eq?: string; in?: string[] };
}

/** A page of the tenant's code tables by order then code, with how many match and each one's item count. */
export async function listCodesPage(
  tx: Executor,
  tenantId: string,
  filter: CodesFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: (CodesRow & { items_count: number })[]; total: number }> {
  const conditions: SQL[] = [eq(codes.tenant_id, tenantId)];
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    conditions.push(or(ilike(codes.code, pattern), ilike(codes.name, pattern), ilike(codes.name_en, pattern))!);
  }
  if (filter.code?.eq) conditions.push(eq(codes.code, filter.code.eq));
  if (filter.code?.in) conditions.push(inArray(codes.code, filter.code.in));
  const where = and(...conditions);
  const rows = await tx
    .select({
      id: codes.id,
      tenant_id: codes.tenant_id,
      code: codes.code,
      name: codes.name,
      name_en: codes.name_en,
      description: codes.description,
      order: codes.order,
      create_time: codes.create_time,
      // Qualified by hand: inside a subquery drizzle would print both columns unqualified.
      items_count: sql<number>`(select count(*)::int from code_items ci where ci.codes_id = "codes"."id")`,
    })
    .from(codes)
    .where(where)
    .orderBy(asc(codes.order), asc(codes.code))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx.select({ n: count() }).from(codes).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function findCodes(tx: Executor, tenantId: string, id: string): Promise<CodesRow | undefined> {
  const [row] = await tx
    .select()
    .from(codes)
    .where(and(eq(codes.tenant_id, tenantId), eq(codes.id, id)))
    .limit(1);
  return row;
}

/** The code table, locked until the transaction ends (imports and item edits of one table queue). */
export async function lockCodes(tx: Executor, tenantId: string, id: string): Promise<CodesRow | undefined> {
  const [row] = await tx
    .select()
    .from(codes)
    .where(and(eq(codes.tenant_id, tenantId), eq(codes.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function findCodesByCode(tx: Executor, tenantId: string, code: string): Promise<CodesRow | undefined> {
  const [row] = await tx
    .select()
    .from(codes)
    .where(and(eq(codes.tenant_id, tenantId), eq(codes.code, code)))
    .limit(1);
  return row;
}

export async function insertCodes(tx: Executor, tenantId: string, fields: CodesFields): Promise<CodesRow> {
  const [row] = await tx
    .insert(codes)
    .values({ ...fields, tenant_id: tenantId })
    .returning();
  return row!;
}

export async function updateCodes(
  tx: Executor,
  tenantId: string,
  id: string,
  fields: CodesFields,
): Promise<CodesRow | undefined> {
  const [row] = await tx
    .update(codes)
    .set(fields)
    .where(and(eq(codes.tenant_id, tenantId), eq(codes.id, id)))
    .returning();
  return row;
}

/** Deletes a code table; its items and their locations go with it (foreign keys cascade). */
export async function deleteCodes(tx: Executor, tenantId: string, id: string): Promise<CodesRow | undefined> {
  const [row] = await tx
    .delete(codes)
    .where(and(eq(codes.tenant_id, tenantId), eq(codes.id, id)))
    .returning();
  return row;
}

export async function countItems(tx: Executor, tenantId: string, codesId: string): Promise<number> {
  const [counted] = await tx
    .select({ n: count() })
    .from(codeItems)
    .where(and(eq(codeItems.tenant_id, tenantId), eq(codeItems.codes_id, codesId)));
  return counted?.n ?? 0;
}

/** Items with their table's code and order, for `findCodeItemsAll`. */
export type CodeItemWithCodes = CodeItemRow & { codes_code: string; codes_order: number };

/**
 * Items of the tables selected by id and/or code prefix (`yy_` selects `yy_campus`,
 * `yy_building`...), by table order, table code, item index, item code.
 */
export async function listItems(
  tx: Executor,
  tenantId: string,
  query: { codeId?: string; codePrefix?: string },
): Promise<CodeItemWithCodes[]> {
  const conditions: SQL[] = [eq(codeItems.tenant_id, tenantId)];
  if (query.codeId) conditions.push(eq(codeItems.codes_id, query.codeId));
  if (query.codePrefix) conditions.push(like(codes.code, `${escapeLike(query.codePrefix)}%`));
  const rows = await tx
    .select({ item: codeItems, codes_code: codes.code, codes_order: codes.order })
    .from(codeItems)
    .innerJoin(codes, eq(codes.id, codeItems.codes_id))
    .where(and(...conditions))
    .orderBy(asc(codes.order), asc(codes.code), asc(codeItems.item_index), asc(codeItems.item_code));
  return rows.map((r) => ({ ...r.item, codes_code: r.codes_code, codes_order: r.codes_order }));
}

export async function listItemsOf(tx: Executor, tenantId: string, codesId: string): Promise<CodeItemRow[]> {
  return tx
    .select()
    .from(codeItems)
    .where(and(eq(codeItems.tenant_id, tenantId), eq(codeItems.codes_id, codesId)))
    .orderBy(asc(codeItems.item_index), asc(codeItems.item_code));
}

export async function findItem(tx: Executor, tenantId: string, id: string): Promise<CodeItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(codeItems)
    .where(and(eq(codeItems.tenant_id, tenantId), eq(codeItems.id, id)))
    .limit(1);
  return row;
}

export async function insertItems(
  tx: Executor,
  tenantId: string,
  codesId: string,
  items: CodeItemFields[],
): Promise<CodeItemRow[]> {
  if (items.length === 0) return [];
  return tx
    .insert(codeItems)
    .values(items.map((i) => ({ ...i, tenant_id: tenantId, codes_id: codesId })))
    .returning();
}

export async function updateItem(
  tx: Executor,
  tenantId: string,
  id: string,
  fields: CodeItemFields,
): Promise<CodeItemRow | undefined> {
  const [row] = await tx
    .update(codeItems)
    .set(fields)
    .where(and(eq(codeItems.tenant_id, tenantId), eq(codeItems.id, id)))
    .returning();
  return row;
}

/** Points the children of `from` at `to` (an item's code changed). */
export async function reparentChildren(
  tx: Executor,
  tenantId: string,
  codesId: string,
  from: string,
  to: string,
): Promise<void> {
  await tx
    .update(codeItems)
    .set({ item_parent: to })
    .where(
      and(
        eq(codeItems.tenant_id, tenantId),
        eq(codeItems.codes_id, codesId),
        eq(codeItems.item_parent, from),
        sql`${codeItems.item_code} <> ${from}`,
        sql`${codeItems.item_name} <> ${from}`,
      ),
    );
}

export async function deleteItem(tx: Executor, tenantId: string, id: string): Promise<CodeItemRow | undefined> {
  const [row] = await tx
    .delete(codeItems)
    .where(and(eq(codeItems.tenant_id, tenantId), eq(codeItems.id, id)))
    .returning();
  return row;
}

// ---- Locations ----

/** A location with the item it belongs to and that item's table. */
export interface LocationRecord extends LocationRow {
  item: CodeItemRow;
  codes_code: string;
}

export async function listLocations(
  tx: Executor,
  tenantId: string,
  query: { codePrefix?: string },
): Promise<LocationRecord[]> {
  const conditions: SQL[] = [eq(codeItemLocations.tenant_id, tenantId)];
  if (query.codePrefix) conditions.push(like(codes.code, `${escapeLike(query.codePrefix)}%`));
  const rows = await tx
    .select({ location: codeItemLocations, item: codeItems, codes_code: codes.code })
    .from(codeItemLocations)
    .innerJoin(codeItems, eq(codeItems.id, codeItemLocations.code_item_id))
    .innerJoin(codes, eq(codes.id, codeItems.codes_id))
    .where(and(...conditions))
    .orderBy(asc(codes.order), asc(codes.code), asc(codeItems.item_index), asc(codeItems.item_code));
  return rows.map((r) => ({ ...r.location, item: r.item, codes_code: r.codes_code }));
}

/** Creates or replaces the location of an item (one per item). */
export async function upsertLocation(
  tx: Executor,
  tenantId: string,
  codeItemId: string,
  fields: LocationFields,
): Promise<LocationRow> {
  const [row] = await tx
    .insert(codeItemLocations)
    .values({ ...fields, tenant_id: tenantId, code_item_id: codeItemId })
    .onConflictDoUpdate({ target: codeItemLocations.code_item_id, set: fields })
    .returning();
  return row!;
}

export async function findLocation(tx: Executor, tenantId: string, id: string): Promise<LocationRow | undefined> {
  const [row] = await tx
    .select()
    .from(codeItemLocations)
    .where(and(eq(codeItemLocations.tenant_id, tenantId), eq(codeItemLocations.id, id)))
    .limit(1);
  return row;
}

export async function deleteLocation(tx: Executor, tenantId: string, id: string): Promise<LocationRow | undefined> {
  const [row] = await tx
    .delete(codeItemLocations)
    .where(and(eq(codeItemLocations.tenant_id, tenantId), eq(codeItemLocations.id, id)))
    .returning();
  return row;
}
