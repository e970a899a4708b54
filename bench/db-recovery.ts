// How long after PostgreSQL answers again bookings succeed again: two app instances (processes
// of their own, on real HTTP) reach the database through a TCP proxy while
// clients submit a steady stream of bookings. Each run either terminates every backend of the
// database (pg_terminate_backend: a restart or an operator) or cuts the proxy for OUTAGE_MS
// (connections reset, new ones refused: a failover or an outage), then measures, per instance,
// the time from the database being back to the end of the first booking acknowledged after it,
// and to the first 200 from /readyz. Also checks that every acknowledged booking is committed
// and that nothing else than a booking or a 503 came back.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/db-recovery.ts [runs=5] [outage ms=3000]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { instantOf } from '@yuyue/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, withTenant } from '../apps/server/src/db/client.ts';
import { seedDemoTenant } from '../apps/server/src/db/seed.ts';
import { bookingClock } from '../apps/server/src/platform/clock.ts';
import { findUserByAccount, insertUser } from '../apps/server/src/modules/directory/directory.repository.ts';
import { listTenants } from '../apps/server/src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../apps/server/src/platform/auth/identity-provider.ts';
import { TcpProxy } from '../apps/server/test/tcp-proxy.ts';

const RUNS = Number(process.argv[2] ?? 5);
const OUTAGE_MS = Number(process.argv[3] ?? 3000);
const CLIENTS_PER_INSTANCE = 3;
const base = process.env.DATABASE_URL;
if (!base) throw new Error('DATABASE_URL (a PostgreSQL server) is required');

const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, 'Asia/Shanghai');
bookingClock.now = () => NOW;
const DATES = ['2030-01-02', '2030-01-03', '2030-01-04', '2030-01-05', '2030-01-06', '2030-01-07'];
const HOURS = [8, 9, 10, 11, 13, 14, 15, 16, 17, 18];
const SAVE = `mutation($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
  saveAppointmentInformationAll(model: $model, timeSlotIdList: $timeSlotIdList) { code name ids } }`;

const name = `yuyue_recovery_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const directUrl = new URL(base);
directUrl.pathname = `/${name}`;
const target = { host: directUrl.hostname, port: Number(directUrl.port || 5432) };
const proxy = await TcpProxy.start(target);
const proxiedUrl = new URL(directUrl.href);
proxiedUrl.hostname = '127.0.0.1';
proxiedUrl.port = String(proxy.port);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production', DATABASE_URL: '' });
const direct = await openDatabase({ databaseUrl: directUrl.href, dataDir: '', poolSize: 2 });
await seedDemoTenant(direct.db);
// The instances are processes of their own (bench/booking-instance.ts, the benchmarks' clock),
// as deployed: an unhandled error would end one, which the end of the run reports.
const instances: { url: string; child: ChildProcess; exited: string | null }[] = [];
for (let i = 0; i < 2; i++) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./booking-instance.ts', import.meta.url))],
    {
      env: { ...process.env, DATABASE_URL: proxiedUrl.href },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const instance = { url: '', child, exited: null as string | null };
  child.once('exit', (code, signal) => (instance.exited = `exited with ${code ?? signal}`));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`instance ${i} exited with ${code}`)));
  });
  instance.url = `http://127.0.0.1:${port}`;
  instances.push(instance);
}

// Data: a type without captcha, three resources of 10 hourly slots and 40 seats, 40 users.
const tenantId = (await listTenants(direct.db))[0]!.id;
const setupApp = await buildApp({ config, database: direct });
const provider = setupApp.oidc!;
const oidcClient = (await provider.Client.find(config.oidcClientId))!;
const tokenOf = async (userId: string) => {
  const accountId = accountIdOf(tenantId, userId);
  const grant = new provider.Grant({ clientId: config.oidcClientId, accountId });
  grant.addOIDCScope('openid');
  return new provider.AccessToken({
    accountId,
    client: oidcClient,
    grantId: await grant.save(),
    scope: 'openid',
    gty: 'implicit',
  }).save();
};
const call = async (instance: number, token: string, query: string, variables: Record<string, unknown>) => {
  const res = await fetch(`${instances[instance]!.url}/bus/graphql/apps_yy_sys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller reads the shape it asked for
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const adminUser = await withTenant(direct.db, tenantId, (tx) => findUserByAccount(tx, tenantId, 'admin'));
const adminToken = await tokenOf(adminUser!.id);
const type = await call(0, adminToken, `mutation($m: InputResourcesType!) { saveResourcesType(model: $m) { ids } }`, {
  m: { resources_name: `恢复压测 ${name}`, state: 1, common_enable: '1' },
});
const typeId = type.body.data.saveResourcesType.ids[0] as string;
const resources: { id: string; slots: string[] }[] = [];
for (let r = 0; r < 3; r++) {
  const saved = await call(0, adminToken, `mutation($m: InputResources!) { saveResources(model: $m) { ids } }`, {
    m: {
      resources_name: `恢复场地 ${r}`,
      resources_type_id: typeId,
      available_number: 40,
      appointment_date_rule: '1',
      appointment_date_days: 7,
      days_rule_refresh_time: '21:00',
      time_slot_rule: '1',
      resourcesTimeSlot: HOURS.map((h) => ({ kssj: `${h}:00`.padStart(5, '0'), jssj: `${h}:50`.padStart(5, '0') })),
    },
  });
  const id = saved.body.data.saveResources.ids[0] as string;
  const found = await call(0, adminToken, `query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id } } }`, {
    id,
  });
  resources.push({ id, slots: found.body.data.findResources.resourcesTimeSlot.map((s: { id: string }) => s.id) });
}
const users = await withTenant(direct.db, tenantId, async (tx) => {
  const out = [];
  for (let i = 0; i < 40; i++) out.push(await insertUser(tx, tenantId, { account: `rec${i}`, name: `恢复${i}` }));
  return out;
});
const tokens = await Promise.all(users.map((u) => tokenOf(u.id)));
await setupApp.close();

// Every (resource, date, slot, user) once: a booking is refused only when the database is away.
const items = resources.flatMap((r) =>
  DATES.flatMap((date) => r.slots.flatMap((slot) => tokens.map((token) => ({ resource: r.id, date, slot, token })))),
);
interface Outcome {
  instance: number;
  started: number;
  ended: number;
  status: number;
  code: string;
  ids: string[];
}
const outcomes: Outcome[] = [];
let next = 0;
let streaming = true;
const client = async (instance: number) => {
  while (streaming && next < items.length) {
    const item = items[next++]!;
    const started = performance.now();
    let status: number;
    let code = '';
    let ids: string[] = [];
    try {
      const res = await call(instance, item.token, SAVE, {
        model: { resources_id: item.resource, appointment_date: item.date, person_times: 1, theme: '恢复' },
        timeSlotIdList: [item.slot],
      });
      status = res.status;
      const result = res.body.data?.saveAppointmentInformationAll;
      code = result?.code ?? res.body.errors?.[0]?.extensions?.code ?? '';
      ids = result?.ids ?? [];
    } catch {
      status = -1; // no HTTP answer at all: the instance is down
    }
    outcomes.push({ instance, started, ended: performance.now(), status, code, ids });
    await new Promise((resolve) => setTimeout(resolve, 40)); // a client's pace
  }
};
const clients = [0, 1].flatMap((instance) => Array.from({ length: CLIENTS_PER_INSTANCE }, () => client(instance)));

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    const down = instances.find((i) => i.exited);
    if (down) throw new Error(`an instance ${down.exited}: it did not survive the database going away`);
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const bookedAfter = (instance: number, t: number) =>
  outcomes.some((o) => o.instance === instance && o.started >= t && o.code === '0');
const firstBookedAfter = (instance: number, t: number) =>
  Math.min(...outcomes.filter((o) => o.instance === instance && o.started >= t && o.code === '0').map((o) => o.ended)) -
  t;
const readyAfter = async (instance: number, t: number) => {
  await waitFor(async () => (await fetch(`${instances[instance]!.url}/readyz`).catch(() => null))?.status === 200);
  return performance.now() - t;
};

/** Stops the instances still running and drops the benchmark's database. */
const cleanup = async () => {
  for (const instance of instances) {
    if (instance.exited) continue;
    const gone = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    await gone;
  }
  await direct.close();
  await proxy.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
};

const rows: { scenario: string; booking: number[]; ready: number[] }[] = [];
try {
  await waitFor(() => bookedAfter(0, 0) && bookedAfter(1, 0));
  await runAll();
} catch (err) {
  streaming = false;
  console.error((err as Error).message);
  await cleanup();
  process.exit(1);
}

async function runAll() {
  for (let run = 0; run < RUNS; run++) {
    for (const scenario of ['terminate', 'outage'] as const) {
      let back: number;
      if (scenario === 'terminate') {
        back = performance.now();
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
      } else {
        proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
        back = performance.now();
        proxy.restore();
      }
      const ready = await Promise.all([readyAfter(0, back), readyAfter(1, back)]);
      await waitFor(() => bookedAfter(0, back) && bookedAfter(1, back));
      rows.push({ scenario, booking: [firstBookedAfter(0, back), firstBookedAfter(1, back)], ready });
      await new Promise((resolve) => setTimeout(resolve, 500)); // steady state before the next run
    }
  }
}
streaming = false;
await Promise.all(clients);
if (next >= items.length) console.warn('the stream ran out of free slots: fewer runs or a longer pace');

const acknowledged = outcomes.flatMap((o) => o.ids);
const committed = await new pg.Client({ connectionString: directUrl.href });
await committed.connect();
const found = (
  await committed.query('select count(*)::int as n from appointments where id::text = any($1::text[])', [acknowledged])
).rows[0].n as number;
await committed.end();
const other = outcomes.filter((o) => o.code !== '0' && o.status !== 503);

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const summary = (scenario: string, key: 'booking' | 'ready') => {
  const all = rows.filter((r) => r.scenario === scenario).flatMap((r) => r[key]);
  all.sort((a, b) => a - b);
  return `median ${fmt(all[Math.floor(all.length / 2)]!)}, max ${fmt(all[all.length - 1]!)}`;
};
for (const r of rows)
  console.log(
    `${r.scenario.padEnd(9)} first booking after ${r.booking.map(fmt).join(' / ')}; /readyz 200 after ${r.ready.map(fmt).join(' / ')}`,
  );
for (const scenario of ['terminate', 'outage'])
  console.log(
    `${scenario}: first acknowledged booking per instance after the database is back: ${summary(scenario, 'booking')}; ` +
      `/readyz 200: ${summary(scenario, 'ready')} (${RUNS} runs x 2 instances${scenario === 'outage' ? `, outage ${OUTAGE_MS} ms` : ''})`,
  );
const bookedMs = outcomes.filter((o) => o.code === '0').map((o) => o.ended - o.started);
bookedMs.sort((a, b) => a - b);
console.log(
  `for scale, an acknowledged booking took ${fmt(bookedMs[Math.floor(bookedMs.length / 2)]!)} (median), and a client waits 40 ms between requests`,
);
console.log(
  `${outcomes.length} requests: ${outcomes.filter((o) => o.code === '0').length} booked, ` +
    `${outcomes.filter((o) => o.status === 503).length} answered 503, ${other.length} other; ` +
    `acknowledged ${acknowledged.length}, committed ${found}`,
);

const down = instances.filter((i) => i.exited);
console.log(`instances still running after the runs: ${instances.length - down.length} of ${instances.length}`);
await cleanup();
if (other.length || found !== acknowledged.length || down.length) process.exit(1);
