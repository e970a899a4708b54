import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resultRows } from '../../db/json-rows.ts';
import { departments, posts, userPositions, users } from '../directory/directory.tables.ts';
import { nameContains, visitsInScope } from './visitors.appointments.repository.ts';
import { visitorAppointments, visitorEntries, visitorInvitationBearers } from './visitors.tables.ts';

export type BearerRow = typeof visitorInvitationBearers.$inferSelect;
export type BearerType = 'dept' | 'post' | 'user';

const v = visitorAppointments;
const b = visitorInvitationBearers;

// --- visits

/** Undeleted visits of `ids`, locked until the transaction ends. */
export async function visitsLocked(tx: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(v)
    .where(and(eq(v.tenant_id, tenantId), inArray(v.id, ids), eq(v.del, 0)))
    .orderBy(asc(v.id))
    .for('update');
}

/** Which of `ids` are visits of the tenant not deleted (no lock: the delete locks them again). */
export async function visitIdsOf(tx: Executor, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.tenant_id, tenantId), inArray(v.id, [...ids]), eq(v.del, 0)));
  return rows.map((r) => r.id);
}

/** Marks visits deleted (soft: `del` 1), their seats no longer held. */
export async function markVisitsDeleted(tx: Executor, tenantId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(v)
    .set({ del: 1, seats_held: false, mod_time: new Date() })
    .where(and(eq(v.tenant_id, tenantId), inArray(v.id, ids)));
}

// --- invitation bearers

/** Bearers, by type then name; optionally of one type and with a name containing `name`. */
export async function listBearers(
  tx: Executor,
  tenantId: string,
  f: { bearer_type?: string; name?: string; is_enable?: number },
): Promise<BearerRow[]> {
  return tx
    .select()
    .from(b)
    .where(
      and(
        eq(b.tenant_id, tenantId),
        f.bearer_type ? eq(b.bearer_type, f.bearer_type) : undefined,
        f.name ? nameContains(b.bearer_name, f.name) : undefined,
        f.is_enable !== undefined ? eq(b.is_enable, f.is_enable) : undefined,
      ),
    )
    .orderBy(asc(b.bearer_type), asc(b.bearer_name), asc(b.id));
}

/** Bearers by id. */
export async function bearersByIds(tx: Executor, tenantId: string, ids: string[]): Promise<BearerRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(b)
    .where(and(eq(b.tenant_id, tenantId), inArray(b.id, ids)));
}

/** Adds bearers; one already listed (same type and id) is left as it is. Returns the rows added. */
export async function insertBearers(
  tx: Executor,
  tenantId: string,
  rows: { bearer_type: BearerType; bearer_id: string; bearer_name: string; mod_user: string }[],
): Promise<BearerRow[]> {
  if (!rows.length) return [];
  return tx
    .insert(b)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .onConflictDoNothing({ target: [b.tenant_id, b.bearer_type, b.bearer_id] })
    .returning();
}

/** Enables or disables bearers; returns the rows changed. */
export async function setBearersEnabled(
  tx: Executor,
  tenantId: string,
  ids: string[],
  isEnable: number,
  modUser: string,
): Promise<BearerRow[]> {
  if (!ids.length) return [];
  return tx
    .update(b)
    .set({ is_enable: isEnable, mod_user: modUser, mod_time: new Date() })
    .where(and(eq(b.tenant_id, tenantId), inArray(b.id, ids)))
    .returning();
}

/** Deletes bearers; returns the rows deleted. */
export async function deleteBearers(tx: Executor, tenantId: string, ids: string[]): Promise<BearerRow[]> {
  if (!ids.length) return [];
  return tx
    .delete(b)
    .where(and(eq(b.tenant_id, tenantId), inArray(b.id, ids)))
    .returning();
}

/** The names of directory departments, posts or users (role user or admin) of `ids`, by id. */
export async function directoryNames(
  tx: Executor,
  tenantId: string,
  type: BearerType,
  ids: string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows =
    type === 'dept'
      ? await tx
          .select({ id: departments.id, name: departments.name })
          .from(departments)
          .where(and(eq(departments.tenant_id, tenantId), inArray(departments.id, ids)))
      : type === 'post'
        ? await tx
            .select({ id: posts.id, name: posts.name })
            .from(posts)
            .where(and(eq(posts.tenant_id, tenantId), inArray(posts.id, ids)))
        : await tx
            .select({ id: users.id, name: sql<string>`${users.name} || ' (' || ${users.account} || ')'` })
            .from(users)
            .where(and(eq(users.tenant_id, tenantId), inArray(users.id, ids), inArray(users.role, ['user', 'admin'])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The departments and posts of a user's active positions, and every department's parent. */
export async function positionsOf(
  tx: Executor,
  tenantId: string,
  userId: string,
): Promise<{ departments: string[]; posts: string[]; parentOf: Map<string, string> }> {
  const own = await tx
    .select({ dept: userPositions.dept_id, post: userPositions.post_id })
    .from(userPositions)
    .where(
      and(eq(userPositions.tenant_id, tenantId), eq(userPositions.user_id, userId), eq(userPositions.active, true)),
    );
  const links = own.some((p) => p.dept)
    ? await tx
        .select({ id: departments.id, parent: departments.parent })
        .from(departments)
        .where(eq(departments.tenant_id, tenantId))
    : [];
  return {
    departments: own.flatMap((p) => (p.dept ? [p.dept] : [])),
    posts: own.flatMap((p) => (p.post ? [p.post] : [])),
    parentOf: new Map(links.map((l) => [l.id, l.parent])),
  };
}

// --- statistics (counts of rows only: they stay when the retention job anonymises them)

export interface StatsQuery {
  from: string;
  to: string;
  /** Start of `from` and end of `to` (the tenant's midnights). */
  starts_at: Date;
  ends_at: Date;
  unit: 'day' | 'month';
  timeZone: string;
  /** Only visits to and entries at these areas (empty: all). */
  areas: string[];
  /** A visitor administrator's scope: only visits it covers and entries at its areas (empty lists: all). */
  scope: { areas: string[]; types: string[] };
}

const num = (x: unknown) => Number(x ?? 0) || 0;

function visitWhere(tenantId: string, q: StatsQuery): SQL {
  const scoped = visitsInScope(q.scope);
  return sql`${v.tenant_id} = ${tenantId} and ${v.del} = 0
    and ${v.in_school_date} >= ${q.from} and ${v.in_school_date} <= ${q.to}
    ${q.areas.length ? sql`and string_to_array(${v.in_school_area}, ',') && ${sql.param(q.areas)}::text[]` : sql``}
    ${scoped ? sql`and ${scoped}` : sql``}`;
}

const e = visitorEntries;
function entryWhere(tenantId: string, q: StatsQuery): SQL {
  return sql`${e.tenant_id} = ${tenantId} and ${e.repeat} = false
    and ${e.arrive_time} >= ${q.starts_at.toISOString()}::timestamptz and ${e.arrive_time} < ${q.ends_at.toISOString()}::timestamptz
    ${q.areas.length ? sql`and ${e.arrival_place} = any(${sql.param(q.areas)}::text[])` : sql``}
    ${q.scope.areas.length ? sql`and ${e.arrival_place} = any(${sql.param(q.scope.areas)}::text[])` : sql``}`;
}

/** Visits per period (by visit date) and state. */
export async function visitsPerPeriod(tx: Executor, tenantId: string, q: StatsQuery) {
  const fmt = q.unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const rows = resultRows(
    await tx.execute(sql`select to_char(${v.in_school_date}, ${fmt}) as period, ${v.state} as state, count(*) as n
      from ${v} where ${visitWhere(tenantId, q)} group by 1, 2`),
  );
  return rows.map((r) => ({ period: String(r.period), state: num(r.state), n: num(r.n) }));
}

/** Visits per area (a visit to several areas counts for each). */
export async function visitsPerArea(tx: Executor, tenantId: string, q: StatsQuery) {
  const rows = resultRows(
    await tx.execute(sql`select a.area as area, count(*) as n
      from ${v} cross join lateral unnest(string_to_array(${v.in_school_area}, ',')) as a(area)
      where ${visitWhere(tenantId, q)} and a.area <> '' group by 1`),
  );
  return rows.map((r) => ({ area: String(r.area), n: num(r.n) }));
}

/** Visits per visitor type. */
export async function visitsPerType(tx: Executor, tenantId: string, q: StatsQuery) {
  const rows = resultRows(
    await tx.execute(sql`select ${v.visitor_type} as type, count(*) as n from ${v}
      where ${visitWhere(tenantId, q)} group by 1`),
  );
  return rows.map((r) => ({ type: String(r.type), n: num(r.n) }));
}

/** Entries (first scans, not repeats) per period, area and local hour. */
export async function entriesGrouped(tx: Executor, tenantId: string, q: StatsQuery) {
  const fmt = q.unit === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const local = sql`(${e.arrive_time} at time zone ${q.timeZone})`;
  const rows = resultRows(
    await tx.execute(sql`select to_char(${local}, ${fmt}) as period, ${e.arrival_place} as area,
      extract(hour from ${local})::int as hour, count(*) as n
      from ${e} where ${entryWhere(tenantId, q)} group by 1, 2, 3`),
  );
  return rows.map((r) => ({ period: String(r.period), area: String(r.area), hour: num(r.hour), n: num(r.n) }));
}
