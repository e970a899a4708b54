import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { instantOf } from '@yuyue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { appointments } from '../src/modules/booking/booking.tables.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { resourceStats } from '../src/modules/evaluations/evaluations.service.ts';
import { appointmentEvaluates } from '../src/modules/evaluations/evaluations.tables.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const ZONE = 'Asia/Shanghai';
const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, ZONE);

const FIELDS = `id appointment_id resources_id resources_name resources_type_id appointment_date start_time end_time
  composite_score resources_score system_score service_score content pictures is_anonymous state reply_content reply_user
  reply_user_name reply_time created_user created_user_name create_time update_time`;
const SAVE = `mutation($model: InputAppointmentEvaluate) { saveAppointmentEvaluate(model: $model) { errcode msg msg_en ids } }`;
const DELETE = `mutation($id: ID) { deleteAppointmentEvaluate(id: $id) { errcode msg msg_en ids } }`;
const STATE = `mutation($id: ID, $state: String) { updateAppointmentEvaluateState(id: $id, state: $state) { errcode msg msg_en ids } }`;
const REPLY = `mutation($id: ID, $reply: String) { replyAppointmentEvaluate(id: $id, reply_content: $reply) { errcode msg msg_en ids } }`;
const BY_RESOURCE = `query($id: String!, $first: Int, $offset: Int) { findAppointmentEvaluateAllByResources(resourcesId: $id, first: $first, offset: $offset) {
  totalCount pageInfo { hasNextPage } edges { cursor node { ${FIELDS} } } } }`;
const MINE = `query($filter: AppointmentEvaluateFilterMap) { findAppointmentEvaluateAllForAccount(filter: $filter) {
  totalCount edges { node { ${FIELDS} } } } }`;
const ALL = `query($filter: AppointmentEvaluateFilterMap) { findAppointmentEvaluateAll(first: 50, filter: $filter) {
  totalCount edges { node { ${FIELDS} } } } }`;
const ONE = `query($id: ID) { findAppointmentEvaluate(id: $id) { ${FIELDS} } }`;
const AVERAGE = `query($ids: [String]) { findAppointmentEvaluateAverage(resourcesIdList: $ids) {
  resources_id evaluateCount average resources_score system_score service_score } }`;
const BOOKINGS = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAccount(first: 50, filter: $filter) {
  edges { node { id is_evaluate } } } }`;

let t: TestApp;
let admin: string;
let student: string;
let other: string;
let foreignAdmin: string;
let resourceId: string;
let slots: string[];

/** A GraphQL answer as these tests read it: each test asserts the shape it expects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: Record<string, any>; errors?: { message: string }[] };

async function gql(token: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.status).toBe(200);
  return res.body as Body;
}

/** A booking of the resource by the token's user, on a slot of 2030-01-03. */
async function book(token: string, slot: number): Promise<string> {
  const body = await gql(
    token,
    `mutation($model: InputAppointmentInformation!, $slots: [String]) {
      saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $model, timeSlotIdList: $slots) { code messages ids } }`,
    {
      model: { resources_id: resourceId, appointment_date: '2030-01-03', theme: '组会' },
      slots: [slots[slot]],
    },
  );
  expect(body.data.saveAppointmentInformationAll, JSON.stringify(body)).toMatchObject({ code: '0' });
  return body.data.saveAppointmentInformationAll.ids[0];
}

/** What check-in does to a booking: performed (appointment_state '1'). */
async function perform(id: string) {
  await withTenant(t.database.db, t.demoTenantId, (tx) =>
    tx.update(appointments).set({ appointment_state: '1' }).where(eq(appointments.id, id)),
  );
}

const scores = { composite_score: 5, resources_score: 4, system_score: 4, service_score: 5 };

async function evaluationRows() {
  return withTenant(t.database.db, t.demoTenantId, (tx) => tx.select().from(appointmentEvaluates));
}

async function isEvaluated(token: string, bookingId: string) {
  const body = await gql(token, BOOKINGS, { filter: { id: { eq: bookingId } } });
  return body.data.findAppointmentInformationAllForAccount.edges[0].node.is_evaluate;
}

let studentBooking: string;
let otherBooking: string;
let studentEvaluation: string;

beforeAll(async () => {
  t = await createTestApp();
  bookingClock.now = () => NOW;
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  await withTenant(t.database.db, t.demoTenantId, (tx) =>
    insertUser(tx, t.demoTenantId, { account: 'reviewer', name: '另一位同学' }),
  );
  other = await t.tokenFor('reviewer');
  const otherTenant = await t.createOtherTenant('other-u');
  foreignAdmin = await t.tokenFor('admin', otherTenant);
  const types = (await gql(admin, `{ findResourcesTypeAll { id resources_name } }`)).data.findResourcesTypeAll as {
    id: string;
    resources_name: string;
  }[];
  const created = await gql(
    admin,
    `mutation($model: InputResources!) { saveResources(model: $model) { errcode ids } }`,
    {
      model: {
        resources_name: `研讨室 ${randomUUID().slice(0, 6)}`,
        resources_type_id: types.find((x) => x.resources_name === '会议室')!.id,
        available_number: 1,
        appointment_date_rule: '1',
        appointment_date_days: 7,
        days_rule_refresh_time: '00:00',
        time_slot_rule: '1',
        resourcesTimeSlot: [
          { kssj: '09:00', jssj: '10:00' },
          { kssj: '10:00', jssj: '11:00' },
          { kssj: '11:00', jssj: '12:00' },
        ],
      },
    },
  );
  resourceId = created.data.saveResources.ids[0];
  const listed = await gql(
    admin,
    `query($id: String!) { findResourcesTimeSlotByResourcesIdAndDate(resourcesId: $id, date: "2030-01-03") { id } }`,
    { id: resourceId },
  );
  slots = listed.data.findResourcesTimeSlotByResourcesIdAndDate.map((s: { id: string }) => s.id);
  studentBooking = await book(student, 0);
  otherBooking = await book(other, 1);
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});

describe('evaluating a booking', () => {
  it('is refused before the booking was performed, and changes nothing', async () => {
    const body = await gql(student, SAVE, { model: { appointment_id: studentBooking, ...scores } });
    expect(body.data.saveAppointmentEvaluate).toMatchObject({
      errcode: '500',
      msg: '预约履约（签到）后才能评价',
      msg_en: 'A booking can be evaluated only after it was performed (checked in)',
    });
    expect(await evaluationRows()).toHaveLength(0);
    expect(await isEvaluated(student, studentBooking)).toBe('0');
  });

  it('refuses bad input with a clear message, changing nothing', async () => {
    await perform(studentBooking);
    await perform(otherBooking);
    const cases: [Record<string, unknown>, string][] = [
      [
        { appointment_id: studentBooking, ...scores, composite_score: 6 },
        '参数错误：composite_score: must be from 1 to 5',
      ],
      [{ appointment_id: studentBooking, ...scores, service_score: null }, '参数错误：service_score'],
      [
        { appointment_id: studentBooking, ...scores, pictures: ['javascript:alert(1)'] },
        'pictures.0: must be a site path or an http(s) URL',
      ],
      [{ appointment_id: 'nope', ...scores }, 'appointment_id: must be a UUID'],
      [{ ...scores }, 'appointment_id is required for a new evaluation'],
      [{ appointment_id: randomUUID(), ...scores }, '预约记录不存在'],
    ];
    for (const [model, msg] of cases) {
      const body = await gql(student, SAVE, { model });
      expect(body.data.saveAppointmentEvaluate.errcode).toBe('500');
      expect(body.data.saveAppointmentEvaluate.msg).toContain(msg);
    }
    expect(await evaluationRows()).toHaveLength(0);
  });

  it("refuses someone else's booking", async () => {
    const body = await gql(admin, SAVE, { model: { appointment_id: studentBooking, ...scores } });
    expect(body.data.saveAppointmentEvaluate).toMatchObject({ errcode: '500', msg: '只能评价本人的预约' });
  });

  it('the booker evaluates a performed booking once; the booking shows is_evaluate "1"', async () => {
    const body = await gql(student, SAVE, {
      model: {
        appointment_id: studentBooking,
        ...scores,
        content: '设备齐全，环境安静',
        pictures: ['/yy-sys/api/file/abc', 'https://cdn.example.edu/p.jpg'],
        is_anonymous: '1',
      },
    });
    expect(body.data.saveAppointmentEvaluate.errcode, JSON.stringify(body)).toBe('0');
    studentEvaluation = body.data.saveAppointmentEvaluate.ids[0];
    expect(await isEvaluated(student, studentBooking)).toBe('1');
    const again = await gql(student, SAVE, { model: { appointment_id: studentBooking, ...scores } });
    expect(again.data.saveAppointmentEvaluate).toMatchObject({
      errcode: '500',
      msg: '该预约已评价，每个预约只能评价一次',
    });
    expect(await evaluationRows()).toHaveLength(1);
    const second = await gql(other, SAVE, {
      model: {
        appointment_id: otherBooking,
        composite_score: 2,
        resources_score: 3,
        system_score: 1,
        service_score: 2,
      },
    });
    expect(second.data.saveAppointmentEvaluate.errcode).toBe('0');
  });

  it('venue reviews: shown evaluations, anonymous ones without the name', async () => {
    const body = await gql(other, BY_RESOURCE, { id: resourceId });
    const list = body.data.findAppointmentEvaluateAllByResources;
    expect(list.totalCount).toBe(2);
    const mine = list.edges.find((e: { node: { id: string } }) => e.node.id === studentEvaluation).node;
    expect(mine).toMatchObject({
      appointment_id: studentBooking,
      resources_id: resourceId,
      appointment_date: instantOf({ year: 2030, month: 1, day: 3 }, { hour: 0, minute: 0 }, ZONE),
      start_time: '09:00',
      end_time: '10:00',
      composite_score: 5,
      content: '设备齐全，环境安静',
      pictures: ['/yy-sys/api/file/abc', 'https://cdn.example.edu/p.jpg'],
      is_anonymous: '1',
      state: '1',
      created_user: '',
      created_user_name: '',
    });
    const named = list.edges.find((e: { node: { id: string } }) => e.node.id !== studentEvaluation).node;
    expect(named).toMatchObject({ created_user: 'reviewer', created_user_name: '另一位同学' });
    const paged = await gql(other, BY_RESOURCE, { id: resourceId, first: 1, offset: 0 });
    expect(paged.data.findAppointmentEvaluateAllByResources).toMatchObject({
      totalCount: 2,
      pageInfo: { hasNextPage: true },
    });
  });

  it('the author sees and changes their own; nobody else may change it', async () => {
    const mine = await gql(student, MINE);
    expect(mine.data.findAppointmentEvaluateAllForAccount.totalCount).toBe(1);
    expect(mine.data.findAppointmentEvaluateAllForAccount.edges[0].node).toMatchObject({
      id: studentEvaluation,
      created_user: 'student',
      created_user_name: '张同学',
    });
    const changed = await gql(student, SAVE, {
      model: { id: studentEvaluation, ...scores, composite_score: 3, content: '空调有点吵', is_anonymous: '0' },
    });
    expect(changed.data.saveAppointmentEvaluate).toMatchObject({ errcode: '0', ids: [studentEvaluation] });
    const one = await gql(other, ONE, { id: studentEvaluation });
    expect(one.data.findAppointmentEvaluate).toMatchObject({
      composite_score: 3,
      content: '空调有点吵',
      pictures: [],
      created_user_name: '张同学',
    });
    const stolen = await gql(other, SAVE, { model: { id: studentEvaluation, ...scores } });
    expect(stolen.data.saveAppointmentEvaluate).toMatchObject({ errcode: '500', msg: '只能修改或删除本人的评价' });
    const deleted = await gql(other, DELETE, { id: studentEvaluation });
    expect(deleted.data.deleteAppointmentEvaluate).toMatchObject({ errcode: '500', msg: '只能修改或删除本人的评价' });
  });

  it('averages per resource over shown evaluations', async () => {
    const body = await gql(student, AVERAGE, { ids: [resourceId, randomUUID(), 'junk'] });
    const [avg, none] = body.data.findAppointmentEvaluateAverage;
    expect(avg).toEqual({
      resources_id: resourceId,
      evaluateCount: 2,
      average: 2.5,
      resources_score: 3.5,
      system_score: 2.5,
      service_score: 3.5,
    });
    expect(none).toMatchObject({ evaluateCount: 0, average: 0 });
    expect(body.data.findAppointmentEvaluateAverage).toHaveLength(2);
    const stats = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      resourceStats(tx, t.demoTenantId, [resourceId], 'student'),
    );
    expect(stats.get(resourceId)).toMatchObject({ evaluateCount: 2, average: 2.5 });
    // The resource as the API gives it carries the same figures and its successful bookings.
    const res = await gql(
      student,
      `query($id: ID!) { findResources(id: $id) { evaluateCount average totalSuccessReserveCounts } }`,
      { id: resourceId },
    );
    expect(res.data.findResources).toMatchObject({ evaluateCount: 2, average: 2.5 });
    expect(res.data.findResources.totalSuccessReserveCounts).toBeGreaterThanOrEqual(2);
  });
});

describe('administrators (/manage/evaluate)', () => {
  it('list every evaluation with its author; users may not', async () => {
    const body = await gql(admin, ALL, { filter: { resources_id: { eq: resourceId } } });
    expect(body.data.findAppointmentEvaluateAll.totalCount).toBe(2);
    const filtered = await gql(admin, ALL, { filter: { content: { like: '空调' } } });
    expect(filtered.data.findAppointmentEvaluateAll.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([
      studentEvaluation,
    ]);
    const refused = await t.gql('apps_yy_sys', ALL, { token: student });
    expect(refused.body.errors?.[0]?.message).toBe('拒绝访问');
  });

  it('hide and show: hidden ones leave the venue reviews and the averages, the author still sees it', async () => {
    const hidden = await gql(admin, STATE, { id: studentEvaluation, state: '0' });
    expect(hidden.data.updateAppointmentEvaluateState).toMatchObject({ errcode: '0', ids: [studentEvaluation] });
    expect(
      (await gql(other, BY_RESOURCE, { id: resourceId })).data.findAppointmentEvaluateAllByResources.totalCount,
    ).toBe(1);
    expect((await gql(other, ONE, { id: studentEvaluation })).data.findAppointmentEvaluate).toBeNull();
    expect((await gql(student, ONE, { id: studentEvaluation })).data.findAppointmentEvaluate.state).toBe('0');
    const avg = await gql(student, AVERAGE, { ids: [resourceId] });
    expect(avg.data.findAppointmentEvaluateAverage[0]).toMatchObject({ evaluateCount: 1, average: 2 });
    const bad = await gql(admin, STATE, { id: studentEvaluation, state: '2' });
    expect(bad.data.updateAppointmentEvaluateState).toMatchObject({
      errcode: '500',
      msg: '评价状态无效，应为 0（隐藏）或 1（显示）',
    });
    const byUser = await t.gql('apps_yy_sys', STATE, {
      token: student,
      variables: { id: studentEvaluation, state: '1' },
    });
    expect(byUser.body.errors?.[0]?.message).toBe('拒绝访问');
    await gql(admin, STATE, { id: studentEvaluation, state: '1' });
    expect(
      (await gql(other, BY_RESOURCE, { id: resourceId })).data.findAppointmentEvaluateAllByResources.totalCount,
    ).toBe(2);
  });

  it('reply; an empty reply is refused and changes nothing', async () => {
    const empty = await gql(admin, REPLY, { id: studentEvaluation, reply: '  ' });
    expect(empty.data.replyAppointmentEvaluate).toMatchObject({ errcode: '500', msg: '回复内容不能为空' });
    const long = await gql(admin, REPLY, { id: studentEvaluation, reply: 'x'.repeat(1001) });
    expect(long.data.replyAppointmentEvaluate.msg).toContain('at most 1000 characters');
    const ok = await gql(admin, REPLY, { id: studentEvaluation, reply: '已安排检修空调，感谢反馈' });
    expect(ok.data.replyAppointmentEvaluate.errcode).toBe('0');
    const one = (await gql(student, ONE, { id: studentEvaluation })).data.findAppointmentEvaluate;
    expect(one).toMatchObject({
      reply_content: '已安排检修空调，感谢反馈',
      reply_user: 'admin',
      reply_user_name: '系统管理员',
    });
    expect(one.reply_time).toBe('2030-01-01 12:00:00');
    const missing = await gql(admin, REPLY, { id: randomUUID(), reply: 'x' });
    expect(missing.data.replyAppointmentEvaluate).toMatchObject({ errcode: '500', msg: '评价不存在' });
  });

  it("another tenant's administrator sees and changes none of it", async () => {
    expect((await gql(foreignAdmin, ONE, { id: studentEvaluation })).data.findAppointmentEvaluate).toBeNull();
    expect((await gql(foreignAdmin, ALL)).data.findAppointmentEvaluateAll.totalCount).toBe(0);
    expect(
      (await gql(foreignAdmin, STATE, { id: studentEvaluation, state: '0' })).data.updateAppointmentEvaluateState,
    ).toMatchObject({ errcode: '500', msg: '评价不存在' });
    expect(
      (await gql(foreignAdmin, REPLY, { id: studentEvaluation, reply: 'x' })).data.replyAppointmentEvaluate.msg,
    ).toBe('评价不存在');
    const reviews = await gql(foreignAdmin, BY_RESOURCE, { id: resourceId });
    expect(reviews.data.findAppointmentEvaluateAllByResources).toBeNull();
    expect(reviews.errors?.[0]?.message).toBe('资源不存在');
    const evaluate = await gql(foreignAdmin, SAVE, { model: { appointment_id: studentBooking, ...scores } });
    expect(evaluate.data.saveAppointmentEvaluate.msg).toBe('预约记录不存在');
    expect(
      (await gql(foreignAdmin, AVERAGE, { ids: [resourceId] })).data.findAppointmentEvaluateAverage[0].evaluateCount,
    ).toBe(0);
    const one = (await gql(student, ONE, { id: studentEvaluation })).data.findAppointmentEvaluate;
    expect(one).toMatchObject({ state: '1', reply_content: '已安排检修空调，感谢反馈' });
  });
});

describe('deleting an evaluation', () => {
  it('the author deletes it; the booking may be evaluated again', async () => {
    const body = await gql(student, DELETE, { id: studentEvaluation });
    expect(body.data.deleteAppointmentEvaluate).toMatchObject({ errcode: '0', ids: [studentEvaluation] });
    expect(await isEvaluated(student, studentBooking)).toBe('0');
    expect((await gql(student, MINE)).data.findAppointmentEvaluateAllForAccount.totalCount).toBe(0);
    expect((await gql(student, DELETE, { id: studentEvaluation })).data.deleteAppointmentEvaluate.msg).toBe(
      '评价不存在',
    );
    const again = await gql(student, SAVE, { model: { appointment_id: studentBooking, ...scores } });
    expect(again.data.saveAppointmentEvaluate.errcode).toBe('0');
    expect(await isEvaluated(student, studentBooking)).toBe('1');
  });

  it('every change is in the operate log', async () => {
    const logs = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .select()
        .from(operateLogs)
        .where(and(eq(operateLogs.operate_module, 'evaluate'))),
    );
    const kinds = logs.map((l) => `${l.operate_user_id}:${l.operate_type}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'student:save',
        'reviewer:save',
        'student:update',
        'admin:updateState',
        'admin:reply',
        'student:delete',
      ]),
    );
    expect(logs.filter((l) => l.operate_type === 'updateState')).toHaveLength(2);
    expect(logs.filter((l) => l.operate_type === 'reply')).toHaveLength(1);
  });
});
