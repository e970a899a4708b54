// Booking submit throughput: `requests` normal-mode bookings, each of a different free slot
// (no contention), sent by 200 users through `concurrency` connections from a separate client
// process; then the same work as raw SQL through the same pool and concurrency: per booking one
// transaction inserting the booking row (exclusion constraint, ON CONFLICT DO NOTHING) and its
// operate-log row. Prints bookings per second of each and the ratio (goal: GraphQL >= 0.3x).
// With instances > 1, further app instances (own processes, same database) share the requests.
// Usage: DATABASE_URL=postgres://... npx tsx bench/booking-submit.ts [requests=2000] [concurrency=20] [instances=1]
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { instantOf } from '@yuyue/shared';
import { SAVE, ZONE, bookingModel, databaseCpuMs, pct, runClients, startBench } from './booking-lib.ts';

const requests = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 20);
const instances = Number(process.argv[4] ?? 1);
const bench = await startBench({ instances });
const { database, tenantId, typeId } = bench;

const HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
const resources = [];
for (let i = 0; i < 20; i++) resources.push(await bench.makeResource({ hours: HOURS }));
const slots = resources.flatMap((r) => r.slots.map((s, k) => ({ resourceId: r.id, slotId: s.id, hour: HOURS[k]! })));
const users = await bench.makeUsers(200, 'thr_');
// Slot i % 240 on day 2 + floor(i / 240): every booking a different free slot.
const dateOf = (i: number, firstDay: number) =>
  `2030-01-${String(firstDay + Math.floor(i / slots.length)).padStart(2, '0')}`;
if (requests > slots.length * 12) throw new Error(`at most ${slots.length * 12} requests`);
console.log(
  `database: ${database.kind}; ${requests} bookings through ${concurrency} connections; ${instances} app instance(s)`,
);

// Warm-up (not measured): JIT, caches, connections.
await runClients(
  bench.endpoints,
  users.slice(0, 40).map((u, i) => ({
    token: u.token,
    query: SAVE,
    variables: { model: bookingModel(slots[i]!.resourceId, '2030-02-20'), timeSlotIdList: [slots[i]!.slotId] },
  })),
  { concurrency },
);

const cpu0 = bench.serverCpuMs();
const db0 = databaseCpuMs();
const {
  results,
  wallMs,
  cpuMs: clientCpuMs,
} = await runClients(
  bench.endpoints,
  Array.from({ length: requests }, (_, i) => {
    const s = slots[i % slots.length]!;
    return {
      token: users[i % users.length]!.token,
      query: SAVE,
      variables: { model: bookingModel(s.resourceId, dateOf(i, 2)), timeSlotIdList: [s.slotId] },
    };
  }),
  { concurrency },
);
const cpuMs = bench.serverCpuMs() - cpu0;
const db1 = databaseCpuMs();
const booked = results.filter((r) => r.code === '0').length;

// The same work as raw SQL, on later days.
const rawStart = performance.now();
const rawCpu0 = process.cpuUsage();
let next = 0;
let rawBooked = 0;
const rawMs: number[] = [];
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < requests; i = next++) {
      const s = slots[i % slots.length]!;
      const day = 16 + Math.floor(i / slots.length);
      const startsAt = new Date(instantOf({ year: 2030, month: 1, day }, { hour: s.hour, minute: 0 }, ZONE));
      const endsAt = new Date(startsAt.getTime() + 50 * 60_000);
      const u = users[i % users.length]!;
      const t0 = performance.now();
      const inserted = await database.db.transaction(async (tx) => {
        const res = await tx.execute(sql`insert into appointments
          (id, tenant_id, resources_id, resources_type_id, appointment_date, start_time, end_time, starts_at, ends_at,
           exclusive, created_user, appointment_user)
          values (${randomUUID()}, ${tenantId}, ${s.resourceId}, ${typeId}, ${`2030-01-${day}`}, ${`${s.hour}:00`},
           ${`${s.hour}:50`}, ${startsAt.toISOString()}, ${endsAt.toISOString()}, true, ${u.account}, ${u.account})
          on conflict do nothing`);
        await tx.execute(sql`insert into operate_logs
          (id, tenant_id, operate_user_id, operate_user_name, id_address, operate_module, operate_type, operate_content,
           operate_object, operate_time)
          values (${randomUUID()}, ${tenantId}, ${u.account}, ${u.account}, '127.0.0.1', 'appointment', 'save',
           ${`预约 ${s.hour}:00`}, '', now())`);
        return ((res as { rowCount?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0) === 1;
      });
      rawMs.push(performance.now() - t0);
      if (inserted) rawBooked++;
    }
  }),
);
const rawWall = performance.now() - rawStart;
const db2 = databaseCpuMs();
const rawCpu = process.cpuUsage(rawCpu0);
const rawCpuMs = (rawCpu.user + rawCpu.system) / 1000;
/** ` database X ms` per booking, when the database's processes can be seen. */
const perBooking = (ms: number) => `${(ms / requests).toFixed(2)} ms`;
const dbShare = (a: number | null, b: number | null) =>
  a !== null && b !== null ? `, database ${perBooking(b - a)}` : '';

const gqlRate = (requests / wallMs) * 1000;
const rawRate = (requests / rawWall) * 1000;
const ms = results.map((r) => r.ms);
console.log(
  `GraphQL saveAppointmentInformationAll: ${booked} of ${requests} booked, ${gqlRate.toFixed(0)} bookings/s, p50 ${pct(ms, 50).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms; CPU per booking: server ${perBooking(cpuMs)}${dbShare(db0, db1)}, load client ${perBooking(clientCpuMs)}`,
);
console.log(
  `raw SQL (insert booking + operate log per transaction): ${rawBooked} of ${requests} booked, ${rawRate.toFixed(0)} bookings/s, p50 ${pct(rawMs, 50).toFixed(1)} ms, p99 ${pct(rawMs, 99).toFixed(1)} ms; CPU per booking: bench process ${perBooking(rawCpuMs)}${dbShare(db1, db2)}`,
);
console.log(`ratio GraphQL / raw SQL: ${(gqlRate / rawRate).toFixed(2)}x (goal >= 0.3x)`);
await bench.close();
