import { and, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { noticeReads, notices } from './notices.tables.ts';
import { NOTICE_STATE } from '@yuyue/shared';
import type { ColumnCondition, NoticeFilter, NoticeReadFilter, ReadCounts } from './notices.rules.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = Omit<typeof notices.$inferInsert, 'id' | 'tenant_id' | 'create_time'>;
export type NoticeReadRow = typeof noticeReads.$inferSelect;

/** `%` and `_` in a substring search are literal characters. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function textConditions(column: AnyPgColumn, c: ColumnCondition): SQL[] {
  const out: SQL[] = [];
  if (c.eq !== undefined) out.push(eq(column, c.eq));
  if (c.in !== undefined) out.push(inArray(column, c.in));
  if (c.like !== undefined) out.push(ilike(column, containsPattern(c.like)));
  return out;
}

function intConditions(column: AnyPgColumn, c: ColumnCondition): SQL[] {
  const asInt = (v: string) => (/^-?\d{1,9}$/.test(v) ? Number(v) : null);
  const out: SQL[] = [];
  if (c.eq !== undefined) {
    const n = asInt(c.eq);
    out.push(n === null ? sql`false` : eq(column, n));
  }
  if (c.in !== undefined) {
    const ns = c.in.map(asInt).filter((n): n is number => n !== null);
    out.push(ns.length ? inArray(column, ns) : sql`false`);
  }
  return out;
}

export interface NoticeQuery {
  filter: NoticeFilter;
  /** Users see published, released notices only. */
  publishedOnly: boolean;
  now: Date;
  limit: number;
  offset: number;
}

function noticeWhere(tenantId: string, query: Pick<NoticeQuery, 'filter' | 'publishedOnly' | 'now'>): SQL {
  const conditions: SQL[] = [eq(notices.tenant_id, tenantId), eq(notices.del, 0)];
  if (query.publishedOnly) {
    conditions.push(eq(notices.state, NOTICE_STATE.published));
    conditions.push(or(isNull(notices.release_time), lte(notices.release_time, query.now))!);
  }
  for (const [column, condition] of Object.entries(query.filter) as [keyof NoticeFilter, ColumnCondition][]) {
    if (column === 'state') conditions.push(...intConditions(notices.state, condition));
    else conditions.push(...textConditions(notices[column], condition));
  }
  return and(...conditions)!;
}

/** A page of the tenant's notices, newest release first (drafts by creation time), and the total that matches. */
export async function listNotices(
  tx: Executor,
  tenantId: string,
  query: NoticeQuery,
): Promise<{ rows: NoticeRow[]; total: number }> {
  const where = noticeWhere(tenantId, query);
  const rows = await tx
    .select()
    .from(notices)
    .where(where)
    .orderBy(desc(sql`coalesce(${notices.release_time}, ${notices.create_time})`), desc(notices.create_time))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx.select({ n: count() }).from(notices).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** A notice of the tenant that is not deleted, or undefined. */
export async function findNotice(tx: Executor, tenantId: string, id: string): Promise<NoticeRow | undefined> {
  const [row] = await tx
    .select()
    .from(notices)
    .where(and(eq(notices.tenant_id, tenantId), eq(notices.id, id), eq(notices.del, 0)))
    .limit(1);
  return row;
}

/** Same, locked for update. */
export async function findNoticeForUpdate(tx: Executor, tenantId: string, id: string): Promise<NoticeRow | undefined> {
  const [row] = await tx
    .select()
    .from(notices)
    .where(and(eq(notices.tenant_id, tenantId), eq(notices.id, id), eq(notices.del, 0)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertNotice(tx: Executor, tenantId: string, values: NewNotice): Promise<NoticeRow> {
  const [row] = await tx
    .insert(notices)
    .values({ ...values, tenant_id: tenantId })
    .returning();
  return row!;
}

export async function updateNotice(
  tx: Executor,
  tenantId: string,
  id: string,
  values: Partial<NewNotice>,
): Promise<NoticeRow | undefined> {
  const [row] = await tx
    .update(notices)
    .set(values)
    .where(and(eq(notices.tenant_id, tenantId), eq(notices.id, id), eq(notices.del, 0)))
    .returning();
  return row;
}

/**
 * Read counts of the given notices: the reader's (all days, and `today`) and everyone's
 * (rows, rows of `today`, distinct readers). Notices nobody read are absent.
 */
export async function readCounts(
  tx: Executor,
  tenantId: string,
  noticeIds: string[],
  reader: string,
  today: string,
): Promise<Map<string, ReadCounts>> {
  const out = new Map<string, ReadCounts>();
  if (noticeIds.length === 0) return out;
  const rows = await tx
    .select({
      notice_id: noticeReads.notice_id,
      mine: sql<number>`count(*) filter (where ${noticeReads.read_user_id} = ${reader})`.mapWith(Number),
      mineToday:
        sql<number>`count(*) filter (where ${noticeReads.read_user_id} = ${reader} and ${noticeReads.read_date} = ${today})`.mapWith(
          Number,
        ),
      all: sql<number>`count(*)`.mapWith(Number),
      allToday: sql<number>`count(*) filter (where ${noticeReads.read_date} = ${today})`.mapWith(Number),
      readers: sql<number>`count(distinct ${noticeReads.read_user_id})`.mapWith(Number),
    })
    .from(noticeReads)
    .where(and(eq(noticeReads.tenant_id, tenantId), inArray(noticeReads.notice_id, noticeIds)))
    .groupBy(noticeReads.notice_id);
  for (const { notice_id, ...counts } of rows) out.set(notice_id, counts);
  return out;
}

/** Records a read; a second read by the same user on the same day returns the existing row. */
export async function recordRead(
  tx: Executor,
  tenantId: string,
  read: { notice_id: string; read_user_id: string; read_user_name: string; read_date: string; read_time: Date },
): Promise<{ row: NoticeReadRow; created: boolean }> {
  const [inserted] = await tx
    .insert(noticeReads)
    .values({ ...read, tenant_id: tenantId })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await tx
    .select()
    .from(noticeReads)
    .where(
      and(
        eq(noticeReads.tenant_id, tenantId),
        eq(noticeReads.notice_id, read.notice_id),
        eq(noticeReads.read_user_id, read.read_user_id),
        eq(noticeReads.read_date, read.read_date),
      ),
    )
    .limit(1);
  return { row: existing!, created: false };
}

/** A page of the tenant's read records, newest first, and the total that matches. */
export async function listReads(
  tx: Executor,
  tenantId: string,
  query: { filter: NoticeReadFilter; limit: number; offset: number },
): Promise<{ rows: NoticeReadRow[]; total: number }> {
  const conditions: SQL[] = [eq(noticeReads.tenant_id, tenantId)];
  for (const [column, condition] of Object.entries(query.filter) as [keyof NoticeReadFilter, ColumnCondition][]) {
    if (column === 'notice_id' || column === 'read_date') {
      // uuid and date columns: compare as text so a malformed value matches nothing instead of failing
      const c = sql`${noticeReads[column]}::text`;
      if (condition.eq !== undefined) conditions.push(sql`${c} = ${condition.eq}`);
      if (condition.in !== undefined) conditions.push(sql`${c} in ${condition.in}`);
    } else {
      conditions.push(...textConditions(noticeReads[column], condition));
    }
  }
  const where = and(...conditions);
  const rows = await tx
    .select()
    .from(noticeReads)
    .where(where)
    .orderBy(desc(noticeReads.read_time), desc(noticeReads.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx.select({ n: count() }).from(noticeReads).where(where);
  return { rows, total: counted?.n ?? 0 };
}
