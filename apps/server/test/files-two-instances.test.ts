/**
 * Two app instances that share nothing but PostgreSQL (each its own DATA_DIR): a file uploaded
 * through one is served by the other, with the default store of a deployment with DATABASE_URL
 * (the database) and with STORAGE=s3 (s3rver in process). Needs TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, withTenant, type Database } from '../src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../src/db/seed.ts';
import { findUserByAccount } from '../src/modules/directory/directory.repository.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../src/platform/auth/identity-provider.ts';
import { startS3Server, type TestS3Server } from './files-s3-server.ts';
import { testDatabaseUrl } from './support.ts';

const name = `yuyue_files_${randomBytes(5).toString('hex')}`;
const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-instance-')));
let url = '';
let s3: TestS3Server;
const dbs: Database[] = [];
const apps: FastifyInstance[] = [];

/** An access token of the demo user, minted by an instance's built-in provider (kept in the shared database). */
async function tokenFrom(app: FastifyInstance, config: Config, database: Database): Promise<string> {
  const [tenant] = await listTenants(database.db);
  const user = await withTenant(database.db, tenant!.id, (tx) =>
    findUserByAccount(tx, tenant!.id, demoAccounts.user.account),
  );
  const provider = app.oidc!;
  const client = await provider.Client.find(config.oidcClientId);
  const accountId = accountIdOf(tenant!.id, user!.id);
  const grant = new provider.Grant({ clientId: config.oidcClientId, accountId });
  grant.addOIDCScope('openid profile');
  const grantId = await grant.save();
  return new provider.AccessToken({
    accountId,
    client: client!,
    grantId,
    scope: 'openid profile',
    gty: 'implicit',
  }).save();
}

/** A multipart/form-data body with one file part. */
function form(fileName: string, content: Buffer) {
  const boundary = `----yuyue${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(700 * 1024), // several slices of the database store
]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000)]);

describe.skipIf(!testDatabaseUrl)('files across two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(testDatabaseUrl);
    u.pathname = `/${name}`;
    url = u.href;
    s3 = await startS3Server();
    for (let i = 0; i < 2; i++) dbs.push(await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 4 }));
    await seedDemoTenant(dbs[0]!.db);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await s3?.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Instances A and B: the same settings but their own DATA_DIR, each on its own pool. */
  async function instances(env: Record<string, string>, overrides: Partial<Config> = {}) {
    const configs = dataDirs.map((dir) =>
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: dir, ...env }, overrides),
    );
    const pair = await Promise.all(configs.map((config, i) => buildApp({ config, database: dbs[i]! })));
    apps.push(...pair);
    return { a: pair[0]!, b: pair[1]!, configs };
  }

  async function uploadThroughAThenServeByB(a: FastifyInstance, b: FastifyInstance, token: string) {
    for (const [fileName, content, type] of [
      ['场地照片.png', PNG, 'image/png'],
      ['须知.pdf', PDF, 'application/pdf'],
    ] as const) {
      const up = await a.inject({
        method: 'POST',
        url: `/api/file/upload?access_token=${token}`,
        ...form(fileName, content),
      });
      expect(up.statusCode).toBe(200);
      const { uri, errno } = up.json();
      expect(errno).toBe(0);
      const got = await b.inject({ method: 'GET', url: uri, headers: { authorization: `Bearer ${token}` } });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(type);
      expect(got.headers['content-length']).toBe(String(content.length));
      expect(got.rawPayload.equals(content)).toBe(true);
    }
  }

  it('with DATABASE_URL the default store is the database: uploaded through A, served by B', async () => {
    const { a, b, configs } = await instances({});
    expect(configs.map((c) => c.storage)).toEqual(['database', 'database']);
    const token = await tokenFrom(a, configs[0]!, dbs[0]!);
    await uploadThroughAThenServeByB(a, b, token);
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
  });

  it('with STORAGE=s3: uploaded through A, served by B', async () => {
    const { a, b, configs } = await instances({ STORAGE: 's3' }, { s3: s3.settings });
    const token = await tokenFrom(a, configs[0]!, dbs[0]!);
    await uploadThroughAThenServeByB(a, b, token);
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
  });

  it('with STORAGE=local (no shared volume) B cannot serve what A stored: why the shared stores exist', async () => {
    const { a, b, configs } = await instances({ STORAGE: 'local' });
    const token = await tokenFrom(a, configs[0]!, dbs[0]!);
    const up = await a.inject({
      method: 'POST',
      url: `/api/file/upload?access_token=${token}`,
      ...form('a.pdf', PDF),
    });
    expect(up.statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: `${up.json().uri}?access_token=${token}` })).statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: `${up.json().uri}?access_token=${token}` })).statusCode).toBe(404);
  });
});
