import { and, count, countDistinct, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { nameContains } from './visitors.appointments.repository.ts';
import { visitorAppointments, visitorEntries, visitorPasses, visitors } from './visitors.tables.ts';

export type VisitorRow = typeof visitors.$inferSelect;
export type EntryRow = typeof visitorEntries.$inferSelect;
export type VisitRow = typeof visitorAppointments.$inferSelect;

/** What the visitor records are filtered by (hashes for the exact number matches). */
export interface RecordQuery {
  name?: { eq?: string; like?: string };
  phoneHash?: string;
  cardHash?: string;
  unit?: string;
  personType?: string;
  dataSource?: number;
  isValid?: number;
  createdFrom?: Date;
  createdTo?: Date;
  limit: number;
  offset: number;
}

const v = visitors;

function recordWhere(tenantId: string, q: RecordQuery): SQL | undefined {
  return and(
    eq(v.tenant_id, tenantId),
    q.name?.eq ? eq(v.visitor_name, q.name.eq) : undefined,
    q.name?.like ? nameContains(v.visitor_name, q.name.like) : undefined,
    q.phoneHash !== undefined ? eq(v.phone_hash, q.phoneHash) : undefined,
    q.cardHash !== undefined ? eq(v.card_number_hash, q.cardHash) : undefined,
    q.unit ? nameContains(v.unit, q.unit) : undefined,
    q.personType ? eq(v.person_type, q.personType) : undefined,
    q.dataSource !== undefined ? eq(v.data_source, q.dataSource) : undefined,
    q.isValid !== undefined ? eq(v.is_valid, q.isValid) : undefined,
    q.createdFrom ? gte(v.create_time, q.createdFrom) : undefined,
    q.createdTo ? lt(v.create_time, q.createdTo) : undefined,
  );
}

/** A page of visitor records, newest first, and how many match. */
export async function pageRecords(tx: Executor, tenantId: string, q: RecordQuery) {
  const where = recordWhere(tenantId, q);
  const [rows, [counted]] = await Promise.all([
    tx.select().from(v).where(where).orderBy(desc(v.create_time), desc(v.id)).limit(q.limit).offset(q.offset),
    tx.select({ n: count() }).from(v).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Visitor records of these ids (those of the tenant only), locked for the transaction. */
export async function lockRecords(tx: Executor, tenantId: string, ids: readonly string[]): Promise<VisitorRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(v)
    .where(and(eq(v.tenant_id, tenantId), inArray(v.id, [...ids])))
    .for('update');
}

/** The phone and ID number lookup hashes already registered among those given. */
export async function takenHashes(
  tx: Executor,
  tenantId: string,
  phoneHashes: readonly string[],
  cardHashes: readonly string[],
  exceptId?: string,
): Promise<{ phones: Set<string>; cards: Set<string> }> {
  const phones = phoneHashes.filter(Boolean);
  const cards = cardHashes.filter(Boolean);
  if (!phones.length && !cards.length) return { phones: new Set(), cards: new Set() };
  const rows = await tx
    .select({ phone: v.phone_hash, card: v.card_number_hash })
    .from(v)
    .where(
      and(
        eq(v.tenant_id, tenantId),
        or(
          phones.length ? inArray(v.phone_hash, phones) : undefined,
          cards.length ? inArray(v.card_number_hash, cards) : undefined,
        ),
        exceptId ? sql`${v.id} <> ${exceptId}` : undefined,
      ),
    );
  return {
    phones: new Set(rows.map((r) => r.phone).filter((h) => phones.includes(h))),
    cards: new Set(rows.map((r) => r.card).filter((h) => h && cards.includes(h))),
  };
}

export async function insertRecords(
  tx: Executor,
  tenantId: string,
  rows: Omit<typeof visitors.$inferInsert, 'tenant_id'>[],
): Promise<VisitorRow[]> {
  if (!rows.length) return [];
  return tx
    .insert(v)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .returning();
}

export async function updateRecords(
  tx: Executor,
  tenantId: string,
  ids: readonly string[],
  patch: Partial<Omit<typeof visitors.$inferInsert, 'id' | 'tenant_id' | 'create_time'>>,
): Promise<VisitorRow[]> {
  return tx
    .update(v)
    .set({ ...patch, mod_time: new Date() })
    .where(and(eq(v.tenant_id, tenantId), inArray(v.id, [...ids])))
    .returning();
}

export async function deleteRecords(tx: Executor, tenantId: string, ids: readonly string[]): Promise<number> {
  const rows = await tx
    .delete(v)
    .where(and(eq(v.tenant_id, tenantId), inArray(v.id, [...ids])))
    .returning({ id: v.id });
  return rows.length;
}

const a = visitorAppointments;

/** The visits of these visitors not ended, rejected or cancelled (states 0, 1, 2, 5 ending after `now`), locked. */
export async function openVisitsOf(tx: Executor, tenantId: string, visitorIds: readonly string[], now: Date) {
  if (!visitorIds.length) return [];
  return tx
    .select()
    .from(a)
    .where(
      and(
        eq(a.tenant_id, tenantId),
        inArray(a.visitor_id, [...visitorIds]),
        eq(a.del, 0),
        inArray(a.state, [0, 1, 2, 5]),
        gt(a.valid_to, now),
      ),
    )
    .for('update');
}

/** What the cars list is filtered by. */
export interface CarQuery {
  from?: string;
  to?: string;
  area?: string;
  plate?: string;
  states: number[];
  /** A scoped administrator's areas (visits whose areas all lie in them) and visitor types. */
  scopeAreas?: string[];
  scopeTypes?: string[];
  limit: number;
  offset: number;
}

function carWhere(tenantId: string, q: CarQuery): SQL | undefined {
  return and(
    eq(a.tenant_id, tenantId),
    eq(a.del, 0),
    eq(a.is_car, 1),
    inArray(a.state, q.states.length ? q.states : [-1]),
    q.from ? sql`${a.in_school_date} >= ${q.from}` : undefined,
    q.to ? sql`${a.in_school_date} <= ${q.to}` : undefined,
    q.area ? sql`${q.area} = any(string_to_array(${a.in_school_area}, ','))` : undefined,
    q.plate ? nameContains(a.car_card_number, q.plate) : undefined,
    q.scopeAreas?.length
      ? sql`${a.in_school_area} <> '' and string_to_array(lower(${a.in_school_area}), ',') <@ ${sql.param(q.scopeAreas)}::text[]`
      : undefined,
    q.scopeTypes?.length ? inArray(a.visitor_type, q.scopeTypes) : undefined,
  );
}

/** A page of visits with a car, by date then plate, and how many match. */
export async function pageCars(tx: Executor, tenantId: string, q: CarQuery) {
  const where = carWhere(tenantId, q);
  const [rows, [counted]] = await Promise.all([
    tx
      .select()
      .from(a)
      .where(where)
      .orderBy(desc(a.in_school_date), a.car_card_number, a.id)
      .limit(q.limit)
      .offset(q.offset),
    tx.select({ n: count() }).from(a).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Visits by id (not deleted). */
export async function visitsByIds(tx: Executor, tenantId: string, ids: readonly string[]): Promise<VisitRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(a)
    .where(and(eq(a.tenant_id, tenantId), inArray(a.id, [...ids]), eq(a.del, 0)));
}

const e = visitorEntries;

/** What entries are filtered by. */
export interface EntryQuery {
  from?: Date;
  to?: Date;
  place?: string;
  dataSource?: number;
  name?: string;
  /** A scoped administrator's areas: entries at those gates only. */
  scopeAreas?: string[];
  limit: number;
  offset: number;
}

function entryWhere(tenantId: string, q: EntryQuery): SQL | undefined {
  return and(
    eq(e.tenant_id, tenantId),
    q.from ? gte(e.arrive_time, q.from) : undefined,
    q.to ? lt(e.arrive_time, q.to) : undefined,
    q.place ? eq(e.arrival_place, q.place) : undefined,
    q.dataSource !== undefined ? eq(e.data_source, q.dataSource) : undefined,
    q.name ? nameContains(e.visitor_name, q.name) : undefined,
    q.scopeAreas?.length ? inArray(e.arrival_place, q.scopeAreas) : undefined,
  );
}

/** A page of entries, newest first, and how many match. */
export async function pageEntries(tx: Executor, tenantId: string, q: EntryQuery) {
  const where = entryWhere(tenantId, q);
  const [rows, [counted]] = await Promise.all([
    tx.select().from(e).where(where).orderBy(desc(e.arrive_time), desc(e.id)).limit(q.limit).offset(q.offset),
    tx.select({ n: count() }).from(e).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * A day's entry figures: entries, distinct people (a visit, else a pass, else an entry of its
 * own), people on campus at `now` (entered that day, their visit's or pass's window not over;
 * an entry with neither counts until `dayEnd`), and entries ever.
 */
export async function entrySummary(
  tx: Executor,
  tenantId: string,
  dayStart: Date,
  dayEnd: Date,
  now: Date,
  /** A scoped administrator's areas: the entries at those gates only (none: every gate). */
  scopeAreas: readonly string[] = [],
) {
  const person = sql`coalesce(${e.apply_id}::text, nullif(${e.pass_serial}, ''), ${e.id}::text)`;
  const windowEnd = sql`coalesce(
    (select ${a.valid_to} from ${a} where ${a.tenant_id} = ${e.tenant_id} and ${a.id} = ${e.apply_id} and ${a.state} = 2),
    (select max(${visitorPasses.valid_to}) from ${visitorPasses} where ${visitorPasses.tenant_id} = ${e.tenant_id}
       and ${visitorPasses.serial} = ${e.pass_serial} and ${visitorPasses.revoked_at} is null),
    case when ${e.apply_id} is null and ${e.pass_serial} = '' then ${dayEnd.toISOString()}::timestamptz end
  )`;
  const gates = scopeAreas.length ? inArray(e.arrival_place, [...scopeAreas]) : undefined;
  const day = and(eq(e.tenant_id, tenantId), gte(e.arrive_time, dayStart), lt(e.arrive_time, dayEnd), gates);
  const [[today], [inside], [ever]] = await Promise.all([
    tx
      .select({ entries: count(), people: countDistinct(person) })
      .from(e)
      .where(day),
    tx
      .select({ n: countDistinct(person) })
      .from(e)
      .where(
        and(
          day,
          sql`${e.arrive_time} <= ${now.toISOString()}::timestamptz`,
          sql`${windowEnd} > ${now.toISOString()}::timestamptz`,
        ),
      ),
    tx
      .select({ n: count() })
      .from(e)
      .where(and(eq(e.tenant_id, tenantId), gates)),
  ]);
  return {
    entries: today?.entries ?? 0,
    people: today?.people ?? 0,
    on_campus: inside?.n ?? 0,
    total: ever?.n ?? 0,
  };
}

export async function findEntry(tx: Executor, tenantId: string, id: string): Promise<EntryRow | undefined> {
  const [row] = await tx
    .select()
    .from(e)
    .where(and(eq(e.tenant_id, tenantId), eq(e.id, id)));
  return row;
}

/** Entries by id (those of the tenant only). */
export async function entriesByIds(tx: Executor, tenantId: string, ids: readonly string[]): Promise<EntryRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(e)
    .where(and(eq(e.tenant_id, tenantId), inArray(e.id, [...ids])));
}

export async function insertEntries(
  tx: Executor,
  tenantId: string,
  rows: Omit<typeof visitorEntries.$inferInsert, 'tenant_id'>[],
): Promise<EntryRow[]> {
  if (!rows.length) return [];
  return tx
    .insert(e)
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId })))
    .returning();
}

export async function updateEntry(
  tx: Executor,
  tenantId: string,
  id: string,
  patch: Partial<Pick<EntryRow, 'arrive_time' | 'arrival_place' | 'visitor_name' | 'apply_id' | 'visitor_id'>>,
): Promise<EntryRow | undefined> {
  const [row] = await tx
    .update(e)
    .set(patch)
    .where(and(eq(e.tenant_id, tenantId), eq(e.id, id)))
    .returning();
  return row;
}

export async function deleteEntries(tx: Executor, tenantId: string, ids: readonly string[]): Promise<number> {
  const rows = await tx
    .delete(e)
    .where(and(eq(e.tenant_id, tenantId), inArray(e.id, [...ids])))
    .returning({ id: e.id });
  return rows.length;
}
