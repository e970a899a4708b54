/**
 * Test harness: a real app on a real, private database (PGlite in memory, or a fresh
 * database on the PostgreSQL server of TEST_DATABASE_URL), seeded with the demo tenant,
 * and helpers to call GraphQL as anonymous, user, admin or another tenant's user.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, withTenant, type Database } from '../src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../src/db/seed.ts';
import { accountIdOf } from '../src/platform/auth/identity-provider.ts';
import { findUserByAccount } from '../src/modules/directory/directory.repository.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { createTenant } from '../src/modules/tenants/tenants.service.ts';
import { updateTenant } from '../src/modules/tenants/tenants.repository.ts';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';

/**
 * A fresh database with the schema and no data: in-memory PGlite, or a new database on the test
 * PostgreSQL server, copied from the run's migrated template (test/global-setup.ts) when there is one.
 */
export async function freshDatabase(): Promise<Database & { url: string }> {
  if (!testDatabaseUrl) {
    const database = await openDatabase({ databaseUrl: '', dataDir: 'memory://' });
    return { ...database, url: '' };
  }
  const name = `yuyue_t_${randomBytes(6).toString('hex')}`;
  const template = inject('templateDatabase');
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '', poolSize: 5 });
  return {
    ...database,
    url: url.href,
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: testDatabaseUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** GraphQL data as tests read it: loosely typed, each test asserts the shape it expects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type GqlData = Record<string, any>;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  demoTenantId: string;
  /** A real access token of the built-in provider for an account of a tenant (demo by default). */
  tokenFor(account: string, tenantId?: string): Promise<string>;
  /** POST a GraphQL document; returns status and parsed body. */
  gql(
    endpoint: 'apps_yy_sys' | 'iam' | 'public',
    query: string,
    opts?: { variables?: Record<string, unknown>; token?: string; operationName?: string },
  ): Promise<{
    status: number;
    body: { data?: GqlData | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  }>;
  /** Creates another initialised tenant with one administrator; returns its id. */
  createOtherTenant(key: string, admin?: { account: string; password: string }): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', ...process.env, DATABASE_URL: '' }, overrides);
  const app = await buildApp({ config, database });
  await seedDemoTenant(database.db);
  const [demo] = await listTenants(database.db);
  const demoTenantId = demo!.id;

  const tokenFor = async (account: string, tenantId = demoTenantId) => {
    const provider = app.oidc;
    if (!provider) throw new Error('the built-in provider is off');
    const user = await withTenant(database.db, tenantId, (tx) => findUserByAccount(tx, tenantId, account));
    if (!user) throw new Error(`no user ${account}`);
    const client = await provider.Client.find(config.oidcClientId);
    if (!client) throw new Error(`no client ${config.oidcClientId}`);
    const grant = new provider.Grant({ clientId: config.oidcClientId, accountId: accountIdOf(tenantId, user.id) });
    grant.addOIDCScope('openid profile');
    const grantId = await grant.save();
    const token = new provider.AccessToken({
      accountId: accountIdOf(tenantId, user.id),
      client,
      grantId,
      scope: 'openid profile',
      gty: 'implicit',
    });
    return token.save();
  };

  return {
    app,
    config,
    database,
    demoTenantId,
    tokenFor,
    async gql(endpoint, query, opts = {}) {
      const res = await app.inject({
        method: 'POST',
        url: `/bus/graphql/${endpoint}`,
        headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
        payload: { query, variables: opts.variables ?? {}, operationName: opts.operationName },
      });
      return { status: res.statusCode, body: res.json() };
    },
    async createOtherTenant(key, admin = { account: 'admin', password: 'Other@123456' }) {
      const { tenant } = await createTenant(null, database.db, {
        tenant_key: key,
        name: `${key} 大学`,
        admin_account: admin.account,
        admin_name: `${key} admin`,
        admin_password: admin.password,
      });
      await withTenant(database.db, tenant.id, (tx) => updateTenant(tx, tenant.id, { initialized_at: new Date() }));
      return tenant.id;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export { demoAccounts };
