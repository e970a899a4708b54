import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import type { ColumnCondition } from '../resources/resources.rules.ts';
import { appointmentNumberLimitRules } from '../rules/rules.tables.ts';
import {
  appointmentCollections,
  appointmentParticipants,
  appointments,
  appointmentSlotCounters,
} from './booking.tables.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = Omit<typeof appointments.$inferInsert, 'tenant_id'>;
export type ParticipantRow = typeof appointmentParticipants.$inferSelect;
export type NewParticipant = Omit<typeof appointmentParticipants.$inferInsert, 'tenant_id' | 'appointment_id'>;
export type CollectionRow = typeof appointmentCollections.$inferSelect;
export type NewCollection = Omit<typeof appointmentCollections.$inferInsert, 'tenant_id' | 'appointment_id'>;

/** An active booking as availability sees it. */
export interface ActiveBooking {
  id: string;
  resources_id: string;
  starts_at: Date;
  ends_at: Date;
  appointment_user: string;
}

/** Active bookings (holding their slot) of some resources overlapping [from, to): one query. */
export async function activeBookingsOverlapping(
  tx: Executor,
  tenantId: string,
  resourceIds: string[],
  from: Date,
  to: Date,
): Promise<ActiveBooking[]> {
  if (!resourceIds.length) return [];
  const a = appointments;
  return tx
    .select({
      id: a.id,
      resources_id: a.resources_id,
      starts_at: a.starts_at,
      ends_at: a.ends_at,
      appointment_user: a.appointment_user,
    })
    .from(a)
    .where(
      and(
        eq(a.tenant_id, tenantId),
        inArray(a.resources_id, resourceIds),
        eq(a.active, true),
        lt(a.starts_at, to),
        gt(a.ends_at, from),
      ),
    );
}

/** How many of `bookings` overlap [startsAt, endsAt). */
export function overlapCount(bookings: readonly ActiveBooking[], startsAt: number, endsAt: number): number {
  return bookings.filter((b) => b.starts_at.getTime() < endsAt && startsAt < b.ends_at.getTime()).length;
}

/**
 * Inserts a booking of an exclusive resource unless an active booking overlaps it: the
 * exclusion constraint decides, `ON CONFLICT DO NOTHING` turns a conflict into no row (a
 * concurrent insert waits for the other transaction instead of deadlocking). Undefined when taken.
 */
export async function insertExclusive(
  tx: Executor,
  tenantId: string,
  values: NewAppointment,
): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .insert(appointments)
    .values({ ...values, tenant_id: tenantId, exclusive: true })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Takes one seat of a capacity slot: creates the slot's counter row if missing, then
 * `UPDATE ... SET taken = taken + 1 WHERE taken < capacity`. False when the slot is full.
 */
export async function takeSeat(
  tx: Executor,
  tenantId: string,
  slot: { resources_id: string; starts_at: Date; ends_at: Date; capacity: number },
): Promise<boolean> {
  const c = appointmentSlotCounters;
  await tx
    .insert(c)
    .values({ tenant_id: tenantId, ...slot, taken: 0 })
    .onConflictDoNothing();
  const rows = await tx
    .update(c)
    .set({ taken: sql`${c.taken} + 1`, capacity: slot.capacity })
    .where(
      and(
        eq(c.tenant_id, tenantId),
        eq(c.resources_id, slot.resources_id),
        eq(c.starts_at, slot.starts_at),
        eq(c.ends_at, slot.ends_at),
        lt(c.taken, slot.capacity),
      ),
    )
    .returning({ taken: c.taken });
  return rows.length === 1;
}

/** Gives back the seat a capacity booking held. */
export async function releaseSeat(
  tx: Executor,
  tenantId: string,
  slot: { resources_id: string; starts_at: Date; ends_at: Date },
): Promise<void> {
  const c = appointmentSlotCounters;
  await tx
    .update(c)
    .set({ taken: sql`${c.taken} - 1` })
    .where(
      and(
        eq(c.tenant_id, tenantId),
        eq(c.resources_id, slot.resources_id),
        eq(c.starts_at, slot.starts_at),
        eq(c.ends_at, slot.ends_at),
        gt(c.taken, 0),
      ),
    );
}

/** Inserts a booking of a capacity resource (its seat already taken). */
export async function insertShared(tx: Executor, tenantId: string, values: NewAppointment): Promise<AppointmentRow> {
  const [row] = await tx
    .insert(appointments)
    .values({ ...values, tenant_id: tenantId, exclusive: false })
    .returning();
  return row!;
}

export async function insertParticipants(
  tx: Executor,
  tenantId: string,
  appointmentId: string,
  rows: NewParticipant[],
): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(appointmentParticipants)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId, appointment_id: appointmentId })));
}

export async function insertCollections(
  tx: Executor,
  tenantId: string,
  appointmentId: string,
  rows: NewCollection[],
): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(appointmentCollections)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId, appointment_id: appointmentId })));
}

/**
 * Serialises the booking submits of one booker (any resource) until the transaction ends, so
 * per-person limits hold under concurrent submits of the same user.
 */
export async function lockBooker(tx: Executor, tenantId: string, account: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`yy-booker:${tenantId}:${account}`}, 0))`);
}

/** The per-person limit rules a resource type declares in its list. */
export async function typeNumberLimits(tx: Executor, tenantId: string, typeId: string) {
  const r = appointmentNumberLimitRules;
  return tx
    .select()
    .from(r)
    .where(and(eq(r.tenant_id, tenantId), eq(r.resources_type_id, typeId)));
}

/** Active bookings of a booker dated from..to (inclusive), of one resource or of one type. */
export async function countBookerBookings(
  tx: Executor,
  tenantId: string,
  account: string,
  scope: { resourceId?: string; typeId?: string },
  from: string,
  to: string,
): Promise<number> {
  const a = appointments;
  const conds: SQL[] = [
    eq(a.tenant_id, tenantId),
    eq(a.appointment_user, account),
    eq(a.active, true),
    gte(a.appointment_date, from),
    lte(a.appointment_date, to),
  ];
  if (scope.resourceId) conds.push(eq(a.resources_id, scope.resourceId));
  if (scope.typeId) conds.push(eq(a.resources_type_id, scope.typeId));
  const [row] = await tx
    .select({ n: count() })
    .from(a)
    .where(and(...conds));
  return row?.n ?? 0;
}

/** One booking; `forUpdate` locks its row until the transaction ends. */
export async function findAppointment(
  tx: Executor,
  tenantId: string,
  id: string,
  forUpdate = false,
): Promise<AppointmentRow | undefined> {
  const q = tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Marks a booking cancelled (state '1'); it stops holding its slot. */
export async function markCancelled(
  tx: Executor,
  tenantId: string,
  id: string,
  cancel: { reason: string; by: string; at: Date },
): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({
      state: '1',
      active: false,
      cancel_reason: cancel.reason,
      cancel_user: cancel.by,
      cancel_time: cancel.at,
      update_time: cancel.at,
    })
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, id), eq(appointments.state, '0')))
    .returning();
  return row;
}

/** Columns the booking lists filter on (api-contract 4). */
export const appointmentFilterColumns = [
  'id',
  'resources_id',
  'resources_type_id',
  'resources_number',
  'appointment_date',
  'audit_status',
  'state',
  'appointment_state',
] as const;
export type AppointmentFilter = Partial<Record<(typeof appointmentFilterColumns)[number], ColumnCondition>>;

export interface AppointmentQuery {
  filter: AppointmentFilter;
  /** Only bookings made by or for this account. */
  account: string;
  dateFrom?: string;
  dateTo?: string;
  /** Only bookings that went through approval. */
  onlyFlow?: boolean;
}

export interface AppointmentListRow extends AppointmentRow {
  resources_type_name: string;
  resources_type_name_en: string;
}

function columnConds(col: AnyPgColumn, c: ColumnCondition): SQL[] {
  const out: SQL[] = [];
  if (c.eq !== undefined) out.push(eq(col, c.eq));
  if (c.in !== undefined) out.push(c.in.length ? inArray(col, c.in) : sql`false`);
  return out;
}

/** A page of a user's bookings, latest date first, with their type names. */
export async function pageAppointments(
  tx: Executor,
  tenantId: string,
  q: AppointmentQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: AppointmentListRow[]; total: number }> {
  const a = appointments;
  const conds: SQL[] = [
    eq(a.tenant_id, tenantId),
    eq(a.del, 0),
    or(eq(a.appointment_user, q.account), eq(a.created_user, q.account))!,
  ];
  for (const column of appointmentFilterColumns) {
    const c = q.filter[column];
    if (c) conds.push(...columnConds(a[column], c));
  }
  if (q.dateFrom) conds.push(gte(a.appointment_date, q.dateFrom));
  if (q.dateTo) conds.push(lte(a.appointment_date, q.dateTo));
  if (q.onlyFlow) conds.push(ne(a.audit_status, '0'));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    tx
      .select({
        appointment: a,
        resources_type_name: resourcesTypes.resources_name,
        resources_type_name_en: resourcesTypes.resources_name_en,
      })
      .from(a)
      .leftJoin(resourcesTypes, eq(resourcesTypes.id, a.resources_type_id))
      .where(where)
      .orderBy(desc(a.starts_at), asc(a.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ n: count() }).from(a).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.appointment,
      resources_type_name: r.resources_type_name ?? '',
      resources_type_name_en: r.resources_type_name_en ?? '',
    })),
    total: total?.n ?? 0,
  };
}

/** Participants and collected values of some bookings, by booking id. */
export async function childrenOf(tx: Executor, tenantId: string, ids: string[]) {
  const participants = new Map<string, ParticipantRow[]>();
  const collections = new Map<string, CollectionRow[]>();
  if (!ids.length) return { participants, collections };
  const [ps, cs] = await Promise.all([
    tx
      .select()
      .from(appointmentParticipants)
      .where(and(eq(appointmentParticipants.tenant_id, tenantId), inArray(appointmentParticipants.appointment_id, ids)))
      .orderBy(asc(appointmentParticipants.create_time), asc(appointmentParticipants.id)),
    tx
      .select()
      .from(appointmentCollections)
      .where(and(eq(appointmentCollections.tenant_id, tenantId), inArray(appointmentCollections.appointment_id, ids)))
      .orderBy(asc(appointmentCollections.create_time), asc(appointmentCollections.id)),
  ]);
  for (const p of ps) participants.set(p.appointment_id, [...(participants.get(p.appointment_id) ?? []), p]);
  for (const c of cs) collections.set(c.appointment_id, [...(collections.get(c.appointment_id) ?? []), c]);
  return { participants, collections };
}
