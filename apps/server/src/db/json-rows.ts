import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A scalar subquery giving the rows of `table` matching `where` as one JSON array (in
 * `orderBy` order), so that several lists load in one statement (one round trip) instead of
 * one statement each. Read the value back with `rowsFromJson`.
 */
export function jsonRows(table: PgTable, where: SQL | undefined, orderBy: SQL[] = []): SQL {
  const order = orderBy.length ? sql` order by ${sql.join(orderBy, sql`, `)}` : sql``;
  return sql`(select coalesce(json_agg(${table}${order}), '[]'::json) from ${table}${where ? sql` where ${where}` : sql``})`;
}

/** Typed rows from a `jsonRows` value: each column mapped from its database value as a select would. */
export function rowsFromJson<T extends PgTable>(table: T, value: unknown): T['$inferSelect'][] {
  const list = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[] | null;
  if (!list) return [];
  const columns = Object.entries(getTableColumns(table));
  return list.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const v = raw[column.name];
      row[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
    }
    return row as T['$inferSelect'];
  });
}

/** The rows of a `tx.execute` result, on PostgreSQL (node-postgres) and PGlite alike. */
export function resultRows(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}
