// GraphQL overhead: checkTenantStatus through /bus/graphql/apps_yy_sys against a bare Fastify
// route doing the same work (authenticate the token, check the tenant, answer the same JSON),
// side by side on one server, alternating rounds.
// Usage: npx tsx bench/graphql-overhead.ts [seconds per round=5] [rounds=3]
// DATABASE_URL selects PostgreSQL; otherwise in-memory PGlite.
import autocannon from 'autocannon';
import type { FastifyRequest } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../apps/server/src/db/seed.ts';
import { listTenants } from '../apps/server/src/modules/tenants/tenants.repository.ts';
import { checkTenantStatus } from '../apps/server/src/modules/tenants/tenants.service.ts';
import { accountIdOf } from '../apps/server/src/platform/auth/identity-provider.ts';
import { findUserByAccount } from '../apps/server/src/modules/directory/directory.repository.ts';
import { withTenant } from '../apps/server/src/db/client.ts';
import { ok } from '../apps/server/src/platform/graphql/results.ts';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir: 'memory://' });
const app = await buildApp({ config, database });
await seedDemoTenant(database.db);

app.get('/bench/checkTenantStatus', async (request: FastifyRequest) => {
  const ctx = await app.contextFor(request);
  await checkTenantStatus(ctx);
  return { data: { checkTenantStatus: ok() } };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const [tenant] = await listTenants(database.db);
const user = await withTenant(database.db, tenant!.id, (tx) =>
  findUserByAccount(tx, tenant!.id, demoAccounts.user.account),
);
const provider = app.oidc!;
const grant = new provider.Grant({ clientId: config.oidcClientId, accountId: accountIdOf(tenant!.id, user!.id) });
grant.addOIDCScope('openid');
const client = await provider.Client.find(config.oidcClientId);
const token = await new provider.AccessToken({
  accountId: accountIdOf(tenant!.id, user!.id),
  client,
  grantId: await grant.save(),
  scope: 'openid',
  gty: 'implicit',
}).save();
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const body = JSON.stringify({
  operationName: 'checkTenantStatus',
  query: 'query checkTenantStatus { checkTenantStatus { errcode msg msg_en } }',
  variables: {},
});

async function run(title: string, opts: autocannon.Options) {
  const result = await autocannon({ connections: 10, duration: seconds, ...opts });
  if (result.non2xx || result.errors) throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const graphql: number[] = [];
const bare: number[] = [];
for (let i = 0; i < rounds; i++) {
  graphql.push(await run('graphql', { url: `${base}/bus/graphql/apps_yy_sys`, method: 'POST', headers, body }));
  bare.push(await run('bare', { url: `${base}/bench/checkTenantStatus`, headers }));
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`database: ${database.kind}; ${rounds} rounds of ${seconds} s, 10 connections`);
console.log(
  `GraphQL endpoint: ${mean(graphql).toFixed(0)} req/s (rounds: ${graphql.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(`bare Fastify route: ${mean(bare).toFixed(0)} req/s (rounds: ${bare.map((x) => x.toFixed(0)).join(', ')})`);
console.log(`ratio GraphQL / bare: ${(mean(graphql) / mean(bare)).toFixed(2)}x`);
await app.close();
await database.close();
