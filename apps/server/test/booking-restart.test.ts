/**
 * No acknowledged booking is lost when an instance dies under load. Two app instances share one
 * PostgreSQL database: A in this process, B a separate server process. Clients keep submitting
 * bookings to both over HTTP; B is killed (SIGKILL, mid-transaction) a third of the way through,
 * its clients retry on A, and B is started again two thirds of the way through. Afterwards every
 * booking answered with code "0" is in the database, no slot holds more bookings than it admits,
 * the seat counters agree with the bookings, and every booking in the database was either
 * acknowledged or made by a request that got no answer (the instance died after the commit).
 * Needs TEST_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { isoDateOf } from '@yuyue/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, repoRoot } from '../src/config.ts';
import { openDatabase, withTenant, type Database } from '../src/db/client.ts';
import { resultRows } from '../src/db/json-rows.ts';
import { seedDemoTenant } from '../src/db/seed.ts';
import { findUserByAccount, insertUser } from '../src/modules/directory/directory.repository.ts';
import { listTypes } from '../src/modules/resource-types/resource-types.repository.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../src/platform/auth/identity-provider.ts';
import { testDatabaseUrl } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const name = `yuyue_restart_${randomBytes(5).toString('hex')}`;
const PUBLIC_URL = 'http://localhost:3000';
const CLIENTS = 240;
const WORKERS = 24;

let url = '';
let database: Database;
let app: FastifyInstance;
let child: ChildProcess | null = null;
let childPort = 0;
/** How many times instance B was started. */
let generation = 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Starts instance B as its own server process and waits until it answers. */
async function startChild(): Promise<void> {
  childPort = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '10',
      PORT: String(childPort),
      HOST: '127.0.0.1',
      PUBLIC_URL,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  child = proc;
  generation++;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`instance B exited (${proc.exitCode}): ${stderr}`);
    try {
      const res = await fetch(`http://127.0.0.1:${childPort}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance B did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function killChild(): Promise<void> {
  const proc = child;
  child = null;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
}

interface Outcome {
  account: string;
  /** Ids of bookings answered with code "0". */
  acked: string[];
  /** Whether one of its requests got no answer (connection refused, reset, or the instance died). */
  unanswered: boolean;
  /** The last refusal's code name, if refused. */
  refusal: string | null;
}

describe.skipIf(!testDatabaseUrl)('a restart in the middle of a booking load (two instances, PostgreSQL)', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(testDatabaseUrl);
    u.pathname = `/${name}`;
    url = u.href;
    database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 10 });
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL }), database });
    await seedDemoTenant(database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    bookingClock.now = () => Date.now();
  }, 60_000);

  afterAll(async () => {
    await killChild();
    await app?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('loses no acknowledged booking and never overbooks', async () => {
    const [tenant] = await listTenants(database.db);
    const tenantId = tenant!.id;
    const config = app.config;
    const provider = app.oidc!;
    const client = (await provider.Client.find(config.oidcClientId))!;
    const tokenOf = async (userId: string) => {
      const grant = new provider.Grant({ clientId: config.oidcClientId, accountId: accountIdOf(tenantId, userId) });
      grant.addOIDCScope('openid');
      return new provider.AccessToken({
        accountId: accountIdOf(tenantId, userId),
        client,
        grantId: await grant.save(),
        scope: 'openid',
        gty: 'implicit',
      }).save();
    };
    const aPort = (app.server.address() as net.AddressInfo).port;
    const call = async (port: number, token: string, query: string, variables: Record<string, unknown>) => {
      const res = await fetch(`http://127.0.0.1:${port}/bus/graphql/apps_yy_sys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as { data?: Record<string, { code: string; name: string; ids: string[] }> };
    };

    // 8 exclusive resources and one of capacity 3, four slots each, bookable in three days
    const adminUser = await withTenant(database.db, tenantId, (tx) => findUserByAccount(tx, tenantId, 'admin'));
    const adminToken = await tokenOf(adminUser!.id);
    const type = (await withTenant(database.db, tenantId, (tx) => listTypes(tx, tenantId, {}))).find(
      (x) => x.resources_name === '羽毛球场',
    )!;
    const date = isoDateOf(Date.now() + 3 * 86_400_000, 'Asia/Shanghai');
    const targets: { resourceId: string; slotId: string; kssj: string; capacity: number }[] = [];
    for (let i = 0; i < 9; i++) {
      const capacity = i === 8 ? 3 : 1;
      const saved = await call(
        aPort,
        adminToken,
        `mutation($model: InputResources!) { saveResources(model: $model) { errcode ids } }`,
        {
          model: {
            resources_name: `重启测试 ${i}`,
            resources_type_id: type.id,
            available_number: capacity,
            appointment_date_days: 30,
            days_rule_refresh_time: '00:00',
            resourcesTimeSlot: ['09', '10', '11', '14'].map((h) => ({ kssj: `${h}:00`, jssj: `${h}:50` })),
          },
        },
      );
      const id = (saved.data!.saveResources as unknown as { ids: string[] }).ids[0]!;
      const found = await call(
        aPort,
        adminToken,
        `query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id kssj } } }`,
        {
          id,
        },
      );
      const slots = (found.data!.findResources as unknown as { resourcesTimeSlot: { id: string; kssj: string }[] })
        .resourcesTimeSlot;
      for (const slot of slots) targets.push({ resourceId: id, slotId: slot.id, kssj: slot.kssj, capacity });
    }
    const users = await withTenant(database.db, tenantId, async (tx) => {
      const out = [];
      for (let i = 0; i < CLIENTS; i++)
        out.push(await insertUser(tx, tenantId, { account: `restart${i}`, name: `重启${i}` }));
      return out;
    });
    const tokens = await Promise.all(users.map((u) => tokenOf(u.id)));
    await startChild();

    const SAVE = `mutation($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
      saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $model, timeSlotIdList: $timeSlotIdList) {
        code name ids } }`;
    const outcomes: Outcome[] = users.map((u) => ({ account: u.account, acked: [], unanswered: false, refusal: null }));
    /** Answers by instance and generation ('A', 'B1', 'B2'), and requests that got none. */
    const answered = new Map<string, number>();
    let lost = 0;
    let next = 0;
    let done = 0;
    const killAt = Math.floor(CLIENTS / 3);
    const restartAt = Math.floor((2 * CLIENTS) / 3);
    let killed: Promise<void> | null = null;
    /** Requests to B under way: B is killed while one is, so that the kill cuts a request short. */
    let inFlightB = 0;
    const whileBBusy = async () => {
      for (let waited = 0; inFlightB === 0 && waited < 5000; waited += 2) await new Promise((r) => setTimeout(r, 2));
    };
    /** While B restarts, new requests wait (clients keep coming once it is back); those in flight go on. */
    let restarting: Promise<void> | null = null;
    const worker = async () => {
      for (;;) {
        if (restarting) await restarting;
        const i = next++;
        if (i >= CLIENTS) return;
        const target = targets[i % targets.length]!;
        const variables = {
          model: {
            resources_id: target.resourceId,
            appointment_date: date,
            state: 0,
            person_times: 1,
            wemeet_enable: 0,
          },
          timeSlotIdList: [target.slotId],
        };
        // alternate instances; on no answer, retry (the other instance first), at most 6 times
        for (let attempt = 0; attempt < 6; attempt++) {
          const port = (i + attempt) % 2 === 0 || !child ? aPort : childPort;
          const who = port === aPort ? 'A' : `B${generation}`;
          if (port !== aPort) inFlightB++;
          try {
            const result = (await call(port, tokens[i]!, SAVE, variables)).data!.saveAppointmentInformationAll!;
            answered.set(who, (answered.get(who) ?? 0) + 1);
            if (result.code === '0') outcomes[i]!.acked.push(...result.ids);
            else outcomes[i]!.refusal = result.name;
            break;
          } catch {
            lost++;
            outcomes[i]!.unanswered = true;
            await new Promise((r) => setTimeout(r, 50));
          } finally {
            if (port !== aPort) inFlightB--;
          }
        }
        done++;
        if (done === killAt) killed = whileBBusy().then(killChild);
        if (done === restartAt) restarting = (killed ?? Promise.resolve()).then(startChild);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    const acked = outcomes.flatMap((o) => o.acked);
    console.log(
      `restart load: ${CLIENTS} clients, answers ${JSON.stringify(Object.fromEntries(answered))}, ${lost} requests unanswered, ${acked.length} bookings acknowledged`,
    );
    // B answered before it was killed and again after its restart; some requests died with it
    expect(answered.get('B1') ?? 0).toBeGreaterThan(0);
    expect(answered.get('B2') ?? 0).toBeGreaterThan(0);
    expect(lost).toBeGreaterThan(0);
    const rows = (await withTenant(database.db, tenantId, async (tx) =>
      resultRows(
        await tx.execute(sql`select id, appointment_user, resources_id, start_time from appointments
          where active and appointment_date = ${date}`),
      ),
    )) as { id: string; appointment_user: string; resources_id: string; start_time: string }[];
    const inDb = new Set(rows.map((r) => r.id));
    // 1. every acknowledged booking is there
    expect(acked.filter((id) => !inDb.has(id))).toEqual([]);
    // 2. every booking there was acknowledged, or made by a request that got no answer
    const byAccount = new Map(outcomes.map((o) => [o.account, o]));
    const unexplained = rows.filter((r) => {
      const o = byAccount.get(r.appointment_user)!;
      return !o.acked.includes(r.id) && !o.unanswered;
    });
    expect(unexplained).toEqual([]);
    // 3. every slot was won by exactly as many bookings as it admits
    for (const target of targets) {
      const held = rows.filter((r) => r.resources_id === target.resourceId && r.start_time === target.kssj);
      expect(held.length).toBe(target.capacity);
    }
    // 4. the capacity resource's seat counters agree with its bookings
    const shared = targets[targets.length - 1]!.resourceId;
    const counters = (await withTenant(database.db, tenantId, async (tx) =>
      resultRows(
        await tx.execute(sql`select c.taken, (select count(*)::int from appointments a where a.resources_id = c.resources_id
            and a.starts_at = c.starts_at and a.ends_at = c.ends_at and a.active) as booked
          from appointment_slot_counters c where c.resources_id = ${shared}`),
      ),
    )) as { taken: number; booked: number }[];
    expect(counters).toHaveLength(4);
    for (const c of counters) expect(c.taken).toBe(c.booked);
    // 5. the refused were refused for the slot, never for an error
    const refusals = new Set(outcomes.map((o) => o.refusal).filter(Boolean));
    for (const r of refusals) expect(['BOOKING_SLOT_TAKEN', 'BOOKING_SLOT_FULL', 'BOOKING_SLOT_MINE']).toContain(r);
  }, 180_000);
});
