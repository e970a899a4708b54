import { createHash } from 'node:crypto';
import { Param, Placeholder, is, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './client.ts';

/**
 * Statements of the hot paths (a booking submit, every authenticated request), rendered once
 * and then sent straight to the driver.
 *
 * Drizzle builds a statement's text on every call and wraps each call in a prepared-query
 * object; for the booking path's wide statements (a booking has some fifty columns) and its
 * bundle read, that cost more CPU than the database spent running them. Such a statement is
 * built once with Drizzle (`sql.placeholder` for what varies), kept as text and parameter
 * slots, and each call sends the text with its values to the connection of the transaction
 * (`runCompiled`). On PostgreSQL it is a named prepared statement (parsed and planned once per
 * connection; the name is a hash of the text, so one name never means two texts). Values go to the driver as given: map them as the column would
 * (`column.mapToDriverValue`) where Drizzle would have; rows come back with timestamps, dates and
 * intervals as text, as Drizzle reads them, for `rowsFromJson`-style mapping.
 */
export interface Compiled {
  text: string;
  name: string;
  /** Per `$n`: the placeholder's name, or a constant rendered into the statement. */
  slots: ({ name: string } | { value: unknown })[];
}

const dialect = new PgDialect();

export function compile(statement: SQL): Compiled {
  const q = dialect.sqlToQuery(statement);
  return {
    text: q.sql,
    name: `yy_${createHash('sha1').update(q.sql).digest('hex').slice(0, 24)}`,
    slots: q.params.map((param) => {
      // inserts leave their values wrapped in a Param (with the column as encoder)
      const p = is(param, Param) ? (param as Param).value : param;
      return is(p, Placeholder) ? { name: (p as Placeholder).name } : { value: p };
    }),
  };
}

/** The statements compiled once per key (a shape), on first use. */
export function compiledCache(): (key: string, build: () => SQL) => Compiled {
  const cache = new Map<string, Compiled>();
  return (key, build) => {
    let c = cache.get(key);
    if (!c) {
      c = compile(build());
      cache.set(key, c);
    }
    return c;
  };
}

// What Drizzle leaves as text for its own mapping: timestamps, dates, intervals and their arrays.
const RAW_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const asText = (v: string) => v;
const nodePgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format as 'text'),
};
const pgliteParsers = Object.fromEntries([...RAW_TYPES].map((oid) => [oid, asText]));

interface DriverClient {
  query(...args: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite (and its transactions) only. */
  exec?: unknown;
  /** A transaction whose BEGIN is still to be sent (db/client.ts `DeferredBegin`). */
  runFirst?(c: Compiled, params: unknown[], types: unknown): Promise<Record<string, unknown>[] | null>;
}

/** The driver connection (or pool) a Drizzle database or transaction runs its statements on. */
function driverOf(tx: Executor): DriverClient {
  const client = (tx as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('runCompiled: no driver client on this executor');
  return client;
}

/** Runs a compiled statement with `values` for its placeholders; its rows. */
export async function runCompiled(
  tx: Executor,
  c: Compiled,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const params = c.slots.map((s) => ('name' in s ? values[s.name] : s.value));
  const client = driverOf(tx);
  const first = await client.runFirst?.(c, params, nodePgTypes);
  if (first) return first;
  const result =
    typeof client.exec === 'function'
      ? await client.query(c.text, params, { parsers: pgliteParsers })
      : await client.query({ name: c.name, text: c.text, values: params, types: nodePgTypes });
  return result.rows;
}

/** A PostgreSQL array literal of some texts (one parameter, whatever their number). */
export function textArray(list: readonly string[]): string {
  return `{${list.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
