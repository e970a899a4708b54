/**
 * Instances agree at once: two app instances on one PostgreSQL database, A in this process and
 * B a separate server process (its caches are its own, as in a deployment). B has just used a
 * token (so it keeps it verified for up to 30 s, its user and tenant for up to 5 s); then a
 * sign-out, a token revocation, a disabled user, a tenant change and a settings change made
 * through A must show on B within 1 s, and so must a change made after B's listening connection
 * was terminated and re-opened. Without the change notifications each of these waits out B's
 * cache lifetimes. Needs TEST_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, repoRoot, type Config } from '../src/config.ts';
import { openDatabase, withTenant, type Database } from '../src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../src/db/seed.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../src/platform/auth/identity-provider.ts';
import { Browser, implicitAuthorizeUrl } from './oidc-client.ts';
import { testDatabaseUrl } from './support.ts';

const name = `yuyue_agree_${randomBytes(5).toString('hex')}`;
/** How soon B must agree with a change made through A. */
const AGREE_MS = 1000;

let url = '';
let database: Database;
let config: Config;
let a: FastifyInstance;
let b: ChildProcess | null = null;
let bPort = 0;
let bStderr = '';
let tenantId = '';
let adminToken = '';
/** How long B took to agree, per test (printed at the end). */
const lags: Record<string, number> = {};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it holds; the time it took, or a failure after `ms`. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`instance B did not agree within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

type Gql = { status: number; body: { data?: Record<string, any> | null; errors?: { message: string }[] } }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A GraphQL call to instance B over HTTP. */
async function onB(endpoint: string, query: string, token?: string, variables: object = {}): Promise<Gql> {
  if (b?.exitCode !== null) throw new Error(`instance B exited: ${bStderr}`);
  const res = await fetch(`http://127.0.0.1:${bPort}/bus/graphql/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Gql['body'] };
}

/** A GraphQL call to instance A. */
async function onA(endpoint: string, query: string, token: string, variables: object = {}): Promise<Gql> {
  const res = await a.inject({
    method: 'POST',
    url: `/bus/graphql/${endpoint}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { query, variables },
  });
  return { status: res.statusCode, body: res.json() };
}

const ME = '{ me { account } }';
const refused = (res: Gql) => res.status === 401 && res.body.errors?.[0]?.message === 'ACCESS_TOKEN_INVALID';
const servesOnB = async (token: string, account: string) =>
  (await onB('iam', ME, token)).body.data?.me?.account === account;

/** A real access token of the built-in provider (on A) for a user of the demo tenant. */
async function mintToken(userId: string): Promise<string> {
  const provider = a.oidc!;
  const client = await provider.Client.find(config.oidcClientId);
  const grant = new provider.Grant({ clientId: config.oidcClientId, accountId: accountIdOf(tenantId, userId) });
  grant.addOIDCScope('openid profile');
  const grantId = await grant.save();
  return new provider.AccessToken({
    accountId: accountIdOf(tenantId, userId),
    client: client!,
    grantId,
    scope: 'openid profile',
    gty: 'implicit',
  }).save();
}

let seq = 0;
/** A new user of the demo tenant with a token, already used on B (so B keeps both). */
async function userKnownToB(): Promise<{ id: string; account: string; token: string }> {
  const account = `agree${++seq}_${randomBytes(3).toString('hex')}`;
  const row = await withTenant(database.db, tenantId, (tx) => insertUser(tx, tenantId, { account, name: account }));
  const token = await mintToken(row.id);
  expect(await servesOnB(token, account)).toBe(true);
  return { id: row.id, account, token };
}

/** Signs in through A's provider as a browser does (implicit flow); the browser keeps the session cookie. */
async function signInOnA(account: string, password: string) {
  const browser = new Browser(a);
  const page = await browser.follow(await browser.request('GET', implicitAuthorizeUrl(config.oidcClientId)));
  const action = /action="([^"]+)"/.exec(page.body)?.[1];
  expect(action, page.body.slice(0, 500)).toBeDefined();
  const done = await browser.follow(await browser.request('POST', action!, { account, password }));
  const fragment = new URLSearchParams(new URL(done.headers.location as string).hash.slice(1));
  return { browser, token: fragment.get('access_token')!, idToken: fragment.get('id_token')! };
}

/** Listening connections of both instances (application name set by platform/events.ts). */
async function listenerPids(admin: pg.Client): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and application_name = 'yuyue-changes'`,
  );
  return rows.map((r) => r.pid);
}

describe.skipIf(!testDatabaseUrl)('instances agree within a second (two instances, PostgreSQL)', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(testDatabaseUrl);
    u.pathname = `/${name}`;
    url = u.href;
    database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 5 });
    config = loadConfig({ NODE_ENV: 'test' });
    a = await buildApp({ config, database });
    await a.ready();
    await seedDemoTenant(database.db);
    tenantId = (await listTenants(database.db))[0]!.id;

    bPort = await freePort();
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '5',
        PORT: String(bPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: config.publicUrl,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr?.on('data', (d: Buffer) => (bStderr += d.toString()));
    b = proc;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`instance B exited (${proc.exitCode}): ${bStderr}`);
      const up = await fetch(`http://127.0.0.1:${bPort}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`instance B did not start: ${bStderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    adminToken = (await signInOnA(demoAccounts.admin.account, demoAccounts.admin.password)).token;
  }, 120_000);

  afterAll(async () => {
    console.info(`instance B agreed with A after (ms): ${JSON.stringify(lags)}`);
    if (b && b.exitCode === null) {
      const exited = new Promise((r) => b!.once('exit', r));
      b.kill('SIGTERM');
      await exited;
    }
    await a?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('a sign-out on A (end session: the grant is revoked) is refused by B within 1 s', async () => {
    const { browser, token, idToken } = await signInOnA(demoAccounts.user.account, demoAccounts.user.password);
    expect(await servesOnB(token, demoAccounts.user.account)).toBe(true);
    const q = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${config.publicUrl}${config.basePath}/`,
    });
    const confirm = await browser.request('GET', `/sso/oauth2/logout?${q}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(confirm.body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1];
    expect(action && xsrf, confirm.body.slice(0, 500)).toBeTruthy();
    const out = await browser.request('POST', new URL(action!, 'http://localhost').pathname, {
      xsrf: xsrf!,
      logout: 'yes',
    });
    expect(out.statusCode).toBe(303);
    expect(refused(await onA('iam', ME, token))).toBe(true);
    lags.signOut = await within(AGREE_MS, 'signed-out token', async () => refused(await onB('iam', ME, token)));
  });

  it('a token revoked at A (revocation endpoint) is refused by B within 1 s', async () => {
    const u = await userKnownToB();
    const res = await a.inject({
      method: 'POST',
      url: '/sso/oauth2/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: u.token, client_id: config.oidcClientId }).toString(),
    });
    expect(res.statusCode).toBe(200);
    lags.revoked = await within(AGREE_MS, 'revoked token', async () => refused(await onB('iam', ME, u.token)));
  });

  it('a user disabled on A is refused by B within 1 s', async () => {
    const u = await userKnownToB();
    const off = await onA('iam', 'mutation($m: InputUser!) { updateUser(model: $m) { errcode } }', adminToken, {
      m: { id: u.id, disabled: true },
    });
    expect(off.body.data?.updateUser.errcode).toBe('0');
    lags.userDisabled = await within(AGREE_MS, 'disabled user', async () => refused(await onB('iam', ME, u.token)));
  });

  it("a tenant's time zone changed on A is used by B within 1 s", async () => {
    const LOG = '($id: ID) { findOperateLog(id: $id) { operate_time } }';
    const saved = await onA(
      'apps_yy_sys',
      'mutation($m: InputOperateLog) { saveOperateLog(model: $m) { errcode ids } }',
      adminToken,
      { m: { operate_module: 'test', operate_type: 'agree', operate_content: 'time zone probe' } },
    );
    const logId = saved.body.data?.saveOperateLog.ids?.[0] as string | undefined;
    expect(logId, JSON.stringify(saved.body)).toBeTruthy();
    const timeOnB = async () =>
      (await onB('apps_yy_sys', `query${LOG}`, adminToken, { id: logId })).body.data?.findOperateLog?.operate_time as
        string | undefined;
    const before = await timeOnB(); // B now keeps the tenant (Asia/Shanghai)
    expect(before).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const changed = await onA(
      'apps_yy_sys',
      'mutation($m: InputTenants!) { updateTenantsByTenantId(model: $m) { errcode msg } }',
      adminToken,
      { m: { tenant_id: tenantId, time_zone: 'America/New_York' } },
    );
    expect(changed.body.data?.updateTenantsByTenantId.errcode, JSON.stringify(changed.body)).toBe('0');
    lags.tenant = await within(AGREE_MS, "tenant's time zone", async () => {
      const now = await timeOnB();
      return !!now && now !== before;
    });
    const hours =
      (Date.parse(`${before!.replace(' ', 'T')}Z`) - Date.parse(`${(await timeOnB())!.replace(' ', 'T')}Z`)) /
      3_600_000;
    expect([12, 13]).toContain(hours); // Shanghai is 12 (summer) or 13 hours ahead of New York
  });

  it("a tenant's settings changed on A are served by B within 1 s", async () => {
    const SETTINGS = '{ findSysSettings { manage_setting } }';
    const nameOnB = async () =>
      JSON.parse((await onB('apps_yy_sys', SETTINGS, adminToken)).body.data?.findSysSettings.manage_setting ?? '{}')
        .sys_name as string;
    await nameOnB();
    const sysName = `预约 ${randomBytes(3).toString('hex')}`;
    const saved = await onA(
      'apps_yy_sys',
      'mutation($m: InputSysSettings!) { saveSysSettings(model: $m) { errcode } }',
      adminToken,
      { m: { manage_setting: JSON.stringify({ sys_name: sysName }) } },
    );
    expect(saved.body.data?.saveSysSettings.errcode).toBe('0');
    lags.settings = await within(AGREE_MS, 'settings', async () => (await nameOnB()) === sysName);
  });

  it("B's listening connection terminated: it reconnects, and a later change on A reaches B within 1 s", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const before = await listenerPids(admin);
      expect(before).toHaveLength(2); // A and B
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [before]);
      await within(5000, 'both instances listening again', async () => {
        const now = await listenerPids(admin);
        return now.length === 2 && now.every((pid) => !before.includes(pid));
      });
      expect(b?.exitCode).toBeNull();
      // used on B after it listens again (the reconnect itself forgets everything once)
      const u = await userKnownToB();
      const off = await onA('iam', 'mutation($m: InputUser!) { updateUser(model: $m) { errcode } }', adminToken, {
        m: { id: u.id, disabled: true },
      });
      expect(off.body.data?.updateUser.errcode).toBe('0');
      lags.afterReconnect = await within(AGREE_MS, 'disabled user after the reconnect', async () =>
        refused(await onB('iam', ME, u.token)),
      );
    } finally {
      await admin.end();
    }
  });
});
