import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import { appointmentApprovalTasks } from './booking.approval.tables.ts';
import {
  appointmentFilterConds,
  type AppointmentFilter,
  type AppointmentListRow,
  type AppointmentRow,
} from './booking.repository.ts';
import { appointments } from './booking.tables.ts';

export type ApprovalTaskRow = typeof appointmentApprovalTasks.$inferSelect;
export type NewApprovalTask = Omit<typeof appointmentApprovalTasks.$inferInsert, 'tenant_id'>;

/** Where a booking still awaits approval (the only state approve, reject and terminate act on). */
function pending(tenantId: string, id: string): SQL {
  const a = appointments;
  return and(
    eq(a.tenant_id, tenantId),
    eq(a.id, id),
    eq(a.del, 0),
    eq(a.state, '0'),
    eq(a.audit_status, '1'),
    eq(a.appointment_state, '0'),
  )!;
}

/**
 * Approves ('2') or rejects ('3') a booking awaiting approval with one conditional update on
 * its current audit_status: of two approvers acting at once, the second's update finds the
 * row no longer pending and changes nothing. A rejected booking stops holding its slot.
 * Undefined when the booking was not awaiting approval.
 */
export async function decideAudit(
  tx: Executor,
  tenantId: string,
  id: string,
  to: '2' | '3',
  at: Date,
): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .update(appointments)
    .set(to === '3' ? { audit_status: to, active: false, update_time: at } : { audit_status: to, update_time: at })
    .where(pending(tenantId, id))
    .returning();
  return row;
}

/** Terminates an application awaiting approval (appointment_state '3'); it stops holding its slot. */
export async function markTerminated(
  tx: Executor,
  tenantId: string,
  id: string,
  cancel: { reason: string; by: string; at: Date },
): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({
      appointment_state: '3',
      active: false,
      cancel_reason: cancel.reason,
      cancel_user: cancel.by,
      cancel_time: cancel.at,
      update_time: cancel.at,
    })
    .where(pending(tenantId, id))
    .returning();
  return row;
}

/** Stops a booking holding its slot (first step of a time change, inside its transaction). */
export async function releaseHold(tx: Executor, tenantId: string, id: string): Promise<void> {
  await tx
    .update(appointments)
    .set({ active: false })
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, id)));
}

/**
 * Moves a booking to a new period and makes it hold its slot again. On an exclusive resource
 * the exclusion constraint refuses the update (SQLSTATE 23P01) when an active booking overlaps.
 */
export async function moveBooking(
  tx: Executor,
  tenantId: string,
  id: string,
  to: {
    appointment_date: string;
    start_time: string;
    end_time: string;
    starts_at: Date;
    ends_at: Date;
    time_slot_id: string | null;
    audit_status: string;
    update_time: Date;
  },
): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({ ...to, active: true })
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, id)))
    .returning();
  return row;
}

/** Some bookings (not deleted), locked until the transaction ends. */
export async function lockAppointments(tx: Executor, tenantId: string, ids: string[]): Promise<AppointmentRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.tenant_id, tenantId), inArray(appointments.id, ids), eq(appointments.del, 0)))
    .for('update');
}

/** Soft-deletes records (del 1); returns the ids deleted. */
export async function softDelete(tx: Executor, tenantId: string, ids: string[], at: Date): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx
    .update(appointments)
    .set({ del: 1, update_time: at })
    .where(and(eq(appointments.tenant_id, tenantId), inArray(appointments.id, ids), eq(appointments.del, 0)))
    .returning({ id: appointments.id });
  return rows.map((r) => r.id);
}

export async function insertApprovalTask(tx: Executor, tenantId: string, task: NewApprovalTask): Promise<void> {
  await tx.insert(appointmentApprovalTasks).values({ ...task, tenant_id: tenantId });
}

/** A booking's handled approval steps, oldest first. */
export async function approvalTasksOf(tx: Executor, tenantId: string, appointmentId: string) {
  const t = appointmentApprovalTasks;
  return tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.appointment_id, appointmentId)))
    .orderBy(asc(t.handle_time), asc(t.id));
}

export interface AllAppointmentsQuery {
  filter: AppointmentFilter;
  dateFrom?: string;
  dateTo?: string;
  onlyFlow?: boolean;
  /** Only the bookings of the resources the caller administers (resource-admins.ts); all when absent. */
  managed?: SQL;
}

/** A page of all the tenant's bookings (not deleted), latest first, with their type names. */
export async function pageAllAppointments(
  tx: Executor,
  tenantId: string,
  q: AllAppointmentsQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: AppointmentListRow[]; total: number }> {
  const a = appointments;
  const conds: SQL[] = [eq(a.tenant_id, tenantId), eq(a.del, 0)];
  conds.push(...appointmentFilterConds(q.filter));
  if (q.dateFrom) conds.push(gte(a.appointment_date, q.dateFrom));
  if (q.dateTo) conds.push(lte(a.appointment_date, q.dateTo));
  if (q.onlyFlow) conds.push(ne(a.audit_status, '0'));
  if (q.managed) conds.push(q.managed);
  const where = and(...conds);
  // One statement at a time: a transaction's connection runs one query at once.
  const rows = await tx
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
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(a).where(where);
  return {
    rows: rows.map((r) => ({
      ...r.appointment,
      resources_type_name: r.resources_type_name ?? '',
      resources_type_name_en: r.resources_type_name_en ?? '',
    })),
    total: total?.n ?? 0,
  };
}

/** The tenant's enabled resources, in display order (vacancy table). */
export async function enabledResources(tx: Executor, tenantId: string) {
  const r = resources;
  return tx
    .select({ id: r.id, resources_name: r.resources_name, resources_name_en: r.resources_name_en })
    .from(r)
    .where(and(eq(r.tenant_id, tenantId), eq(r.del, 0), eq(r.state, 1)))
    .orderBy(asc(r.order), asc(r.resources_name), asc(r.id));
}
