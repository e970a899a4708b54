// Booking rush: 500 distinct users submit saveAppointmentInformationAll at once for 20 slots of
// exclusive resources through /bus/graphql/apps_yy_sys (real HTTP), then the same rush as raw SQL
// (INSERT ... ON CONFLICT DO NOTHING against the exclusion constraint) on 20 fresh slots, side by side.
// Prints winners (must be exactly 20 each) and p50/p99 latency.
// Usage: DATABASE_URL=postgres://... npx tsx bench/booking-rush.ts [clients=500]
// Without DATABASE_URL it runs on in-memory PGlite (one connection: figures are not comparable).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { instantOf } from '@yuyue/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, withTenant } from '../apps/server/src/db/client.ts';
import { seedDemoTenant } from '../apps/server/src/db/seed.ts';
import { bookingClock } from '../apps/server/src/modules/booking/booking.service.ts';
import { findUserByAccount, insertUser } from '../apps/server/src/modules/directory/directory.repository.ts';
import { listTypes } from '../apps/server/src/modules/resource-types/resource-types.repository.ts';
import { listTenants } from '../apps/server/src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../apps/server/src/platform/auth/identity-provider.ts';

const clients = Number(process.argv[2] ?? 500);
const ZONE = 'Asia/Shanghai';
bookingClock.now = () => instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, ZONE);

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL ?? '',
  dataDir: 'memory://',
  poolSize: config.databasePoolSize,
});
const app = await buildApp({ config, database });
await seedDemoTenant(database.db);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/bus/graphql/apps_yy_sys`;
const [tenant] = await listTenants(database.db);
const tenantId = tenant!.id;
const provider = app.oidc!;
const oidcClient = await provider.Client.find(config.oidcClientId);

async function tokenOf(userId: string): Promise<string> {
  const grant = new provider.Grant({ clientId: config.oidcClientId, accountId: accountIdOf(tenantId, userId) });
  grant.addOIDCScope('openid');
  return new provider.AccessToken({
    accountId: accountIdOf(tenantId, userId),
    client: oidcClient,
    grantId: await grant.save(),
    scope: 'openid',
    gty: 'implicit',
  }).save();
}

async function call(token: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads the shape it asked for
  return { status: res.status, body: (await res.json()) as { data?: Record<string, any>; errors?: unknown[] } };
}

const admin = await withTenant(database.db, tenantId, (tx) => findUserByAccount(tx, tenantId, 'admin'));
const adminToken = await tokenOf(admin!.id);
const type = (await withTenant(database.db, tenantId, (tx) => listTypes(tx, tenantId, {}))).find(
  (t) => t.resources_name === '羽毛球场',
)!;

/** 5 exclusive resources of 4 slots each: 20 slots. */
const slots: { resourceId: string; slotId: string }[] = [];
for (let i = 0; i < 5; i++) {
  const saved = await call(
    adminToken,
    `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg ids } }`,
    {
      model: {
        resources_name: `压测场地 ${i}`,
        resources_type_id: type.id,
        available_number: 1,
        appointment_date_days: 7,
        days_rule_refresh_time: '21:00',
        resourcesTimeSlot: ['09', '10', '11', '14'].map((h) => ({ kssj: `${h}:00`, jssj: `${h}:45` })),
      },
    },
  );
  const id = saved.body.data!.saveResources.ids[0];
  const found = await call(adminToken, `query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id } } }`, {
    id,
  });
  for (const s of found.body.data!.findResources.resourcesTimeSlot) slots.push({ resourceId: id, slotId: s.id });
}

const users = await withTenant(database.db, tenantId, async (tx) => {
  const out = [];
  for (let i = 0; i < clients; i++)
    out.push(await insertUser(tx, tenantId, { account: `bench${i}`, name: `压测${i}` }));
  return out;
});
const tokens = await Promise.all(users.map((u) => tokenOf(u.id)));

const SAVE = `mutation saveAppointmentInformationAll($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
  saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $model, timeSlotIdList: $timeSlotIdList,
    borrowDateList: [], borrowStartTime: "", borrowEndTime: "") { code messages ids } }`;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const graphql = await Promise.all(
  tokens.map(async (token, i) => {
    const s = slots[i % slots.length]!;
    const t0 = performance.now();
    const r = await call(token, SAVE, {
      model: {
        resources_id: s.resourceId,
        appointment_date: '2030-01-03',
        state: 0,
        person_times: 1,
        wemeet_enable: 0,
      },
      timeSlotIdList: [s.slotId],
    });
    return {
      ms: performance.now() - t0,
      status: r.status,
      ok: r.body.data?.saveAppointmentInformationAll?.code === '0',
    };
  }),
);

// The same rush as raw SQL: one transaction per client inserting its booking row directly.
const rawDate = '2030-01-04';
const raw = await Promise.all(
  users.map(async (u, i) => {
    const s = slots[i % slots.length]!;
    const h = ['09', '10', '11', '14'][Math.floor(i % slots.length) % 4]!;
    const startsAt = new Date(instantOf({ year: 2030, month: 1, day: 4 }, { hour: Number(h), minute: 0 }, ZONE));
    const endsAt = new Date(startsAt.getTime() + 45 * 60_000);
    const t0 = performance.now();
    const res = await database.db.execute(sql`insert into appointments
      (id, tenant_id, resources_id, resources_type_id, appointment_date, start_time, end_time, starts_at, ends_at,
       exclusive, created_user, appointment_user)
      values (${randomUUID()}, ${tenantId}, ${s.resourceId}, ${type.id}, ${rawDate}, ${`${h}:00`}, ${`${h}:45`},
       ${startsAt.toISOString()}, ${endsAt.toISOString()}, true, ${u.account}, ${u.account})
      on conflict do nothing`);
    const count =
      (res as { rowCount?: number; affectedRows?: number }).rowCount ??
      (res as { affectedRows?: number }).affectedRows ??
      0;
    return { ms: performance.now() - t0, ok: count === 1 };
  }),
);

const report = (name: string, rows: { ms: number; ok: boolean; status?: number }[]) => {
  const ms = rows.map((r) => r.ms);
  const errors = rows.filter((r) => r.status !== undefined && r.status >= 500).length;
  console.log(
    `${name}: winners ${rows.filter((r) => r.ok).length} of ${rows.length}, 5xx ${errors}, p50 ${pct(ms, 50).toFixed(0)} ms, p99 ${pct(ms, 99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
  );
};
console.log(`database: ${database.kind}; ${clients} clients at once on ${slots.length} slots`);
report('GraphQL saveAppointmentInformationAll', graphql);
report('raw SQL INSERT ... ON CONFLICT DO NOTHING', raw);
await app.close();
await database.close();
