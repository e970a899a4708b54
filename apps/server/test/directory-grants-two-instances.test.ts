/**
 * Grants decide at once on every instance: two app instances on one PostgreSQL database, A in
 * this process and B a separate server process (its caches its own, as in a deployment). A user
 * B has just served (so B keeps them, with their grants, for up to 5 s) is granted a role
 * through A: B allows the next request within a second; the grant revoked through A: B refuses
 * within a second. Likewise a department move made through A. Needs TEST_DATABASE_URL.
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
import { seedDemoTenant } from '../src/db/seed.ts';
import {
  findUserByAccount,
  insertDepartment,
  insertPosition,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../src/platform/auth/identity-provider.ts';
import { testDatabaseUrl } from './support.ts';

const name = `yuyue_grants2_${randomBytes(5).toString('hex')}`;
/** How soon B must agree with a change made through A. */
const AGREE_MS = 1000;

let database: Database;
let config: Config;
let a: FastifyInstance;
let b: ChildProcess | null = null;
let bPort = 0;
let bStderr = '';
let tenantId = '';
let adminToken = '';

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

/** Polls `check` until it holds (bounded: a failure after `ms`); the time it took. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`instance B did not agree within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;
type Gql = { status: number; body: { data?: Loose | null; errors?: { extensions?: { code?: string } }[] } };

async function onB(endpoint: string, query: string, token: string, variables: object = {}): Promise<Gql> {
  if (b?.exitCode !== null) throw new Error(`instance B exited: ${bStderr}`);
  const res = await fetch(`http://127.0.0.1:${bPort}/bus/graphql/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Gql['body'] };
}

async function onA(endpoint: string, query: string, token: string, variables: object = {}): Promise<Gql> {
  const res = await a.inject({
    method: 'POST',
    url: `/bus/graphql/${endpoint}`,
    headers: { authorization: `Bearer ${token}` },
    payload: { query, variables },
  });
  return { status: res.statusCode, body: res.json() };
}

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

const GRANT = `mutation($type: String!, $target: ID!, $permission: String!) {
  grantPermission(type: $type, target: $target, permission: $permission) { revokeId } }`;
const REVOKE = `mutation($r: ID!) { revokePermission(revokeId: $r) { errcode } }`;
const EDIT_DEPT = `mutation($m: InputDepartment!) { editDepartment(model: $m) { errcode } }`;
const BOOKINGS = `{ findAppointmentInformationAllForAppointMent(first: 1) { totalCount } }`;
const PERMISSIONS = `{ permissions(first: 1) { totalCount } }`;

/** Whether B lets `token` read the back office's bookings list (a resource administrator's right). */
const bookingsOnB = async (token: string) => {
  const res = await onB('apps_yy_sys', BOOKINGS, token);
  const code = res.body.errors?.[0]?.extensions?.code;
  if (code && code !== 'FORBIDDEN') throw new Error(JSON.stringify(res.body));
  return !code;
};

async function grantOnA(type: string, target: string, permission: string): Promise<string> {
  const res = await onA('iam', GRANT, adminToken, { type, target, permission });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return res.body.data!.grantPermission.revokeId as string;
}

async function revokeOnA(revokeId: string) {
  const res = await onA('iam', REVOKE, adminToken, { r: revokeId });
  expect(res.body.data?.revokePermission.errcode).toBe('0');
}

let seq = 0;
async function userKnownToB(deptId?: string): Promise<{ id: string; token: string }> {
  const account = `g2_${++seq}_${randomBytes(3).toString('hex')}`;
  const row = await withTenant(database.db, tenantId, async (tx) => {
    const u = await insertUser(tx, tenantId, { account, name: account });
    if (deptId) await insertPosition(tx, tenantId, { user_id: u.id, dept_id: deptId, post_id: null });
    return u;
  });
  const token = await mintToken(row.id);
  // B serves them now, and keeps them (with their grants) for its cache's lifetime
  expect(await bookingsOnB(token)).toBe(false);
  return { id: row.id, token };
}

describe.skipIf(!testDatabaseUrl)('grants on two instances (PostgreSQL)', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(testDatabaseUrl);
    u.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: u.href, dataDir: '', poolSize: 5 });
    config = loadConfig({ NODE_ENV: 'test' });
    a = await buildApp({ config, database });
    await a.ready();
    await seedDemoTenant(database.db);
    tenantId = (await listTenants(database.db))[0]!.id;
    const adminRow = await withTenant(database.db, tenantId, (tx) => findUserByAccount(tx, tenantId, 'admin'));
    adminToken = await mintToken(adminRow!.id);

    bPort = await freePort();
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: u.href,
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
    const deadline = Date.now() + 90_000;
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
  }, 150_000);

  afterAll(async () => {
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

  it('a grant made on A allows the next request on B; revoked on A, B refuses', async () => {
    const u = await userKnownToB();
    const revokeId = await grantOnA('user', u.id, 'resourceAdmin');
    await within(AGREE_MS, 'resourceAdmin granted', () => bookingsOnB(u.token));
    await revokeOnA(revokeId);
    await within(AGREE_MS, 'resourceAdmin revoked', async () => !(await bookingsOnB(u.token)));
  });

  it('an admin grant made on A makes a tenant administrator on B, and its revocation unmakes one', async () => {
    const u = await userKnownToB();
    const isAdminOnB = async () => !(await onB('iam', PERMISSIONS, u.token)).body.errors;
    expect(await isAdminOnB()).toBe(false);
    const revokeId = await grantOnA('user', u.id, 'admin');
    await within(AGREE_MS, 'admin granted', isAdminOnB);
    await revokeOnA(revokeId);
    await within(AGREE_MS, 'admin revoked', async () => !(await isAdminOnB()));
  });

  it('a department moved on A out from under a granted one: B refuses its people at once', async () => {
    const { top, inner } = await withTenant(database.db, tenantId, async (tx) => {
      const tag = randomBytes(3).toString('hex');
      const top = await insertDepartment(tx, tenantId, { name: `上${tag}`, code: `T${tag}` });
      const inner = await insertDepartment(tx, tenantId, { name: `下${tag}`, code: `I${tag}`, parent: top.id });
      return { top, inner };
    });
    const u = await userKnownToB(inner.id);
    const revokeId = await grantOnA('dept', top.id, 'checkinStaff');
    const signDesk = async () =>
      !(await onB('apps_yy_sys', `{ findAppointmentSignAll(first: 1) { totalCount } }`, u.token)).body.errors;
    await within(AGREE_MS, 'department grant', signDesk);
    const moved = await onA('iam', EDIT_DEPT, adminToken, { m: { id: inner.id, parent: '' } });
    expect(moved.body.data?.editDepartment.errcode).toBe('0');
    await within(AGREE_MS, 'department moved out', async () => !(await signDesk()));
    await revokeOnA(revokeId);
  });
});
