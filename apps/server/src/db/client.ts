import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { NodePgTransaction, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { compile, runCompiled, type Compiled } from './compiled.ts';
import { DataDirLock } from './data-dir-lock.ts';

// Without a relational schema: the code uses the query builder and `sql`, never `db.query.*`, and
// a schema would make Drizzle build a relational query object per table for every transaction
// (about 0.1 ms of CPU per transaction with this schema's sixty-odd tables).
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** What a repository function runs its queries on: the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Any fixed number: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 72_011_001;

/**
 * Opens the database and applies pending migrations: PostgreSQL when `databaseUrl` is set,
 * otherwise PGlite in `dataDir/pglite` (or in memory when `dataDir` is `memory://`).
 */
export async function openDatabase(opts: {
  databaseUrl: string;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // An idle connection the server drops (restart, failover, terminated backend) is replaced
    // on next use; without a listener its error would end the process.
    pool.on('error', (err) => console.warn(`database connection lost while idle: ${err.message}`));
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await client.query('create extension if not exists btree_gist');
        // The application role belongs to the cluster, the migration lock to one database: fresh
        // databases of one cluster migrating at once (test workers, a second deployment) would
        // race to create it in 0000_bootstrap. Created here first, tolerating the other's win.
        await client.query(`do $$ begin
          if not exists (select 1 from pg_roles where rolname = 'yuyue_app') then
            begin
              create role yuyue_app nologin nosuperuser nobypassrls;
            exception when duplicate_object or unique_violation then null;
            end;
          end if;
        end $$`);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } catch (err) {
      client.release();
      await pool.end();
      throw err;
    }
    client.release();
    const db = drizzlePg(pool) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }

  const inMemory = opts.dataDir.startsWith('memory://');
  const lock = inMemory ? null : DataDirLock.acquire(opts.dataDir);
  try {
    const client = await PGlite.create({
      dataDir: inMemory ? undefined : path.join(opts.dataDir, 'pglite'),
      extensions: { btree_gist },
    });
    await client.exec('create extension if not exists btree_gist');
    const pdb = drizzlePglite(client);
    await migratePglite(pdb, { migrationsFolder });
    return {
      db: pdb as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/** How the statements of a tenant transaction are planned. */
export interface TenantTransactionOptions {
  /**
   * Plan prepared statements once per connection (`plan_cache_mode = force_generic_plan`,
   * transaction-local) instead of once per call. For the booking engine's transactions: their
   * hot statements (`db/compiled.ts`) are written so that the generic plan is the right one
   * (tenant keys, fenced per-resource reads), and planning the bundle read for its values each
   * time cost several times what running it does. Other transactions keep PostgreSQL's choice.
   */
  genericPlans?: boolean;
}

/**
 * Runs `fn` in a transaction scoped to one tenant: the transaction switches to the
 * unprivileged application role and sets the tenant for row-level security, both with
 * SET LOCAL semantics so nothing leaks to the next user of a pooled connection.
 */
export async function withTenant<T>(
  db: Db,
  tenantId: string,
  fn: (tx: Tx) => Promise<T>,
  opts: TenantTransactionOptions = {},
): Promise<T> {
  return transactionWith(db, enterTenantStatement, { tenant: tenantId, ...planMode(opts) }, fn);
}

/** The value of `plan` in a tenant-entering statement (see `TenantTransactionOptions`). */
export const planMode = (opts: TenantTransactionOptions) => ({
  plan: opts.genericPlans ? 'force_generic_plan' : 'auto',
});

/**
 * Runs `fn` in a transaction whose first statement is `setup` (entering the tenant, taking a
 * lock): on PostgreSQL `BEGIN` and `setup` go in one round trip (a simple-protocol message of
 * two statements, `setup`'s values as escaped literals), which every request's transaction saves;
 * on PGlite (in process, no round trips) Drizzle's transaction runs it first.
 */
export async function transactionWith<T>(
  db: Db,
  setup: Compiled,
  values: Record<string, string>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const session = (db as unknown as { session: PoolSession }).session;
  const pool = session.client;
  if (!(pool instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      await runCompiled(tx, setup, values);
      return fn(tx);
    });
  }
  const client = await pool.connect();
  let conn: DeferredBegin;
  try {
    conn = new DeferredBegin(client, `begin; ${literalText(setup, values, client)}`);
  } catch (err) {
    client.release();
    throw err;
  }
  const SessionOf = session.constructor as new (...args: unknown[]) => unknown;
  const tx = new NodePgTransaction(
    session.dialect,
    new SessionOf(conn, session.dialect, session.schema, session.options) as never,
    session.schema as never,
  ) as unknown as Tx;
  const last: string[] = [];
  finalStatements.set(tx, { client, texts: last });
  try {
    const result = await fn(tx);
    const begin = conn.takeBegin();
    // a transaction that sent nothing and has nothing to write had nothing to commit
    if (begin === null || last.length) await client.query([...(begin ? [begin] : []), ...last, 'commit'].join('; '));
    client.release();
    return result;
  } catch (err) {
    if (conn.takeBegin() !== null) {
      client.release(); // nothing was sent: nothing to roll back
      throw err;
    }
    try {
      await client.query('rollback');
      client.release();
    } catch (rollbackErr) {
      // the connection is unusable: drop it rather than give it back to the pool
      client.release(rollbackErr as Error);
    }
    throw err;
  }
}

/**
 * The connection a `transactionWith` transaction runs on (what its Drizzle session calls), with
 * its `BEGIN; setup` not yet sent: it goes in the same round trip as the transaction's first
 * statement. A first statement that is compiled and already prepared on this connection runs
 * there as `EXECUTE name(literals)` (`runFirst`: the same cached plan, one round trip less for
 * each transaction, such as a booking's, that starts with its bundle read); any other first
 * statement is preceded by the BEGIN in a round trip of its own, as before.
 */
class DeferredBegin {
  private begin: string | null;

  constructor(
    readonly client: pg.PoolClient,
    begin: string,
  ) {
    this.begin = begin;
  }

  /** The `BEGIN; setup` message not yet sent, which from now on it is not (null when it was). */
  takeBegin(): string | null {
    const begin = this.begin;
    this.begin = null;
    return begin;
  }

  async query(...args: unknown[]): Promise<unknown> {
    const begin = this.takeBegin();
    if (begin) await this.client.query(begin);
    return (this.client.query as (...a: unknown[]) => Promise<unknown>).apply(this.client, args);
  }

  /**
   * Runs `c` with the BEGIN when that has not been sent and `c` is prepared on this connection
   * (node-postgres keeps the names it has prepared) with values that can be written as
   * literals; its rows, or null when it cannot (the caller then runs it as usual).
   */
  async runFirst(c: Compiled, params: unknown[], types: unknown): Promise<Record<string, unknown>[] | null> {
    if (this.begin === null) return null;
    const prepared = (this.client as unknown as { connection?: { parsedStatements?: Record<string, string> } })
      .connection?.parsedStatements;
    if (prepared?.[c.name] !== c.text) return null;
    const literals = params.map((v) => literalOf(v, this.client));
    if (literals.some((l) => l === null)) return null;
    const begin = this.takeBegin();
    const execute = literals.length ? `execute ${c.name}(${literals.join(', ')})` : `execute ${c.name}`;
    const results = (await this.client.query({ text: `${begin}; ${execute}`, types } as never)) as unknown as
      pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(results) ? results[results.length - 1]! : results).rows;
  }
}

/** A value as an SQL literal for a simple-protocol message; null when it has none here. */
function literalOf(v: unknown, client: pg.PoolClient): string | null {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  // a simple-protocol message is a C string: a NUL would cut the statement short
  if (typeof v === 'string') return v.includes('\0') ? null : client.escapeLiteral(v);
  return null;
}

/** The statements each open `transactionWith` transaction sends with its COMMIT (see `atCommit`). */
const finalStatements = new WeakMap<Tx, { client: pg.PoolClient; texts: string[] }>();

/**
 * Runs a compiled statement as the last of the transaction: on PostgreSQL it goes in the same
 * round trip as the COMMIT (the message `…; commit`, its values as escaped literals), which saves
 * one round trip; it still commits or fails with the transaction (a failure aborts the
 * transaction, so the COMMIT does not happen). For writes nothing later in the transaction
 * reads, such as its operate-log entry. Elsewhere (PGlite, a transaction not started by
 * `transactionWith`) it runs at once.
 */
export async function atCommit(tx: Tx, statement: Compiled, values: Record<string, string>): Promise<void> {
  const final = finalStatements.get(tx);
  if (final) final.texts.push(literalText(statement, values, final.client));
  else await runCompiled(tx, statement, values);
}

/** What `transactionWith` reads of Drizzle's node-postgres session (the pool and what a transaction's session needs). */
interface PoolSession {
  client: unknown;
  dialect: PgDialect;
  schema: unknown;
  options: unknown;
}

/** A compiled statement's text with its values as escaped literals (for a simple-protocol message). */
function literalText(c: Compiled, values: Record<string, string>, client: pg.PoolClient): string {
  const { texts, slots } = templateOf(c);
  let out = texts[0]!;
  for (let i = 0; i < slots.length; i++) {
    const slot = c.slots[slots[i]!]!;
    const v = 'name' in slot ? values[slot.name] : slot.value;
    if (typeof v !== 'string') throw new Error(`literalText: $${slots[i]! + 1} has no text value`);
    // a simple-protocol message is a C string: a NUL would cut the statement short
    if (v.includes('\0')) throw new Error(`literalText: $${slots[i]! + 1} contains a NUL character`);
    out += client.escapeLiteral(v) + texts[i + 1]!;
  }
  return out;
}

/** A compiled statement's text cut at its `$n` (the texts between them, and each one's slot). */
const templates = new WeakMap<Compiled, { texts: string[]; slots: number[] }>();
function templateOf(c: Compiled): { texts: string[]; slots: number[] } {
  let t = templates.get(c);
  if (!t) {
    const parts = c.text.split(/\$(\d+)/);
    t = {
      texts: parts.filter((_, i) => i % 2 === 0),
      slots: parts.filter((_, i) => i % 2 === 1).map((n) => Number(n) - 1),
    };
    templates.set(c, t);
  }
  return t;
}

/** Switches a running transaction to a tenant (and to the application role) until it ends. */
export async function enterTenant(tx: Tx, tenantId: string): Promise<void> {
  await runCompiled(tx, enterTenantStatement, { tenant: tenantId, ...planMode({}) });
}

const enterTenantStatement = compile(
  sql`select set_config('app.tenant_id', ${sql.placeholder('tenant')}, true), set_config('role', 'yuyue_app', true),
    set_config('plan_cache_mode', ${sql.placeholder('plan')}, true)`,
);
