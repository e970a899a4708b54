import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

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

/** The column list of an insert from `jsonb_to_recordset` and the record type it reads the rows as. */
export function recordsetColumns(columns: readonly AnyPgColumn[]): { names: SQL; types: SQL } {
  return {
    names: sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    ),
    types: sql.join(
      columns.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
      sql`, `,
    ),
  };
}

/**
 * Inserts rows of `table` in ONE statement whatever their number: the rows travel as one JSON
 * value (`jsonb_to_recordset`), so neither the statement's text nor its parameters grow with
 * them (a multi-row VALUES takes a parameter per value, at most 65,535, and costs more to build
 * and parse). The columns are those of the first row; each value is mapped as the column would
 * map it (JSON columns as they are). Columns not given take their defaults.
 */
export async function insertJsonRows<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
): Promise<void> {
  // rows giving different columns (a value left undefined takes the default) go in a statement each
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows as readonly Record<string, unknown>[]) {
    const key = Object.keys(row)
      .filter((k) => row[k] !== undefined)
      .join(',');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const isJson = (c: AnyPgColumn) => /^jsonb?$/.test(c.getSQLType());
  for (const [key, list] of groups) {
    const given = key
      .split(',')
      .filter((k) => k in columns)
      .map((k) => [k, columns[k]!] as const);
    const json = list.map((row) => {
      const o: Record<string, unknown> = {};
      for (const [k, c] of given) {
        const v = row[k];
        o[c.name] = v === null ? null : isJson(c) ? v : c.mapToDriverValue(v);
      }
      return o;
    });
    const { names, types } = recordsetColumns(given.map(([, c]) => c));
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${types})`,
    );
  }
}
