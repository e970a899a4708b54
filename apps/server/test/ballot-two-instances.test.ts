/**
 * The ballot on two app instances sharing one PostgreSQL database: 500 entrants enter 20 slots
 * through both instances at once (each submit answers auditStatus '4'), then both instances run
 * the draw job at the same moment: the date is drawn once, exactly 20 entries win (one per
 * slot), the other 480 are refused and told. Needs TEST_DATABASE_URL (PGlite is one process). The
 * pools wait long for a connection: this is about the outcome; bench/ballot-submit.ts measures time.
 */
import { randomBytes } from 'node:crypto';
import { instantOf } from '@yuyue/shared';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, withTenant, type Database } from '../src/db/client.ts';
import { seedDemoTenant } from '../src/db/seed.ts';
import { ballotDrawJob } from '../src/modules/ballot/ballot.draw.ts';
import { saveSetting } from '../src/modules/ballot/ballot.admin.ts';
import { ballotDraws, ballotEntries } from '../src/modules/ballot/ballot.tables.ts';
import { appointments } from '../src/modules/booking/booking.tables.ts';
import { findUserByAccount, insertUser } from '../src/modules/directory/directory.repository.ts';
import { notifications } from '../src/modules/notifications/notifications.tables.ts';
import { resourcesTypes } from '../src/modules/resource-types/resource-types.tables.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { runExclusively } from '../src/platform/jobs.ts';
import { testDatabaseUrl } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';
import { saveAppointments } from '../src/modules/booking/booking.submit.service.ts';
import { findOneResource } from '../src/modules/resources/resources.find.service.ts';
import { saveResource } from '../src/modules/resources/resources.save.service.ts';

const ZONE = 'Asia/Shanghai';
const name = `yuyue_bal2_${randomBytes(5).toString('hex')}`;
const ENTRANTS = 500;
const SLOTS = 20;
const DATE = '2030-01-08';
const OPENS = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 21, minute: 0 }, ZONE);

let dbs: Database[] = [];
let apps: FastifyInstance[] = [];
let config: Config;
let tenantId = '';

function ctxOf(i: number, user: { id: string; account: string; name: string }, role: 'user' | 'admin'): RequestContext {
  return {
    config,
    db: dbs[i]!.db,
    log: apps[i]!.log,
    ip: '127.0.0.1',
    tenant: { id: tenantId, key: 'demo', timeZone: ZONE, isSuper: true },
    user: { ...user, role, tenantId },
  };
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe.skipIf(!testDatabaseUrl)('the ballot on two instances of one PostgreSQL database', () => {
  beforeAll(async () => {
    const a = new pg.Client({ connectionString: testDatabaseUrl });
    await a.connect();
    await a.query(`create database ${name}`);
    await a.end();
    const u = new URL(testDatabaseUrl);
    u.pathname = `/${name}`;
    dbs = await Promise.all([
      openDatabase({ databaseUrl: u.href, dataDir: '', poolSize: 10, connectTimeoutMs: 120_000 }),
      openDatabase({ databaseUrl: u.href, dataDir: '', poolSize: 10, connectTimeoutMs: 120_000 }),
    ]);
    config = loadConfig({ NODE_ENV: 'test' });
    apps = await Promise.all(dbs.map((database) => buildApp({ config, database })));
    await seedDemoTenant(dbs[0]!.db);
    tenantId = (await listTenants(dbs[0]!.db))[0]!.id;
    await withTenant(dbs[0]!.db, tenantId, async (tx) => {
      for (let i = 0; i < ENTRANTS; i++) await insertUser(tx, tenantId, { account: `bal2u${i}`, name: `抽签${i}` });
    });
  }, 300_000);

  afterAll(async () => {
    bookingClock.now = () => Date.now();
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    const a = new pg.Client({ connectionString: testDatabaseUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });

  it('500 entrants on 20 slots: the draw runs once and exactly 20 win', async () => {
    const db = dbs[0]!.db;
    const adminRow = await withTenant(db, tenantId, (tx) => findUserByAccount(tx, tenantId, 'admin'));
    const admin = ctxOf(0, adminRow!, 'admin');
    const [type] = await db
      .select({ id: resourcesTypes.id })
      .from(resourcesTypes)
      .where(and(eq(resourcesTypes.tenant_id, tenantId), eq(resourcesTypes.resources_name, '健身房')));
    const resourceId = await saveResource(
      admin,
      {
        resources_name: `抽签场地 ${randomBytes(3).toString('hex')}`,
        resources_type_id: type!.id,
        available_number: 1,
        appointment_date_rule: '1',
        appointment_date_days: 7,
        days_rule_refresh_time: '21:00',
        time_slot_rule: '1',
        resourcesTimeSlot: Array.from({ length: SLOTS }, (_, i) => ({
          kssj: hhmm(8 * 60 + i * 30),
          jssj: hhmm(8 * 60 + (i + 1) * 30),
        })),
      },
      'save',
    );
    const slots = ((await findOneResource(admin, resourceId, null))!.resourcesTimeSlot as { id: string }[]).map(
      (s) => s.id,
    );
    expect(slots).toHaveLength(SLOTS);
    await saveSetting(admin, {
      target_kind: 'resource',
      target_id: resourceId,
      release_mode: 'ballot',
      window_minutes: 10,
    });

    bookingClock.now = () => OPENS + 1000;
    const users = await withTenant(db, tenantId, async (tx) => {
      const out = [];
      for (let i = 0; i < ENTRANTS; i++) out.push((await findUserByAccount(tx, tenantId, `bal2u${i}`))!);
      return out;
    });
    // everyone at once, half through each instance; each asks for one slot (25 per slot)
    const results = await Promise.all(
      users.map((u, i) =>
        saveAppointments(ctxOf(i % 2, u, 'user'), {
          model: { resources_id: resourceId, appointment_date: DATE },
          timeSlotIdList: [slots[i % SLOTS]!],
        }),
      ),
    );
    expect(results.every((r) => r.auditStatus === '4')).toBe(true);
    const [entries] = await db
      .select({ n: count() })
      .from(ballotEntries)
      .where(eq(ballotEntries.resources_id, resourceId));
    expect(entries!.n).toBe(ENTRANTS);

    // the window closes; both instances run the draw job at the same moment
    bookingClock.now = () => OPENS + 10 * 60_000 + 1000;
    const deps = (i: number) => ({ config, log: apps[i]!.log });
    await Promise.all([
      runExclusively(dbs[0]!.db, ballotDrawJob(deps(0))),
      runExclusively(dbs[1]!.db, ballotDrawJob(deps(1))),
    ]);
    // and once more each (a run that found the date drawn does nothing)
    await Promise.all([
      runExclusively(dbs[0]!.db, ballotDrawJob(deps(0))),
      runExclusively(dbs[1]!.db, ballotDrawJob(deps(1))),
    ]);

    const draws = await db.select().from(ballotDraws).where(eq(ballotDraws.resources_id, resourceId));
    expect(draws).toHaveLength(1);
    expect(draws[0]).toMatchObject({ entries_count: ENTRANTS, winners_count: SLOTS });
    const rows = await db.select().from(appointments).where(eq(appointments.resources_id, resourceId));
    const won = rows.filter((r) => r.active);
    expect(won).toHaveLength(SLOTS);
    expect(new Set(won.map((r) => r.start_time)).size).toBe(SLOTS);
    expect(won.every((r) => r.audit_status === '0')).toBe(true);
    expect(rows.filter((r) => r.audit_status === '3')).toHaveLength(ENTRANTS - SLOTS);
    const [told] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.resources_id, resourceId), eq(notifications.title, '抽签结果：未中签')));
    expect(told!.n).toBe(ENTRANTS - SLOTS);
    const outcomes = await db.select().from(ballotEntries).where(eq(ballotEntries.draw_id, draws[0]!.id));
    expect(outcomes.filter((e) => e.outcome === 'won')).toHaveLength(SLOTS);
    expect(outcomes.every((e) => e.position !== null)).toBe(true);
  }, 300_000);
});
