import { and, count, desc, eq, gt, inArray, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { resources, resourcesOccupancies } from '../resources/resources.tables.ts';

export type OccupancyRow = typeof resourcesOccupancies.$inferSelect;
export type NewOccupancy = Omit<typeof resourcesOccupancies.$inferInsert, 'tenant_id'>;

/** Occupancies of some resources that overlap [from, to). */
export async function occupanciesOverlapping(
  tx: Executor,
  tenantId: string,
  resourceIds: string[],
  from: Date,
  to: Date,
): Promise<OccupancyRow[]> {
  if (!resourceIds.length) return [];
  return tx
    .select()
    .from(resourcesOccupancies)
    .where(
      and(
        eq(resourcesOccupancies.tenant_id, tenantId),
        inArray(resourcesOccupancies.resources_id, resourceIds),
        lt(resourcesOccupancies.starts_at, to),
        gt(resourcesOccupancies.ends_at, from),
      ),
    );
}

export interface OccupancyQuery {
  ids?: { eq?: string; in?: string[] };
  resourceIds?: { eq?: string; in?: string[] };
  typeIds?: { eq?: string; in?: string[] };
  from?: Date;
  to?: Date;
}

export interface OccupancyListRow extends OccupancyRow {
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
}

function idCond(col: AnyPgColumn, c?: { eq?: string; in?: string[] }): SQL[] {
  const out: SQL[] = [];
  if (c?.eq !== undefined) out.push(eq(col, c.eq));
  if (c?.in !== undefined) out.push(inArray(col, c.in));
  return out;
}

/** A page of occupancies with their resources' names, latest start first. */
export async function listOccupancies(
  tx: Executor,
  tenantId: string,
  q: OccupancyQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: OccupancyListRow[]; total: number }> {
  const o = resourcesOccupancies;
  const conds: SQL[] = [
    eq(o.tenant_id, tenantId),
    ...idCond(o.id, q.ids),
    ...idCond(o.resources_id, q.resourceIds),
    ...idCond(resources.resources_type_id, q.typeIds),
  ];
  if (q.from) conds.push(gt(o.ends_at, q.from));
  if (q.to) conds.push(lt(o.starts_at, q.to));
  const where = and(...conds);
  const rows = await tx
    .select({
      occupancy: o,
      resources_name: resources.resources_name,
      resources_name_en: resources.resources_name_en,
      resources_type_id: resources.resources_type_id,
    })
    .from(o)
    .innerJoin(resources, eq(resources.id, o.resources_id))
    .where(where)
    .orderBy(desc(o.starts_at), desc(o.id))
    .limit(page.limit)
    .offset(page.offset);
  const [n] = await tx
    .select({ n: count() })
    .from(o)
    .innerJoin(resources, eq(resources.id, o.resources_id))
    .where(where);
  return {
    rows: rows.map((r) => ({
      ...r.occupancy,
      resources_name: r.resources_name,
      resources_name_en: r.resources_name_en,
      resources_type_id: r.resources_type_id,
    })),
    total: n?.n ?? 0,
  };
}

export async function findOccupancy(tx: Executor, tenantId: string, id: string): Promise<OccupancyRow | undefined> {
  const [row] = await tx
    .select()
    .from(resourcesOccupancies)
    .where(and(eq(resourcesOccupancies.tenant_id, tenantId), eq(resourcesOccupancies.id, id)))
    .limit(1);
  return row;
}

export async function insertOccupancy(tx: Executor, tenantId: string, values: NewOccupancy): Promise<OccupancyRow> {
  const [row] = await tx
    .insert(resourcesOccupancies)
    .values({ ...values, tenant_id: tenantId })
    .returning();
  if (!row) throw new Error('occupancy row missing after insert');
  return row;
}

export async function updateOccupancy(
  tx: Executor,
  tenantId: string,
  id: string,
  patch: Partial<NewOccupancy>,
): Promise<OccupancyRow | undefined> {
  const [row] = await tx
    .update(resourcesOccupancies)
    .set(patch)
    .where(and(eq(resourcesOccupancies.tenant_id, tenantId), eq(resourcesOccupancies.id, id)))
    .returning();
  return row;
}

export async function deleteOccupancy(tx: Executor, tenantId: string, id: string): Promise<OccupancyRow | undefined> {
  const [row] = await tx
    .delete(resourcesOccupancies)
    .where(and(eq(resourcesOccupancies.tenant_id, tenantId), eq(resourcesOccupancies.id, id)))
    .returning();
  return row;
}
