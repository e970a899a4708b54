/**
 * The ballot (modules/ballot, docs/GLOSSARY.md "Ballot"): release settings, entering during the
 * collection window (code "0", auditStatus '4', holding nothing), the draw at the window's end
 * (engine rules per winner, cap, places passed on, losers told with the slots still free),
 * normal booking after it, the administrator's list, detail, replay and early draw, and who may
 * call what (anonymous, an ordinary user, a resource's administrator, a tenant administrator,
 * another tenant). Runs on a fake booking clock.
 */
import { and, eq } from 'drizzle-orm';
import { errorTexts } from '@yuyue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { drawDue } from '../src/modules/ballot/ballot.draw.ts';
import { ballotDraws, ballotEntries } from '../src/modules/ballot/ballot.tables.ts';
import { appointments, appointmentSlotCounters } from '../src/modules/booking/booking.tables.ts';
import { insertDepartment, insertPosition, insertUser } from '../src/modules/directory/directory.repository.ts';
import { notifications } from '../src/modules/notifications/notifications.tables.ts';
import { resourcesVisibility } from '../src/modules/resources/resources.tables.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { at, AVAILABILITY, makeResource, makeType, makeUsers, model, submit } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const SAVE_SETTING = `mutation($model: InputBallotSetting) { saveBallotSetting(model: $model) { errcode msg msg_en ids } }`;
const SETTINGS = `query($r: [ID], $t: [ID]) { findBallotSettings(resourcesIds: $r, resourcesTypeIds: $t) {
  target_kind target_id release_mode window_minutes weighted max_wins_per_person source } }`;
const DATE_INFO = `query($id: ID, $date: Date) { findBallotDateInfo(resourcesId: $id, date: $date) {
  release_mode opens_at closes_at phase slots { slot entered } mine { slot appointment_id outcome } } }`;
const MINE = `query($ids: [ID]) { findBallotEntriesForSelf(appointmentIds: $ids) {
  appointment_id slot outcome refusal closes_at drawn_at entered position } }`;
const DRAWS = `query($r: ID) { findBallotDrawAll(first: 50, resourcesId: $r) { totalCount edges { node {
  id resources_id appointment_date seed entries_count winners_count slots { slot capacity } drawn_by } } } }`;
const DRAW = `query($id: ID) { findBallotDraw(id: $id) { id seed entries_count winners_count
  entries { appointment_user slot weight position outcome refusal } } }`;
const REPLAY = `mutation($id: ID) { replayBallotDraw(id: $id) { id verified difference winners } }`;
const DRAW_NOW = `mutation($id: ID, $date: Date) { drawBallotNow(resourcesId: $id, date: $date) {
  id entries_count winners_count losers } }`;
const MY_LIST = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAccount(first: 50, filter: $filter) {
  totalCount edges { node { id audit_status state start_time } } } }`;

// The resources open 7 days ahead at 21:00: 2030-01-08 opens 2030-01-01 21:00 (Shanghai).
const DATE = '2030-01-08';
const OPENS = at('2030-01-01', '21:00');

let t: TestApp;
let admin: string;
let typeId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  typeId = await makeType(t, admin);
}, 240_000);

afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});

/** The draw job's dependencies; a draw that fails fails the test. */
const deps = () => ({
  config: t.config,
  log: Object.assign(Object.create(t.app.log) as typeof t.app.log, {
    error: (obj: unknown) => {
      throw (obj as { err?: unknown }).err ?? new Error(JSON.stringify(obj));
    },
  }),
});

async function gql(token: string | undefined, doc: string, variables: Record<string, unknown> = {}) {
  return t.gql('apps_yy_sys', doc, { token, variables });
}

/** The data of an operation that must succeed. */
async function data<T = unknown>(token: string, doc: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await gql(token, doc, variables);
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return Object.values(res.body.data!)[0] as T;
}

async function ballotResource(extra: Record<string, unknown> = {}, setting: Record<string, unknown> = {}) {
  const r = await makeResource(t, admin, typeId, extra);
  const saved = await data<{ errcode: string }>(admin, SAVE_SETTING, {
    model: { target_kind: 'resource', target_id: r.id, release_mode: 'ballot', window_minutes: 10, ...setting },
  });
  expect(saved.errcode).toBe('0');
  return r;
}

const enter = (token: string, resourceId: string, slotIds: string[]) =>
  submit(t, token, { model: model(resourceId, DATE), timeSlotIdList: slotIds });

async function rowsOf(ids: string[]) {
  const rows = await t.database.db.select().from(appointments);
  return rows.filter((r) => ids.includes(r.id));
}

describe('ballot: entering, drawing, and booking after', () => {
  it('collects entries in the window, draws once at its end, tells losers, then books normally', async () => {
    const r = await ballotResource();
    const users = await makeUsers(t, 6, 'bal-a-');
    bookingClock.now = () => OPENS - 60_000;
    expect((await enter(users[0]!.token, r.id, [r.slots[0]!.id])).name).toBe('BOOKING_NOT_OPEN_YET');

    bookingClock.now = () => OPENS + 60_000;
    const info = await data<{ phase: string; closes_at: string; release_mode: string }>(users[0]!.token, DATE_INFO, {
      id: r.id,
      date: DATE,
    });
    expect(info).toMatchObject({ release_mode: 'ballot', phase: 'collecting', closes_at: '2030-01-01 21:10:00' });
    const ids: string[] = [];
    for (const u of users) {
      const res = await enter(u.token, r.id, [r.slots[0]!.id]);
      expect(res.code, JSON.stringify(res)).toBe('0');
      expect(res.auditStatus).toBe('4');
      ids.push(res.appointmentId);
    }
    // entering again gives back the same entry: one entry per person and slot
    const again = await enter(users[0]!.token, r.id, [r.slots[0]!.id]);
    expect(again).toMatchObject({ code: '0', auditStatus: '4', appointmentId: ids[0] });
    // entries hold nothing: the slot is still available, and "my appointments" lists the entry as pending
    const slots = await data<{ id: string; state: string }[]>(users[1]!.token, AVAILABILITY, {
      resourcesId: r.id,
      date: DATE,
    });
    expect(slots.find((s) => s.id === r.slots[0]!.id)!.state).toBe('available');
    const mine = await data<{ edges: { node: { id: string; audit_status: string; state: string } }[] }>(
      users[1]!.token,
      MY_LIST,
      { filter: { resources_id: { eq: r.id } } },
    );
    expect(mine.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({ id: ids[1], audit_status: '4', state: '0' }),
    ]);
    expect((await rowsOf(ids)).every((b) => !b.active && b.audit_status === '4')).toBe(true);

    // the window closed, not drawn yet: a submit is refused, clearly
    bookingClock.now = () => OPENS + 10 * 60_000 + 1000;
    const pending = await enter(users[0]!.token, r.id, [r.slots[1]!.id]);
    expect(pending.code).toBe('500');
    expect(pending.name).toBe('BALLOT_DRAW_PENDING');
    expect(pending.messages[0]).toContain('正在抽签');
    expect(pending.messages_en[0]).toContain('being drawn');

    // the draw job of the app may have drawn already (it runs every few seconds): either way, once
    await drawDue(deps(), t.database.db, bookingClock.now());
    expect(await drawDue(deps(), t.database.db, bookingClock.now())).toBe(0);
    const draws = await t.database.db.select().from(ballotDraws).where(eq(ballotDraws.resources_id, r.id));
    expect(draws).toHaveLength(1);
    expect(draws[0]!.seed).toMatch(/^[0-9a-f]{64}$/);
    const after = await rowsOf(ids);
    const winners = after.filter((b) => b.active);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.audit_status).toBe('0');
    expect(after.filter((b) => b.audit_status === '3')).toHaveLength(5);

    // losers are told at once, with the slots still free
    const loser = after.find((b) => b.audit_status === '3')!;
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, loser.appointment_user), eq(notifications.appointment_id, loser.id)));
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('抽签结果：未中签');
    expect(told[0]!.content).toContain('10:00-11:00');
    expect(told[0]!.content_en).toContain('not drawn (6 entries)');
    // and the winner, whatever the resource's own notification settings (none here)
    const toldWinner = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipient, winners[0]!.appointment_user),
          eq(notifications.appointment_id, winners[0]!.id),
        ),
      );
    expect(toldWinner).toHaveLength(1);
    expect(toldWinner[0]!.title).toBe('抽签结果：中签');
    expect(toldWinner[0]!.content).toContain('中签（共 6 个报名），预约已生效');
    expect(toldWinner[0]!.content_en).toContain('drawn (6 entries); the booking stands');

    const outcome = await data<{ outcome: string; entered: number; drawn_at: string }[]>(
      users.find((u) => u.account === loser.appointment_user)!.token,
      MINE,
      { ids },
    );
    expect(outcome).toEqual([expect.objectContaining({ appointment_id: loser.id, outcome: 'full', entered: 6 })]);

    // after the draw the remaining slots are booked as usual (race)
    const normal = await enter(users[2]!.token, r.id, [r.slots[1]!.id]);
    expect(normal).toMatchObject({ code: '0', auditStatus: '0' });
    const drawnInfo = await data<{ phase: string; slots: { slot: string; entered: number }[] }>(
      users[0]!.token,
      DATE_INFO,
      {
        id: r.id,
        date: DATE,
      },
    );
    expect(drawnInfo.phase).toBe('drawn');
    expect(drawnInfo.slots).toEqual([{ slot: '09:00-10:00', entered: 6 }]);

    // administrators list, read and replay the draw; the operate log has it
    const list = await data<{ edges: { node: { id: string; entries_count: number; winners_count: number } }[] }>(
      admin,
      DRAWS,
      { r: r.id },
    );
    expect(list.edges.map((e) => e.node)).toEqual([
      expect.objectContaining({ id: draws[0]!.id, entries_count: 6, winners_count: 1 }),
    ]);
    const detail = await data<{ entries: { position: number; outcome: string }[] }>(admin, DRAW, { id: draws[0]!.id });
    expect(detail.entries.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(detail.entries[0]!.outcome).toBe('won');
    const replay = await data<{ verified: boolean; winners: number }>(admin, REPLAY, { id: draws[0]!.id });
    expect(replay).toMatchObject({ verified: true, winners: 1 });
    const logs = await t.database.db.select().from(operateLogs).where(eq(operateLogs.operate_object, draws[0]!.id));
    expect(logs.map((l) => `${l.operate_module}:${l.operate_type}`).sort()).toEqual(['ballot:draw', 'ballot:replay']);

    // a tampered result is not verified
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .update(ballotEntries)
        .set({ outcome: 'full' })
        .where(and(eq(ballotEntries.draw_id, draws[0]!.id), eq(ballotEntries.position, 1))),
    );
    expect((await data<{ verified: boolean }>(admin, REPLAY, { id: draws[0]!.id })).verified).toBe(false);
  });

  it('honours the engine for each winner (a banned booker is passed over) and the per-person cap', async () => {
    const r = await ballotResource({ available_number: 2 }, { max_wins_per_person: 1 });
    const users = await makeUsers(t, 5, 'bal-b-');
    bookingClock.now = () => OPENS + 60_000;
    const slotIds = [r.slots[0]!.id, r.slots[1]!.id];
    for (const u of users) expect((await enter(u.token, r.id, slotIds)).auditStatus).toBe('4');
    const ban = await gql(admin, `mutation($model: InputBlackList!) { saveBlackList(model: $model) { errcode msg } }`, {
      model: { user_account: users[0]!.account, reason: '多次爽约', reason_en: 'No-shows', days: 30 },
    });
    expect(ban.body.data?.saveBlackList?.errcode, JSON.stringify(ban.body)).toBe('0');
    const drawn = await data<{ entries_count: number; winners_count: number; losers: number }>(admin, DRAW_NOW, {
      id: r.id,
      date: DATE,
    });
    expect(drawn).toMatchObject({ entries_count: 10, winners_count: 4, losers: 6 });
    const rows = (await t.database.db.select().from(appointments).where(eq(appointments.resources_id, r.id))).filter(
      (b) => b.active,
    );
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((b) => b.appointment_user)).size).toBe(4);
    expect(rows.some((b) => b.appointment_user === users[0]!.account)).toBe(false);
    for (const start of ['09:00', '10:00'])
      expect(rows.filter((b) => b.start_time === start).length).toBeLessThanOrEqual(2);
    const detail = await data<{ entries: { appointment_user: string; outcome: string; refusal: string }[] }>(
      admin,
      DRAW,
      {
        id: (await data<{ edges: { node: { id: string } }[] }>(admin, DRAWS, { r: r.id })).edges[0]!.node.id,
      },
    );
    const banned = detail.entries.filter((e) => e.appointment_user === users[0]!.account);
    // the banned booker's entries: refused by the engine (BLACKLISTED), or drawn after the slot filled
    expect(banned).toHaveLength(2);
    for (const e of banned) {
      expect(['refused', 'full']).toContain(e.outcome);
      if (e.outcome === 'refused') expect(e.refusal).toBe('BLACKLISTED');
    }
    // drawing again finds nothing
    const again = await data<{ errcode?: string }>(admin, SAVE_SETTING, {
      model: { target_kind: 'resource', target_id: r.id, release_mode: 'ballot' },
    });
    expect(again.errcode).toBe('0');
    const none = await gql(admin, DRAW_NOW, { id: r.id, date: DATE });
    expect(none.body.errors?.[0]?.extensions?.code).toBe('BALLOT_NOTHING_TO_DRAW');
    const logs = await t.database.db.select().from(operateLogs).where(eq(operateLogs.operate_type, 'drawNow'));
    expect(logs.some((l) => l.operate_user_id === 'admin')).toBe(true);
  });

  it("a win counts for the winner's later entries: a daily limit of one gives each place to a different person", async () => {
    const daily = { is_appointment_number_limit: '1', appointment_number_rule: '1', appointment_number_limit: 1 };
    const r = await ballotResource({ resourcesConfig: daily });
    const users = await makeUsers(t, 3, 'bal-l-');
    bookingClock.now = () => OPENS + 60_000;
    // each slot entered on its own (an entry holds nothing, so the limit lets both in)
    for (const u of users)
      for (const slot of [r.slots[0]!, r.slots[1]!])
        expect((await enter(u.token, r.id, [slot.id])).auditStatus).toBe('4');
    const drawn = await data<{ id: string; entries_count: number; winners_count: number }>(admin, DRAW_NOW, {
      id: r.id,
      date: DATE,
    });
    expect(drawn).toMatchObject({ entries_count: 6, winners_count: 2 });
    const detail = await data<{
      entries: { appointment_user: string; slot: string; outcome: string; refusal: string }[];
    }>(admin, DRAW, { id: drawn.id });
    const won = detail.entries.filter((e) => e.outcome === 'won');
    expect(new Set(won.map((e) => e.slot)).size).toBe(2);
    expect(new Set(won.map((e) => e.appointment_user)).size).toBe(2);
    // a winner's entry for the other slot, drawn before that slot filled, is refused by the limit
    // and the place passes on; drawn after, it is 'full'
    for (const e of detail.entries.filter((x) => x.outcome === 'refused')) {
      expect(e.refusal).toBe('BOOKING_LIMIT_EXCEEDED');
      expect(won.some((w) => w.appointment_user === e.appointment_user && w.slot !== e.slot)).toBe(true);
    }
    const active = (await t.database.db.select().from(appointments).where(eq(appointments.resources_id, r.id))).filter(
      (b) => b.active,
    );
    expect(active).toHaveLength(2);
    expect((await data<{ verified: boolean }>(admin, REPLAY, { id: drawn.id })).verified).toBe(true);
  });

  it('a winner who may no longer see the resource is refused (RESOURCE_NOT_FOUND) and the place passes on', async () => {
    const r = await ballotResource({ available_number: 1 });
    const users = await makeUsers(t, 6, 'bal-v-');
    bookingClock.now = () => OPENS + 60_000;
    for (const u of users) expect((await enter(u.token, r.id, [r.slots[0]!.id])).auditStatus).toBe('4');
    // after entering, the resource is hidden from all but one of them: only that one can win
    const hidden = users.slice(1).map((u) => u.account);
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.insert(resourcesVisibility).values(
        hidden.map((account) => ({
          tenant_id: t.demoTenantId,
          resources_id: r.id,
          kind: 'invisible',
          obj_id: account,
          obj_type: 'user',
        })),
      ),
    );
    const drawn = await data<{ id: string; winners_count: number }>(admin, DRAW_NOW, { id: r.id, date: DATE });
    expect(drawn.winners_count).toBe(1);
    const detail = await data<{ entries: { appointment_user: string; outcome: string; refusal: string }[] }>(
      admin,
      DRAW,
      { id: drawn.id },
    );
    expect(detail.entries.find((e) => e.outcome === 'won')!.appointment_user).toBe(users[0]!.account);
    for (const e of detail.entries.filter((x) => hidden.includes(x.appointment_user))) {
      expect(['refused', 'full']).toContain(e.outcome);
      if (e.outcome === 'refused') expect(e.refusal).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('drawn early, the date books as usual while its window is still open; entering again answers the entry', async () => {
    const r = await ballotResource();
    const [a, b] = await makeUsers(t, 2, 'bal-e-');
    bookingClock.now = () => OPENS + 60_000;
    const entered = await enter(a!.token, r.id, [r.slots[0]!.id]);
    expect(entered).toMatchObject({ code: '0', auditStatus: '4' });
    expect(await enter(a!.token, r.id, [r.slots[0]!.id])).toMatchObject({
      auditStatus: '4',
      appointmentId: entered.appointmentId,
    });
    await data(admin, DRAW_NOW, { id: r.id, date: DATE });
    // the window has not closed, but the date is drawn: a submit is decided at once
    expect(await enter(b!.token, r.id, [r.slots[1]!.id])).toMatchObject({ code: '0', auditStatus: '0' });
    expect((await enter(b!.token, r.id, [r.slots[0]!.id])).name).toBe('BOOKING_SLOT_TAKEN');
  });

  it("a capacity slot's places are no more than its seat counter leaves: the draw completes, the others 'full'", async () => {
    const r = await ballotResource({ available_number: 2 });
    const users = await makeUsers(t, 3, 'bal-c2-');
    bookingClock.now = () => OPENS + 60_000;
    for (const u of users) expect((await enter(u.token, r.id, [r.slots[0]!.id])).auditStatus).toBe('4');
    expect((await enter(users[0]!.token, r.id, [r.slots[1]!.id])).auditStatus).toBe('4');
    // the first slot's counter says both seats are held (by nothing the draw can see)
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.insert(appointmentSlotCounters).values({
        tenant_id: t.demoTenantId,
        resources_id: r.id,
        starts_at: new Date(at(DATE, '09:00')),
        ends_at: new Date(at(DATE, '10:00')),
        capacity: 2,
        taken: 2,
      }),
    );
    const drawn = await data<{ id: string; winners_count: number }>(admin, DRAW_NOW, { id: r.id, date: DATE });
    expect(drawn.winners_count).toBe(1);
    const detail = await data<{ entries: { slot: string; outcome: string }[] }>(admin, DRAW, { id: drawn.id });
    expect(detail.entries.filter((e) => e.slot === '09:00-10:00').map((e) => e.outcome)).toEqual([
      'full',
      'full',
      'full',
    ]);
    expect(detail.entries.find((e) => e.slot === '10:00-11:00')!.outcome).toBe('won');
    expect((await data<{ verified: boolean }>(admin, REPLAY, { id: drawn.id })).verified).toBe(true);
  });

  it('a withdrawn entry takes no part and gives back nothing', async () => {
    const r = await ballotResource({ available_number: 3 });
    const [u] = await makeUsers(t, 1, 'bal-c-');
    bookingClock.now = () => OPENS + 60_000;
    const e = await enter(u!.token, r.id, [r.slots[0]!.id]);
    const cancel = await gql(
      u!.token,
      `mutation($id: ID!) { updateAppointmentInformationState(id: $id, state: "1", reason: "不去了") { errcode msg } }`,
      { id: e.appointmentId },
    );
    expect(cancel.body.data!.updateAppointmentInformationState.errcode).toBe('0');
    bookingClock.now = () => OPENS + 11 * 60_000;
    await drawDue(deps(), t.database.db, bookingClock.now());
    const [entry] = await t.database.db
      .select()
      .from(ballotEntries)
      .where(eq(ballotEntries.appointment_id, e.appointmentId));
    expect(entry!.outcome).toBe('withdrawn');
    expect((await rowsOf([e.appointmentId]))[0]).toMatchObject({ state: '1', active: false });
  });
});

describe('ballot: an entry is decided by the draw alone', () => {
  const NOT_PENDING = errorTexts('APPROVAL_NOT_PENDING').en;
  it('cannot be moved, approved or rejected (by its booker or an administrator); nothing changes', async () => {
    const r = await ballotResource({ available_number: 3 });
    const [u] = await makeUsers(t, 1, 'bal-m-');
    bookingClock.now = () => OPENS + 60_000;
    const e = await enter(u!.token, r.id, [r.slots[0]!.id]);
    // code "0" as the original; the messages say it is an entry and when it is drawn
    expect(e).toMatchObject({ code: '0', auditStatus: '4' });
    expect(e.messages[0]).toBe('已参加抽签，2030-01-01 21:10 开奖');
    expect(e.messages_en[0]).toBe('Entered in the ballot; drawn at 2030-01-01 21:10');
    const before = (await rowsOf([e.appointmentId]))[0];
    const move = `mutation($id: ID!, $date: Date!, $slot: String) {
      updateAppointmentTime(id: $id, appointment_date: $date, timeSlotId: $slot) { errcode msg msg_en } }`;
    for (const token of [u!.token, admin]) {
      const moved = await gql(token, move, { id: e.appointmentId, date: DATE, slot: r.slots[1]!.id });
      expect(moved.body.data!.updateAppointmentTime).toMatchObject({
        errcode: '500',
        msg: expect.stringContaining('抽签报名不能改期'),
        msg_en: expect.stringContaining('cannot be moved'),
      });
    }
    const approved = await gql(admin, `mutation($id: ID!) { approveAppointment(id: $id) { errcode msg_en } }`, {
      id: e.appointmentId,
    });
    expect(approved.body.data!.approveAppointment).toMatchObject({ errcode: '500', msg_en: NOT_PENDING });
    const rejected = await gql(
      admin,
      `mutation($id: ID!) { rejectAppointment(id: $id, reason: "no") { errcode msg_en } }`,
      {
        id: e.appointmentId,
      },
    );
    expect(rejected.body.data!.rejectAppointment).toMatchObject({ errcode: '500', msg_en: NOT_PENDING });
    expect((await rowsOf([e.appointmentId]))[0]).toEqual(before);
  });
});

describe('ballot: periodic and batch requests', () => {
  const PREVIEW = `query($model: InputAppointmentInformation!, $timeSlotIdList: [String], $is_cyclicity: String,
    $cyclicity_start_date: String, $cyclicity_end_date: String, $cyclicity_strategy: String, $cyclicity_weekList: [String]) {
    previewAppointmentSeries(model: $model, timeSlotIdList: $timeSlotIdList, is_cyclicity: $is_cyclicity,
      cyclicity_start_date: $cyclicity_start_date, cyclicity_end_date: $cyclicity_end_date,
      cyclicity_strategy: $cyclicity_strategy, cyclicity_weekList: $cyclicity_weekList) {
      date status rule reason reason_en } }`;
  // every Tuesday from DATE for two weeks: DATE (decided by its ballot) and the week after (not open yet)
  const weekly = (resourceId: string, slotId: string) => ({
    model: model(resourceId, DATE),
    timeSlotIdList: [slotId],
    is_cyclicity: '1',
    cyclicity_start_date: DATE,
    cyclicity_end_date: '2030-01-15',
    cyclicity_strategy: '2',
    cyclicity_weekList: ['2'],
  });

  it('cannot take a date a ballot decides: left out while collecting and until the draw, bookable after', async () => {
    const r = await ballotResource({ available_number: 3 });
    const [u] = await makeUsers(t, 1, 'bal-s-');
    const reportOf = async () =>
      (
        await data<{ date: string; status: string; rule: string; reason_en: string }[]>(
          u!.token,
          PREVIEW,
          weekly(r.id, r.slots[0]!.id),
        )
      ).find((item) => item.date === DATE);

    bookingClock.now = () => OPENS + 60_000;
    expect(await reportOf()).toMatchObject({
      status: 'closed',
      rule: 'ballot',
      reason_en: 'This date is released by ballot (until 2030-01-01 21:10:00); book it on its own to enter the ballot',
    });
    // an entry waits: after the window, still the ballot's until the draw
    expect((await enter(u!.token, r.id, [r.slots[1]!.id])).auditStatus).toBe('4');
    bookingClock.now = () => OPENS + 11 * 60_000;
    expect(await reportOf()).toMatchObject({ status: 'closed', rule: 'ballot' });
    await drawDue(deps(), t.database.db, bookingClock.now());
    expect(await reportOf()).toMatchObject({ status: 'ok', rule: '' });
  });
});

describe('ballot: settings and who may do what', () => {
  it('settings: the resource overrides its type; bad input is refused in both languages', async () => {
    const r = await makeResource(t, admin, typeId);
    const student = await t.tokenFor('student');
    expect((await data<{ release_mode: string; source: string }[]>(student, SETTINGS, { r: [r.id] }))[0]).toMatchObject(
      {
        release_mode: 'race',
        source: 'default',
      },
    );
    expect(
      (
        await data<{ errcode: string }>(admin, SAVE_SETTING, {
          model: { target_kind: 'type', target_id: typeId, release_mode: 'ballot', window_minutes: 15, weighted: true },
        })
      ).errcode,
    ).toBe('0');
    expect(
      (await data<{ window_minutes: number; source: string }[]>(student, SETTINGS, { r: [r.id] }))[0],
    ).toMatchObject({
      release_mode: 'ballot',
      window_minutes: 15,
      weighted: true,
      source: 'type',
    });
    await data(admin, SAVE_SETTING, { model: { target_kind: 'resource', target_id: r.id, release_mode: 'race' } });
    expect((await data<{ source: string }[]>(student, SETTINGS, { r: [r.id] }))[0]).toMatchObject({
      release_mode: 'race',
      source: 'resource',
    });
    // 'inherit' removes the resource's own settings: it follows its type's again
    const inherit = await data<{ errcode: string; ids: string[] }>(admin, SAVE_SETTING, {
      model: { target_kind: 'resource', target_id: r.id, release_mode: 'inherit' },
    });
    expect(inherit).toMatchObject({ errcode: '0', ids: [''] });
    expect((await data<{ source: string }[]>(student, SETTINGS, { r: [r.id] }))[0]).toMatchObject({
      release_mode: 'ballot',
      window_minutes: 15,
      source: 'type',
    });
    await data(admin, SAVE_SETTING, { model: { target_kind: 'type', target_id: typeId, release_mode: 'race' } });
    const bad = await data<{ errcode: string; msg: string; msg_en: string }>(admin, SAVE_SETTING, {
      model: { target_kind: 'resource', target_id: r.id, release_mode: 'ballot', window_minutes: 0 },
    });
    expect(bad).toMatchObject({ errcode: '500' });
    expect(bad.msg).toContain('报名时长');
    expect(bad.msg_en).toContain('window_minutes');
    const mode = await data<{ errcode: string; msg_en: string }>(admin, SAVE_SETTING, {
      model: { target_kind: 'resource', target_id: r.id, release_mode: 'lottery' },
    });
    expect(mode.msg_en).toContain('release_mode');
    const logs = await t.database.db.select().from(operateLogs).where(eq(operateLogs.operate_type, 'ballotSettings'));
    expect(logs.length).toBeGreaterThanOrEqual(4);
    expect(logs.map((l) => l.operate_content)).toContainEqual(expect.stringContaining('不单独设置（跟随资源类型）'));
  });

  it('anonymous, an ordinary user, a resource administrator, a tenant administrator, another tenant', async () => {
    // a resource administered by a department; its administrator holds a position there
    const tenantId = t.demoTenantId;
    await withTenant(t.database.db, tenantId, async (tx) => {
      const dept = await insertDepartment(tx, tenantId, { name: '体育馆', code: 'BAL-GYM' });
      const boss = await insertUser(tx, tenantId, { account: 'bal-boss', name: '馆长' });
      await insertPosition(tx, tenantId, { user_id: boss.id, dept_id: dept.id, post_id: null, active: true });
    });
    const mine = await ballotResource({ admin_dept: 'BAL-GYM' });
    const other = await ballotResource();
    const boss = await t.tokenFor('bal-boss');
    const student = await t.tokenFor('student');
    const [u] = await makeUsers(t, 1, 'bal-d-');
    bookingClock.now = () => OPENS + 60_000;
    await enter(u!.token, mine.id, [mine.slots[0]!.id]);
    await enter(u!.token, other.id, [other.slots[0]!.id]);

    // anonymous: nothing
    for (const doc of [DRAWS, SETTINGS, MINE]) {
      expect((await gql(undefined, doc, {})).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    // an ordinary user: may not draw, list or set
    expect((await gql(student, DRAW_NOW, { id: mine.id, date: DATE })).body.errors?.[0]?.extensions?.code).toBe(
      'BALLOT_TARGET_NOT_FOUND',
    );
    expect((await gql(student, DRAWS, {})).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const set = await data<{ errcode: string }>(student, SAVE_SETTING, {
      model: { target_kind: 'resource', target_id: mine.id, release_mode: 'race' },
    });
    expect(set.errcode).toBe('500');
    // the resource's administrator: their resource only; not a type's settings
    const drawn = await data<{ id: string; winners_count: number }>(boss, DRAW_NOW, { id: mine.id, date: DATE });
    expect(drawn.winners_count).toBe(1);
    expect((await gql(boss, DRAW_NOW, { id: other.id, date: DATE })).body.errors?.[0]?.extensions?.code).toBe(
      'BALLOT_TARGET_NOT_FOUND',
    );
    const bossList = await data<{ edges: { node: { resources_id: string } }[] }>(boss, DRAWS, {});
    expect(bossList.edges.map((e) => e.node.resources_id)).toEqual([mine.id]);
    expect((await data<{ verified: boolean }>(boss, REPLAY, { id: drawn.id })).verified).toBe(true);
    const typeSet = await gql(boss, SAVE_SETTING, {
      model: { target_kind: 'type', target_id: typeId, release_mode: 'ballot' },
    });
    expect(typeSet.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // the tenant administrator: every resource's draws
    const all = await data<{ edges: { node: { id: string } }[] }>(admin, DRAWS, {});
    expect(all.edges.some((e) => e.node.id === drawn.id)).toBe(true);
    // another tenant's administrator sees none of them
    const otherTenant = await t.createOtherTenant('balx');
    const outsider = await t.tokenFor('admin', otherTenant);
    expect((await data<{ totalCount: number }>(outsider, DRAWS, {})).totalCount).toBe(0);
    expect((await gql(outsider, DRAW, { id: drawn.id })).body.errors?.[0]?.extensions?.code).toBe(
      'BALLOT_DRAW_NOT_FOUND',
    );
    expect((await gql(outsider, REPLAY, { id: drawn.id })).body.errors?.[0]?.extensions?.code).toBe(
      'BALLOT_DRAW_NOT_FOUND',
    );
    expect((await gql(outsider, DRAW_NOW, { id: other.id, date: DATE })).body.errors?.[0]?.extensions?.code).toBe(
      'BALLOT_TARGET_NOT_FOUND',
    );
    // a user sees only their own entries
    const ownIds = (await t.database.db.select().from(ballotEntries)).map((e) => e.appointment_id);
    expect(await data<unknown[]>(student, MINE, { ids: ownIds })).toEqual([]);
  });
});
