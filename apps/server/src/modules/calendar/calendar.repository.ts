import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { appointments } from '../booking/booking.tables.ts';
import { users } from '../directory/directory.tables.ts';
import { calendarFeeds, onlineMeetings } from '../meetings/meetings.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import type { BookingForCalendar, MeetingForCalendar } from './calendar.events.ts';

export type FeedRow = typeof calendarFeeds.$inferSelect;

const bookingColumns = {
  id: appointments.id,
  resources_id: appointments.resources_id,
  resources_name: appointments.resources_name,
  resources_name_en: appointments.resources_name_en,
  theme: appointments.theme,
  theme_en: appointments.theme_en,
  appointment_user: appointments.appointment_user,
  appointment_user_name: appointments.appointment_user_name,
  email: appointments.email,
  starts_at: appointments.starts_at,
  ends_at: appointments.ends_at,
  state: appointments.state,
  audit_status: appointments.audit_status,
  appointment_state: appointments.appointment_state,
  remark: appointments.remark,
  cancel_reason: appointments.cancel_reason,
  cancel_time: appointments.cancel_time,
  create_time: appointments.create_time,
  update_time: appointments.update_time,
};

export type CalendarBooking = BookingForCalendar & { resources_id: string; email: string };

/** One booking (not deleted), or undefined. */
export async function bookingById(tx: Executor, tenantId: string, id: string): Promise<CalendarBooking | undefined> {
  const [row] = await tx
    .select(bookingColumns)
    .from(appointments)
    .where(and(eq(appointments.tenant_id, tenantId), eq(appointments.id, id), eq(appointments.del, 0)))
    .limit(1);
  return row;
}

/** The bookings a feed shows: in the window, those called off only since `calledOffSince`. */
export interface FeedWindow {
  from: Date;
  to: Date;
  calledOffSince: Date;
  limit: number;
}

/** Bookings of a booker (`account`) or of a resource in a feed's window, by start. */
export async function bookingsForFeed(
  tx: Executor,
  tenantId: string,
  owner: { account: string } | { resourceId: string },
  w: FeedWindow,
): Promise<CalendarBooking[]> {
  const a = appointments;
  const calledOff = sql`(${a.state} = '1' or ${a.audit_status} = '3' or ${a.appointment_state} = '3')`;
  const conditions: (SQL | undefined)[] = [
    eq(a.tenant_id, tenantId),
    'account' in owner ? eq(a.appointment_user, owner.account) : eq(a.resources_id, owner.resourceId),
    eq(a.del, 0),
    lt(a.starts_at, w.to),
    gte(a.ends_at, w.from),
    or(sql`not ${calledOff}`, gte(sql`coalesce(${a.cancel_time}, ${a.update_time})`, w.calledOffSince)),
  ];
  return tx
    .select(bookingColumns)
    .from(a)
    .where(and(...conditions))
    .orderBy(asc(a.starts_at), asc(a.id))
    .limit(w.limit);
}

/** The online meetings of bookings, by booking id. */
export async function meetingsOf(
  tx: Executor,
  tenantId: string,
  appointmentIds: readonly string[],
): Promise<Map<string, MeetingForCalendar>> {
  if (!appointmentIds.length) return new Map();
  const m = onlineMeetings;
  const rows = await tx
    .select({
      appointment_id: m.appointment_id,
      provider: m.provider,
      state: m.state,
      code: m.code,
      join_url: m.join_url,
      password: m.password,
      update_time: m.update_time,
    })
    .from(m)
    .where(and(eq(m.tenant_id, tenantId), inArray(m.appointment_id, [...appointmentIds])));
  return new Map(rows.map((r) => [r.appointment_id, r]));
}

// --- feeds

/**
 * The live feed of a token's hash, in any tenant: the one lookup made before the tenant is
 * known (outside a tenant transaction; the hash is unique across tenants).
 */
export async function liveFeedByHash(db: Db, hash: string): Promise<FeedRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.token_hash, hash), isNull(calendarFeeds.revoked_at)))
    .limit(1);
  return row;
}

/** A user's live feeds, newest first. */
export async function liveFeedsOf(tx: Executor, tenantId: string, userId: string): Promise<FeedRow[]> {
  return tx
    .select()
    .from(calendarFeeds)
    .where(
      and(eq(calendarFeeds.tenant_id, tenantId), eq(calendarFeeds.user_id, userId), isNull(calendarFeeds.revoked_at)),
    )
    .orderBy(desc(calendarFeeds.create_time), desc(calendarFeeds.id));
}

/** Revokes a user's live feeds of a kind (and resource): what a new feed replaces. Returns their ids. */
export async function revokeFeedsLike(
  tx: Executor,
  tenantId: string,
  f: { userId: string; kind: string; resourceId: string | null },
  at: Date,
): Promise<string[]> {
  const rows = await tx
    .update(calendarFeeds)
    .set({ revoked_at: at })
    .where(
      and(
        eq(calendarFeeds.tenant_id, tenantId),
        eq(calendarFeeds.user_id, f.userId),
        eq(calendarFeeds.kind, f.kind),
        f.resourceId ? eq(calendarFeeds.resources_id, f.resourceId) : isNull(calendarFeeds.resources_id),
        isNull(calendarFeeds.revoked_at),
      ),
    )
    .returning({ id: calendarFeeds.id });
  return rows.map((r) => r.id);
}

export async function insertFeed(
  tx: Executor,
  row: { tenant_id: string; kind: string; user_id: string; resources_id: string | null; token_hash: string },
): Promise<FeedRow> {
  const [created] = await tx.insert(calendarFeeds).values(row).returning();
  return created!;
}

/** Revokes one live feed of a user; false when there is none with that id. */
export async function revokeFeed(
  tx: Executor,
  tenantId: string,
  userId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(calendarFeeds)
    .set({ revoked_at: at })
    .where(
      and(
        eq(calendarFeeds.tenant_id, tenantId),
        eq(calendarFeeds.user_id, userId),
        eq(calendarFeeds.id, id),
        isNull(calendarFeeds.revoked_at),
      ),
    )
    .returning({ id: calendarFeeds.id });
  return rows.length > 0;
}

/** The feed's owner as the directory has them now (not disabled), or undefined. */
export async function feedOwner(tx: Executor, tenantId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, account: users.account, name: users.name, role: users.role })
    .from(users)
    .where(
      and(eq(users.tenant_id, tenantId), eq(users.id, userId), eq(users.disabled, false), ne(users.role, 'visitor')),
    )
    .limit(1);
  return row;
}

/** Names of resources (and whether each is deleted), by id. */
export async function resourceNames(
  tx: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, { zh: string; en: string; deleted: boolean }>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: resources.id,
      zh: resources.resources_name,
      en: resources.resources_name_en,
      deleted: sql<boolean>`${resources.del} <> 0`,
    })
    .from(resources)
    .where(and(eq(resources.tenant_id, tenantId), inArray(resources.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { zh: r.zh, en: r.en, deleted: r.deleted }]));
}
