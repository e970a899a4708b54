/**
 * Once per run, before the server tests: with TEST_DATABASE_URL, a migrated template database
 * on that PostgreSQL server, which `freshDatabase` copies (CREATE DATABASE … TEMPLATE) instead of
 * migrating each test's database from empty (seconds per test app). Named after the migrations'
 * contents and the migrating code's, so a run reuses the template of an earlier run with the same
 * migrations, and a changed migration makes a new one. Tests that open a database of their own
 * (two instances, restarts) still migrate from empty.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database's name ('' without TEST_DATABASE_URL). */
    templateDatabase: string;
  }
}

const migrations = path.resolve(import.meta.dirname, '../migrations');
/** What else a migrated database depends on: the code that migrates (extensions, roles). */
const migrator = path.resolve(import.meta.dirname, '../src/db/client.ts');

/** A digest of every file under the migrations folder (SQL and Drizzle's journal) and of the migrator. */
function migrationsDigest(): string {
  const hash = createHash('sha256').update(fs.readFileSync(migrator)).update('\0');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(migrations, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  };
  walk(migrations);
  return hash.digest('hex').slice(0, 16);
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function ensureTemplate(url: string): Promise<string> {
  const name = `yuyue_tpl_${migrationsDigest()}`;
  const exists = async (db: string) =>
    withAdmin(url, async (c) => (await c.query('select 1 from pg_database where datname = $1', [db])).rowCount === 1);
  if (await exists(name)) return name;
  // Built under a name of its own and renamed when complete: a run that stops half way leaves
  // no half-migrated template, and two runs building at once both end with one good template.
  const building = `${name}_${process.pid}_${Date.now() % 100_000}`;
  await withAdmin(url, (c) => c.query(`create database ${building}`));
  const target = new URL(url);
  target.pathname = `/${building}`;
  try {
    const database = await openDatabase({ databaseUrl: target.href, dataDir: '' });
    await database.close();
    await withAdmin(url, (c) => c.query(`alter database ${building} rename to ${name}`));
  } catch (err) {
    await withAdmin(url, (c) => c.query(`drop database if exists ${building} with (force)`));
    if (await exists(name)) return name; // another run finished it first
    throw err;
  }
  return name;
}

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? '';
  project.provide('templateDatabase', url ? await ensureTemplate(url) : '');
}
