import { and, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { appointments } from '../booking/booking.tables.ts';
import type { ColumnCondition } from '../notices/notices.rules.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import { appointmentEvaluates, resourcesLikes } from './evaluations.tables.ts';
import type { evaluateFilterColumns, likeFilterColumns } from './evaluations.rules.ts';

export type EvaluateRow = typeof appointmentEvaluates.$inferSelect;
export type NewEvaluate = Omit<typeof appointmentEvaluates.$inferInsert, 'id' | 'tenant_id'>;
export type EvaluateFilter = Partial<Record<(typeof evaluateFilterColumns)[number], ColumnCondition>>;
export type LikeFilter = Partial<Record<(typeof likeFilterColumns)[number], ColumnCondition>>;

/** `%` and `_` in a substring search are literal characters. */
const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditionsOn(column: AnyPgColumn, c: ColumnCondition, kind: 'text' | 'int' = 'text'): SQL[] {
  const out: SQL[] = [];
  const value = (v: string) => (kind === 'int' ? (/^-?\d{1,9}$/.test(v) ? Number(v) : null) : v);
  if (c.eq !== undefined) {
    const v = value(c.eq);
    out.push(v === null ? sql`false` : eq(column, v));
  }
  if (c.in !== undefined) {
    const vs = c.in.map(value).filter((v) => v !== null);
    out.push(vs.length ? inArray(column, vs) : sql`false`);
  }
  if (c.like !== undefined && kind === 'text') out.push(ilike(column, containsPattern(c.like)));
  return out;
}

/** The booking an evaluation is about, locked until the transaction ends. */
export async function findBookingForEvaluate(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, id)))
    .for('update');
  return row;
}

/** Marks bookings evaluated ('1') or not ('0'): the bookings' `is_evaluate`. */
export async function setBookingEvaluated(tx: Executor, tenantId: string, id: string | string[], flag: '0' | '1') {
  const ids = Array.isArray(id) ? id : [id];
  if (!ids.length) return;
  await tx
    .update(appointments)
    .set({ is_evaluate: flag })
    .where(and(eq(appointments.tenant_id, tenantId), inArray(appointments.id, ids)));
}

/** A booking's evaluation that is not deleted, if any. */
export async function evaluateOfBooking(tx: Executor, tenantId: string, appointmentId: string) {
  const [row] = await tx
    .select({ id: appointmentEvaluates.id })
    .from(appointmentEvaluates)
    .where(
      and(
        eq(appointmentEvaluates.tenant_id, tenantId),
        eq(appointmentEvaluates.appointment_id, appointmentId),
        eq(appointmentEvaluates.del, 0),
      ),
    );
  return row;
}

export async function insertEvaluate(tx: Executor, tenantId: string, values: NewEvaluate): Promise<EvaluateRow> {
  const [row] = await tx
    .insert(appointmentEvaluates)
    .values({ ...values, tenant_id: tenantId })
    .returning();
  return row!;
}

/** An evaluation that is not deleted; `forUpdate` locks it until the transaction ends. */
export async function findEvaluate(
  tx: Executor,
  tenantId: string,
  id: string,
  forUpdate = false,
): Promise<EvaluateRow | undefined> {
  const q = tx
    .select()
    .from(appointmentEvaluates)
    .where(
      and(
        eq(appointmentEvaluates.tenant_id, tenantId),
        eq(appointmentEvaluates.id, id),
        eq(appointmentEvaluates.del, 0),
      ),
    );
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Evaluations that are not deleted, locked until the transaction ends. */
export async function lockEvaluates(tx: Executor, tenantId: string, ids: string[]): Promise<EvaluateRow[]> {
  if (!ids.length) return [];
  const e = appointmentEvaluates;
  return tx
    .select()
    .from(e)
    .where(and(eq(e.tenant_id, tenantId), inArray(e.id, ids), eq(e.del, 0)))
    .for('update');
}

/** Marks evaluations deleted (del 1): they leave every list and the resources' counts and means. */
export async function markEvaluatesDeleted(tx: Executor, tenantId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const e = appointmentEvaluates;
  await tx
    .update(e)
    .set({ del: 1, update_time: new Date() })
    .where(and(eq(e.tenant_id, tenantId), inArray(e.id, ids)));
}

export async function updateEvaluate(
  tx: Executor,
  tenantId: string,
  id: string,
  values: Partial<NewEvaluate>,
): Promise<EvaluateRow> {
  const [row] = await tx
    .update(appointmentEvaluates)
    .set({ ...values, update_time: new Date() })
    .where(and(eq(appointmentEvaluates.tenant_id, tenantId), eq(appointmentEvaluates.id, id)))
    .returning();
  return row!;
}

export interface EvaluateQuery {
  filter: EvaluateFilter;
  /** Only this author's. */
  author?: string;
  /** Only this resource's. */
  resourcesId?: string;
  /** Only shown ones (state '1'). */
  shownOnly?: boolean;
  /** Only those written at or after this instant. */
  createdFrom?: Date;
  /** Only those written before this instant. */
  createdBefore?: Date;
  limit: number;
  offset: number;
}

/** A page of evaluations that are not deleted, newest first, and the total that matches. */
export async function pageEvaluates(
  tx: Executor,
  tenantId: string,
  q: EvaluateQuery,
): Promise<{ rows: EvaluateRow[]; total: number }> {
  const e = appointmentEvaluates;
  const conds: SQL[] = [eq(e.tenant_id, tenantId), eq(e.del, 0)];
  if (q.author !== undefined) conds.push(eq(e.created_user, q.author));
  if (q.resourcesId !== undefined) conds.push(eq(e.resources_id, q.resourcesId));
  if (q.shownOnly) conds.push(eq(e.state, '1'));
  if (q.createdFrom) conds.push(gte(e.create_time, q.createdFrom));
  if (q.createdBefore) conds.push(lt(e.create_time, q.createdBefore));
  for (const [column, c] of Object.entries(q.filter) as [keyof EvaluateFilter, ColumnCondition][]) {
    conds.push(...conditionsOn(e[column], c, column === 'composite_score' ? 'int' : 'text'));
  }
  const where = and(...conds);
  const rows = await tx
    .select()
    .from(e)
    .where(where)
    .orderBy(desc(e.create_time), desc(e.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await tx.select({ n: count() }).from(e).where(where);
  return { rows, total: total?.n ?? 0 };
}

export interface ScoreSums {
  resources_id: string;
  n: number;
  composite: number;
  resources: number;
  system: number;
  service: number;
}

/** Count and score sums of the shown evaluations of some resources (resources without any are absent). */
export async function scoreSums(tx: Executor, tenantId: string, resourceIds: string[]): Promise<ScoreSums[]> {
  if (!resourceIds.length) return [];
  const e = appointmentEvaluates;
  return tx
    .select({
      resources_id: e.resources_id,
      n: count(),
      composite: sql<number>`sum(${e.composite_score})`.mapWith(Number),
      resources: sql<number>`sum(${e.resources_score})`.mapWith(Number),
      system: sql<number>`sum(${e.system_score})`.mapWith(Number),
      service: sql<number>`sum(${e.service_score})`.mapWith(Number),
    })
    .from(e)
    .where(and(eq(e.tenant_id, tenantId), eq(e.del, 0), eq(e.state, '1'), inArray(e.resources_id, resourceIds)))
    .groupBy(e.resources_id);
}

export type LikeRow = typeof resourcesLikes.$inferSelect;

/** Adds a favourite; null when the user already has it. */
export async function insertLike(
  tx: Executor,
  tenantId: string,
  values: { resources_id: string; created_user: string; created_user_name: string },
): Promise<LikeRow | null> {
  const [row] = await tx
    .insert(resourcesLikes)
    .values({ ...values, tenant_id: tenantId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** A user's favourite of a resource, if any. */
export async function findLike(
  tx: Executor,
  tenantId: string,
  account: string,
  resourcesId: string,
): Promise<LikeRow | undefined> {
  const [row] = await tx
    .select()
    .from(resourcesLikes)
    .where(
      and(
        eq(resourcesLikes.tenant_id, tenantId),
        eq(resourcesLikes.created_user, account),
        eq(resourcesLikes.resources_id, resourcesId),
      ),
    );
  return row;
}

/** Removes a user's favourite; the removed row, or null when there was none. */
export async function deleteLike(
  tx: Executor,
  tenantId: string,
  account: string,
  resourcesId: string,
): Promise<LikeRow | null> {
  const [row] = await tx
    .delete(resourcesLikes)
    .where(
      and(
        eq(resourcesLikes.tenant_id, tenantId),
        eq(resourcesLikes.created_user, account),
        eq(resourcesLikes.resources_id, resourcesId),
      ),
    )
    .returning();
  return row ?? null;
}

/** A page of a user's favourites with their resources (resources deleted meanwhile left out), newest first. */
export async function pageLikes(
  tx: Executor,
  tenantId: string,
  q: { account: string; filter: LikeFilter; limit: number; offset: number },
) {
  const l = resourcesLikes;
  const r = resources;
  const conds: SQL[] = [eq(l.tenant_id, tenantId), eq(l.created_user, q.account), eq(r.del, 0)];
  if (q.filter.resources_id) conds.push(...conditionsOn(l.resources_id, q.filter.resources_id));
  if (q.filter.resources_type_id) conds.push(...conditionsOn(r.resources_type_id, q.filter.resources_type_id));
  const where = and(...conds);
  const rows = await tx
    .select({
      like: l,
      resource: {
        resources_name: r.resources_name,
        resources_name_en: r.resources_name_en,
        resources_type_id: r.resources_type_id,
        campus_name: r.campus_name,
        campus_name_en: r.campus_name_en,
        building_name: r.building_name,
        building_name_en: r.building_name_en,
        floor_name: r.floor_name,
        floor_name_en: r.floor_name_en,
        capacity: r.capacity,
        state: r.state,
        images: r.images,
      },
      resources_type_name: resourcesTypes.resources_name,
      resources_type_name_en: resourcesTypes.resources_name_en,
    })
    .from(l)
    .innerJoin(r, eq(r.id, l.resources_id))
    .leftJoin(resourcesTypes, eq(resourcesTypes.id, r.resources_type_id))
    .where(where)
    .orderBy(desc(l.create_time), desc(l.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await tx.select({ n: count() }).from(l).innerJoin(r, eq(r.id, l.resources_id)).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * For the resource lists (`like`, `evaluateCount`, `average` of api-contract 4): how many users
 * have each resource as a favourite, and whether `account` is one of them.
 */
export async function likeCounts(
  tx: Executor,
  tenantId: string,
  resourceIds: string[],
  account: string,
): Promise<Map<string, { count: number; mine: boolean }>> {
  const out = new Map<string, { count: number; mine: boolean }>();
  if (!resourceIds.length) return out;
  const l = resourcesLikes;
  const rows = await tx
    .select({
      resources_id: l.resources_id,
      n: count(),
      mine: sql<number>`count(*) filter (where ${l.created_user} = ${account})`.mapWith(Number),
    })
    .from(l)
    .where(and(eq(l.tenant_id, tenantId), inArray(l.resources_id, resourceIds)))
    .groupBy(l.resources_id);
  for (const r of rows) out.set(r.resources_id, { count: r.n, mine: r.mine > 0 });
  return out;
}
