/**
 * The ballot's batched entry (modules/ballot/ballot.collect.ts, group commit) under concurrency:
 * submits to a resource in ballot mode inside its date's window, sent at once, are entered in
 * batches (one transaction each) and answered as the usual way (`saveAppointments`' own
 * transaction) would answer them, one by one: entered (code "0", auditStatus '4'), or refused
 * with the same code; requests the batch cannot decide (captcha or frequency guard, outside the
 * window, drawn early) go the usual way; a resource set back to race books at once. The submit stage is watched (`submitStages.collect`) to tell
 * what the batch decided from what went the usual way. Runs on a fake booking clock, on PGlite
 * and on PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { upsertSetting } from '../src/modules/ballot/ballot.repository.ts';
import { ballotEntries } from '../src/modules/ballot/ballot.tables.ts';
import { saveAppointments, submitStages } from '../src/modules/booking/booking.submit.service.ts';
import { appointments } from '../src/modules/booking/booking.tables.ts';
import { insertDepartment, insertPosition, insertUser } from '../src/modules/directory/directory.repository.ts';
import { resources, resourcesVisibility } from '../src/modules/resources/resources.tables.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { bookingClock } from '../src/platform/clock.ts';
import { applyChange } from '../src/platform/events.ts';
import { at, makeResource, makeType, makeUsers, model, solveCaptcha, submit } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';

const SAVE_SETTING = `mutation($model: InputBallotSetting) { saveBallotSetting(model: $model) { errcode msg msg_en } }`;
const DRAW_NOW = `mutation($id: ID, $date: Date) { drawBallotNow(resourcesId: $id, date: $date) { id entries_count winners_count losers } }`;
const SAVE_BAN = `mutation($model: InputBlackList!) { saveBlackList(model: $model) { errcode msg } }`;

// The resources open 7 days ahead at 21:00: 2030-01-08 opens 2030-01-01 21:00 (Shanghai); a
// 10-minute window. Every test runs one minute into it.
const DATE = '2030-01-08';
const OPENS = at('2030-01-01', '21:00');
const IN_WINDOW = OPENS + 60_000;
const ENTERED_ZH = '已参加抽签，2030-01-01 21:10 开奖';
/** Entrants of a burst. */
const N = 40;

let t: TestApp;
let admin: string;
let typeId: string;

/** What the submit stage did with each submit: taken by the batch, refused by it, or sent the usual way. */
type Seen = { account: string; resourceId: string; outcome: 'entered' | 'refused' | 'usual' };
const seen: Seen[] = [];
let collect: typeof submitStages.collect = null;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  typeId = await makeType(t, admin);
  bookingClock.now = () => IN_WINDOW;
  // the ballot module's stage (installed when the app was built), watched
  collect = submitStages.collect;
  expect(collect).toBeTypeOf('function');
  const inner = collect!;
  submitStages.collect = async (ctx, s) => {
    const mark = (outcome: Seen['outcome']) =>
      seen.push({ account: s.user.account, resourceId: s.req.resourceId, outcome });
    try {
      const result = await inner(ctx, s);
      mark(result ? 'entered' : 'usual');
      return result;
    } catch (err) {
      mark('refused');
      throw err;
    }
  };
}, 240_000);

afterAll(async () => {
  submitStages.collect = collect;
  bookingClock.now = () => Date.now();
  await t?.close();
});

async function gql(token: string | undefined, doc: string, variables: Record<string, unknown> = {}) {
  return t.gql('apps_yy_sys', doc, { token, variables });
}

async function setMode(resourceId: string, release_mode: 'ballot' | 'race') {
  const saved = await gql(admin, SAVE_SETTING, {
    model: { target_kind: 'resource', target_id: resourceId, release_mode, window_minutes: 10 },
  });
  expect(saved.body.data?.saveBallotSetting?.errcode, JSON.stringify(saved.body)).toBe('0');
}

async function ballotResource(extra: Record<string, unknown> = {}) {
  const r = await makeResource(t, admin, typeId, extra);
  await setMode(r.id, 'ballot');
  return r;
}

interface Answer {
  code: string;
  name: string | null;
  messages: string[];
  messages_en: string[];
  ids: string[] | null;
  appointmentId: string | null;
  auditStatus: string | null;
}

const enter = (token: string, resourceId: string, slotIds: string[], extra: Record<string, unknown> = {}) =>
  submit(t, token, { model: model(resourceId, DATE), timeSlotIdList: slotIds, ...extra }) as Promise<Answer>;

/** What a refusal says (compared between the batch and the usual way). */
const refusal = (a: Answer) => ({ code: a.code, name: a.name, messages: a.messages, messages_en: a.messages_en });

/** Runs `fn` with the batch switched off: every submit goes the usual way. */
async function usualWay<T>(fn: () => Promise<T>): Promise<T> {
  const watched = submitStages.collect;
  submitStages.collect = null;
  try {
    return await fn();
  } finally {
    submitStages.collect = watched;
  }
}

/** What the submit stage did while `fn` ran. */
async function watch<T>(fn: () => Promise<T>): Promise<{ value: T; seen: Seen[] }> {
  const from = seen.length;
  const value = await fn();
  return { value, seen: seen.slice(from) };
}

const bookingsOf = (resourceId: string) =>
  t.database.db.select().from(appointments).where(eq(appointments.resources_id, resourceId));
const entriesOf = (resourceId: string) =>
  t.database.db.select().from(ballotEntries).where(eq(ballotEntries.resources_id, resourceId));
const enterLogsOf = (ids: string[]) =>
  ids.length
    ? t.database.db
        .select()
        .from(operateLogs)
        .where(
          and(
            eq(operateLogs.operate_module, 'ballot'),
            eq(operateLogs.operate_type, 'enter'),
            inArray(operateLogs.operate_object, ids),
          ),
        )
    : Promise.resolve([]);

type Fn = (...args: unknown[]) => unknown;

/** Replaces an object's method until the returned function restores it. */
function patch(target: object, name: string, wrap: (original: Fn) => Fn): () => void {
  const own = Object.prototype.hasOwnProperty.call(target, name);
  const original = (target as Record<string, Fn>)[name]!;
  (target as Record<string, Fn>)[name] = wrap(original);
  return () => {
    if (own) (target as Record<string, Fn>)[name] = original;
    else delete (target as Record<string, Fn>)[name];
  };
}

/**
 * The statements (on PostgreSQL: the messages node-postgres sends, a BEGIN or COMMIT sent with
 * statements counting once; on PGlite: every statement, BEGIN and COMMIT included) and the
 * transactions the database was sent while `fn` ran.
 */
async function countStatements<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; statements: number; transactions: number }> {
  let statements = 0;
  let transactions = 0;
  const restore: (() => void)[] = [];
  if (t.database.kind === 'postgres') {
    restore.push(
      patch(
        pg.Client.prototype,
        'query',
        (original) =>
          function (this: unknown, ...args: unknown[]) {
            statements++;
            const first = args[0];
            const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
            if (/^\s*begin\b/i.test(text)) transactions++;
            return original.apply(this, args);
          },
      ),
    );
  } else {
    const client = (t.database.db as unknown as { session: { client: object } }).session.client;
    const counted = (original: Fn, self: object) =>
      function (...args: unknown[]) {
        statements++;
        return original.apply(self, args);
      };
    restore.push(patch(client, 'query', (original) => counted(original, client)));
    restore.push(patch(client, 'exec', (original) => counted(original, client)));
    restore.push(
      patch(client, 'transaction', (original) => (...args: unknown[]) => {
        transactions++;
        statements += 2; // BEGIN, COMMIT
        const body = args[0] as (tx: object) => Promise<unknown>;
        return original.call(client, (tx: object) =>
          body(
            new Proxy(tx, {
              get(target, prop) {
                const v: unknown = Reflect.get(target, prop);
                if (typeof v !== 'function') return v;
                if (prop === 'query' || prop === 'exec' || prop === 'sql') return counted(v as Fn, target);
                return (v as Fn).bind(target);
              },
            }),
          ),
        );
      }),
    );
  }
  try {
    return { value: await fn(), statements, transactions };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}

describe('the ballot entered in batches', () => {
  it(`a burst of ${N} entrants: each entered once, with their own booking, and the batch wrote them`, async () => {
    const r = await ballotResource();
    const users = await makeUsers(t, N, 'bbt-a-');
    const slotOf = (i: number) => r.slots[i % r.slots.length]!;
    const { value: answers, seen: stage } = await watch(() =>
      Promise.all(users.map((u, i) => enter(u.token, r.id, [slotOf(i).id]))),
    );
    for (const a of answers) {
      expect(a, JSON.stringify(a)).toMatchObject({ code: '0', auditStatus: '4', messages: [ENTERED_ZH] });
      expect(a.ids).toHaveLength(1);
      expect(a.appointmentId).toBe(a.ids![0]);
    }
    // all decided by the batch (none sent the usual way)
    expect(stage.filter((s) => s.resourceId === r.id).map((s) => s.outcome)).toEqual(users.map(() => 'entered'));

    const rows = await bookingsOf(r.id);
    expect(rows).toHaveLength(N);
    expect(rows.every((b) => !b.active && b.audit_status === '4' && b.state === '0')).toBe(true);
    const entries = await entriesOf(r.id);
    expect(entries).toHaveLength(N);
    const logs = await enterLogsOf(rows.map((b) => b.id));
    expect(logs).toHaveLength(N);
    users.forEach((u, i) => {
      const mine = rows.filter((b) => b.appointment_user === u.account);
      // one booking each, the one their answer names, for the slot they asked for
      expect(mine).toHaveLength(1);
      expect(answers[i]!.ids).toEqual([mine[0]!.id]);
      expect(mine[0]).toMatchObject({ start_time: slotOf(i).kssj, end_time: slotOf(i).jssj, created_user: u.account });
      const entry = entries.filter((e) => e.appointment_id === mine[0]!.id);
      expect(entry).toEqual([
        expect.objectContaining({ person: u.account, slot: `${slotOf(i).kssj}-${slotOf(i).jssj}`, draw_id: null }),
      ]);
      // one operate-log line each, by them, naming their booking
      const line = logs.filter((l) => l.operate_object === mine[0]!.id);
      expect(line).toHaveLength(1);
      expect(line[0]!.operate_user_id).toBe(u.account);
      expect(line[0]!.operate_content).toContain(`${slotOf(i).kssj}-${slotOf(i).jssj}`);
    });
  });

  it(`is batched: ${N} entrants at once cost fewer than 2 statements each and a few transactions`, async () => {
    const r = await ballotResource();
    const usualR = await ballotResource();
    const users = await makeUsers(t, N, 'bbt-s-');
    const args = (resourceId: string, slots: { id: string }[], i: number) => ({
      model: model(resourceId, DATE),
      timeSlotIdList: [slots[i % slots.length]!.id],
    });
    // the same burst the usual way (one transaction per entry), on another resource of the ballot
    const usual = await usualWay(() =>
      countStatements(() =>
        Promise.all(users.map((u, i) => saveAppointments(u.ctx, args(usualR.id, usualR.slots, i)))),
      ),
    );
    const batched = await countStatements(() =>
      Promise.all(users.map((u, i) => saveAppointments(u.ctx, args(r.id, r.slots, i)))),
    );
    for (const result of [...usual.value, ...batched.value]) expect(result.auditStatus).toBe('4');
    expect(await entriesOf(r.id)).toHaveLength(N);
    expect(await entriesOf(usualR.id)).toHaveLength(N);
    const report = JSON.stringify({ usual: { ...usual, value: undefined }, batched: { ...batched, value: undefined } });
    expect(usual.transactions, report).toBeGreaterThanOrEqual(N);
    expect(batched.transactions, report).toBeLessThanOrEqual(5);
    expect(batched.statements, report).toBeLessThan(2 * N);
    expect(batched.statements * 2, report).toBeLessThan(usual.statements);
  });

  it('a larger burst is written in several batches at once; a person in several of them is entered once', async () => {
    const r = await ballotResource();
    const users = await makeUsers(t, 150, 'bbt-p-');
    const twice = users[0]!;
    // the person's submits at the head, the middle and the end of the burst: in different batches
    const senders = users.map((u, i) => (i % 60 === 0 ? twice : u));
    const batched = await countStatements(() =>
      Promise.all(
        senders.map((u) => saveAppointments(u.ctx, { model: model(r.id, DATE), timeSlotIdList: [r.slots[0]!.id] })),
      ),
    );
    for (const result of batched.value) expect(result.auditStatus).toBe('4');
    expect(batched.transactions, JSON.stringify({ ...batched, value: undefined })).toBeGreaterThanOrEqual(3);
    const mine = batched.value.filter((_, i) => senders[i] === twice);
    expect(mine).toHaveLength(3);
    for (const m of mine) expect(m.ids).toEqual(mine[0]!.ids);
    const entries = await entriesOf(r.id);
    expect(entries).toHaveLength(new Set(senders).size);
    expect(entries.filter((e) => e.person === twice.account)).toHaveLength(1);
    expect(await bookingsOf(r.id)).toHaveLength(new Set(senders).size);
  });

  it('refuses within a burst as the usual way refuses, writing nothing for them; the others are entered', async () => {
    const daily = { is_appointment_number_limit: '1', appointment_number_rule: '1', appointment_number_limit: 1 };
    // booked at most 6 days 14 hours ahead: 14:00 on the date is not open yet (at 21:01, 7 days before)
    const ahead = {
      advance_booking_rule: '1',
      max_advance_booking_day: 6,
      max_advance_booking_hour: 14,
      max_advance_booking_minute: 0,
      min_advance_booking_day: 0,
      min_advance_booking_hour: 0,
      min_advance_booking_minute: 0,
    };
    const r = await ballotResource({ resourcesConfig: daily, ...ahead });
    const other = await makeResource(t, admin, typeId);
    const users = await makeUsers(t, 16, 'bbt-r-');
    const [banned, hidden, late, unknown, foreign, greedy] = users;
    const entrants = users.slice(6);
    const [s0, s1, s2, s3] = r.slots;

    const ban = await gql(admin, SAVE_BAN, {
      model: { user_account: banned!.account, reason: '多次爽约', reason_en: 'No-shows', days: 30 },
    });
    expect(ban.body.data?.saveBlackList?.errcode, JSON.stringify(ban.body)).toBe('0');
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.insert(resourcesVisibility).values({
        tenant_id: t.demoTenantId,
        resources_id: r.id,
        kind: 'invisible',
        obj_id: hidden!.account,
        obj_type: 'user',
      }),
    );
    const refused = [
      { who: banned!, slots: [s0!.id], code: 'BLACKLISTED' },
      { who: hidden!, slots: [s0!.id], code: 'RESOURCE_NOT_FOUND' },
      { who: late!, slots: [s3!.id], code: 'BOOKING_ADVANCE_MAX' },
      { who: unknown!, slots: [randomUUID()], code: null },
      { who: foreign!, slots: [other.slots[0]!.id], code: null },
      { who: greedy!, slots: [s0!.id, s1!.id], code: 'BOOKING_LIMIT_EXCEEDED' },
    ];
    // each alone, the usual way: what it answers (a refusal writes nothing)
    const expected = [];
    for (const x of refused) {
      const a = await usualWay(() => enter(x.who.token, r.id, x.slots));
      expect(a.code, JSON.stringify(a)).toBe('500');
      if (x.code) expect(a.name).toBe(x.code);
      expected.push(refusal(a));
    }
    expect(await bookingsOf(r.id)).toEqual([]);

    const { value: answers, seen: stage } = await watch(() =>
      Promise.all([
        ...entrants.map((u, i) => enter(u.token, r.id, [[s0, s1, s2][i % 3]!.id])),
        ...refused.map((x) => enter(x.who.token, r.id, x.slots)),
      ]),
    );
    const entered = answers.slice(0, entrants.length);
    const got = answers.slice(entrants.length);
    for (const a of entered) expect(a, JSON.stringify(a)).toMatchObject({ code: '0', auditStatus: '4' });
    expect(got.map(refusal)).toEqual(expected);
    // decided by the batch, refusals included
    const outcomeOf = (account: string) => stage.filter((s) => s.account === account).map((s) => s.outcome);
    for (const u of entrants) expect(outcomeOf(u.account)).toEqual(['entered']);
    for (const x of refused) expect(outcomeOf(x.who.account), x.who.account).toEqual(['refused']);

    const rows = await bookingsOf(r.id);
    expect(rows.map((b) => b.appointment_user).sort()).toEqual(entrants.map((u) => u.account).sort());
    expect((await entriesOf(r.id)).map((e) => e.person).sort()).toEqual(entrants.map((u) => u.account).sort());
    expect(await enterLogsOf(rows.map((b) => b.id))).toHaveLength(entrants.length);
    const theirs = await t.database.db
      .select()
      .from(appointments)
      .where(
        inArray(
          appointments.appointment_user,
          refused.map((x) => x.who.account),
        ),
      );
    expect(theirs).toEqual([]);
  });

  it("refuses as the usual way: a slot an active booking holds (own, another's), a disabled resource", async () => {
    // booked before the resource went to the ballot: the slot is held
    const r = await makeResource(t, admin, typeId);
    const users = await makeUsers(t, 4, 'bbt-h-');
    expect(await enter(users[0]!.token, r.id, [r.slots[0]!.id])).toMatchObject({ code: '0', auditStatus: '0' });
    await setMode(r.id, 'ballot');
    const disabled = await ballotResource();
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.update(resources).set({ state: 0 }).where(eq(resources.id, disabled.id)),
    );
    const requests: { token: string; resourceId: string; slots: string[]; code: string }[] = [
      { token: users[0]!.token, resourceId: r.id, slots: [r.slots[0]!.id], code: 'BOOKING_SLOT_MINE' },
      { token: users[1]!.token, resourceId: r.id, slots: [r.slots[0]!.id], code: 'BOOKING_SLOT_TAKEN' },
      { token: admin, resourceId: r.id, slots: [r.slots[1]!.id, r.slots[0]!.id], code: 'BOOKING_SLOT_TAKEN' },
      { token: users[2]!.token, resourceId: disabled.id, slots: [disabled.slots[0]!.id], code: 'RESOURCE_NOT_FOUND' },
      { token: admin, resourceId: disabled.id, slots: [disabled.slots[0]!.id], code: 'RESOURCE_NOT_BOOKABLE' },
    ];
    const expected = [];
    for (const x of requests) {
      const a = await usualWay(() => enter(x.token, x.resourceId, x.slots));
      expect(a.name, JSON.stringify(a)).toBe(x.code);
      expected.push(refusal(a));
    }
    const { value: answers, seen: stage } = await watch(() =>
      Promise.all([
        ...requests.map((x) => enter(x.token, x.resourceId, x.slots)),
        enter(users[3]!.token, r.id, [r.slots[1]!.id]),
      ]),
    );
    expect(answers.slice(0, requests.length).map(refusal)).toEqual(expected);
    expect(answers[requests.length]).toMatchObject({ code: '0', auditStatus: '4' });
    expect(stage.map((x) => x.outcome).sort()).toEqual([...requests.map(() => 'refused'), 'entered'].sort());
    expect(
      (await bookingsOf(r.id)).map((b) => `${b.appointment_user} ${b.start_time} ${b.audit_status}`).sort(),
    ).toEqual([`${users[0]!.account} ${r.slots[0]!.kssj} 0`, `${users[3]!.account} ${r.slots[1]!.kssj} 4`].sort());
    expect(await bookingsOf(disabled.id)).toEqual([]);
  });

  it("sees the resource as each entrant's own scene does: a department's list reaches its sub-departments", async () => {
    const code = `BBT-${randomUUID().slice(0, 6)}`;
    const [inside, outside] = await makeUsers(t, 2, 'bbt-v-');
    await withTenant(t.database.db, t.demoTenantId, async (tx) => {
      const parent = await insertDepartment(tx, t.demoTenantId, { name: '体育学院', code });
      const child = await insertDepartment(tx, t.demoTenantId, {
        name: '体育学院 球类教研室',
        code: `${code}-1`,
        parent: parent.id,
      });
      await insertPosition(tx, t.demoTenantId, {
        user_id: inside!.ctx.user.id,
        dept_id: child.id,
        post_id: null,
        active: true,
      });
    });
    const r = await ballotResource();
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .insert(resourcesVisibility)
        .values({ tenant_id: t.demoTenantId, resources_id: r.id, kind: 'visible', obj_id: code, obj_type: 'dept' }),
    );
    const alone = await usualWay(() => enter(outside!.token, r.id, [r.slots[0]!.id]));
    expect(alone.name).toBe('RESOURCE_NOT_FOUND');
    const { value: answers, seen: stage } = await watch(() =>
      Promise.all([enter(inside!.token, r.id, [r.slots[0]!.id]), enter(outside!.token, r.id, [r.slots[0]!.id])]),
    );
    expect(answers[0]).toMatchObject({ code: '0', auditStatus: '4' });
    expect(refusal(answers[1]!)).toEqual(refusal(alone));
    expect(stage.map((s) => s.outcome).sort()).toEqual(['entered', 'refused']);
    // the entry carries the department as the usual way's booking would
    const [row] = await bookingsOf(r.id);
    expect(row).toMatchObject({
      appointment_user: inside!.account,
      dept_code: `${code}-1`,
      dept_name: '体育学院 球类教研室',
    });
  });

  it('the same person twice at once (and an alias of their account in another case): one entry, one booking id', async () => {
    const r = await ballotResource();
    const [u, v, w] = await makeUsers(t, 3, 'bbt-d-');
    // an alias: another directory account differing only in case is the same person
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      insertUser(tx, t.demoTenantId, { account: 'BBT-D-1', name: '别名' }),
    );
    const alias = await t.tokenFor('BBT-D-1');
    const [s0, s1, s2] = r.slots;
    const { value: answers, seen: stage } = await watch(() =>
      Promise.all([
        enter(u!.token, r.id, [s0!.id]),
        enter(u!.token, r.id, [s0!.id]),
        enter(v!.token, r.id, [s1!.id]),
        enter(alias, r.id, [s1!.id]),
        // two slots in two submits: two entries
        enter(w!.token, r.id, [s1!.id]),
        enter(w!.token, r.id, [s2!.id]),
      ]),
    );
    for (const a of answers) expect(a, JSON.stringify(a)).toMatchObject({ code: '0', auditStatus: '4' });
    expect(stage.map((s) => s.outcome)).toEqual(answers.map(() => 'entered'));
    expect(answers[1]!.ids).toEqual(answers[0]!.ids);
    expect(answers[3]!.ids).toEqual(answers[2]!.ids);
    expect(answers[5]!.ids).not.toEqual(answers[4]!.ids);
    const entries = await entriesOf(r.id);
    const slotOf = (s: { kssj: string; jssj: string }) => `${s.kssj}-${s.jssj}`;
    expect(entries.map((e) => `${e.person} ${e.slot}`).sort()).toEqual(
      [
        `${u!.account} ${slotOf(s0!)}`,
        `${v!.account} ${slotOf(s1!)}`,
        `${w!.account} ${slotOf(s1!)}`,
        `${w!.account} ${slotOf(s2!)}`,
      ].sort(),
    );
    const rows = await bookingsOf(r.id);
    expect(rows).toHaveLength(4);
    const uRows = rows.filter((b) => b.appointment_user === u!.account);
    expect(uRows.map((b) => b.id)).toEqual(answers[0]!.ids);
    // the alias's answer names the booking of the person's first entry, whichever account made it
    const vRows = rows.filter((b) => [v!.account, 'BBT-D-1'].includes(b.appointment_user));
    expect(vRows.map((b) => b.id)).toEqual(answers[2]!.ids);
    expect(await enterLogsOf(rows.map((b) => b.id))).toHaveLength(4);

    // entering again, in a later burst, gives back the entry already there
    const again = await Promise.all([enter(u!.token, r.id, [s0!.id]), enter(u!.token, r.id, [s0!.id])]);
    for (const a of again) expect(a).toMatchObject({ code: '0', auditStatus: '4', ids: answers[0]!.ids });
    expect(await bookingsOf(r.id)).toHaveLength(4);
  });

  it('a resource asking for the captcha is not entered by the batch: a submit without one is refused as usual', async () => {
    const r = await ballotResource({ open_captcha_verify: '1' });
    const users = await makeUsers(t, 4, 'bbt-c-');
    const alone = await usualWay(() => enter(users[0]!.token, r.id, [r.slots[0]!.id]));
    expect(alone).toMatchObject({ code: '500', messages: ['该资源预约需要先完成滑块验证'] });
    const { value: answers, seen: stage } = await watch(() =>
      Promise.all(users.map((u) => enter(u.token, r.id, [r.slots[0]!.id]))),
    );
    for (const a of answers) expect(refusal(a)).toEqual(refusal(alone));
    expect(stage.map((s) => s.outcome)).toEqual(users.map(() => 'usual'));
    expect(await bookingsOf(r.id)).toEqual([]);
    expect(await entriesOf(r.id)).toEqual([]);
    // with a right slide it is entered (the usual way)
    const cred = await solveCaptcha(t, users[1]!.token);
    const ok = await enter(users[1]!.token, r.id, [r.slots[0]!.id], cred);
    expect(ok, JSON.stringify(ok)).toMatchObject({ code: '0', auditStatus: '4' });
    expect(await entriesOf(r.id)).toHaveLength(1);

    // the frequency guard too is checked per request: the usual way enters them
    const f = await ballotResource({ open_frequency_verify: '1' });
    const { value: guarded, seen: guardStage } = await watch(() =>
      Promise.all(users.map((u) => enter(u.token, f.id, [f.slots[0]!.id]))),
    );
    for (const a of guarded) expect(a, JSON.stringify(a)).toMatchObject({ code: '0', auditStatus: '4' });
    expect(guardStage.map((s) => s.outcome)).toEqual(users.map(() => 'usual'));
    expect(await entriesOf(f.id)).toHaveLength(users.length);
  });

  it('a resource set back to race books normally at once; one set to ballot is entered by the batch at once', async () => {
    const r = await ballotResource();
    const [u, v, w] = await makeUsers(t, 3, 'bbt-m-');
    const first = await enter(u!.token, r.id, [r.slots[0]!.id]);
    expect(first).toMatchObject({ code: '0', auditStatus: '4' });
    await setMode(r.id, 'race');
    const booked = await enter(v!.token, r.id, [r.slots[1]!.id]);
    expect(booked, JSON.stringify(booked)).toMatchObject({ code: '0', auditStatus: '0' });
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, booked.appointmentId!));
    expect(row).toMatchObject({ active: true, audit_status: '0', appointment_user: v!.account });

    // a race resource set to ballot: the next submit is entered, by the batch (this process
    // forgot its hint of which resources are under a ballot setting, read just before)
    const s = await makeResource(t, admin, typeId);
    expect(await enter(w!.token, r.id, [r.slots[2]!.id])).toMatchObject({ code: '0', auditStatus: '0' });
    await setMode(s.id, 'ballot');
    const { value: entered, seen: stage } = await watch(() => enter(w!.token, s.id, [s.slots[0]!.id]));
    expect(entered).toMatchObject({ code: '0', auditStatus: '4' });
    expect(stage.map((x) => x.outcome)).toEqual(['entered']);
  });
  it("another instance's change of a setting is seen at once, by its notification", async () => {
    const s = await makeResource(t, admin, typeId);
    const [u, v] = await makeUsers(t, 2, 'bbt-n-');
    // a fresh hint (read again now, after a notification), without this race resource in it
    applyChange({ kind: 'settings', tenantId: t.demoTenantId, scope: 'ballot' });
    expect(await enter(u!.token, s.id, [s.slots[0]!.id])).toMatchObject({ code: '0', auditStatus: '0' });
    // set to ballot as another instance would, without this process hearing of it: the hint
    // read just now does not have it, so the usual way enters it (reading the setting itself)
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      upsertSetting(tx, t.demoTenantId, {
        target_kind: 'resource',
        target_id: s.id,
        release_mode: 'ballot',
        window_minutes: 10,
        weighted: false,
        max_wins_per_person: 0,
        update_user: 'admin',
      }),
    );
    const before = await watch(() => enter(v!.token, s.id, [s.slots[1]!.id]));
    expect(before.value).toMatchObject({ code: '0', auditStatus: '4' });
    expect(before.seen.map((x) => x.outcome)).toEqual(['usual']);
    // the notification that instance's change sends at its commit: from now on, the batch
    applyChange({ kind: 'settings', tenantId: t.demoTenantId, scope: 'ballot' });
    const after = await watch(() => enter(v!.token, s.id, [s.slots[2]!.id]));
    expect(after.value).toMatchObject({ code: '0', auditStatus: '4' });
    expect(after.seen.map((x) => x.outcome)).toEqual(['entered']);
  });

  it('a resource of a type set to ballot is entered by the batch', async () => {
    const type = await makeType(t, admin);
    const r = await makeResource(t, admin, type);
    const saved = await gql(admin, SAVE_SETTING, {
      model: { target_kind: 'type', target_id: type, release_mode: 'ballot', window_minutes: 10 },
    });
    expect(saved.body.data?.saveBallotSetting?.errcode, JSON.stringify(saved.body)).toBe('0');
    const users = await makeUsers(t, 3, 'bbt-t-');
    const { value: answers, seen: stage } = await watch(() =>
      Promise.all(users.map((u) => enter(u.token, r.id, [r.slots[0]!.id]))),
    );
    for (const a of answers) expect(a, JSON.stringify(a)).toMatchObject({ code: '0', auditStatus: '4' });
    expect(stage.map((x) => x.outcome)).toEqual(users.map(() => 'entered'));
    expect(await entriesOf(r.id)).toHaveLength(3);
  });

  it('drawn early, a burst books as usual: one gets the slot, the others are told it is taken', async () => {
    const r = await ballotResource();
    const users = await makeUsers(t, 6, 'bbt-e-');
    expect(await enter(users[0]!.token, r.id, [r.slots[0]!.id])).toMatchObject({ code: '0', auditStatus: '4' });
    const drawn = await gql(admin, DRAW_NOW, { id: r.id, date: DATE });
    expect(drawn.body.data?.drawBallotNow, JSON.stringify(drawn.body)).toMatchObject({ winners_count: 1 });
    const { value: answers, seen: stage } = await watch(() =>
      Promise.all(users.slice(1).map((u) => enter(u.token, r.id, [r.slots[1]!.id]))),
    );
    expect(stage.map((x) => x.outcome)).toEqual(users.slice(1).map(() => 'usual'));
    expect(answers.filter((a) => a.code === '0').map((a) => a.auditStatus)).toEqual(['0']);
    for (const a of answers.filter((x) => x.code !== '0')) expect(a.name).toBe('BOOKING_SLOT_TAKEN');
    const active = (await bookingsOf(r.id)).filter((b) => b.active);
    expect(active.map((b) => b.start_time).sort()).toEqual([r.slots[0]!.kssj, r.slots[1]!.kssj]);
  });

  it('a draw at the same moment as a burst: every entry answered is in the draw, none left waiting', async () => {
    const r = await ballotResource();
    const users = await makeUsers(t, 24, 'bbt-x-');
    const [first] = users;
    expect(await enter(first!.token, r.id, [r.slots[0]!.id])).toMatchObject({ code: '0', auditStatus: '4' });
    // the first entrant enters again in the burst (their lock is one the draw needs)
    const burst = [first!, ...users.slice(1)];
    const [answers, drawn] = await Promise.all([
      Promise.all(burst.map((u, i) => enter(u.token, r.id, [r.slots[i % 2]!.id]))),
      gql(admin, DRAW_NOW, { id: r.id, date: DATE }),
    ]);
    const draw = drawn.body.data?.drawBallotNow as { id: string } | undefined;
    expect(draw?.id, JSON.stringify(drawn.body)).toBeTruthy();
    const rows = await bookingsOf(r.id);
    const entries = await entriesOf(r.id);
    // nothing waits for a draw on a drawn date
    expect(entries.filter((e) => e.draw_id === null)).toEqual([]);
    answers.forEach((a, i) => {
      const who = burst[i]!.account;
      if (a.code !== '0') {
        expect(['BOOKING_SLOT_TAKEN', 'BOOKING_SLOT_MINE'], JSON.stringify(a)).toContain(a.name);
        return;
      }
      const row = rows.find((b) => b.id === a.appointmentId);
      expect(row, who).toBeDefined();
      if (a.auditStatus === '4') {
        // entered before the draw: its entry was drawn (won or not)
        expect(entries.find((e) => e.appointment_id === a.appointmentId)?.draw_id, who).toBe(draw!.id);
      } else {
        expect(a.auditStatus, who).toBe('0');
        expect(row!.active, who).toBe(true);
      }
    });
    // a slot is held once
    const active = rows.filter((b) => b.active);
    expect(new Set(active.map((b) => b.start_time)).size).toBe(active.length);
  });
  // last: the clock leaves the window (the app's draw job may then draw the dates entered above)
  it('outside the window the batch decides nothing: before it opens and after it closes, the usual way answers', async () => {
    const r = await ballotResource();
    const users = await makeUsers(t, 5, 'bbt-w-');
    try {
      bookingClock.now = () => OPENS - 60_000;
      const { value: early, seen: before } = await watch(() =>
        Promise.all(users.map((u) => enter(u.token, r.id, [r.slots[0]!.id]))),
      );
      for (const a of early) expect(a.name, JSON.stringify(a)).toBe('BOOKING_NOT_OPEN_YET');
      expect(before.map((x) => x.outcome)).toEqual(users.map(() => 'usual'));
      expect(await bookingsOf(r.id)).toEqual([]);

      bookingClock.now = () => IN_WINDOW;
      expect(await enter(users[0]!.token, r.id, [r.slots[0]!.id])).toMatchObject({ code: '0', auditStatus: '4' });
      bookingClock.now = () => OPENS + 10 * 60_000 + 1000;
      const { value: late, seen: after } = await watch(() =>
        Promise.all(users.slice(1).map((u) => enter(u.token, r.id, [r.slots[1]!.id]))),
      );
      expect(after.map((x) => x.outcome)).toEqual(users.slice(1).map(() => 'usual'));
      // refused while the entry waits for its draw; booked as usual once the draw job has drawn it
      for (const a of late) {
        if (a.code === '0') expect(a.auditStatus, JSON.stringify(a)).toBe('0');
        else expect(['BALLOT_DRAW_PENDING', 'BOOKING_SLOT_TAKEN'], JSON.stringify(a)).toContain(a.name);
      }
      expect(await entriesOf(r.id)).toHaveLength(1);
    } finally {
      bookingClock.now = () => IN_WINDOW;
    }
  });
});
