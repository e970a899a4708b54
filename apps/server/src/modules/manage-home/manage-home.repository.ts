import { and, count, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments } from '../booking/booking.tables.ts';
import { notices } from '../notices/notices.tables.ts';
import { sysSettings } from '../settings/settings.tables.ts';
import { visitsInScope } from '../visitors/visitors.appointments.repository.ts';
import { visitorAppointments } from '../visitors/visitors.tables.ts';

/*
 * The home's reads. Each figure uses the same conditions as the list its card links to: the
 * booking overview (del 0, the appointment_date range, the status codes, the resource scope),
 * the visits list (del 0, in_school_date, state, the visitor scope) and the notice list.
 */

const a = appointments;

/** The booking figures of the home (see ManageHomeBookings in manage-home.graphql). */
export interface BookingFigures {
  today: number;
  pending: number;
  performed: number;
  no_show: number;
  in_use_now: number;
  in_use_bookings: number;
}

/**
 * Today's booking figures in one statement: the rows it reads are those dated today, those
 * awaiting approval and those holding their resource now (`scope`: a resource administrator's
 * condition on the booking's resource; undefined for the whole tenant).
 */
export async function bookingFigures(
  tx: Executor,
  tenantId: string,
  q: { today: string; now: Date; scope: SQL | undefined },
): Promise<BookingFigures> {
  const now = q.now.toISOString();
  const dated = sql`${a.appointment_date} = ${q.today}`;
  const pending = sql`${a.state} = '0' and ${a.audit_status} = '1' and ${a.appointment_state} = '0'`;
  const inUse = sql`${a.active} and ${a.state} = '0' and ${a.audit_status} <> '3' and ${a.appointment_state} in ('0', '1')
    and ${a.starts_at} <= ${now}::timestamptz and ${a.ends_at} > ${now}::timestamptz`;
  const [row] = await tx
    .select({
      today: sql<number>`(count(*) filter (where ${dated}))::int`,
      pending: sql<number>`(count(*) filter (where ${pending}))::int`,
      performed: sql<number>`(count(*) filter (where ${dated} and ${a.appointment_state} = '1'))::int`,
      no_show: sql<number>`(count(*) filter (where ${dated} and ${a.appointment_state} = '2'))::int`,
      in_use_now: sql<number>`(count(distinct ${a.resources_id}) filter (where ${inUse}))::int`,
      in_use_bookings: sql<number>`(count(*) filter (where ${inUse}))::int`,
    })
    .from(a)
    .where(and(eq(a.tenant_id, tenantId), eq(a.del, 0), q.scope, or(dated, pending, inUse)));
  return {
    today: row?.today ?? 0,
    pending: row?.pending ?? 0,
    performed: row?.performed ?? 0,
    no_show: row?.no_show ?? 0,
    in_use_now: row?.in_use_now ?? 0,
    in_use_bookings: row?.in_use_bookings ?? 0,
  };
}

/** Bookings per appointment_date over from..to (inclusive, "YYYY-MM-DD"); days without any are absent. */
export async function bookingsPerDay(
  tx: Executor,
  tenantId: string,
  q: { from: string; to: string; scope: SQL | undefined },
): Promise<{ date: string; total: number }[]> {
  return tx
    .select({ date: a.appointment_date, total: count() })
    .from(a)
    .where(
      and(
        eq(a.tenant_id, tenantId),
        eq(a.del, 0),
        sql`${a.appointment_date} >= ${q.from}`,
        sql`${a.appointment_date} <= ${q.to}`,
        q.scope,
      ),
    )
    .groupBy(a.appointment_date);
}

/** Visits approved for `date` (state 2, not deleted) within a visitor administrator's scope. */
export async function visitsExpected(
  tx: Executor,
  tenantId: string,
  date: string,
  scope: { areas: string[]; types: string[] },
): Promise<number> {
  const v = visitorAppointments;
  const [row] = await tx
    .select({ n: count() })
    .from(v)
    .where(
      and(eq(v.tenant_id, tenantId), eq(v.del, 0), eq(v.state, 2), eq(v.in_school_date, date), visitsInScope(scope)),
    );
  return row?.n ?? 0;
}

/** Published notices released by `now` (or without a release time), not deleted. */
export async function noticesRunning(tx: Executor, tenantId: string, now: Date): Promise<number> {
  const n = notices;
  const [row] = await tx
    .select({ n: count() })
    .from(n)
    .where(
      and(
        eq(n.tenant_id, tenantId),
        eq(n.del, 0),
        eq(n.state, 1),
        or(isNull(n.release_time), lte(n.release_time, now)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Every tenant's settings values (the web app's frame-src names the external pages of all of
 * them: the page is served before anyone signs in, so its tenant is not known). Read on the
 * owner's connection, outside a tenant's transaction.
 */
export async function allSettingsValues(db: Executor): Promise<Record<string, unknown>[]> {
  const rows = await db.select({ value: sysSettings.manage_setting }).from(sysSettings);
  return rows.map((r) => r.value);
}
