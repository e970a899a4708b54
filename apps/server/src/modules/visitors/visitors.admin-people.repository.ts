import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { departments, posts, userPositions, users } from '../directory/directory.tables.ts';
import { nameContains } from './visitors.appointments.repository.ts';
import { visitorAppointments, visitorEntries, visitorLongTerms, visitorPasses, visitors } from './visitors.tables.ts';

/** The visitor back office's people slice: long-term visitors and the retention job's updates. */

export type LongTermRow = typeof visitorLongTerms.$inferSelect;
export type NewLongTerm = Omit<typeof visitorLongTerms.$inferInsert, 'tenant_id'>;

const l = visitorLongTerms;

/** Long-term visitors whose areas all are among `areas` (none asked: every one; a row without areas admits everywhere, so only an unscoped administrator covers it). */
export function longTermsWithin(areas: readonly string[]): SQL | undefined {
  if (!areas.length) return undefined;
  const list = sql`array_remove(string_to_array(replace(lower(${l.permission}), ' ', ''), ','), '')`;
  return and(sql`cardinality(${list}) > 0`, sql`${list} <@ ${sql.param([...areas])}::text[]`);
}

export interface LongTermQuery {
  scopeAreas: string[];
  name?: { eq?: string; like?: string };
  personType?: string;
  isEnable?: number;
  validity?: 'current' | 'future' | 'expired';
  today: string;
  limit: number;
  offset: number;
}

/** A page of long-term visitors by name, and how many match. */
export async function pageLongTerms(tx: Executor, tenantId: string, q: LongTermQuery) {
  const where = and(
    eq(l.tenant_id, tenantId),
    longTermsWithin(q.scopeAreas),
    q.name?.eq ? eq(l.user_name, q.name.eq) : undefined,
    q.name?.like ? nameContains(l.user_name, q.name.like) : undefined,
    q.personType ? eq(l.person_type, q.personType) : undefined,
    q.isEnable !== undefined ? eq(l.is_enable, q.isEnable) : undefined,
    q.validity === 'current' ? and(lte(l.valid_from, q.today), gte(l.valid_to, q.today)) : undefined,
    q.validity === 'future' ? sql`${l.valid_from} > ${q.today}` : undefined,
    q.validity === 'expired' ? lt(l.valid_to, q.today) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    tx
      .select()
      .from(l)
      .where(where)
      .orderBy(asc(l.user_name), desc(l.create_time), asc(l.id))
      .limit(q.limit)
      .offset(q.offset),
    tx.select({ n: count() }).from(l).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Long-term visitors by id, locked for a change. */
export async function longTermsByIds(tx: Executor, tenantId: string, ids: readonly string[]): Promise<LongTermRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(l)
    .where(and(eq(l.tenant_id, tenantId), inArray(l.id, [...ids])))
    .orderBy(asc(l.id))
    .for('update');
}

export async function insertLongTerms(tx: Executor, tenantId: string, rows: NewLongTerm[]): Promise<LongTermRow[]> {
  if (!rows.length) return [];
  return tx
    .insert(l)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .returning();
}

export async function updateLongTerm(
  tx: Executor,
  tenantId: string,
  id: string,
  set: Partial<NewLongTerm>,
): Promise<void> {
  await tx
    .update(l)
    .set({ ...set, mod_time: new Date() })
    .where(and(eq(l.tenant_id, tenantId), eq(l.id, id)));
}

export async function setLongTermsState(
  tx: Executor,
  tenantId: string,
  ids: readonly string[],
  isEnable: number,
  modUser: string,
): Promise<void> {
  await tx
    .update(l)
    .set({ is_enable: isEnable, mod_user: modUser, mod_time: new Date() })
    .where(and(eq(l.tenant_id, tenantId), inArray(l.id, [...ids])));
}

export async function deleteLongTerms(tx: Executor, tenantId: string, ids: readonly string[]): Promise<void> {
  await tx.delete(l).where(and(eq(l.tenant_id, tenantId), inArray(l.id, [...ids])));
}

/** Revokes the unrevoked passes of these visits or long-term visitors; how many. */
export async function revokePassesOfMany(
  tx: Executor,
  tenantId: string,
  refIds: readonly string[],
  reason: string,
  at: Date,
): Promise<number> {
  if (!refIds.length) return 0;
  const p = visitorPasses;
  const rows = await tx
    .update(p)
    .set({ revoked_at: at, revoke_reason: reason.slice(0, 500) })
    .where(and(eq(p.tenant_id, tenantId), inArray(p.ref_id, [...refIds]), isNull(p.revoked_at)))
    .returning({ id: p.id });
  return rows.length;
}

/** Long-term visitors (of a person type, within the scope's areas) with their directory user's positions: one row per position. */
export async function longTermTriples(
  tx: Executor,
  tenantId: string,
  q: { personType?: string; scopeAreas: string[]; limit: number },
) {
  return tx
    .select({
      long_term_id: l.id,
      person_type: l.person_type,
      user_name: l.user_name,
      is_enable: l.is_enable,
      valid_from: l.valid_from,
      valid_to: l.valid_to,
      user_id: users.id,
      user_account: users.account,
      user_display_name: users.name,
      position_id: userPositions.id,
      dept_id: departments.id,
      dept_name: departments.name,
      dept_code: departments.code,
      post_id: posts.id,
      post_name: posts.name,
      post_code: posts.code,
    })
    .from(l)
    .leftJoin(users, and(eq(users.tenant_id, l.tenant_id), eq(users.account, l.user_id), sql`${l.user_id} <> ''`))
    .leftJoin(userPositions, and(eq(userPositions.tenant_id, l.tenant_id), eq(userPositions.user_id, users.id)))
    .leftJoin(departments, and(eq(departments.tenant_id, l.tenant_id), eq(departments.id, userPositions.dept_id)))
    .leftJoin(posts, and(eq(posts.tenant_id, l.tenant_id), eq(posts.id, userPositions.post_id)))
    .where(
      and(
        eq(l.tenant_id, tenantId),
        q.personType !== undefined ? eq(l.person_type, q.personType) : undefined,
        longTermsWithin(q.scopeAreas),
      ),
    )
    .orderBy(asc(l.person_type), asc(l.user_name), asc(l.id), asc(departments.code), asc(posts.code))
    .limit(q.limit);
}

// ---------------------------------------------------------------- retention

const v = visitorAppointments;
const r = visitors;

/** Visits ended before `cutoff` not anonymised yet (at most `limit`), locked. */
export async function visitsToAnonymise(tx: Executor, tenantId: string, cutoff: Date, limit: number) {
  return tx
    .select({ id: v.id, visitor_name: v.visitor_name })
    .from(v)
    .where(and(eq(v.tenant_id, tenantId), isNull(v.anonymised_at), lt(v.valid_to, cutoff)))
    .orderBy(asc(v.valid_to), asc(v.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Anonymises one visit: the name masked, the phone and information emptied; its counts (date, areas, state, party) stay. */
export async function anonymiseVisit(tx: Executor, tenantId: string, id: string, name: string, at: Date) {
  await tx
    .update(v)
    .set({
      visitor_name: name,
      phone_enc: '',
      phone_hash: '',
      phone_mask: '',
      info: {},
      car_card_number: '',
      remark: '',
      accept_visit_phone: '',
      anonymised_at: at,
      mod_time: at,
    })
    .where(and(eq(v.tenant_id, tenantId), eq(v.id, id)));
}

/**
 * Registrations made before `cutoff`, not anonymised yet, with no visit ending on or after it
 * (at most `limit`), locked.
 */
export async function visitorsToAnonymise(tx: Executor, tenantId: string, cutoff: Date, limit: number) {
  return tx
    .select({ id: r.id, user_id: r.user_id, visitor_name: r.visitor_name })
    .from(r)
    .where(
      and(
        eq(r.tenant_id, tenantId),
        isNull(r.anonymised_at),
        lt(r.create_time, cutoff),
        sql`not exists (select 1 from ${v} where ${v.tenant_id} = ${r.tenant_id} and ${v.visitor_id} = ${r.id}
          and ${v.valid_to} >= ${cutoff})`,
      ),
    )
    .orderBy(asc(r.create_time), asc(r.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Anonymises a registration: name masked, numbers and information emptied (the phone's lookup
 * hash replaced by a value of its own, so the phone can register anew), no longer valid; its
 * directory user disabled and renamed.
 */
export async function anonymiseVisitor(
  tx: Executor,
  tenantId: string,
  row: { id: string; user_id: string | null },
  name: string,
  at: Date,
) {
  await tx
    .update(r)
    .set({
      visitor_name: name,
      card_type: '',
      card_number_enc: '',
      card_number_hash: '',
      card_number_mask: '',
      phone_enc: '',
      phone_hash: `anonymised:${row.id}`,
      phone_mask: '',
      email: '',
      unit: '',
      post: '',
      car_product: '',
      car_card_number: '',
      visitor_picture: '',
      remark: '',
      info: {},
      is_valid: 0,
      anonymised_at: at,
      mod_time: at,
    })
    .where(and(eq(r.tenant_id, tenantId), eq(r.id, row.id)));
  if (row.user_id) {
    await tx
      .update(users)
      .set({ disabled: true, name, email: '', phone: '' })
      .where(and(eq(users.tenant_id, tenantId), eq(users.id, row.user_id), eq(users.role, 'visitor')));
  }
}

/** Gate entries before `cutoff`: the visitor's name masked (the entries, counted by statistics, stay). */
export async function maskEntriesBefore(tx: Executor, tenantId: string, cutoff: Date): Promise<number> {
  const e = visitorEntries;
  const rows = await tx
    .update(e)
    .set({
      visitor_name: sql`case when length(${e.visitor_name}) > 0 then left(${e.visitor_name}, 1) || '**' else '' end`,
    })
    .where(
      and(
        eq(e.tenant_id, tenantId),
        lt(e.arrive_time, cutoff),
        sql`${e.visitor_name} not like '_**'`,
        sql`${e.visitor_name} <> ''`,
      ),
    )
    .returning({ id: e.id });
  return rows.length;
}
