// Availability reads. (1) One resource for 7 days: findResourceSlotAvailability for each of 7
// dates, `rounds` times, one request at a time from a separate client process (latency of a
// single request; goal p99 <= 15 ms), beside the same reads as raw SQL (the resource's slots,
// and its active bookings of the day: two statements). (2) The time grid of a type:
// findResourceTypeSlotAvailability for types of 5, 20 and 50 resources, with the statements one
// request sends (PostgreSQL) - they must not grow with the number of resources.
// Usage: DATABASE_URL=postgres://... npx tsx bench/booking-availability.ts [rounds=100]
import { sql } from 'drizzle-orm';
import { instantOf } from '@yuyue/shared';
import { withTenant } from '../apps/server/src/db/client.ts';
import { SAVE, ZONE, bookingModel, countStatements, pct, runClients, startBench } from './booking-lib.ts';

const rounds = Number(process.argv[2] ?? 100);
const bench = await startBench();
const { database, tenantId } = bench;
console.log(`database: ${database.kind}; ${rounds} rounds`);

const HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
const DATES = ['2030-01-02', '2030-01-03', '2030-01-04', '2030-01-05', '2030-01-06', '2030-01-07', '2030-01-08'];
const AVAILABILITY = `query($resourcesId: String!, $date: Date!) { findResourceSlotAvailability(resourcesId: $resourcesId, date: $date) {
  id kssj jssj state rule opens_at capacity remaining reason_cn reason_en } }`;
const GRID = `query($resourcesTypeId: String!, $date: Date!) {
  findResourceTypeSlotAvailability(resourcesTypeId: $resourcesTypeId, date: $date) {
  resources_id resources_name slots { id state rule remaining reason_cn reason_en } } }`;

// A resource with half its slots booked by other users on each of the 7 days.
const r = await bench.makeResource({ hours: HOURS });
const users = await bench.makeUsers(12, 'avail_');
const [viewer] = await bench.makeUsers(1, 'viewer_');
for (const date of DATES) {
  for (let k = 0; k < HOURS.length; k += 2) {
    await bench.call(users[k]!.token, SAVE, { model: bookingModel(r.id, date), timeSlotIdList: [r.slots[k]!.id] });
  }
}

const requests = Array.from({ length: rounds * DATES.length }, (_, i) => ({
  token: viewer!.token,
  query: AVAILABILITY,
  variables: { resourcesId: r.id, date: DATES[i % DATES.length] },
}));
await runClients(bench.endpoint, requests.slice(0, 50), { concurrency: 1 }); // warm-up
const { results } = await runClients(bench.endpoint, requests, { concurrency: 1 });
const ms = results.map((x) => x.ms);
const bad = results.filter((x) => x.status !== 200).length;

const rawMs: number[] = [];
for (let i = 0; i < rounds * DATES.length; i++) {
  const date = DATES[i % DATES.length]!;
  const [y, m, d] = date.split('-').map(Number);
  const from = new Date(instantOf({ year: y!, month: m!, day: d! }, { hour: 0, minute: 0 }, ZONE));
  const to = new Date(from.getTime() + 86_400_000);
  const t0 = performance.now();
  await withTenant(database.db, tenantId, async (tx) => {
    await tx.execute(sql`select id, kssj, jssj from resources_time_slots where resources_id = ${r.id} and del = 0`);
    await tx.execute(sql`select starts_at, ends_at, appointment_user from appointments
      where resources_id = ${r.id} and active and starts_at < ${to.toISOString()} and ends_at > ${from.toISOString()}`);
  });
  rawMs.push(performance.now() - t0);
}
await bench.call(viewer!.token, AVAILABILITY, { resourcesId: r.id, date: DATES[0] });
const probe = await countStatements(() =>
  bench.call(viewer!.token, AVAILABILITY, { resourcesId: r.id, date: DATES[0] }),
);
console.log(
  `GraphQL findResourceSlotAvailability (1 resource, 7 dates x ${rounds}): p50 ${pct(ms, 50).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms, non-200 ${bad}${database.kind === 'postgres' ? `; ${probe.statements} statements per request` : ''}`,
);
console.log(
  `raw SQL (slots + bookings of the day, in a tenant transaction): p50 ${pct(rawMs, 50).toFixed(1)} ms, p99 ${pct(rawMs, 99).toFixed(1)} ms`,
);

// The time grid of a type of n resources.
for (const n of [5, 20, 50]) {
  const typeSaved = await bench.call(
    bench.adminToken,
    `mutation($model: InputResourcesType!) { saveResourcesType(model: $model) { errcode ids } }`,
    {
      model: { resources_name: `压测类型 ${n}`, state: 1, common_enable: '1' },
    },
  );
  const typeId = typeSaved.body.data!.saveResourcesType.ids[0] as string;
  const ids = [];
  for (let i = 0; i < n; i++) ids.push((await bench.makeResource({ hours: HOURS, resources_type_id: typeId })).id);
  const vars = { resourcesTypeId: typeId, date: DATES[1] };
  await bench.call(viewer!.token, GRID, vars); // the token verified again (its cache lasts 30 s), not counted
  const probeGrid = await countStatements(() => bench.call(viewer!.token, GRID, vars));
  const resources = probeGrid.value.body.data?.findResourceTypeSlotAvailability?.length ?? 0;
  const grid = await runClients(
    bench.endpoint,
    Array.from({ length: Math.max(20, Math.floor(rounds / 2)) }, () => ({
      token: viewer!.token,
      query: GRID,
      variables: vars,
    })),
    { concurrency: 1 },
  );
  const gms = grid.results.map((x) => x.ms);
  console.log(
    `GraphQL findResourceTypeSlotAvailability (${resources} resources x 12 slots): p50 ${pct(gms, 50).toFixed(1)} ms, p99 ${pct(gms, 99).toFixed(1)} ms${database.kind === 'postgres' ? `; ${probeGrid.statements} statements per request` : ''}`,
  );
  if (resources !== n) throw new Error(`expected ${n} resources, got ${resources}`);
}
await bench.close();
