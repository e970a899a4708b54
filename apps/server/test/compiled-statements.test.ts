/**
 * Statements compiled once and sent straight to the driver (db/compiled.ts): the same values
 * and rows as through Drizzle, on PGlite and (with TEST_DATABASE_URL) PostgreSQL, inside and
 * outside a transaction, and a named statement reused on one connection.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { atCommit, openDatabase, withTenant, type Database } from '../src/db/client.ts';
import { compile, compiledCache, runCompiled } from '../src/db/compiled.ts';
import { rowsFromJson } from '../src/db/json-rows.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { freshDatabase, testDatabaseUrl } from './support.ts';
import { seedDemoTenant } from '../src/db/seed.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await seedDemoTenant(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const echo = compile(
  sql`select ${sql.placeholder('text')}::text as text, ${sql.placeholder('n')}::int + ${41} as n,
    ${sql.placeholder('at')}::timestamptz as at, ${sql.placeholder('day')}::date as day, '{"a":1}'::json as doc`,
);

describe('compiled statements', () => {
  it('fills placeholders and constants, and leaves timestamps and dates as text like Drizzle', async () => {
    const [row] = await runCompiled(database.db, echo, {
      text: '预约',
      n: 1,
      at: '2030-01-01T04:00:00.000Z',
      day: '2030-01-01',
    });
    expect(row!.text).toBe('预约');
    expect(row!.n).toBe(42);
    expect(typeof row!.at).toBe('string');
    expect(new Date(String(row!.at)).toISOString()).toBe('2030-01-01T04:00:00.000Z');
    expect(row!.day).toBe('2030-01-01');
    expect(row!.doc).toEqual({ a: 1 });
  });

  it('runs on the transaction it is given (its writes roll back with it) and reuses its statement', async () => {
    const insert = compile(
      sql`insert into ${operateLogs} (tenant_id, operate_user_id, operate_user_name, id_address, operate_module,
        operate_type, operate_content, operate_object)
        values (${sql.placeholder('tenant')}, 'u', 'n', '127.0.0.1', 'test', 'compiled', ${sql.placeholder('content')}, '')
        returning *`,
    );
    const tenantId = (await listTenants(database.db))[0]!.id;
    const marker = `rolled back ${Date.now()}`;
    await expect(
      database.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) {
          const rows = rowsFromJson(operateLogs, await runCompiled(tx, insert, { tenant: tenantId, content: marker }));
          expect(rows[0]!.operate_content).toBe(marker);
          expect(rows[0]!.operate_time).toBeInstanceOf(Date);
        }
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const count = compile(
      sql`select count(*)::int as n from ${operateLogs} where operate_content = ${sql.placeholder('content')}`,
    );
    const [left] = await runCompiled(database.db, count, { content: marker });
    expect(left!.n).toBe(0);
  });

  it('builds a statement once per key', () => {
    const cache = compiledCache();
    let built = 0;
    const build = () => {
      built++;
      return sql`select ${sql.placeholder('x')}::int as x`;
    };
    const a = cache('k', build);
    const b = cache('k', build);
    expect(a).toBe(b);
    expect(built).toBe(1);
    expect(a.name).toMatch(/^yy_[0-9a-f]{24}$/);
    expect(compile(build()).name).toBe(a.name);
  });
});

describe('statements sent with the COMMIT (atCommit)', () => {
  const log = compile(
    sql`insert into ${operateLogs} (tenant_id, operate_user_id, operate_user_name, id_address, operate_module,
      operate_type, operate_content, operate_object)
      values (${sql.placeholder('tenant')}, 'u', 'n', '127.0.0.1', 'test', ${sql.placeholder('type')},
        ${sql.placeholder('content')}, '')`,
  );
  const count = compile(
    sql`select count(*)::int as n from ${operateLogs} where operate_content = ${sql.placeholder('content')}`,
  );
  const logged = async (content: string) => (await runCompiled(database.db, count, { content }))[0]!.n;

  it('commits with the transaction, quotes are kept, and nothing is written when the transaction fails', async () => {
    const tenantId = (await listTenants(database.db))[0]!.id;
    const kept = `it's "kept" \\ ${Date.now()}`;
    await withTenant(database.db, tenantId, (tx) => atCommit(tx, log, { tenant: tenantId, type: 'x', content: kept }));
    expect(await logged(kept)).toBe(1);
    const dropped = `dropped ${Date.now()}`;
    await expect(
      withTenant(database.db, tenantId, async (tx) => {
        await atCommit(tx, log, { tenant: tenantId, type: 'x', content: dropped });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await logged(dropped)).toBe(0);
  });

  it('a final statement that fails aborts the COMMIT: the transaction writes nothing', async () => {
    const tenantId = (await listTenants(database.db))[0]!.id;
    const first = `first ${Date.now()}`;
    await expect(
      withTenant(database.db, tenantId, async (tx) => {
        await runCompiled(tx, log, { tenant: tenantId, type: 'x', content: first });
        // another tenant's row: row-level security refuses it when it runs (at commit on PostgreSQL)
        await atCommit(tx, log, { tenant: randomUUID(), type: 'x', content: 'elsewhere' });
      }),
    ).rejects.toThrow();
    expect(await logged(first)).toBe(0);
  });
});

describe.skipIf(!testDatabaseUrl)('a transaction whose BEGIN goes with its first statement (PostgreSQL)', () => {
  const tenantOf = compile(
    sql`select current_setting('app.tenant_id', true) as tenant, current_user as role, ${sql.placeholder('n')}::int as n`,
  );

  it('runs a prepared first statement in the BEGIN round trip, in the tenant, and sends nothing for an empty one', async () => {
    const url = (database as unknown as { url: string }).url;
    const one = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 });
    const calls: unknown[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      calls.push(args[0]);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      const tenantId = (await listTenants(one.db))[0]!.id;
      const run = (n: number) =>
        withTenant(one.db, tenantId, async (tx) => (await runCompiled(tx, tenantOf, { n }))[0]);
      calls.length = 0;
      expect(await run(1)).toEqual({ tenant: tenantId, role: 'yuyue_app', n: 1 });
      const first = calls.length; // not yet prepared on the connection: BEGIN, then the statement
      calls.length = 0;
      expect(await run(2)).toEqual({ tenant: tenantId, role: 'yuyue_app', n: 2 });
      expect(calls.length).toBe(first - 1);
      calls.length = 0;
      await withTenant(one.db, tenantId, async () => undefined);
      expect(calls).toEqual([]);
      // a failing first statement: rolled back, the connection stays usable
      await expect(withTenant(one.db, tenantId, (tx) => runCompiled(tx, tenantOf, { n: 'x' }))).rejects.toThrow();
      expect(await run(3)).toEqual({ tenant: tenantId, role: 'yuyue_app', n: 3 });
    } finally {
      pg.Client.prototype.query = query;
      await one.close();
    }
  });
});
