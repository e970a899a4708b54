/**
 * Two app instances on one PostgreSQL database, as in a scaled-out deployment: both start
 * (migrations serialised), a token issued by one is honoured by the other, and a job runs on
 * one instance at a time. Needs TEST_DATABASE_URL (PGlite is single-process by nature).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../src/db/seed.ts';
import { runExclusively, type Job } from '../src/platform/jobs.ts';
import { Browser, implicitAuthorizeUrl } from './oidc-client.ts';
import { testDatabaseUrl } from './support.ts';
import type { FastifyInstance } from 'fastify';

const name = `yuyue_two_${randomBytes(5).toString('hex')}`;
let url = '';
let dbs: Database[] = [];
let apps: FastifyInstance[] = [];

describe.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(testDatabaseUrl);
    u.pathname = `/${name}`;
    url = u.href;
    // Both start at once: the migrations must not collide.
    dbs = await Promise.all([
      openDatabase({ databaseUrl: url, dataDir: '' }),
      openDatabase({ databaseUrl: url, dataDir: '' }),
    ]);
    const config = loadConfig({ NODE_ENV: 'test' });
    apps = await Promise.all(dbs.map((database) => buildApp({ config, database })));
    await seedDemoTenant(dbs[0]!.db);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('a token signed in on one instance works on the other', async () => {
    const browser = new Browser(apps[0]!);
    const page = await browser.follow(await browser.request('GET', implicitAuthorizeUrl('yy-sys')));
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const done = await browser.follow(
      await browser.request('POST', action, {
        account: demoAccounts.user.account,
        password: demoAccounts.user.password,
      }),
    );
    const token = new URLSearchParams(new URL(done.headers.location as string).hash.slice(1)).get('access_token')!;
    expect(token).toHaveLength(32);
    const res = await apps[1]!.inject({
      method: 'POST',
      url: '/bus/graphql/apps_yy_sys',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: '{ checkTenantStatus { errcode } }' },
    });
    expect(res.json().data.checkTenantStatus.errcode).toBe('0');
  });

  it('runs a job on one instance at a time', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const job: Job = {
      name: 'two-instances-test',
      everyMs: 1000,
      async run() {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 300));
        running--;
        runs++;
      },
    };
    const results = await Promise.all(dbs.map((d) => runExclusively(d.db, job)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(most).toBe(1);
  });
});
