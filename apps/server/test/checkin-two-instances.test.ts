/**
 * The no-show job on two app instances sharing one PostgreSQL database: run at once (with the
 * platform's advisory lock, and even without it) every due booking is marked a no-show once,
 * its seat given back once, and a booker reaching the black-settings rule banned once.
 * Needs TEST_DATABASE_URL (PGlite is single-process by nature).
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, withTenant, type Database } from '../src/db/client.ts';
import { seedDemoTenant } from '../src/db/seed.ts';
import { blackList } from '../src/modules/blacklist/blacklist.tables.ts';
import { appointments, appointmentSlotCounters } from '../src/modules/booking/booking.tables.ts';
import { resourcesTypes } from '../src/modules/resource-types/resource-types.tables.ts';
import { noShowJob } from '../src/modules/checkin/checkin.jobs.ts';
import { appointmentSigns } from '../src/modules/checkin/checkin.tables.ts';
import { findUserByAccount, insertUser } from '../src/modules/directory/directory.repository.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { runExclusively } from '../src/platform/jobs.ts';
import { BOOKING_NOW, CHECKIN_CONFIG, on, setClock, ZONE } from './checkin-fixtures.ts';
import { testDatabaseUrl } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';
import { saveAppointments } from '../src/modules/booking/booking.submit.service.ts';
import { findOneResource } from '../src/modules/resources/resources.find.service.ts';
import { saveResource } from '../src/modules/resources/resources.save.service.ts';

const name = `yuyue_ck2_${randomBytes(5).toString('hex')}`;
let dbs: Database[] = [];
let apps: FastifyInstance[] = [];
let config: Config;
let tenantId = '';

async function ctxOf(account: string, role: 'user' | 'admin'): Promise<RequestContext> {
  const db = dbs[0]!.db;
  const u = await withTenant(db, tenantId, (tx) => findUserByAccount(tx, tenantId, account));
  return {
    config,
    db,
    log: apps[0]!.log,
    ip: '127.0.0.1',
    tenant: { id: tenantId, key: 'demo', timeZone: ZONE, isSuper: true },
    user: { id: u!.id, account, name: u!.name, role, tenantId },
  };
}

async function resource(admin: RequestContext, extra: Record<string, unknown>) {
  const id = await saveResource(
    admin,
    {
      resources_name: `并发签到 ${randomBytes(3).toString('hex')}`,
      resources_type_id: await gymType(),
      appointment_date_rule: '1',
      appointment_date_days: 7,
      days_rule_refresh_time: '21:00',
      time_slot_rule: '1',
      resourcesTimeSlot: [
        { kssj: '09:00', jssj: '10:00' },
        { kssj: '10:00', jssj: '11:00' },
        { kssj: '11:00', jssj: '12:00' },
      ],
      resourcesConfig: CHECKIN_CONFIG,
      ...extra,
    },
    'save',
  );
  const wired = await findOneResource(admin, id, null);
  return { id, slots: (wired!.resourcesTimeSlot as { id: string }[]).map((s) => s.id) };
}

/** The demo gym type (no captcha or frequency check). */
async function gymType(): Promise<string> {
  const t = resourcesTypes;
  const [row] = await dbs[0]!.db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.resources_name, '健身房')));
  return row!.id;
}

async function seatsTaken(resourceId: string, startsAt: number) {
  const c = appointmentSlotCounters;
  const [row] = await dbs[0]!.db
    .select({ taken: c.taken })
    .from(c)
    .where(and(eq(c.resources_id, resourceId), eq(c.starts_at, new Date(startsAt))));
  return row?.taken ?? 0;
}

async function bookAs(ctx: RequestContext, resourceId: string, slotId: string, date: string) {
  setClock(BOOKING_NOW);
  const r = await saveAppointments(ctx, {
    model: { resources_id: resourceId, appointment_date: date },
    timeSlotIdList: [slotId],
  });
  return r.ids[0]!;
}

async function marked(ids: string[]) {
  const db = dbs[0]!.db;
  const [states] = await db
    .select({ n: count() })
    .from(appointments)
    .where(and(inArray(appointments.id, ids), eq(appointments.appointment_state, '2'), eq(appointments.active, false)));
  const [signs] = await db
    .select({ n: count() })
    .from(appointmentSigns)
    .where(inArray(appointmentSigns.appointment_id, ids));
  const [logs] = await db
    .select({ n: count() })
    .from(operateLogs)
    .where(and(inArray(operateLogs.operate_object, ids), eq(operateLogs.operate_type, 'noShow')));
  return { states: states!.n, signs: signs!.n, logs: logs!.n };
}

describe.skipIf(!testDatabaseUrl)('the no-show job on two instances of one PostgreSQL database', () => {
  const users = Array.from({ length: 12 }, (_, i) => `ck2u${i}`);
  let admin: RequestContext;

  beforeAll(async () => {
    const a = new pg.Client({ connectionString: testDatabaseUrl });
    await a.connect();
    await a.query(`create database ${name}`);
    await a.end();
    const u = new URL(testDatabaseUrl);
    u.pathname = `/${name}`;
    dbs = await Promise.all([
      openDatabase({ databaseUrl: u.href, dataDir: '', poolSize: 8 }),
      openDatabase({ databaseUrl: u.href, dataDir: '', poolSize: 8 }),
    ]);
    config = loadConfig({ NODE_ENV: 'test' });
    apps = await Promise.all(dbs.map((database) => buildApp({ config, database })));
    await seedDemoTenant(dbs[0]!.db);
    tenantId = (await listTenants(dbs[0]!.db))[0]!.id;
    await withTenant(dbs[0]!.db, tenantId, async (tx) => {
      for (const account of users) await insertUser(tx, tenantId, { account, name: account });
    });
    admin = await ctxOf('admin', 'admin');
  }, 120_000);

  afterAll(async () => {
    bookingClock.now = () => Date.now();
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    const a = new pg.Client({ connectionString: testDatabaseUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });

  /** Books: every user a seat at 10:00 of a capacity resource; `busy` three exclusive slots too. */
  async function bookings(date: string, busy: string) {
    const shared = await resource(admin, { available_number: 50 });
    const courts = await resource(admin, { available_number: 1 });
    const ids: string[] = [];
    for (const account of users) {
      // users[0] is banned after the first run: only the others book the next day
      if (date !== '2030-01-03' && account === users[0]) continue;
      ids.push(await bookAs(await ctxOf(account, 'user'), shared.id, shared.slots[1]!, date));
    }
    const booker = await ctxOf(busy, 'user');
    for (const slot of courts.slots) ids.push(await bookAs(booker, courts.id, slot, date));
    return { ids, shared };
  }

  const bansOf = async (account: string) =>
    (await dbs[0]!.db.select({ n: count() }).from(blackList).where(eq(blackList.user_account, account)))[0]!.n;

  it('without the lock, two runs at once mark each booking once and ban once', async () => {
    const { ids, shared } = await bookings('2030-01-03', users[0]!);
    const seatAt = on(10, 0);
    expect(await seatsTaken(shared.id, seatAt)).toBe(users.length);
    expect(await bansOf(users[0]!)).toBe(0);
    setClock(on(12, 0));
    const jobs = apps.map((app) => noShowJob({ config, log: app.log }));
    await Promise.all(jobs.map((job, i) => job.run(dbs[i]!.db)));
    expect(await marked(ids)).toEqual({ states: ids.length, signs: ids.length, logs: ids.length });
    expect(await seatsTaken(shared.id, seatAt)).toBe(0);
    expect(await bansOf(users[0]!)).toBe(1);
    expect(await bansOf(users[1]!)).toBe(0);
  }, 120_000);

  it('with the lock, one instance at a time: each booking of the next day marked once', async () => {
    const { ids, shared } = await bookings('2030-01-04', users[1]!);
    setClock(on(12, 0, 0, 4));
    const results = await Promise.all(
      apps.map((app, i) => runExclusively(dbs[i]!.db, noShowJob({ config, log: app.log }), app.log)),
    );
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await marked(ids)).toEqual({ states: ids.length, signs: ids.length, logs: ids.length });
    expect(await seatsTaken(shared.id, on(10, 0, 0, 4))).toBe(0);
    // users[1]'s four no-shows (a seat and three courts): banned once
    expect(await bansOf(users[1]!)).toBe(1);
  }, 120_000);
});
