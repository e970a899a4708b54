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
import { databaseFailure } from '../platform/errors.ts';
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
  /**
   * Resolves when the database answers a trivial query within `timeoutMs`, rejects otherwise
   * (the readiness check). On PostgreSQL it uses a connection of its own, so a pool busy with
   * requests does not make a healthy database look unreachable.
   */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** Any fixed number: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 72_011_001;

/** How long a connection may sit idle before TCP keepalive probes ask whether its peer is still there. */
const KEEPALIVE_DELAY_MS = 10_000;

export interface DatabaseOptions {
  databaseUrl: string;
  dataDir: string;
  poolSize?: number;
  /** A statement's time budget on PostgreSQL, ms (`DATABASE_STATEMENT_TIMEOUT_MS`); 0 for none. Default 5000. */
  statementTimeoutMs?: number;
  /** How long getting a PostgreSQL connection may take, ms (`DATABASE_CONNECT_TIMEOUT_MS`). Default 5000. */
  connectTimeoutMs?: number;
}

/**
 * Opens the database and applies pending migrations: PostgreSQL when `databaseUrl` is set,
 * otherwise PGlite in `dataDir/pglite` (or in memory when `dataDir` is `memory://`).
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts);

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
      // PGlite runs one statement at a time: a ping waits behind a running transaction, and
      // after close or a fatal error of its runtime it fails at once.
      ping: (timeoutMs) =>
        within(
          timeoutMs,
          client.query('select 1').then(() => undefined),
        ),
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

/**
 * `openDatabase`, waiting while the database does not answer (started before it, or during its
 * restart), with a growing delay (0.5 s doubling up to 5 s) and `onRetry` told of each attempt:
 * an instance comes up by itself once the database does, as it keeps serving through an outage
 * later. Any other failure (a migration that fails, a wrong database name) rejects at once.
 */
export async function openDatabaseWhenReachable(
  opts: DatabaseOptions,
  onRetry: (err: Error, delayMs: number, attempt: number) => void,
): Promise<Database> {
  for (let attempt = 1, delay = 500; ; attempt++, delay = Math.min(delay * 2, 5000)) {
    try {
      return await openDatabase(opts);
    } catch (err) {
      if (!databaseFailure(err)) throw err;
      onRetry(err as Error, delay, attempt);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * PostgreSQL through a node-postgres pool that outlives the server's restarts and failovers:
 * every connection carries an 'error' listener for its whole life (a connection the server
 * drops while a request holds it would otherwise end the process with an unhandled 'error'
 * event; the pool's own listener covers idle ones only), a broken connection is discarded on
 * release and replaced on next use, and getting one gives up after `connectTimeoutMs`.
 */
async function openPostgres(opts: DatabaseOptions): Promise<Database> {
  const statementTimeoutMs = opts.statementTimeoutMs ?? 5000;
  const connectTimeoutMs = opts.connectTimeoutMs ?? 5000;
  const base: pg.ClientConfig = {
    connectionString: opts.databaseUrl,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
  await migratePostgres(base);

  const pool = new pg.Pool({
    ...base,
    max: opts.poolSize ?? 20,
    ...(statementTimeoutMs > 0
      ? {
          // Set at connection start: no round trip per transaction. Each statement, in a
          // transaction or not, is cancelled by the server past its budget (SQLSTATE 57014).
          ...withStartupOption(opts.databaseUrl, `-c statement_timeout=${statementTimeoutMs}`),
          // and the driver stops waiting when the server does not answer at all (a network
          // partition sends no reset), rather than holding the request and the connection.
          query_timeout: statementTimeoutMs + connectTimeoutMs,
        }
      : {}),
  });
  pool.on('connect', (client) => {
    client.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
  });
  // logged by the connection's own listener; the pool has already dropped the connection
  pool.on('error', () => undefined);
  const db = drizzlePg(pool) as unknown as Db;
  ownTransactions(db, pool);
  const ping = prober(base);
  return {
    db,
    kind: 'postgres',
    ping,
    close: async () => {
      await ping.close();
      await pool.end();
    },
  };
}

/**
 * Applies pending migrations on a connection of its own, outside the pool: a migration may
 * take longer than a request's statement budget.
 */
async function migratePostgres(base: pg.ClientConfig): Promise<void> {
  const client = new pg.Client(base);
  client.on('error', (err) => console.warn(`database connection lost during migration: ${err.message}`));
  await client.connect();
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
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The connection string with `extra` added to its `options` startup parameter: node-postgres
 * lets a connection string's parameters override the configuration's, so both go in the string.
 */
function withStartupOption(databaseUrl: string, extra: string): { connectionString: string; options?: string } {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    // not a URL (a key=value string): pass the option beside it
    return { connectionString: databaseUrl, options: extra };
  }
  const own = url.searchParams.get('options');
  url.searchParams.set('options', own ? `${own} ${extra}` : extra);
  return { connectionString: url.href };
}

/**
 * The readiness check's query on a connection of its own, made on first use and again after
 * it broke; concurrent checks share one query.
 */
function prober(base: pg.ClientConfig): ((timeoutMs: number) => Promise<void>) & { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let running: Promise<void> | null = null;
  const drop = (c: pg.Client | null) => {
    if (client === c) client = null;
    void c?.end().catch(() => undefined);
  };
  const once = async (timeoutMs: number) => {
    let c = client;
    if (!c) {
      c = new pg.Client({ ...base, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
      const mine = c;
      mine.on('error', () => drop(mine));
      client = c;
      try {
        await c.connect();
      } catch (err) {
        drop(c);
        throw err;
      }
    }
    try {
      await c.query('select 1');
    } catch (err) {
      drop(c);
      throw err;
    }
  };
  const ping = (timeoutMs: number) => {
    running ??= once(timeoutMs).finally(() => {
      running = null;
    });
    return running;
  };
  return Object.assign(ping, {
    close: async () => {
      await running?.catch(() => undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  });
}

/** `work`, or a rejection when it takes longer than `ms`. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
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
  if (!(session.client instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      await runCompiled(tx, setup, values);
      return fn(tx);
    });
  }
  return poolTransaction(session, session.client, setup, values, fn);
}

/**
 * Drizzle's transactions on the pool (`db.transaction`) go the way of `transactionWith`, without
 * a setup statement: drizzle-orm 0.45's own sends its BEGIN outside the `try` whose `finally`
 * releases the connection, so a BEGIN that fails (the connection broke, the network stopped
 * answering) keeps its connection checked out for ever; in an outage jobs lost one pool slot
 * after another until the instance had none. A transaction with options keeps Drizzle's.
 */
function ownTransactions(db: Db, pool: pg.Pool): void {
  type Run = (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  const session = (db as unknown as { session: PoolSession & { transaction: Run } }).session;
  const drizzleTransaction = session.transaction.bind(session);
  session.transaction = (fn, config) =>
    config ? drizzleTransaction(fn, config) : poolTransaction(session, pool, null, {}, fn);
}

/** A `transactionWith` transaction on a connection of the pool (`setup` null: a plain BEGIN). */
async function poolTransaction<T>(
  session: PoolSession,
  pool: pg.Pool,
  setup: Compiled | null,
  values: Record<string, string>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let conn: DeferredBegin;
  try {
    conn = new DeferredBegin(client, setup ? `begin; ${literalText(setup, values, client)}` : 'begin');
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
    if (databaseFailure(err) === 'unavailable') {
      // The connection broke or stopped answering: a ROLLBACK would fail or wait as long again.
      // Closing it is the rollback (the server ends the transaction of a connection that goes).
      client.release(err as Error);
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
 * reads, such as its operate-log entry. Elsewhere (PGlite, a Drizzle transaction with options) it
 * runs at once.
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
