import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { appointments } from '../booking/booking.tables.ts';
import { users } from '../directory/directory.tables.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import { meetingIpWhitelist, meetingSettings, onlineMeetings } from './meetings.tables.ts';

export type MeetingRow = typeof onlineMeetings.$inferSelect;
export type NewMeeting = Omit<typeof onlineMeetings.$inferInsert, 'id' | 'tenant_id'>;
export type MeetingSettingsRow = typeof meetingSettings.$inferSelect;
export type WhitelistRow = typeof meetingIpWhitelist.$inferSelect;

const m = onlineMeetings;

// --- following bookings

/** Of these resource types, the ones that offer online meetings (`wemeet_enable` '1'). */
export async function meetingTypes(tx: Executor, tenantId: string, typeIds: string[]): Promise<Set<string>> {
  if (!typeIds.length) return new Set();
  const rows = await tx
    .select({ id: resourcesTypes.id })
    .from(resourcesTypes)
    .where(
      and(
        eq(resourcesTypes.tenant_id, tenantId),
        inArray(resourcesTypes.id, typeIds),
        eq(resourcesTypes.wemeet_enable, '1'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function meetingsOfBookings(tx: Executor, tenantId: string, ids: string[]): Promise<MeetingRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(m)
    .where(and(eq(m.tenant_id, tenantId), inArray(m.appointment_id, ids)));
}

export async function insertMeetings(tx: Executor, tenantId: string, rows: NewMeeting[]): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(m)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .onConflictDoNothing({ target: m.appointment_id });
}

export async function updateMeeting(
  tx: Executor,
  tenantId: string,
  id: string,
  set: Partial<Omit<MeetingRow, 'id' | 'tenant_id'>>,
): Promise<MeetingRow | undefined> {
  const [row] = await tx
    .update(m)
    .set({ ...set, update_time: new Date() })
    .where(and(eq(m.tenant_id, tenantId), eq(m.id, id)))
    .returning();
  return row;
}

export async function deleteMeeting(tx: Executor, tenantId: string, id: string): Promise<void> {
  await tx.delete(m).where(and(eq(m.tenant_id, tenantId), eq(m.id, id)));
}

// --- the worker

/**
 * Claims the meeting due longest (work to do, not failed, its time come), skipping rows another
 * worker is claiming: the claim counts the attempt and leases the row until `leaseUntil`.
 * Across tenants (the job's connection is not a tenant's).
 */
export async function claimDueMeeting(db: Db, q: { now: Date; leaseUntil: Date }): Promise<MeetingRow | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: m.id })
      .from(m)
      .where(and(ne(m.sync, ''), ne(m.state, 'failed'), lte(m.next_attempt_at, q.now)))
      .orderBy(asc(m.next_attempt_at), asc(m.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [row] = await tx
      .update(m)
      .set({ attempts: sql`${m.attempts} + 1`, next_attempt_at: q.leaseUntil })
      .where(eq(m.id, due.id))
      .returning();
    return row;
  });
}

/**
 * Moves meetings of providers that send no callbacks (Jitsi) along by their time: scheduled ->
 * started once it begins, -> ended once it is over. Only meetings with nothing left to do at the
 * provider. Across tenants (the job's connection). Gives how many changed.
 */
export async function advanceByClock(db: Db, now: Date, providers: readonly string[]): Promise<number> {
  if (!providers.length) return 0;
  const changed = await db
    .update(m)
    .set({
      state: sql`case when ${m.end_at} <= ${now} then 'ended' else 'started' end`,
      update_time: now,
    })
    .where(
      and(
        inArray(m.provider, [...providers]),
        eq(m.sync, ''),
        lte(m.start_at, now),
        sql`(${m.state} = 'scheduled' or (${m.state} = 'started' and ${m.end_at} <= ${now}))`,
      ),
    )
    .returning({ id: m.id });
  return changed.length;
}

/** The row, locked, if this worker's claim still holds (no other worker claimed it after the lease). */
export async function lockClaimed(tx: Executor, claimed: Pick<MeetingRow, 'id' | 'attempts'>) {
  const [row] = await tx
    .select()
    .from(m)
    .where(and(eq(m.id, claimed.id), eq(m.attempts, claimed.attempts)))
    .for('update');
  return row;
}

/** The booking of a meeting: who booked it, their e-mail (the booking's, else the directory's), the resource. */
export async function bookingOfMeeting(tx: Executor, tenantId: string, appointmentId: string) {
  const [row] = await tx
    .select({
      id: appointments.id,
      state: appointments.state,
      audit_status: appointments.audit_status,
      appointment_state: appointments.appointment_state,
      appointment_user: appointments.appointment_user,
      appointment_user_name: appointments.appointment_user_name,
      email: appointments.email,
      directory_email: users.email,
      resources_name: appointments.resources_name,
      resources_name_en: appointments.resources_name_en,
      appointment_date: appointments.appointment_date,
      start_time: appointments.start_time,
      end_time: appointments.end_time,
      theme: appointments.theme,
    })
    .from(appointments)
    .leftJoin(users, and(eq(users.tenant_id, appointments.tenant_id), eq(users.account, appointments.appointment_user)))
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, appointmentId)))
    .limit(1);
  return row;
}

// --- settings and whitelist

export async function findMeetingSettings(tx: Executor, tenantId: string): Promise<MeetingSettingsRow | undefined> {
  const [row] = await tx.select().from(meetingSettings).where(eq(meetingSettings.tenant_id, tenantId)).limit(1);
  return row;
}

export async function upsertMeetingSettings(
  tx: Executor,
  tenantId: string,
  values: Pick<MeetingSettingsRow, 'provider' | 'settings' | 'secret_enc' | 'updated_by'>,
): Promise<MeetingSettingsRow> {
  const at = new Date();
  const [row] = await tx
    .insert(meetingSettings)
    .values({ ...values, tenant_id: tenantId, update_time: at })
    .onConflictDoUpdate({ target: meetingSettings.tenant_id, set: { ...values, update_time: at } })
    .returning();
  return row!;
}

export async function listWhitelist(tx: Executor, tenantId: string): Promise<WhitelistRow[]> {
  return tx
    .select()
    .from(meetingIpWhitelist)
    .where(eq(meetingIpWhitelist.tenant_id, tenantId))
    .orderBy(asc(meetingIpWhitelist.create_time), asc(meetingIpWhitelist.address));
}

export async function insertWhitelist(
  tx: Executor,
  tenantId: string,
  values: Pick<WhitelistRow, 'address' | 'description' | 'created_by'>,
): Promise<WhitelistRow | undefined> {
  const [row] = await tx
    .insert(meetingIpWhitelist)
    .values({ ...values, tenant_id: tenantId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function deleteWhitelist(tx: Executor, tenantId: string, id: string): Promise<WhitelistRow | undefined> {
  const [row] = await tx
    .delete(meetingIpWhitelist)
    .where(and(eq(meetingIpWhitelist.tenant_id, tenantId), eq(meetingIpWhitelist.id, id)))
    .returning();
  return row;
}

// --- lists

export interface MeetingFilter {
  dateFrom?: Date;
  dateTo?: Date;
  resourcesId?: string;
  host?: string;
  provider?: string;
  state?: string;
  appointmentId?: string;
}

const listColumns = {
  meeting: m,
  resources_name: appointments.resources_name,
  resources_name_en: appointments.resources_name_en,
  appointment_user_name: appointments.appointment_user_name,
  appointment_date: appointments.appointment_date,
  start_time: appointments.start_time,
  end_time: appointments.end_time,
  theme: appointments.theme,
};

export type MeetingListRow = {
  meeting: MeetingRow;
  resources_name: string | null;
  resources_name_en: string | null;
  appointment_user_name: string | null;
  appointment_date: string | null;
  start_time: string | null;
  end_time: string | null;
  theme: string | null;
};

function where(tenantId: string, f: MeetingFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(m.tenant_id, tenantId)];
  if (f.dateFrom) parts.push(gte(m.start_at, f.dateFrom));
  if (f.dateTo) parts.push(lt(m.start_at, f.dateTo));
  if (f.resourcesId) parts.push(eq(m.resources_id, f.resourcesId));
  if (f.host)
    parts.push(
      sql`(${m.host_account} ilike ${`%${f.host}%`} or ${appointments.appointment_user_name} ilike ${`%${f.host}%`})`,
    );
  if (f.provider) parts.push(eq(m.provider, f.provider));
  if (f.state) parts.push(eq(m.state, f.state));
  if (f.appointmentId) parts.push(eq(m.appointment_id, f.appointmentId));
  return and(...parts)!;
}

export async function listMeetings(
  tx: Executor,
  tenantId: string,
  f: MeetingFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: MeetingListRow[]; total: number }> {
  const rows = await tx
    .select(listColumns)
    .from(m)
    .leftJoin(appointments, eq(appointments.id, m.appointment_id))
    .where(where(tenantId, f))
    .orderBy(desc(m.start_at), asc(m.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ n: count() })
    .from(m)
    .leftJoin(appointments, eq(appointments.id, m.appointment_id))
    .where(where(tenantId, f));
  return { rows, total: total?.n ?? 0 };
}

export async function findMeeting(tx: Executor, tenantId: string, id: string): Promise<MeetingListRow | undefined> {
  const [row] = await tx
    .select(listColumns)
    .from(m)
    .leftJoin(appointments, eq(appointments.id, m.appointment_id))
    .where(and(eq(m.tenant_id, tenantId), eq(m.id, id)))
    .limit(1);
  return row;
}

/** The appointment's booker and resource (who may read its meeting). */
export async function bookerOf(
  tx: Executor,
  tenantId: string,
  appointmentId: string,
): Promise<{ account: string; resources_id: string } | undefined> {
  const [row] = await tx
    .select({ account: appointments.appointment_user, resources_id: appointments.resources_id })
    .from(appointments)
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, appointmentId)))
    .limit(1);
  return row;
}

/**
 * A provider's callback: its meetings started (from scheduled) or ended (from scheduled or
 * started). Cancelled or failed meetings keep their state.
 */
export async function setStateByExternalId(
  tx: Executor,
  tenantId: string,
  provider: string,
  externalIds: string[],
  state: 'started' | 'ended',
): Promise<number> {
  const from = state === 'started' ? ['scheduled'] : ['scheduled', 'started'];
  const rows = await tx
    .update(m)
    .set({ state, update_time: new Date() })
    .where(
      and(
        eq(m.tenant_id, tenantId),
        eq(m.provider, provider),
        inArray(m.external_id, externalIds),
        inArray(m.state, from),
      ),
    )
    .returning({ id: m.id });
  return rows.length;
}
