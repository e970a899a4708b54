// A 16-week periodic booking against one single booking. `rounds` times each, one request at a
// time from a separate client process, on free slots: a single normal-mode booking, and a
// periodic booking weekly on Monday for 16 weeks (16 occurrences, all or nothing). Goal: the
// periodic booking's latency at most 3x a single booking's. Beside them, the same writes as raw
// SQL: one transaction inserting 1 booking row, and one inserting 16.
// Usage: DATABASE_URL=postgres://... npx tsx bench/booking-periodic.ts [rounds=40]
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { instantOf } from '@yuyue/shared';
import { SAVE, ZONE, bookingModel, pct, runClients, startBench } from './booking-lib.ts';

const rounds = Number(process.argv[2] ?? 40);
const bench = await startBench();
const { database, tenantId, typeId } = bench;
console.log(`database: ${database.kind}; ${rounds} rounds`);

const PERIODIC = `mutation($model: InputAppointmentInformation!, $timeSlotIdList: [String], $start: String, $end: String) {
  saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $model, timeSlotIdList: $timeSlotIdList,
    is_cyclicity: "1", cyclicity_strategy: "2", cyclicity_weekList: ["1"], cyclicity_start_date: $start,
    cyclicity_end_date: $end) { code messages ids } }`;
const HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19];
const resources = [];
for (let i = 0; i < Math.ceil((rounds * 2 + 6) / HOURS.length) + 1; i++)
  resources.push(await bench.makeResource({ hours: HOURS }));
const slots = resources.flatMap((r) => r.slots.map((s, k) => ({ resourceId: r.id, slotId: s.id, hour: HOURS[k]! })));
const users = await bench.makeUsers(rounds * 2 + 6, 'per_');

// Singles on Tuesday 2030-01-08, periodic on Mondays 2030-01-07 .. 2030-04-22, each on its own slot.
const singles = Array.from({ length: rounds }, (_, i) => ({
  token: users[i]!.token,
  query: SAVE,
  variables: { model: bookingModel(slots[i]!.resourceId, '2030-01-08'), timeSlotIdList: [slots[i]!.slotId] },
}));
const periodics = Array.from({ length: rounds }, (_, i) => {
  const s = slots[rounds + i]!;
  return {
    token: users[rounds + i]!.token,
    query: PERIODIC,
    variables: {
      model: bookingModel(s.resourceId, '2030-01-07'),
      timeSlotIdList: [s.slotId],
      start: '2030-01-07',
      end: '2030-04-22',
    },
  };
});
// interleaved, so both see the same conditions
const requests = singles.flatMap((x, i) => [x, periodics[i]!]);
// warm-up on slots of their own (JIT, caches, connections)
await runClients(
  bench.endpoint,
  [0, 1, 2, 3, 4, 5].map((k) => {
    const i = rounds * 2 + k;
    const s = slots[i]!;
    return k % 2
      ? {
          token: users[i]!.token,
          query: PERIODIC,
          variables: {
            model: bookingModel(s.resourceId, '2030-01-07'),
            timeSlotIdList: [s.slotId],
            start: '2030-01-07',
            end: '2030-04-22',
          },
        }
      : {
          token: users[i]!.token,
          query: SAVE,
          variables: { model: bookingModel(s.resourceId, '2030-01-08'), timeSlotIdList: [s.slotId] },
        };
  }),
  { concurrency: 1 },
);
const { results } = await runClients(bench.endpoint, requests, { concurrency: 1 });
const single = results.filter((_, i) => i % 2 === 0);
const periodic = results.filter((_, i) => i % 2 === 1);
if (single.some((r) => r.code !== '0') || periodic.some((r) => r.code !== '0')) {
  throw new Error(`not all booked: ${JSON.stringify(results.filter((r) => r.code !== '0').slice(0, 3))}`);
}

const rawRun = async (n: number, day0: number, slotOffset: number) => {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const s = slots[slotOffset + i]!;
    const t0 = performance.now();
    await database.db.transaction(async (tx) => {
      for (let w = 0; w < n; w++) {
        const startsAt = new Date(
          instantOf({ year: 2030, month: 5, day: day0 + 7 * w }, { hour: s.hour, minute: 0 }, ZONE),
        );
        const endsAt = new Date(startsAt.getTime() + 50 * 60_000);
        await tx.execute(sql`insert into appointments
          (id, tenant_id, resources_id, resources_type_id, appointment_date, start_time, end_time, starts_at, ends_at,
           exclusive, created_user, appointment_user, booking_mode)
          values (${randomUUID()}, ${tenantId}, ${s.resourceId}, ${typeId}, ${startsAt.toISOString().slice(0, 10)},
           ${`${s.hour}:00`}, ${`${s.hour}:50`}, ${startsAt.toISOString()}, ${endsAt.toISOString()}, true, 'raw', 'raw', ${n > 1 ? '2' : '1'})
          on conflict do nothing`);
      }
    });
    ms.push(performance.now() - t0);
  }
  return ms;
};
const raw1 = await rawRun(1, 1, 0);
const raw16 = await rawRun(16, 2, rounds);

const p = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p90 ${pct(xs, 90).toFixed(1)} ms`;
const s50 = pct(
  single.map((r) => r.ms),
  50,
);
const p50 = pct(
  periodic.map((r) => r.ms),
  50,
);
console.log(`GraphQL single booking: ${p(single.map((r) => r.ms))}`);
console.log(`GraphQL 16-week periodic booking (16 occurrences): ${p(periodic.map((r) => r.ms))}`);
console.log(`ratio periodic / single (p50): ${(p50 / s50).toFixed(2)}x (goal <= 3x)`);
console.log(
  `raw SQL 1 insert: ${p(raw1)}; 16 inserts in one transaction: ${p(raw16)}; ratio ${(pct(raw16, 50) / pct(raw1, 50)).toFixed(2)}x`,
);
await bench.close();
