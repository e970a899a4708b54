/**
 * A ballot's draw and the submits of the bookers it reaches, at the same moment, on PostgreSQL
 * (PGlite is one connection: nothing interleaves there). The draw holds its date's lock
 * exclusively; entering takes the booker's lock and then the date's lock, shared. A draw that
 * waited for a booker's lock while holding the date could wait for a submit that waits for the
 * date: PostgreSQL then aborted one of them (40P01) and its caller was answered 系统异常. Each
 * interleaving is forced with a lock held on a connection of the test's own and by waiting for
 * the lock waits to show in pg_locks (no sleeps): no error reaches either caller, the date is
 * drawn once, and the submit is answered as the usual way answers it at that moment.
 */
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { drawDate } from '../src/modules/ballot/ballot.draw.ts';
import { ballotDraws, ballotEntries } from '../src/modules/ballot/ballot.tables.ts';
import { submitStages } from '../src/modules/booking/booking.submit.service.ts';
import { appointments } from '../src/modules/booking/booking.tables.ts';
import { bookingClock } from '../src/platform/clock.ts';
import type { TenantRef } from '../src/platform/context.ts';
import { jobLockKey } from '../src/platform/jobs.ts';
import { at, makeResource, makeType, makeUsers, model, submit } from './booking-fixtures.ts';
import { createTestApp, testDatabaseUrl, type TestApp } from './support.ts';

const SAVE_SETTING = `mutation($model: InputBallotSetting) { saveBallotSetting(model: $model) { errcode msg msg_en } }`;
const DRAW_NOW = `mutation($id: ID, $date: Date) { drawBallotNow(resourcesId: $id, date: $date) { id entries_count winners_count losers } }`;

// 2030-01-08 opens 2030-01-01 21:00 (Shanghai) with a 10-minute window
const DATE = '2030-01-08';
const OPENS = at('2030-01-01', '21:00');
const IN_WINDOW = OPENS + 60_000;
const AFTER_WINDOW = OPENS + 10 * 60_000 + 1000;

let t: TestApp;
let admin: string;
let typeId: string;
let tenant: TenantRef;
/** Holds the locks that stage an interleaving. */
let locker: pg.Client;
/** Reads pg_locks. */
let watcher: pg.Client;
/** Holds the draw job's lock the whole time: the app's own job stays out of the staged draws. */
let jobs: pg.Client;

describe.skipIf(!testDatabaseUrl)('a draw and the submits of the bookers it reaches, at once', () => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
    typeId = await makeType(t, admin);
    const row = (await listTenants(t.database.db)).find((x) => x.id === t.demoTenantId)!;
    tenant = { id: row.id, key: row.tenant_key, timeZone: row.time_zone, isSuper: row.is_super };
    const url = (t.database as unknown as { url: string }).url;
    const connect = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    };
    [locker, watcher, jobs] = [await connect(), await connect(), await connect()];
    await jobs.query('select pg_advisory_lock($1::bigint)', [jobLockKey('ballot-draw')]);
    bookingClock.now = () => IN_WINDOW;
  }, 240_000);

  afterAll(async () => {
    bookingClock.now = () => Date.now();
    for (const c of [locker, watcher, jobs]) await c?.end();
    await t?.close();
  });

  const gql = (token: string, doc: string, variables: Record<string, unknown>) =>
    t.gql('apps_yy_sys', doc, { token, variables });

  async function ballotResource() {
    const r = await makeResource(t, admin, typeId);
    const saved = await gql(admin, SAVE_SETTING, {
      model: { target_kind: 'resource', target_id: r.id, release_mode: 'ballot', window_minutes: 10 },
    });
    expect(saved.body.data?.saveBallotSetting?.errcode, JSON.stringify(saved.body)).toBe('0');
    return r;
  }

  interface Answer {
    code: string;
    name: string | null;
    messages: string[];
    appointmentId: string | null;
    auditStatus: string | null;
  }

  const enter = (token: string, resourceId: string, slotId: string) =>
    submit(t, token, { model: model(resourceId, DATE), timeSlotIdList: [slotId] }) as Promise<Answer>;

  /** A submit the usual way (`saveAppointments`' own transaction): the batch switched off until it is answered. */
  function enterUsualWay(token: string, resourceId: string, slotId: string): Promise<Answer> {
    const collect = submitStages.collect;
    submitStages.collect = null;
    return enter(token, resourceId, slotId).finally(() => {
      submitStages.collect = collect;
    });
  }

  const dateKey = (resourceId: string) => `yy-ballot:${tenant.id}:${resourceId}:${DATE}`;
  const bookerKey = (account: string) => `yy-booker:${tenant.id}:${account}`;

  /** The advisory locks on `key` in this database, granted or awaited, by mode. */
  async function locksOn(key: string, granted: boolean): Promise<string[]> {
    const { rows } = await watcher.query<{ mode: string }>(
      `select mode from pg_locks
        where locktype = 'advisory' and objsubid = 1 and granted = $2
          and database = (select oid from pg_database where datname = current_database())
          and ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
      [key, granted],
    );
    return rows.map((r) => r.mode).sort();
  }

  /** Waits until `ready` holds (polled on the watcher's connection), at most 20 s. */
  async function until(what: string, ready: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** What a promise settled with, never a rejection (the test checks it). */
  const settled = <T>(p: Promise<T>) =>
    p.then(
      (value) => ({ value, error: null as unknown }),
      (error: unknown) => ({ value: null as T | null, error }),
    );

  /**
   * Stages the interleaving: an entering transaction of the test's own holds the date's lock
   * shared; the draw starts and waits for it (exclusive); then the booker's submit starts, takes
   * its booker's lock and waits for the date's lock behind the draw; then the test lets the date
   * go. The draw is then first at the date and needs the booker the submit holds.
   */
  async function staged<D, S>(resourceId: string, draw: () => Promise<D>, enterNow: () => Promise<S>) {
    const key = dateKey(resourceId);
    await locker.query('begin');
    await locker.query('select pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [key]);
    const drawing = settled(draw());
    await until('the draw waits for the date', async () => (await locksOn(key, false)).includes('ExclusiveLock'));
    const entering = settled(enterNow());
    await until('the submit waits for the date behind the draw', async () =>
      (await locksOn(key, false)).includes('ShareLock'),
    );
    await locker.query('commit');
    return { drawn: await drawing, entered: await entering };
  }

  const bookingsOf = (resourceId: string) =>
    t.database.db.select().from(appointments).where(eq(appointments.resources_id, resourceId));
  const entriesOf = (resourceId: string) =>
    t.database.db.select().from(ballotEntries).where(eq(ballotEntries.resources_id, resourceId));
  const drawsOf = (resourceId: string) =>
    t.database.db
      .select()
      .from(ballotDraws)
      .where(and(eq(ballotDraws.resources_id, resourceId), eq(ballotDraws.appointment_date, DATE)));

  /** The date drawn once, every entry in that draw, no slot held twice. */
  async function drawnOnce(resourceId: string, drawId: string) {
    const draws = await drawsOf(resourceId);
    expect(draws.map((d) => d.id)).toEqual([drawId]);
    const entries = await entriesOf(resourceId);
    expect(entries.filter((e) => e.draw_id !== drawId)).toEqual([]);
    const active = (await bookingsOf(resourceId)).filter((b) => b.active);
    expect(new Set(active.map((b) => b.start_time)).size).toBe(active.length);
    return { draws, entries, active };
  }

  for (const way of ['usual', 'batch'] as const) {
    it(`drawBallotNow while an entrant enters another slot (${way === 'usual' ? 'the usual way' : 'in a batch'}): the entry is in the draw, no error`, async () => {
      bookingClock.now = () => IN_WINDOW;
      const r = await ballotResource();
      const [b, other] = await makeUsers(t, 2, `bdl-${way}-`);
      // b's entry in slot 0 is alone there: the draw reaches b whatever the order
      expect(await enter(b!.token, r.id, r.slots[0]!.id)).toMatchObject({ code: '0', auditStatus: '4' });
      expect(await enter(other!.token, r.id, r.slots[1]!.id)).toMatchObject({ code: '0', auditStatus: '4' });

      const { drawn, entered } = await staged(
        r.id,
        () => gql(admin, DRAW_NOW, { id: r.id, date: DATE }),
        () => (way === 'usual' ? enterUsualWay(b!.token, r.id, r.slots[1]!.id) : enter(b!.token, r.id, r.slots[1]!.id)),
      );
      expect(drawn.error).toBeNull();
      expect(entered.error).toBeNull();
      const draw = drawn.value!.body.data?.drawBallotNow as { id: string; entries_count: number } | undefined;
      expect(draw?.id, JSON.stringify(drawn.value!.body)).toBeTruthy();
      // the submit took the date before the draw did: entered, and drawn with the others
      expect(entered.value, JSON.stringify(entered.value)).toMatchObject({ code: '0', auditStatus: '4' });
      expect(draw!.entries_count).toBe(3);
      const { entries, active } = await drawnOnce(r.id, draw!.id);
      expect(entries.find((e) => e.appointment_id === entered.value!.appointmentId)?.outcome).toMatch(/^(won|full)$/);
      // b won slot 0; slot 1 went to b or the other entrant
      expect(active.map((x) => x.start_time).sort()).toEqual([r.slots[0]!.kssj, r.slots[1]!.kssj]);
    });
  }

  it("the job's draw after the window while an entrant submits again: refused BALLOT_DRAW_PENDING as usual, drawn once", async () => {
    bookingClock.now = () => IN_WINDOW;
    const r = await ballotResource();
    const [b] = await makeUsers(t, 1, 'bdl-job-');
    expect(await enter(b!.token, r.id, r.slots[0]!.id)).toMatchObject({ code: '0', auditStatus: '4' });
    bookingClock.now = () => AFTER_WINDOW;
    try {
      const base = { config: t.config, db: t.database.db, log: t.app.log, ip: '' };
      const { drawn, entered } = await staged(
        r.id,
        () => drawDate(base, tenant, r.id, DATE, null),
        () => enterUsualWay(b!.token, r.id, r.slots[1]!.id),
      );
      expect(drawn.error).toBeNull();
      expect(entered.error).toBeNull();
      expect(entered.value, JSON.stringify(entered.value)).toMatchObject({ name: 'BALLOT_DRAW_PENDING' });
      expect(drawn.value).toMatchObject({ winners: 1, losers: 0 });
      await drawnOnce(r.id, drawn.value!.draw.id);
      // after the draw the same submit books as usual
      expect(await enter(b!.token, r.id, r.slots[1]!.id)).toMatchObject({ code: '0', auditStatus: '0' });
    } finally {
      bookingClock.now = () => IN_WINDOW;
    }
  });

  it('a booker busy elsewhere: the draw lets go of the date while it waits for them, then draws', async () => {
    bookingClock.now = () => IN_WINDOW;
    const r = await ballotResource();
    const [b, late] = await makeUsers(t, 2, 'bdl-busy-');
    expect(await enter(b!.token, r.id, r.slots[0]!.id)).toMatchObject({ code: '0', auditStatus: '4' });
    // b's lock held by a transaction of the test's own (b changing something elsewhere)
    await locker.query('begin');
    await locker.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [bookerKey(b!.account)]);
    const drawing = settled(gql(admin, DRAW_NOW, { id: r.id, date: DATE }));
    try {
      await until('the draw waits for the booker', async () =>
        (await locksOn(bookerKey(b!.account), false)).includes('ExclusiveLock'),
      );
      // meanwhile nobody holds the date: another person enters at once
      expect(await locksOn(dateKey(r.id), true)).toEqual([]);
      expect(await enter(late!.token, r.id, r.slots[1]!.id)).toMatchObject({ code: '0', auditStatus: '4' });
    } finally {
      await locker.query('commit');
    }
    const drawn = await drawing;
    expect(drawn.error).toBeNull();
    const draw = drawn.value!.body.data?.drawBallotNow as { id: string; entries_count: number } | undefined;
    expect(draw, JSON.stringify(drawn.value!.body)).toMatchObject({ entries_count: 2 });
    const { active } = await drawnOnce(r.id, draw!.id);
    expect(active.map((x) => x.start_time).sort()).toEqual([r.slots[0]!.kssj, r.slots[1]!.kssj]);
  });
});
