// The back-office home: findManageHomeOverview (today's figures and the 14-day trend in one
// request) at 10,000 bookings over 30 days (30 resources, 12 slots a day, a mix of statuses),
// one request at a time from a separate client process, as the tenant administrator.
// Goal: p99 under 200 ms. Prints p50/p95/p99 and, on PostgreSQL, the statements one request sends.
// Usage: [DATABASE_URL=postgres://...] npx tsx bench/manage-home.ts [rounds=200]
import { instantOf } from '@yuyue/shared';
import { withTenant } from '../apps/server/src/db/client.ts';
import { appointments } from '../apps/server/src/modules/booking/booking.tables.ts';
import { ZONE, countStatements, pct, runClients, startBench } from './booking-lib.ts';

const rounds = Number(process.argv[2] ?? 200);
const BOOKINGS = 10_000;
const RESOURCES = 30;
const HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
const HOME = `query findManageHomeOverview { findManageHomeOverview { date now scope notices_running
  bookings { today pending performed no_show in_use_now in_use_bookings trend { date total } }
  visitors { expected_today on_campus } } }`;

const bench = await startBench();
const { database, tenantId, typeId } = bench;

// The bench's today is 2030-01-01 (booking-lib's NOW): 19 days before it to 10 after.
const day0 = Date.UTC(2029, 11, 13);
const dates = Array.from({ length: 30 }, (_, i) => new Date(day0 + i * 86_400_000).toISOString().slice(0, 10));
const resources = [];
for (let i = 0; i < RESOURCES; i++) resources.push(await bench.makeResource({ hours: HOURS }));

/** Statuses in the mix: most valid, some awaiting approval, performed, no-shows and cancelled. */
function codes(n: number) {
  const k = n % 20;
  if (k < 2) return { audit_status: '1' };
  if (k < 4) return { appointment_state: '1' };
  if (k === 4) return { appointment_state: '2', active: false };
  if (k === 5) return { state: '1', active: false };
  return {};
}

const rows = [];
for (let n = 0; n < BOOKINGS; n++) {
  const r = resources[n % RESOURCES]!;
  const slot = Math.floor(n / RESOURCES) % HOURS.length;
  const date = dates[Math.floor(n / (RESOURCES * HOURS.length))]!;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const hour = HOURS[slot]!;
  rows.push({
    tenant_id: tenantId,
    resources_id: r.id,
    resources_type_id: typeId,
    time_slot_id: r.slots[slot]!.id,
    appointment_date: date,
    start_time: `${String(hour).padStart(2, '0')}:00`,
    end_time: `${String(hour).padStart(2, '0')}:50`,
    starts_at: new Date(instantOf({ year: y, month: m, day: d }, { hour, minute: 0 }, ZONE)),
    ends_at: new Date(instantOf({ year: y, month: m, day: d }, { hour, minute: 50 }, ZONE)),
    exclusive: true,
    created_user: `bench${n % 500}`,
    appointment_user: `bench${n % 500}`,
    ...codes(n),
  });
}
await withTenant(database.db, tenantId, async (tx) => {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(appointments).values(rows.slice(i, i + 1000));
});
console.log(
  `database: ${database.kind}; ${BOOKINGS} bookings over ${dates.length} days, ${RESOURCES} resources; ${rounds} rounds`,
);

const first = await bench.call(bench.adminToken, HOME, {});
const overview = first.body.data?.findManageHomeOverview;
if (!overview?.bookings) throw new Error(JSON.stringify(first.body));
console.log(
  `figures: today ${overview.bookings.today}, pending ${overview.bookings.pending}, trend total ${overview.bookings.trend.reduce((s: number, d: { total: number }) => s + d.total, 0)}`,
);

const requests = Array.from({ length: rounds }, () => ({ token: bench.adminToken, query: HOME, variables: {} }));
await runClients(bench.endpoint, requests.slice(0, 20), { concurrency: 1 }); // warm-up
const { results } = await runClients(bench.endpoint, requests, { concurrency: 1 });
const ms = results.map((x) => x.ms);
const bad = results.filter((x) => x.status !== 200).length;
// The same machine's floor at the same moment: a trivial signed-in query through the same endpoint.
const TRIVIAL = 'query checkTenantStatus { checkTenantStatus { errcode } }';
const floor = await runClients(
  bench.endpoint,
  requests.map((r) => ({ ...r, query: TRIVIAL })),
  { concurrency: 1 },
);
const floorMs = floor.results.map((x) => x.ms);
const probe = database.kind === 'postgres' ? await countStatements(() => bench.call(bench.adminToken, HOME, {})) : null;
console.log(
  `findManageHomeOverview (tenant administrator): p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms, non-200 ${bad}${probe ? `; ${probe.statements} statements per request` : ''}`,
);
console.log(
  `checkTenantStatus (the floor, same moment): p50 ${pct(floorMs, 50).toFixed(1)} ms, p95 ${pct(floorMs, 95).toFixed(1)} ms, p99 ${pct(floorMs, 99).toFixed(1)} ms`,
);
await bench.close();
