// Ballot draw: time to draw `entries` entries (default 10,000, one per user) on `slots` slots
// (default 200, fifteen minutes each, one place each; 50 per resource) of resources' date, as the draw job does
// it (ballot.draw.ts drawDue/drawDate: read the entries, places and settings, seeded order, the booking
// engine's check of each drawn entry while places last, winners booked, the others refused and
// told, the draw and every entry's outcome recorded, all in one transaction). The entries are
// written directly (their submit is measured by bench/ballot-submit.ts). Also times the pure part
// alone (merge, order from the seed, allocation) on the same entries, and the CPU the job's run took (this
// process, and the PostgreSQL server's processes: load-independent). Repeated `rounds` times on
// new resources after one unmeasured warm-up.
// Usage: DATABASE_URL=postgres://... npx tsx bench/ballot-draw.ts [entries=10000] [slots=200] [rounds=3]
import { randomBytes } from 'node:crypto';
import { instantOf } from '@yuyue/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { drawDue } from '../apps/server/src/modules/ballot/ballot.draw.ts';
import { allocate, drawOrder, mergeDuplicates } from '../apps/server/src/modules/ballot/ballot.rules.ts';
import { ballotDraws, ballotEntries } from '../apps/server/src/modules/ballot/ballot.tables.ts';
import { bookingClock } from '../apps/server/src/platform/clock.ts';
import { NOW, ZONE, databaseCpuMs, startBench } from './booking-lib.ts';

const entries = Number(process.argv[2] ?? 10_000);
const slotCount = Number(process.argv[3] ?? 200);
const rounds = Number(process.argv[4] ?? 3);
const bench = await startBench();
const { database, tenantId, typeId } = bench;
console.log(`database: ${database.kind}; ${entries} entries on ${slotCount} slots; ${rounds} rounds`);

const DATE = '2030-01-08';
const SETTING = `mutation($model: InputBallotSetting) { saveBallotSetting(model: $model) { errcode msg } }`;
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

// the users (one per entry), once
await database.db.execute(sql`insert into users (tenant_id, account, name)
  select ${tenantId}, 'bd' || g, '抽签' || g from generate_series(0, ${entries - 1}) g`);

// Resources hold at most 96 slots: the slots are spread over RESOURCES resources of 50 (a type's
// courts opening together), and the draw job draws their dates one after another in one run.
const RESOURCES = Math.max(1, Math.ceil(slotCount / 50));
const perResource = Math.ceil(slotCount / RESOURCES);
const closes = new Date(instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 5 }, ZONE));
const deps = { config: bench.config, log: bench.app.log };
for (let round = 0; round <= rounds; round++) {
  bookingClock.now = () => NOW;
  const made: {
    id: string;
    slots: { i: number; id: string; kssj: string; jssj: string; starts_at: string; ends_at: string }[];
  }[] = [];
  for (let k = 0; k < RESOURCES; k++) {
    // slots every fifteen minutes from 08:00; the date opens 2030-01-01 11:55 (NOW is 12:00)
    const minutes = Array.from({ length: perResource }, (_, i) => 8 * 60 + i * 15);
    const saved = await bench.call(
      bench.adminToken,
      `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg ids } }`,
      {
        model: {
          resources_name: `抽签压测 ${randomBytes(3).toString('hex')}`,
          resources_type_id: typeId,
          available_number: 1,
          appointment_date_rule: '1',
          appointment_date_days: 7,
          days_rule_refresh_time: '11:55',
          resourcesTimeSlot: minutes.map((m) => ({ kssj: hhmm(m), jssj: hhmm(m + 15) })),
        },
      },
    );
    if (saved.body.data?.saveResources?.errcode !== '0') throw new Error(JSON.stringify(saved.body));
    const resourceId = saved.body.data.saveResources.ids[0] as string;
    await bench.call(bench.adminToken, SETTING, {
      model: { target_kind: 'resource', target_id: resourceId, release_mode: 'ballot', window_minutes: 10 },
    });
    const found = await bench.call(
      bench.adminToken,
      `query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id kssj jssj } } }`,
      { id: resourceId },
    );
    const slots = (
      found.body.data!.findResources.resourcesTimeSlot as { id: string; kssj: string; jssj: string }[]
    ).map((x, i) => {
      const [h, m] = x.kssj.split(':').map(Number);
      const startsAt = instantOf({ year: 2030, month: 1, day: 8 }, { hour: h!, minute: m! }, ZONE);
      const iso = (ms: number) => new Date(ms).toISOString();
      return {
        i,
        id: x.id,
        kssj: x.kssj,
        jssj: x.jssj,
        starts_at: iso(startsAt),
        ends_at: iso(startsAt + 15 * 60_000),
      };
    });
    made.push({ id: resourceId, slots });
    // entry g goes to resource g % RESOURCES, slot (g / RESOURCES) % perResource
    await database.db.execute(sql`with made as (
        insert into appointments (tenant_id, resources_id, resources_type_id, resources_name, time_slot_id, appointment_date,
          start_time, end_time, starts_at, ends_at, audit_status, active, exclusive, created_user, appointment_user, appointment_user_name)
        select ${tenantId}, ${resourceId}, ${typeId}, '抽签压测', s.id, ${DATE}, s.kssj, s.jssj, s.starts_at, s.ends_at, '4', false, true,
          'bd' || g, 'bd' || g, '抽签' || g
        from generate_series(0, ${entries - 1}) g
        join jsonb_to_recordset(${JSON.stringify(slots)}::jsonb) as s(i int, id uuid, kssj text, jssj text, starts_at timestamptz, ends_at timestamptz)
          on s.i = (g / ${RESOURCES}) % ${perResource}
        where g % ${RESOURCES} = ${k}
        returning id, appointment_user, start_time, end_time)
      insert into ballot_entries (tenant_id, appointment_id, resources_id, appointment_date, slot, person, closes_at)
      select ${tenantId}, id, ${resourceId}, ${DATE}, start_time || '-' || end_time, appointment_user, ${closes.toISOString()} from made`);
  }

  // the pure part alone, on the same entries
  const ids = made.map((m) => m.id);
  const rows = await database.db.select().from(ballotEntries).where(inArray(ballotEntries.resources_id, ids));
  const t0 = performance.now();
  let placesWon = 0;
  for (const m of made) {
    const list = rows
      .filter((r) => r.resources_id === m.id)
      .map((r) => ({ id: r.id, person: r.person, slot: r.slot, at: r.create_time.getTime(), weight: 1 }));
    const { kept } = mergeDuplicates(list);
    const places = new Map(m.slots.map((x) => [`${x.kssj}-${x.jssj}`, 1]));
    const decided = await allocate(drawOrder(kept, randomBytes(32).toString('hex')), places, 0, () => null);
    placesWon += decided.filter((d) => d.outcome === 'won').length;
  }
  const pureMs = performance.now() - t0;

  // the window closes: one run of the draw job draws the dates
  bookingClock.now = () => closes.getTime() + 1000;
  const t1 = performance.now();
  const cpu0 = bench.serverCpuMs();
  const db0 = databaseCpuMs();
  const draws = await drawDue(deps, database.db, bookingClock.now());
  const drawMs = performance.now() - t1;
  const cpuMs = bench.serverCpuMs() - cpu0;
  const db1 = databaseCpuMs();
  const dbCpu = db0 !== null && db1 !== null ? `, database ${(db1 - db0).toFixed(0)} ms` : '';
  const [won] = await database.db
    .select({ n: count() })
    .from(ballotEntries)
    .where(and(inArray(ballotEntries.resources_id, ids), eq(ballotEntries.outcome, 'won')));
  const [decidedRows] = await database.db
    .select({ n: count() })
    .from(ballotEntries)
    .where(and(inArray(ballotEntries.resources_id, ids), sql`${ballotEntries.outcome} <> ''`));
  // the app's own draw job (every 5 s) may have drawn some dates first: each draw records its time
  const recorded = await database.db
    .select({ ms: ballotDraws.took_ms })
    .from(ballotDraws)
    .where(inArray(ballotDraws.resources_id, ids));
  const took = recorded.reduce((a, r) => a + r.ms, 0);
  if (round === 0) continue;
  console.log(
    `round ${round}: draws ${took} ms in all (${recorded.length} draws, longest ${Math.max(...recorded.map((r) => r.ms))} ms; this run of the job ${drawMs.toFixed(0)} ms, ${draws} draws),` +
      ` ${decidedRows!.n} entries decided, ${won!.n} winners; pure merge+order+allocation ${pureMs.toFixed(0)} ms (${placesWon} places);` +
      ` CPU of this run: server ${cpuMs.toFixed(0)} ms${dbCpu}`,
  );
}
await bench.close();
