// What Prometheus metrics cost a request: checkTenantStatus through /bus/graphql/apps_yy_sys on
// two apps of one process on one database, one with METRICS on and one with it off, in
// alternating rounds: requests per second, and CPU time of the process (server and load client)
// per request, which a busy machine disturbs less than throughput; then how long a scrape of
// /metrics takes after the load.
// Usage: npx tsx bench/metrics-overhead.ts [seconds per round=5] [rounds=3]
// DATABASE_URL selects PostgreSQL; otherwise in-memory PGlite.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildSchema } from 'graphql';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, withTenant } from '../apps/server/src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../apps/server/src/db/seed.ts';
import { findUserByAccount } from '../apps/server/src/modules/directory/directory.repository.ts';
import { listTenants } from '../apps/server/src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../apps/server/src/platform/auth/identity-provider.ts';
import { registerMetrics } from '../apps/server/src/platform/metrics.ts';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const METRICS_TOKEN = 'bench-token';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? '', dataDir: 'memory://' });
await seedDemoTenant(database.db);

async function start(metrics: boolean) {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    METRICS: String(metrics),
    METRICS_TOKEN,
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, config, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}
const on = await start(true);
const off = await start(false);

const [tenant] = await listTenants(database.db);
const user = await withTenant(database.db, tenant!.id, (tx) =>
  findUserByAccount(tx, tenant!.id, demoAccounts.user.account),
);
const provider = on.app.oidc!;
const grant = new provider.Grant({ clientId: on.config.oidcClientId, accountId: accountIdOf(tenant!.id, user!.id) });
grant.addOIDCScope('openid');
const client = await provider.Client.find(on.config.oidcClientId);
const token = await new provider.AccessToken({
  accountId: accountIdOf(tenant!.id, user!.id),
  client,
  grantId: await grant.save(),
  scope: 'openid',
  gty: 'implicit',
}).save();
const request = {
  method: 'POST' as const,
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    operationName: 'checkTenantStatus',
    query: 'query checkTenantStatus { checkTenantStatus { errcode msg msg_en } }',
    variables: {},
  }),
};

async function run(title: string, base: string) {
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: `${base}/bus/graphql/apps_yy_sys`,
    connections: 10,
    duration: seconds,
    ...request,
  });
  const used = process.cpuUsage(cpu);
  if (result.non2xx || result.errors) throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuUs: (used.user + used.system) / result.requests.total };
}

// warm-up of both (JIT, caches), not counted
await run('warm-up on', on.url);
await run('warm-up off', off.url);
const withMetrics: { rps: number; cpuUs: number }[] = [];
const without: { rps: number; cpuUs: number }[] = [];
for (let i = 0; i < rounds; i++) {
  without.push(await run('off', off.url));
  withMetrics.push(await run('on', on.url));
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
// on a busy machine a round now and then runs far slower: medians resist that
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [title, xs] of [
  ['off', without],
  ['on ', withMetrics],
] as const) {
  console.log(
    `metrics ${title}: req/s ${xs.map((x) => x.rps.toFixed(0)).join(', ')} (mean ${mean(xs.map((x) => x.rps)).toFixed(0)}); ` +
      `CPU µs/request ${xs.map((x) => x.cpuUs.toFixed(0)).join(', ')} (mean ${mean(xs.map((x) => x.cpuUs)).toFixed(0)})`,
  );
}
const cpuOff = mean(without.map((x) => x.cpuUs));
const cpuOn = mean(withMetrics.map((x) => x.cpuUs));
console.log(
  `CPU per request, on - off: ${(cpuOn - cpuOff).toFixed(1)} µs (${((cpuOn / cpuOff - 1) * 100).toFixed(1)}%)`,
);

const scrapes: number[] = [];
let size = 0;
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  const res = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  size = (await res.text()).length;
  scrapes.push(performance.now() - t0);
}
scrapes.sort((a, b) => a - b);
console.log(`scrape of /metrics: median ${scrapes[10]!.toFixed(2)} ms, ${(size / 1024).toFixed(1)} kB`);

// The hook alone: a bare route at the GraphQL path answering static JSON, through inject (no
// network, no database), metrics on against off in alternating blocks; CPU time per request.
async function bare(metrics: boolean) {
  const app = Fastify();
  const m = registerMetrics(app, {
    config: loadConfig({ LOG_LEVEL: 'silent', METRICS: String(metrics) }),
    database: { db: {} } as never,
  });
  m.graphqlEndpoint('apps_yy_sys', buildSchema('type Query { checkTenantStatus: String }'));
  app.post('/bus/graphql/apps_yy_sys', async () => ({ data: { checkTenantStatus: '0' } }));
  await app.ready();
  return app;
}
const bareOn = await bare(true);
const bareOff = await bare(false);
const hook = { on: [] as number[], off: [] as number[] };
for (let block = 0; block < 2 * (2 * rounds + 1) + 2; block++) {
  const which = block % 2 ? 'on' : 'off';
  const app = which === 'on' ? bareOn : bareOff;
  const n = 5000;
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) await app.inject({ ...request, url: '/bus/graphql/apps_yy_sys' });
  const used = process.cpuUsage(cpu);
  if (block >= 2) hook[which].push((used.user + used.system) / n); // the first two warm up
}
console.log(
  `bare route, CPU µs/request: off ${hook.off.map((x) => x.toFixed(1)).join(', ')}; on ${hook.on.map((x) => x.toFixed(1)).join(', ')}; ` +
    `medians: on - off ${(median(hook.on) - median(hook.off)).toFixed(1)} µs`,
);
await bareOn.close();
await bareOff.close();

await on.app.close();
await off.app.close();
await database.close();
