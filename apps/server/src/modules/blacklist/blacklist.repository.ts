import { and, count, desc, eq, gt, ilike, inArray, lte, max, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blackList, blackSettings } from './blacklist.tables.ts';

export type BlackListRow = typeof blackList.$inferSelect;
export type NewBlackListEntry = Omit<typeof blackList.$inferInsert, 'id' | 'tenant_id'>;
export type BlackSettingsRow = typeof blackSettings.$inferSelect;

function inForce(tenantId: SQLWrapper | string, account: SQLWrapper | string, now: SQLWrapper | Date): SQL {
  const b = blackList;
  return and(
    eq(b.tenant_id, tenantId),
    eq(b.user_account, account),
    eq(b.state, '1'),
    eq(b.del, 0),
    lte(b.start_time, now),
    gt(b.end_time, now),
  )!;
}

/** The entry in force at `now` for an account that ends last, if any. */
export async function banInForce(
  tx: Executor,
  tenantId: string,
  account: string,
  now: Date,
): Promise<BlackListRow | undefined> {
  const [row] = await tx
    .select()
    .from(blackList)
    .where(inForce(tenantId, account, now))
    .orderBy(desc(blackList.end_time))
    .limit(1);
  return row;
}

/**
 * `banInForce` as a scalar subquery giving the entry as a JSON object (or null), so that the
 * booking engine reads it in the statement that loads everything else it needs (one round trip
 * less on every submit). Read it back with `rowsFromJson(blackList, [value])`.
 */
export function banInForceJson(tenantId: SQLWrapper, account: SQLWrapper, now: SQLWrapper): SQL {
  return sql`(select row_to_json(${blackList}) from ${blackList}
    where ${inForce(tenantId, account, sql`${now}::timestamptz`)} order by ${blackList.end_time} desc limit 1)`;
}

/**
 * `banInForceJson` for several accounts (`accounts`: a text[] expression): per account the
 * entry in force at `now` that ends last, as one JSON array (read back with `rowsFromJson`).
 */
export function bansInForceJson(tenantId: SQLWrapper, accounts: SQLWrapper, now: SQLWrapper): SQL {
  const b = blackList;
  return sql`(select coalesce(json_agg(x), '[]'::json) from (select distinct on (${b.user_account}) ${b}.* from ${b}
    where ${b.tenant_id} = ${tenantId} and ${b.user_account} = any(${accounts}) and ${b.state} = '1' and ${b.del} = 0
      and ${b.start_time} <= ${now}::timestamptz and ${b.end_time} > ${now}::timestamptz
    order by ${b.user_account}, ${b.end_time} desc) x)`;
}

/** When each account's latest blacklist entry (any state, removed ones too) was made. */
export async function lastEntryTimes(tx: Executor, tenantId: string, accounts: string[]): Promise<Map<string, Date>> {
  if (!accounts.length) return new Map();
  const b = blackList;
  const rows = await tx
    .select({ account: b.user_account, at: max(b.create_time) })
    .from(b)
    .where(and(eq(b.tenant_id, tenantId), inArray(b.user_account, accounts)))
    .groupBy(b.user_account);
  return new Map(rows.filter((r) => r.at).map((r) => [r.account, r.at!]));
}

export async function insertEntry(tx: Executor, tenantId: string, values: NewBlackListEntry): Promise<BlackListRow> {
  const [row] = await tx
    .insert(blackList)
    .values({ ...values, tenant_id: tenantId })
    .returning();
  return row!;
}

/** One entry (not removed), locked until the transaction ends. */
export async function lockEntry(tx: Executor, tenantId: string, id: string): Promise<BlackListRow | undefined> {
  const [row] = await tx
    .select()
    .from(blackList)
    .where(and(eq(blackList.tenant_id, tenantId), eq(blackList.id, id), eq(blackList.del, 0)))
    .for('update');
  return row;
}

export async function updateEntry(
  tx: Executor,
  tenantId: string,
  id: string,
  values: Partial<NewBlackListEntry>,
): Promise<BlackListRow | undefined> {
  const [row] = await tx
    .update(blackList)
    .set(values)
    .where(and(eq(blackList.tenant_id, tenantId), eq(blackList.id, id), eq(blackList.del, 0)))
    .returning();
  return row;
}

export interface EntryQuery {
  account?: string;
  /** Substring of the account or the name. */
  keyword?: string;
  source?: string;
  /** '1' in force, '2' pardoned, '3' expired. */
  banState?: string;
  now: Date;
}

function entryWhere(tenantId: string, q: EntryQuery): SQL {
  const b = blackList;
  const conds: SQL[] = [eq(b.tenant_id, tenantId), eq(b.del, 0)];
  if (q.account) conds.push(eq(b.user_account, q.account));
  if (q.keyword) {
    const pattern = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(b.user_account, pattern), ilike(b.user_name, pattern))!);
  }
  if (q.source) conds.push(eq(b.source, q.source));
  if (q.banState === '1') conds.push(eq(b.state, '1'), gt(b.end_time, q.now));
  else if (q.banState === '2') conds.push(eq(b.state, '2'));
  else if (q.banState === '3') conds.push(eq(b.state, '1'), lte(b.end_time, q.now));
  else if (q.banState) conds.push(sql`false`);
  return and(...conds)!;
}

/** A page of the tenant's entries (not removed), newest first, and how many match. */
export async function pageEntries(
  tx: Executor,
  tenantId: string,
  q: EntryQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: BlackListRow[]; total: number }> {
  const where = entryWhere(tenantId, q);
  const rows = await tx
    .select()
    .from(blackList)
    .where(where)
    .orderBy(desc(blackList.create_time), desc(blackList.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(blackList).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findSettings(tx: Executor, tenantId: string): Promise<BlackSettingsRow | undefined> {
  const [row] = await tx.select().from(blackSettings).where(eq(blackSettings.tenant_id, tenantId));
  return row;
}

/** Writes the tenant's rule (one row per tenant). */
export async function upsertSettings(
  tx: Executor,
  tenantId: string,
  values: Omit<typeof blackSettings.$inferInsert, 'id' | 'tenant_id'>,
): Promise<BlackSettingsRow> {
  const [row] = await tx
    .insert(blackSettings)
    .values({ ...values, tenant_id: tenantId })
    .onConflictDoUpdate({ target: blackSettings.tenant_id, set: values })
    .returning();
  return row!;
}
