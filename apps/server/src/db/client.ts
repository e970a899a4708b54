import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { DataDirLock } from './data-dir-lock.ts';

export type Schema = typeof schema;
type Relations = ExtractTablesWithRelations<Schema>;
export type Db = PgDatabase<PgQueryResultHKT, Schema, Relations>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, Relations>;
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
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } catch (err) {
      client.release();
      await pool.end();
      throw err;
    }
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
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
    const pdb = drizzlePglite(client, { schema });
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

/**
 * Runs `fn` in a transaction scoped to one tenant: the transaction switches to the
 * unprivileged application role and sets the tenant for row-level security, both with
 * SET LOCAL semantics so nothing leaks to the next user of a pooled connection.
 */
export async function withTenant<T>(db: Db, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await enterTenant(tx, tenantId);
    return fn(tx);
  });
}

/** Switches a running transaction to a tenant (and to the application role) until it ends. */
export async function enterTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', 'yuyue_app', true)`);
}
