// Ballot submit: `clients` distinct users send saveAppointmentInformationAll at the same instant,
// during the collection window of a resource in ballot mode (20 slots, 25 entrants each at 500),
// over real HTTP from a separate load client process (booking-lib.ts, as bench/booking-rush.ts).
// Nothing is decided then: each submit is checked as usual and stored as an entry (auditStatus
// '4'). Repeated `rounds` times with new users and a new resource, after one unmeasured warm-up
// round. Prints entries accepted (all of them), 5xx, p50/p95/p99/max latency and CPU per submit; then the
// floor (as many new users sending a trivial signed-in query at once) and the statements of one entry.
// `warm`: each entrant first loads what the booking page asks for (its date's ballot phase), as a
// person does before the opening second, unmeasured; the burst then meets signed-in sessions the
// server already knows (cold: the burst is each token's first request).
// `apart`: the server measured runs as a process of its own, as deployed (this process, which
// makes the users and resources and holds their tokens, serves nothing of the burst), so its
// heap holds the server's state only; otherwise the first instance is this process.
// Usage: DATABASE_URL=postgres://... npx tsx bench/ballot-submit.ts [clients=500] [rounds=3] [instances=1] [cold|warm] [apart]
// BENCH_PROFILE=<dir>: a CPU profile of this process (the server) during each burst, written there.
import { count, eq } from 'drizzle-orm';
import { ballotEntries } from '../apps/server/src/modules/ballot/ballot.tables.ts';
import {
  SAVE,
  bookingModel,
  countStatements,
  databaseCpuMs,
  pct,
  profiled,
  runClients,
  startBench,
} from './booking-lib.ts';

const clients = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 3);
const instances = Number(process.argv[4] ?? 1);
const warm = process.argv[5] === 'warm';
const apart = process.argv[6] === 'apart';
const bench = await startBench({ instances, apart });
console.log(
  `database: ${bench.database.kind}; ${clients} entrants at once on 20 ballot slots; ${rounds} rounds; ${instances} app instance(s)${apart ? ' in processes of their own' : ''}; ${warm ? 'warm sessions (the page loaded first)' : 'cold tokens'}`,
);

// The dates open 7 days ahead at 11:55; NOW (2030-01-01 12:00) is inside the 10-minute window of 2030-01-08.
const DATE = '2030-01-08';
const HOURS = Array.from({ length: 20 }, (_, i) => i + 2);
const SETTING = `mutation($model: InputBallotSetting) { saveBallotSetting(model: $model) { errcode msg } }`;
const rows: string[] = [];
for (let round = 0; round <= rounds; round++) {
  const r = await bench.makeResource({ hours: HOURS, appointment_date_days: 7, days_rule_refresh_time: '11:55' });
  const set = await bench.call(bench.adminToken, SETTING, {
    model: { target_kind: 'resource', target_id: r.id, release_mode: 'ballot', window_minutes: 10 },
  });
  if (set.body.data?.saveBallotSetting?.errcode !== '0') throw new Error(JSON.stringify(set.body));
  const users = await bench.makeUsers(clients, `ballot${round}_`);
  if (warm) {
    const PHASE = `query($id: ID, $date: Date) { findBallotDateInfo(resourcesId: $id, date: $date) { phase } }`;
    await runClients(
      bench.endpoints,
      users.map((u) => ({ token: u.token, query: PHASE, variables: { id: r.id, date: DATE } })),
      { concurrency: 20 },
    );
  }
  const cpu0 = bench.serverCpuMs();
  const db0 = databaseCpuMs();
  const { results } = await profiled(`ballot-submit-round${round}`, () =>
    runClients(
      bench.endpoints,
      users.map((u, i) => ({
        token: u.token,
        query: SAVE,
        variables: { model: bookingModel(r.id, DATE), timeSlotIdList: [r.slots[i % r.slots.length]!.id] },
      })),
      { burst: true },
    ),
  );
  const cpu = (bench.serverCpuMs() - cpu0) / clients;
  const db1 = databaseCpuMs();
  const dbPer = db0 !== null && db1 !== null ? `, database ${((db1 - db0) / clients).toFixed(1)} ms` : '';
  const ms = results.map((x) => x.ms);
  const answered = results.filter((x) => x.code === '0').length;
  const [stored] = await bench.database.db
    .select({ n: count() })
    .from(ballotEntries)
    .where(eq(ballotEntries.resources_id, r.id));
  const entered = `${answered} answered code "0", ${stored!.n} stored`;
  const failed = results.filter((x) => x.status >= 500 || x.status === 0).length;
  const why = new Map<string, number>();
  for (const x of results.filter((r) => r.code !== '0')) {
    const k = `${x.status} ${x.code} ${(x as { messages?: string }).messages ?? ''}`.slice(0, 80);
    why.set(k, (why.get(k) ?? 0) + 1);
  }
  if (round === 0) continue;
  if (why.size) console.log(`  not entered: ${[...why].map(([k, n]) => `${n} × ${k}`).join('; ')}`);
  rows.push(
    `round ${round}: entries of ${clients}: ${entered}, 5xx/failed ${failed}, p50 ${pct(ms, 50).toFixed(0)} ms, p95 ${pct(ms, 95).toFixed(0)} ms, p99 ${pct(ms, 99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (CPU per submit: server ${cpu.toFixed(1)} ms${dbPer})`,
  );
  console.log(rows[rows.length - 1]);
}

// The floor at the same moment: as many new users (cold tokens too) sending a trivial signed-in
// query at once through the same client, which stores nothing: what any request costs here.
const TRIVIAL = 'query checkTenantStatus { checkTenantStatus { errcode } }';
const floorUsers = await bench.makeUsers(clients, 'ballotfloor_');
const cpuF = bench.serverCpuMs();
const floor = await runClients(
  bench.endpoints,
  floorUsers.map((u) => ({ token: u.token, query: TRIVIAL, variables: {} })),
  { burst: true },
);
const floorMs = floor.results.map((x) => x.ms);
console.log(
  `floor (checkTenantStatus, ${clients} new users at once): p50 ${pct(floorMs, 50).toFixed(0)} ms, p95 ${pct(floorMs, 95).toFixed(0)} ms, p99 ${pct(floorMs, 99).toFixed(0)} ms (CPU per request: server ${((bench.serverCpuMs() - cpuF) / clients).toFixed(1)} ms)`,
);
if (bench.database.kind === 'postgres') {
  // statements of one entry (a new user, cold token) and of the trivial query
  const r = await bench.makeResource({ hours: HOURS, appointment_date_days: 7, days_rule_refresh_time: '11:55' });
  await bench.call(bench.adminToken, SETTING, {
    model: { target_kind: 'resource', target_id: r.id, release_mode: 'ballot', window_minutes: 10 },
  });
  const [a, b] = await bench.makeUsers(2, 'ballotcount_');
  const entry = await countStatements(() =>
    bench.call(a!.token, SAVE, { model: bookingModel(r.id, DATE), timeSlotIdList: [r.slots[0]!.id] }),
  );
  const trivial = await countStatements(() => bench.call(b!.token, TRIVIAL, {}));
  console.log(`statements: an entry ${entry.statements}, the trivial query ${trivial.statements} (cold tokens both)`);
}
await bench.close();
