import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { isUuid } from '../../platform/ids.ts';
import { appointmentParticipants, appointments } from '../booking/booking.tables.ts';
import { users } from '../directory/directory.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import { visitorAppointmentAudits, visitorAppointments, visitorPasses, visitors } from './visitors.tables.ts';

export type VisitRow = typeof visitorAppointments.$inferSelect;
export type NewVisit = Omit<typeof visitorAppointments.$inferInsert, 'tenant_id'>;
export type VisitAuditRow = typeof visitorAppointmentAudits.$inferSelect;

// --- people

export type VisitorPerson = Pick<
  typeof visitors.$inferSelect,
  'id' | 'user_id' | 'visitor_name' | 'phone_enc' | 'phone_hash' | 'phone_mask' | 'email'
>;

const personColumns = {
  id: visitors.id,
  user_id: visitors.user_id,
  visitor_name: visitors.visitor_name,
  phone_enc: visitors.phone_enc,
  phone_hash: visitors.phone_hash,
  phone_mask: visitors.phone_mask,
  email: visitors.email,
};

/** Registrations by id. */
export async function visitorsByIds(tx: Executor, tenantId: string, ids: string[]): Promise<VisitorPerson[]> {
  if (!ids.length) return [];
  return tx
    .select(personColumns)
    .from(visitors)
    .where(and(eq(visitors.tenant_id, tenantId), inArray(visitors.id, ids)));
}

export interface HostUser {
  id: string;
  account: string;
  name: string;
  email: string;
  phone: string;
}

const hostColumns = { id: users.id, account: users.account, name: users.name, email: users.email, phone: users.phone };

/** Enabled directory users (role user or admin) whose account or phone is one of `keys`. */
export async function findHosts(tx: Executor, tenantId: string, keys: string[]): Promise<HostUser[]> {
  const wanted = [...new Set(keys.filter(Boolean))];
  if (!wanted.length) return [];
  return tx
    .select(hostColumns)
    .from(users)
    .where(
      and(
        eq(users.tenant_id, tenantId),
        inArray(users.role, ['user', 'admin']),
        eq(users.disabled, false),
        or(inArray(users.account, wanted), inArray(users.phone, wanted)),
      ),
    )
    .orderBy(asc(users.account));
}

/** Directory users by id (hosts to notify). */
export async function hostsByIds(tx: Executor, tenantId: string, ids: string[]): Promise<HostUser[]> {
  if (!ids.length) return [];
  return tx
    .select(hostColumns)
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), inArray(users.id, ids)));
}

// --- visits

/** Inserts visits; returns them in order. */
export async function insertVisits(tx: Executor, tenantId: string, rows: NewVisit[]): Promise<VisitRow[]> {
  if (!rows.length) return [];
  return tx
    .insert(visitorAppointments)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .returning();
}

/** A visit (not deleted), locked until the transaction ends when `lock`. */
export async function findVisit(
  tx: Executor,
  tenantId: string,
  id: string,
  lock = false,
): Promise<VisitRow | undefined> {
  const q = tx
    .select()
    .from(visitorAppointments)
    .where(
      and(eq(visitorAppointments.tenant_id, tenantId), eq(visitorAppointments.id, id), eq(visitorAppointments.del, 0)),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Changes a visit; returns it as changed. */
export async function updateVisit(
  tx: Executor,
  tenantId: string,
  id: string,
  set: Partial<Omit<NewVisit, 'id'>>,
): Promise<VisitRow> {
  const [row] = await tx
    .update(visitorAppointments)
    .set({ ...set, mod_time: new Date() })
    .where(and(eq(visitorAppointments.tenant_id, tenantId), eq(visitorAppointments.id, id)))
    .returning();
  return row!;
}

/** Adds one step to a visit's approval trail. */
export async function insertVisitAudit(
  tx: Executor,
  tenantId: string,
  row: Omit<typeof visitorAppointmentAudits.$inferInsert, 'tenant_id'>,
): Promise<void> {
  await tx.insert(visitorAppointmentAudits).values({ ...row, tenant_id: tenantId });
}

/** Visits' approval trails, oldest step first, by visit id. */
export async function auditsOf(tx: Executor, tenantId: string, ids: string[]): Promise<Map<string, VisitAuditRow[]>> {
  const out = new Map<string, VisitAuditRow[]>();
  if (!ids.length) return out;
  const rows = await tx
    .select()
    .from(visitorAppointmentAudits)
    .where(and(eq(visitorAppointmentAudits.tenant_id, tenantId), inArray(visitorAppointmentAudits.appointment_id, ids)))
    .orderBy(asc(visitorAppointmentAudits.create_time), asc(visitorAppointmentAudits.step));
  for (const r of rows) out.set(r.appointment_id, [...(out.get(r.appointment_id) ?? []), r]);
  return out;
}

/** Invitations awaiting the registration of the phone with `phoneHash`, locked. */
export async function unclaimedOfPhone(tx: Executor, tenantId: string, phoneHash: string): Promise<VisitRow[]> {
  return tx
    .select()
    .from(visitorAppointments)
    .where(
      and(
        eq(visitorAppointments.tenant_id, tenantId),
        eq(visitorAppointments.phone_hash, phoneHash),
        isNull(visitorAppointments.visitor_id),
        eq(visitorAppointments.state, 5),
        eq(visitorAppointments.del, 0),
      ),
    )
    .for('update');
}

/** Which visits a list shows: the caller's scope and the filters. */
export interface VisitQuery {
  /** Visits of this registration (a visitor's own). */
  visitorId?: string;
  /** Visits hosted by this user or made by this account. */
  host?: { userId: string; account: string };
  /** Visit types whose second level this user approves (their state-1 visits are shown). */
  secondLevelTypes?: string[];
  /** All visits (a visitor administrator), within `adminScope` when it names areas or types. */
  all?: boolean;
  /** A visitor administrator's scope (empty lists: all). */
  adminScope?: { areas: string[]; types: string[] };
  /** Of `secondLevelTypes`, those approved by the visitor 'admin' right: only visits in `adminScope`'s areas. */
  secondLevelByRight?: string[];
  /** Only visits awaiting the caller's decision. */
  awaitingMe?: boolean;
  /** '1' history only, '0' current only (as of `now`). */
  history?: '0' | '1';
  now: Date;
  from?: string;
  to?: string;
  state?: { eq?: string; in?: string[] };
  visitor_type?: { eq?: string; in?: string[] };
  in_school_area?: { eq?: string; like?: string };
  in_school_date?: { eq?: string; in?: string[] };
  visitor_name?: { eq?: string; like?: string };
  /** The host's or inviter's account (eq) or name or account (like). */
  hostOrInviter?: { eq?: string; like?: string };
  /** The guests of one booking (eq). */
  booking_id?: { eq?: string };
  limit: number;
  offset: number;
}

const v = visitorAppointments;

/** Visits all of whose areas are among `areas` (none: every visit). */
export function visitAreasWithin(areas: readonly string[]): SQL | undefined {
  if (!areas.length) return undefined;
  const list = sql`array_remove(string_to_array(replace(lower(${v.in_school_area}), ' ', ''), ','), '')`;
  return and(sql`cardinality(${list}) > 0`, sql`${list} <@ ${sql.param([...areas])}::text[]`);
}

/** Visits a visitor administrator's scope covers (their areas and type). */
export function visitsInScope(scope: { areas: string[]; types: string[] }): SQL | undefined {
  return and(scope.types.length ? inArray(v.visitor_type, scope.types) : undefined, visitAreasWithin(scope.areas));
}

function scopeOf(q: VisitQuery): SQL | undefined {
  const awaitingHost = q.host ? and(eq(v.state, 0), eq(v.host_user_id, q.host.userId)) : undefined;
  const byRight = q.secondLevelByRight ?? [];
  const byAccount = (q.secondLevelTypes ?? []).filter((type) => !byRight.includes(type));
  const secondParts = [
    byAccount.length ? inArray(v.visitor_type, byAccount) : undefined,
    byRight.length ? and(inArray(v.visitor_type, byRight), visitAreasWithin(q.adminScope?.areas ?? [])) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  const awaitingSecond = secondParts.length ? and(eq(v.state, 1), or(...secondParts)) : undefined;
  if (q.awaitingMe) return or(awaitingHost, awaitingSecond) ?? sql`false`;
  const inScope = q.all ? visitsInScope(q.adminScope ?? { areas: [], types: [] }) : undefined;
  if (q.all && !inScope) return undefined;
  const parts = [
    inScope,
    q.visitorId ? eq(v.visitor_id, q.visitorId) : undefined,
    q.host ? or(eq(v.host_user_id, q.host.userId), eq(v.created_user, q.host.account)) : undefined,
    awaitingSecond,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? or(...parts) : sql`false`;
}

/** `column` contains `text` (case-insensitive; %, _ and \ in it taken literally). */
export function nameContains(column: AnyPgColumn, text: string): SQL {
  return ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

function filtersOf(q: VisitQuery): (SQL | undefined)[] {
  const ints = (list: string[]) => list.map(Number).filter((n) => Number.isInteger(n));
  const ended = or(inArray(v.state, [3, 4]), lte(v.valid_to, q.now));
  return [
    q.history === '1' ? ended : undefined,
    q.history === '0' ? and(inArray(v.state, [0, 1, 2, 5]), gt(v.valid_to, q.now)) : undefined,
    q.from ? sql`${v.in_school_date} >= ${q.from}` : undefined,
    q.to ? sql`${v.in_school_date} <= ${q.to}` : undefined,
    q.state?.eq !== undefined ? inArray(v.state, ints([q.state.eq])) : undefined,
    q.state?.in ? inArray(v.state, ints(q.state.in)) : undefined,
    q.visitor_type?.eq !== undefined ? eq(v.visitor_type, q.visitor_type.eq) : undefined,
    q.visitor_type?.in ? inArray(v.visitor_type, q.visitor_type.in.length ? q.visitor_type.in : ['']) : undefined,
    q.in_school_area?.eq ? sql`${q.in_school_area.eq} = any(string_to_array(${v.in_school_area}, ','))` : undefined,
    q.in_school_area?.like ? nameContains(v.in_school_area, q.in_school_area.like) : undefined,
    q.in_school_date?.eq ? sql`${v.in_school_date} = ${q.in_school_date.eq}` : undefined,
    q.in_school_date?.in
      ? q.in_school_date.in.length
        ? sql`${v.in_school_date}::text = any(${sql.param(q.in_school_date.in)}::text[])`
        : sql`false`
      : undefined,
    q.visitor_name?.eq ? eq(v.visitor_name, q.visitor_name.eq) : undefined,
    q.visitor_name?.like ? nameContains(v.visitor_name, q.visitor_name.like) : undefined,
    q.booking_id?.eq ? (isUuid(q.booking_id.eq) ? eq(v.booking_id, q.booking_id.eq) : sql`false`) : undefined,
    q.hostOrInviter?.eq
      ? or(eq(v.host_account, q.hostOrInviter.eq), eq(v.created_user, q.hostOrInviter.eq))
      : undefined,
    q.hostOrInviter?.like
      ? or(
          nameContains(v.accept_visit_name, q.hostOrInviter.like),
          nameContains(v.host_account, q.hostOrInviter.like),
          and(sql`${v.visitor_type} <> '1'`, nameContains(v.created_user_name, q.hostOrInviter.like)),
        )
      : undefined,
  ];
}

/** A page of visits, newest first, and how many match. */
export async function pageVisits(
  tx: Executor,
  tenantId: string,
  q: VisitQuery,
): Promise<{ rows: VisitRow[]; total: number }> {
  const where = and(eq(v.tenant_id, tenantId), eq(v.del, 0), scopeOf(q), ...filtersOf(q));
  const [rows, [counted]] = await Promise.all([
    tx.select().from(v).where(where).orderBy(desc(v.create_time), desc(v.id)).limit(q.limit).offset(q.offset),
    tx.select({ n: count() }).from(v).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

// --- passes

/** The serial of each visit's newest unrevoked pass. */
export async function currentPassSerials(tx: Executor, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const rows = await tx
    .select({ ref: visitorPasses.ref_id, serial: visitorPasses.serial })
    .from(visitorPasses)
    .where(
      and(eq(visitorPasses.tenant_id, tenantId), inArray(visitorPasses.ref_id, ids), isNull(visitorPasses.revoked_at)),
    )
    .orderBy(asc(visitorPasses.create_time));
  for (const r of rows) out.set(r.ref, r.serial);
  return out;
}

/**
 * Revokes every unrevoked pass issued for `refId` (a visit or a long-term visitor): they go on
 * the revocation list gates download. Returns how many were revoked.
 */
export async function revokePassesOf(
  tx: Executor,
  tenantId: string,
  refId: string,
  reason: string,
  at: Date,
): Promise<number> {
  const rows = await tx
    .update(visitorPasses)
    .set({ revoked_at: at, revoke_reason: reason.slice(0, 500) })
    .where(
      and(eq(visitorPasses.tenant_id, tenantId), eq(visitorPasses.ref_id, refId), isNull(visitorPasses.revoked_at)),
    )
    .returning({ id: visitorPasses.id });
  return rows.length;
}

// --- bookings whose booker adds guests

export interface BookingForGuests {
  id: string;
  appointment_user: string;
  appointment_date: string;
  starts_at: Date;
  ends_at: Date;
  active: boolean;
  state: string;
  audit_status: string;
  appointment_state: string;
  del: number;
  resources_id: string;
  capacity: number;
  campus_code: string;
  building_code: string;
}

/** A booking with its room's capacity and place, locked (guests of one booking are added one request at a time). */
export async function bookingForGuests(
  tx: Executor,
  tenantId: string,
  bookingId: string,
): Promise<BookingForGuests | undefined> {
  const a = appointments;
  const [row] = await tx
    .select({
      id: a.id,
      appointment_user: a.appointment_user,
      appointment_date: a.appointment_date,
      starts_at: a.starts_at,
      ends_at: a.ends_at,
      active: a.active,
      state: a.state,
      audit_status: a.audit_status,
      appointment_state: a.appointment_state,
      del: a.del,
      resources_id: a.resources_id,
      capacity: resources.capacity,
      campus_code: resources.campus_code,
      building_code: resources.building_code,
    })
    .from(a)
    .innerJoin(resources, eq(resources.id, a.resources_id))
    .where(and(eq(a.tenant_id, tenantId), eq(a.id, bookingId)))
    .for('update', { of: a });
  return row;
}

/** People already coming to a booking: the booker, the participants and the guests of its visits still held. */
export async function peopleOfBooking(
  tx: Executor,
  tenantId: string,
  bookingId: string,
  exceptVisitId?: string,
): Promise<number> {
  const [participants] = await tx
    .select({ n: count() })
    .from(appointmentParticipants)
    .where(and(eq(appointmentParticipants.tenant_id, tenantId), eq(appointmentParticipants.appointment_id, bookingId)));
  const [guests] = await tx
    .select({ n: sql<number>`coalesce(sum(${v.seats}), 0)::integer` })
    .from(v)
    .where(
      and(
        eq(v.tenant_id, tenantId),
        eq(v.booking_id, bookingId),
        eq(v.del, 0),
        inArray(v.state, [0, 1, 2, 5]),
        exceptVisitId ? sql`${v.id} <> ${exceptVisitId}` : undefined,
      ),
    );
  return 1 + (participants?.n ?? 0) + Number(guests?.n ?? 0);
}

/** Ids of the visitor areas of a place: the given codes matched against the resources' campus/building codes. */
export async function resourceIdsAt(
  tx: Executor,
  tenantId: string,
  ids: string[],
  place: { building_code?: string; campus_code?: string },
): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(
      and(
        eq(resources.tenant_id, tenantId),
        inArray(resources.id, ids),
        place.building_code ? eq(resources.building_code, place.building_code) : undefined,
        place.campus_code ? eq(resources.campus_code, place.campus_code) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
