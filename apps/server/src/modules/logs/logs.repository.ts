import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { operateLogs } from '../../platform/audit/audit.tables.ts';
import type { ColumnCondition, OperateLogFilter } from './logs.rules.ts';

export type OperateLogRow = typeof operateLogs.$inferSelect;
export type NewOperateLog = Pick<
  OperateLogRow,
  | 'operate_user_id'
  | 'operate_user_name'
  | 'id_address'
  | 'operate_module'
  | 'operate_type'
  | 'operate_content'
  | 'operate_object'
>;

export interface OperateLogQuery {
  filter: OperateLogFilter;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  limit: number;
  offset: number;
}

/** `%` and `_` in a substring search are literal characters. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function columnConditions(column: AnyPgColumn, c: ColumnCondition): SQL[] {
  const out: SQL[] = [];
  if (c.eq !== undefined) out.push(eq(column, c.eq));
  if (c.in !== undefined) out.push(inArray(column, c.in));
  if (c.like !== undefined) out.push(ilike(column, containsPattern(c.like)));
  return out;
}

/** A page of the tenant's operate log, newest first, and how many entries match in all. */
export async function listOperateLogs(
  tx: Executor,
  tenantId: string,
  query: OperateLogQuery,
): Promise<{ rows: OperateLogRow[]; total: number }> {
  const conditions: SQL[] = [eq(operateLogs.tenant_id, tenantId)];
  for (const [column, condition] of Object.entries(query.filter)) {
    if (condition) conditions.push(...columnConditions(operateLogs[column as keyof OperateLogFilter], condition));
  }
  if (query.from) conditions.push(gte(operateLogs.operate_time, query.from));
  if (query.to) conditions.push(lt(operateLogs.operate_time, query.to));
  const where = and(...conditions);
  const rows = await tx
    .select()
    .from(operateLogs)
    .where(where)
    .orderBy(desc(operateLogs.operate_time), desc(operateLogs.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx.select({ n: count() }).from(operateLogs).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function findOperateLog(tx: Executor, tenantId: string, id: string): Promise<OperateLogRow | undefined> {
  const [row] = await tx
    .select()
    .from(operateLogs)
    .where(and(eq(operateLogs.tenant_id, tenantId), eq(operateLogs.id, id)))
    .limit(1);
  return row;
}

export async function insertOperateLogs(
  tx: Executor,
  tenantId: string,
  entries: NewOperateLog[],
): Promise<OperateLogRow[]> {
  if (entries.length === 0) return [];
  return tx
    .insert(operateLogs)
    .values(entries.map((e) => ({ ...e, tenant_id: tenantId })))
    .returning();
}

/** Deletes the given entries of the tenant; returns the ones that existed. */
export async function deleteOperateLogs(tx: Executor, tenantId: string, ids: string[]): Promise<OperateLogRow[]> {
  if (ids.length === 0) return [];
  return tx
    .delete(operateLogs)
    .where(and(eq(operateLogs.tenant_id, tenantId), inArray(operateLogs.id, ids)))
    .returning();
}
