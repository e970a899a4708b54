// Booking rush: `clients` distinct users (each with its own, never used access token) send
// saveAppointmentInformationAll at the same instant for 20 slots of 5 exclusive resources,
// over real HTTP from a separate client process; then the same rush as raw SQL (one
// INSERT ... ON CONFLICT DO NOTHING against the exclusion constraint per client, through the
// same pool) on 20 fresh slots. Repeated `rounds` times with new users and slots, after one
// unmeasured warm-up round done the same way (a server that has been up has run the submit
// path before). The load client opens its connections before the clock starts (a booking page
// open before its slot opens has one).
// Prints winners (exactly 20 each), 5xx, p50/p99/max latency, and the statements one winner and
// one loser send, and the CPU time per submit of the server process(es), of PostgreSQL (when
// local) and of the load client (its own process), which depend less on the machine's other
// load than latency does.
// With instances > 1, further app instances (own processes, same database) share the clients.
// With `warm`, each client first loads the day's availability of its resource (as the booking
// page does before the slot opens), so its token is known to the server when the rush starts;
// without it every token is seen for the first time by the submit (the worst case).
// Usage: DATABASE_URL=postgres://... npx tsx bench/booking-rush.ts [clients=500] [rounds=3] [instances=1] [warm]
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { instantOf } from '@yuyue/shared';
import {
  SAVE,
  ZONE,
  bookingModel,
  countStatements,
  databaseCpuMs,
  pct,
  runClients,
  startBench,
} from './booking-lib.ts';

const AVAILABILITY = `query($resourcesId: String!, $date: Date!) {
  findResourceSlotAvailability(resourcesId: $resourcesId, date: $date) { id state remaining } }`;

const clients = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 3);
const instances = Number(process.argv[4] ?? 1);
const warm = process.argv[5] === 'warm';
const bench = await startBench({ instances });
const { database, tenantId, typeId } = bench;
console.log(
  `database: ${database.kind}; ${clients} clients at once on 20 slots; ${rounds} rounds; ${instances} app instance(s); ${warm ? 'warm' : 'cold'} tokens`,
);

const HOURS = [9, 10, 11, 14];

// Statements of one winner and one loser (cold tokens), on a resource of their own.
{
  const r = await bench.makeResource({ hours: HOURS });
  const [a, b] = await bench.makeUsers(2, `probe_`);
  const win = await countStatements(() =>
    bench.call(a!.token, SAVE, { model: bookingModel(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] }),
  );
  const lose = await countStatements(() =>
    bench.call(b!.token, SAVE, { model: bookingModel(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] }),
  );
  if (database.kind === 'postgres') {
    console.log(`statements: winner ${win.statements}, loser ${lose.statements} (cold tokens)`);
  }
}

// Round 0 is a warm-up, done as the others and not reported: a server that has been up has run
// the submit path (its refusals and its winners, its statements prepared on every pooled
// connection) before the day's rush; the first burst after a start is slower.
const rows: string[] = [];
for (let round = 0; round <= rounds; round++) {
  const slots: { resourceId: string; slotId: string; hour: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await bench.makeResource({ hours: HOURS });
    r.slots.forEach((s, k) => slots.push({ resourceId: r.id, slotId: s.id, hour: HOURS[k]! }));
  }
  const users = await bench.makeUsers(clients, `rush${round}_`);
  const date = `2030-01-0${3 + round}`;
  if (warm) {
    await runClients(
      bench.endpoints,
      users.map((u, i) => ({
        token: u.token,
        query: AVAILABILITY,
        variables: { resourcesId: slots[i % slots.length]!.resourceId, date },
      })),
      { concurrency: 20 },
    );
  }
  const cpu0 = bench.serverCpuMs();
  const db0 = databaseCpuMs();
  const { results, cpuMs: clientCpuMs } = await runClients(
    bench.endpoints,
    users.map((u, i) => {
      const s = slots[i % slots.length]!;
      return {
        token: u.token,
        query: SAVE,
        variables: { model: bookingModel(s.resourceId, date), timeSlotIdList: [s.slotId] },
      };
    }),
    { burst: true },
  );
  const cpuPerSubmit = (bench.serverCpuMs() - cpu0) / clients;
  const db1 = databaseCpuMs();
  const dbPerSubmit = db0 !== null && db1 !== null ? `, database ${((db1 - db0) / clients).toFixed(1)} ms` : '';

  // The same rush as raw SQL, the next day: one insert per client, all at once.
  const rawDate = `2030-02-0${3 + round}`;
  const raw = await Promise.all(
    users.map(async (u, i) => {
      const s = slots[i % slots.length]!;
      const startsAt = new Date(instantOf({ year: 2030, month: 2, day: 3 + round }, { hour: s.hour, minute: 0 }, ZONE));
      const endsAt = new Date(startsAt.getTime() + 50 * 60_000);
      const t0 = performance.now();
      const res = await database.db.execute(sql`insert into appointments
        (id, tenant_id, resources_id, resources_type_id, appointment_date, start_time, end_time, starts_at, ends_at,
         exclusive, created_user, appointment_user)
        values (${randomUUID()}, ${tenantId}, ${s.resourceId}, ${typeId}, ${rawDate}, ${`${s.hour}:00`}, ${`${s.hour}:50`},
         ${startsAt.toISOString()}, ${endsAt.toISOString()}, true, ${u.account}, ${u.account})
        on conflict do nothing`);
      const count = (res as { rowCount?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0;
      return { ms: performance.now() - t0, ok: count === 1 };
    }),
  );
  const line = (name: string, xs: { ms: number; ok: boolean; status?: number }[]) => {
    const ms = xs.map((x) => x.ms);
    const errors = xs.filter((x) => x.status !== undefined && (x.status >= 500 || x.status === 0)).length;
    return `${name}: winners ${xs.filter((x) => x.ok).length} of ${xs.length}, 5xx/failed ${errors}, p50 ${pct(ms, 50).toFixed(0)} ms, p99 ${pct(ms, 99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`;
  };
  const g = line(
    'GraphQL saveAppointmentInformationAll',
    results.map((r) => ({ ms: r.ms, ok: r.code === '0', status: r.status })),
  );
  const s = line('raw SQL INSERT ... ON CONFLICT DO NOTHING', raw);
  if (round === 0) continue;
  rows.push(
    `round ${round} (CPU per submit: server ${cpuPerSubmit.toFixed(1)} ms${dbPerSubmit}, load client ${(clientCpuMs / clients).toFixed(1)} ms)\n  ${g}\n  ${s}`,
  );
  console.log(rows[rows.length - 1]);
}
await bench.close();
