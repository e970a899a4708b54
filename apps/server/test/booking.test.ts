import { randomUUID } from 'node:crypto';
import { instantOf } from '@yuyue/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import { createTestApp, testDatabaseUrl, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';
import { saveAppointments } from '../src/modules/booking/booking.submit.service.ts';

const ZONE = 'Asia/Shanghai';
/** 2030-01-01 12:00 in Shanghai: "now" for most tests. */
const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, ZONE);
const midnight = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return instantOf({ year: y!, month: m!, day: d! }, { hour: 0, minute: 0 }, ZONE);
};

const SAVE_ALL = `mutation saveAppointmentInformationAll($captchaId: String, $captchaCode: String, $model: InputAppointmentInformation!,
  $timeSlotIdList: [String], $borrowDateList: [String], $borrowStartTime: String, $borrowEndTime: String) {
  saveAppointmentInformationAll(captchaId: $captchaId, captchaCode: $captchaCode, model: $model, timeSlotIdList: $timeSlotIdList,
    borrowDateList: $borrowDateList, borrowStartTime: $borrowStartTime, borrowEndTime: $borrowEndTime) {
    code name messages messages_en ids appointmentId processURL auditStatus } }`;
const SAVE_ONE = `mutation saveAppointmentInformation($model: InputAppointmentInformation!, $captchaId: String, $captchaCode: String) {
  saveAppointmentInformation(model: $model, captchaId: $captchaId, captchaCode: $captchaCode) { errcode msg msg_en appointmentId } }`;
const CHECK = `query checkResourceTimeSlotCapacity($resourceId: String, $appointmentId: String, $bookDate: String, $bookStartTime: String,
  $bookEndTime: String, $timeSlotIdList: [String], $borrowDateList: [String], $borrowStartTime: String, $borrowEndTime: String,
  $checkSource: String) {
  checkResourceTimeSlotCapacity(resourceId: $resourceId, appointmentId: $appointmentId, bookDate: $bookDate,
    bookStartTime: $bookStartTime, bookEndTime: $bookEndTime, timeSlotIdList: $timeSlotIdList, borrowDateList: $borrowDateList,
    borrowStartTime: $borrowStartTime, borrowEndTime: $borrowEndTime, checkSource: $checkSource) { code name messages messages_en } }`;
const FOR_ACCOUNT = `query findAppointmentInformationAllForAccount($first: Int, $offset: Int, $after: String,
  $filter: AppointmentInformationFilterMap, $appointmentDate: [String], $only_flow: String, $updateAppointmentState: String) {
  findAppointmentInformationAllForAccount(first: $first, offset: $offset, after: $after, filter: $filter,
    appointmentDate: $appointmentDate, only_flow: $only_flow, updateAppointmentState: $updateAppointmentState) {
    edges { node { id resources_id resources_name appointment_date start_time end_time state audit_status appointment_state
      created_user created_user_name appointment_user appointment_user_name dept_code dept_name dept_name_en email phone
      theme cancel_reason
      appointmentParticipantList { participant_id participant_name participant_dept_id participant_dept_name operate_user_id
        operate_user_name mobile email } } cursor }
    pageInfo { hasNextPage endCursor startCursor } totalCount } }`;
const FOR_SELF = `query { findAppointmentInformationAllForSelf { edges { node { id resources_name resources_type_name
  appointment_date start_time end_time state event } } totalCount } }`;
const CANCEL_TIME = `query checkAppointmentCancelTime($id: String) { checkAppointmentCancelTime(id: $id) { errcode msg msg_en } }`;
const CANCEL = `mutation updateAppointmentInformationState($id: ID!, $state: String!, $reason: String, $dataSource: String) {
  updateAppointmentInformationState(id: $id, state: $state, reason: $reason, dataSource: $dataSource) { errcode msg msg_en } }`;
const SLOTS = `query findResourcesTimeSlotByResourcesIdAndDate($resourcesId: String!, $date: Date!) {
  findResourcesTimeSlotByResourcesIdAndDate(resourcesId: $resourcesId, date: $date) {
    id resources_id kssj jssj order del create_time canAppointmentNumber canAppointmentNumberDesc canAppointmentNumberDesc_en } }`;
const AVAILABILITY = `query($resourcesId: String!, $date: Date!) { findResourceSlotAvailability(resourcesId: $resourcesId, date: $date) {
  id kssj jssj state rule opens_at capacity remaining reason_cn reason_en } }`;

let t: TestApp;
let admin: string;
let student: string;
let typeId: string;

/** A client's model as api-contract 4 shows it; the booker fields are lies the server must ignore. */
function model(resourcesId: string, date: number | string, extra: Record<string, unknown> = {}) {
  return {
    created_user: 'someone-else',
    created_user_name: '冒名',
    appointment_user: 'someone-else',
    appointment_user_name: '冒名',
    state: 0,
    resources_id: resourcesId,
    dept_code: 'X',
    dept_name: 'X',
    dept_name_en: '',
    email: 's@example.edu',
    phone: '13800000000',
    person_times: 1,
    wemeet_enable: 0,
    theme: '练球',
    theme_en: '',
    enclosure: '',
    enclosure_name: '',
    enclosure_size: '',
    participants_scope: '',
    remark: '',
    event: '',
    event_en: '',
    entourage: '',
    need_meeting_signin: '0',
    appointment_date: date,
    start_time: '',
    end_time: '',
    appointmentParticipantList: [
      {
        participant_id: 'p1',
        participant_name: '同伴',
        participant_dept_id: '',
        participant_dept_name: '',
        operate_user_id: '',
        operate_user_name: '',
        mobile: '',
        email: '',
      },
    ],
    appointmentCollectionList: [],
    ...extra,
  };
}

interface Slot {
  id: string;
  kssj: string;
  jssj: string;
  canAppointmentNumber: number;
}

/** Creates a resource as the administrator; returns its id and slots. */
async function makeResource(extra: Record<string, unknown> = {}): Promise<{ id: string; slots: Slot[] }> {
  const res = await t.gql(
    'apps_yy_sys',
    `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg ids } }`,
    {
      token: admin,
      variables: {
        model: {
          resources_name: `场地 ${randomUUID().slice(0, 8)}`,
          resources_type_id: typeId,
          available_number: 1,
          appointment_date_rule: '1',
          appointment_date_days: 7,
          days_rule_refresh_time: '21:00',
          time_slot_rule: '1',
          resourcesTimeSlot: [
            { kssj: '09:00', jssj: '10:00' },
            { kssj: '10:00', jssj: '11:00' },
            { kssj: '11:00', jssj: '12:00' },
            { kssj: '14:00', jssj: '15:00' },
          ],
          ...extra,
        },
      },
    },
  );
  expect(res.body.data?.saveResources.errcode, JSON.stringify(res.body)).toBe('0');
  const id = res.body.data!.saveResources.ids[0] as string;
  return { id, slots: await slotsOf(id, '2030-01-03', admin) };
}

async function slotsOf(resourcesId: string, date: string, token: string): Promise<Slot[]> {
  const res = await t.gql('apps_yy_sys', SLOTS, { token, variables: { resourcesId, date: midnight(date) } });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.findResourcesTimeSlotByResourcesIdAndDate;
}

async function book(token: string, resourcesId: string, date: number | string, slotIds: string[], extra = {}) {
  const res = await t.gql('apps_yy_sys', SAVE_ALL, {
    token,
    variables: {
      captchaId: '',
      captchaCode: '',
      model: model(resourcesId, date, extra),
      timeSlotIdList: slotIds,
      borrowDateList: [],
      borrowStartTime: '',
      borrowEndTime: '',
    },
  });
  expect(res.status).toBe(200);
  return res.body.data!.saveAppointmentInformationAll;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const types = (await t.gql('apps_yy_sys', `{ findResourcesTypeAll { id resources_name } }`, { token: admin })).body
    .data!.findResourcesTypeAll as { id: string; resources_name: string }[];
  typeId = types.find((x) => x.resources_name === '羽毛球场')!.id;
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
afterEach(() => {
  bookingClock.now = () => NOW;
});

describe('booking: normal mode', () => {
  it('refuses anonymous callers', async () => {
    bookingClock.now = () => NOW;
    const res = await t.gql('apps_yy_sys', SAVE_ALL, { variables: { model: model(randomUUID(), '2030-01-03') } });
    expect(res.body.errors?.[0]?.message).toBe('UNAUTHENTICATED');
  });

  it('books several slots of a day all at once, the booker from the token; the slots then show taken', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource();
    const result = await book(student, r.id, midnight('2030-01-03'), [r.slots[0]!.id, r.slots[1]!.id]);
    expect(result).toMatchObject({
      code: '0',
      messages: [],
      messages_en: [],
      auditStatus: '0',
      processURL: '',
    });
    expect(result.ids).toHaveLength(2);
    expect(result.appointmentId).toBe(result.ids[0]);

    const list = await t.gql('apps_yy_sys', FOR_ACCOUNT, {
      token: student,
      variables: {
        first: 10,
        offset: 0,
        filter: { resources_id: { eq: r.id }, state: { eq: '' } },
        appointmentDate: [],
      },
    });
    expect(list.body.errors).toBeUndefined();
    const conn = list.body.data!.findAppointmentInformationAllForAccount;
    expect(conn.totalCount).toBe(2);
    const node = conn.edges[1].node;
    expect(node).toMatchObject({
      resources_id: r.id,
      appointment_date: midnight('2030-01-03'),
      start_time: '09:00',
      end_time: '10:00',
      state: '0',
      audit_status: '0',
      appointment_state: '0',
      created_user: 'student',
      appointment_user: 'student',
      theme: '练球',
    });
    expect(node.created_user_name).not.toBe('冒名');
    expect(node.appointmentParticipantList).toEqual([expect.objectContaining({ participant_name: '同伴' })]);

    const slots = await slotsOf(r.id, '2030-01-03', student);
    expect(slots.map((s) => s.canAppointmentNumber)).toEqual([0, 0, 1, 1]);
    const avail = (
      await t.gql('apps_yy_sys', AVAILABILITY, { token: admin, variables: { resourcesId: r.id, date: '2030-01-03' } })
    ).body.data!.findResourceSlotAvailability;
    expect(avail.map((s: { state: string }) => s.state)).toEqual(['taken', 'taken', 'available', 'available']);

    const self = await t.gql('apps_yy_sys', FOR_SELF, { token: student });
    expect(self.body.data!.findAppointmentInformationAllForSelf.edges[0].node.resources_type_name).toBe('羽毛球场');
  });

  it('refuses a slot booked by someone else, all or nothing', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource();
    expect((await book(student, r.id, '2030-01-03', [r.slots[1]!.id])).code).toBe('0');
    const lost = await book(admin, r.id, '2030-01-03', [r.slots[0]!.id, r.slots[1]!.id]);
    expect(lost).toMatchObject({ code: '500', messages: ['所选时段 10:00-11:00 已被他人预约'] });
    expect(lost.messages_en[0]).toContain('already been booked');
    // nothing of the refused request was kept: slot 0 is still free
    expect((await slotsOf(r.id, '2030-01-03', admin))[0]!.canAppointmentNumber).toBe(1);
    const check = await t.gql('apps_yy_sys', CHECK, {
      token: admin,
      variables: {
        resourceId: r.id,
        bookDate: '2030-01-03',
        timeSlotIdList: [r.slots[1]!.id],
        borrowDateList: [],
        checkSource: '1',
      },
    });
    expect(check.body.data!.checkResourceTimeSlotCapacity.code).toBe('500');
    const free = await t.gql('apps_yy_sys', CHECK, {
      token: admin,
      variables: { resourceId: r.id, bookDate: '2030-01-03', timeSlotIdList: [r.slots[0]!.id] },
    });
    expect(free.body.data!.checkResourceTimeSlotCapacity).toMatchObject({ code: '0', messages: [], messages_en: [] });
  });

  it("refuses a slot id that is not the resource's with 系统异常", async () => {
    bookingClock.now = () => NOW;
    const a = await makeResource();
    const b = await makeResource();
    const res = await book(student, a.id, '2030-01-03', [b.slots[0]!.id]);
    expect(res.code).toBe('500');
    expect(res.messages[0]).toContain('系统异常');
    expect(res.messages_en[0]).toContain('does not belong');
    const junk = await book(student, a.id, '2030-01-03', ['not-a-slot']);
    expect(junk.messages[0]).toContain('系统异常');
  });

  it('saveAppointmentInformation books the slot of start_time-end_time, date as YYYY-MM-DD', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource();
    const res = await t.gql('apps_yy_sys', SAVE_ONE, {
      token: student,
      variables: {
        model: model(r.id, '2030-01-03', { start_time: '14:00', end_time: '15:00' }),
        captchaId: '',
        captchaCode: '',
      },
    });
    expect(res.body.data!.saveAppointmentInformation).toMatchObject({ errcode: '0', msg: '预约成功' });
    expect(res.body.data!.saveAppointmentInformation.appointmentId).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await t.gql('apps_yy_sys', SAVE_ONE, {
      token: student,
      variables: { model: model(r.id, '2030-02-30', { start_time: '14:00', end_time: '15:00' }) },
    });
    expect(bad.body.data!.saveAppointmentInformation).toMatchObject({ errcode: '500' });
    expect(bad.body.data!.saveAppointmentInformation.msg_en).toContain('Invalid booking date');
  });

  it('opens a day exactly at days_rule_refresh_time, appointment_date_days ahead (1 ms early is refused)', async () => {
    const r = await makeResource();
    const opens = instantOf({ year: 2030, month: 1, day: 3 }, { hour: 21, minute: 0 }, ZONE); // for 2030-01-10
    bookingClock.now = () => opens - 1;
    const early = await book(student, r.id, '2030-01-10', [r.slots[0]!.id]);
    expect(early).toMatchObject({
      code: '500',
      messages: ['2030-01-10 的时段尚未开放预约，将于 2030-01-03 21:00:00 开放'],
    });
    const avail = (
      await t.gql('apps_yy_sys', AVAILABILITY, { token: student, variables: { resourcesId: r.id, date: '2030-01-10' } })
    ).body.data!.findResourceSlotAvailability;
    expect(avail[0]).toMatchObject({ state: 'unavailable', rule: 'not_open', opens_at: '2030-01-03 21:00:00' });
    bookingClock.now = () => opens;
    expect((await book(student, r.id, '2030-01-10', [r.slots[0]!.id])).code).toBe('0');
  });

  it('holds the per-person limit 超过预约人次（N次）限制', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource({
      resourcesConfig: { is_appointment_number_limit: '1', appointment_number_rule: '1', appointment_number_limit: 1 },
    });
    expect((await book(student, r.id, '2030-01-03', [r.slots[0]!.id])).code).toBe('0');
    const second = await book(student, r.id, '2030-01-03', [r.slots[2]!.id]);
    expect(second).toMatchObject({ code: '500', messages: ['超过预约人次（1次）限制'] });
    // another day is another period
    expect((await book(student, r.id, '2030-01-04', [r.slots[2]!.id])).code).toBe('0');
  });

  it('a resource that requires a captcha refuses a submit without a credential, clearly', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource({ open_captcha_verify: '1' });
    const res = await book(student, r.id, '2030-01-03', [r.slots[0]!.id]);
    expect(res).toMatchObject({ code: '500', name: 'CAPTCHA_REQUIRED' });
    expect(res.messages_en[0]).toMatch(/captcha/i);
    expect((await slotsOf(r.id, '2030-01-03', admin))[0]!.canAppointmentNumber).toBe(1);
  });

  it('a capacity resource admits available_number bookings per slot', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource({ available_number: 2 });
    expect((await book(student, r.id, '2030-01-03', [r.slots[0]!.id])).code).toBe('0');
    expect((await book(student, r.id, '2030-01-03', [r.slots[0]!.id])).messages[0]).toBe(
      '您已预约所选时段 09:00-10:00',
    );
    expect((await book(admin, r.id, '2030-01-03', [r.slots[0]!.id])).code).toBe('0');
    const third = await t.tokenFor('admin');
    expect((await slotsOf(r.id, '2030-01-03', third))[0]!.canAppointmentNumber).toBe(0);
  });
});

describe('booking: cancel', () => {
  it('cancels with a reason, frees the slot, and refuses illegal transitions', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource({ available_number: 2, min_interval_minutes_cancel: 60 });
    const { ids } = await book(student, r.id, '2030-01-03', [r.slots[0]!.id]);
    const id = ids[0] as string;
    const empty = await t.gql('apps_yy_sys', CANCEL, {
      token: student,
      variables: { id, state: '1', reason: ' ', dataSource: '1' },
    });
    expect(empty.body.data!.updateAppointmentInformationState).toMatchObject({
      errcode: '500',
      msg: '取消原因不能为空',
    });
    const other = await t.createOtherTenant(`bk${randomUUID().slice(0, 6)}`);
    const stranger = await t.tokenFor('admin', other);
    const foreign = await t.gql('apps_yy_sys', CANCEL, { token: stranger, variables: { id, state: '1', reason: 'x' } });
    expect(foreign.body.data!.updateAppointmentInformationState.msg).toBe('预约记录不存在');
    const foreignList = await t.gql('apps_yy_sys', FOR_ACCOUNT, { token: stranger, variables: { first: 10 } });
    expect(foreignList.body.data!.findAppointmentInformationAllForAccount.totalCount).toBe(0);
    const foreignBook = await book(stranger, r.id, '2030-01-03', [r.slots[1]!.id]);
    expect(foreignBook.messages[0]).toBe('资源不存在');

    // within 60 minutes of the start the booker may not cancel
    bookingClock.now = () => instantOf({ year: 2030, month: 1, day: 3 }, { hour: 8, minute: 1 }, ZONE);
    const late = await t.gql('apps_yy_sys', CANCEL_TIME, { token: student, variables: { id } });
    expect(late.body.data!.checkAppointmentCancelTime).toMatchObject({
      errcode: '500',
      msg: '距预约开始不足60分钟，不能取消',
    });
    bookingClock.now = () => instantOf({ year: 2030, month: 1, day: 3 }, { hour: 8, minute: 0 }, ZONE);
    expect(
      (await t.gql('apps_yy_sys', CANCEL_TIME, { token: student, variables: { id } })).body.data!
        .checkAppointmentCancelTime.errcode,
    ).toBe('0');

    const done = await t.gql('apps_yy_sys', CANCEL, {
      token: student,
      variables: { id, state: '1', reason: '临时有事', dataSource: '1' },
    });
    expect(done.body.data!.updateAppointmentInformationState.errcode).toBe('0');
    const again = await t.gql('apps_yy_sys', CANCEL, {
      token: student,
      variables: { id, state: '1', reason: '临时有事' },
    });
    expect(again.body.data!.updateAppointmentInformationState.msg).toBe('该预约已取消');
    const weird = await t.gql('apps_yy_sys', CANCEL, { token: student, variables: { id, state: '0', reason: 'x' } });
    expect(weird.body.data!.updateAppointmentInformationState.errcode).toBe('500');
    // the seat is back: two more bookings fit
    bookingClock.now = () => NOW;
    expect((await book(admin, r.id, '2030-01-03', [r.slots[0]!.id])).code).toBe('0');
    expect((await book(student, r.id, '2030-01-03', [r.slots[0]!.id])).code).toBe('0');
    const list = await t.gql('apps_yy_sys', FOR_ACCOUNT, {
      token: student,
      variables: { first: 10, filter: { resources_id: { eq: r.id }, state: { eq: '1' } } },
    });
    expect(list.body.data!.findAppointmentInformationAllForAccount.edges[0].node).toMatchObject({
      state: '1',
      cancel_reason: '临时有事',
    });
  });

  it('only the booker or an administrator cancels', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource();
    const { ids } = await book(admin, r.id, '2030-01-03', [r.slots[0]!.id]);
    const res = await t.gql('apps_yy_sys', CANCEL, {
      token: student,
      variables: { id: ids[0], state: '1', reason: 'x' },
    });
    expect(res.body.data!.updateAppointmentInformationState.msg).toBe('只能取消本人的预约');
  });
});

/** Users made for the concurrency tests, booking through the service as themselves. */
async function makeUsers(n: number, prefix: string): Promise<RequestContext[]> {
  const tenantId = t.demoTenantId;
  const rows = await withTenant(t.database.db, tenantId, async (tx) => {
    const out = [];
    for (let i = 0; i < n; i++)
      out.push(await insertUser(tx, tenantId, { account: `${prefix}${i}`, name: `用户${i}` }));
    return out;
  });
  return rows.map((u) => ({
    config: t.config,
    db: t.database.db,
    log: t.app.log,
    ip: '127.0.0.1',
    tenant: { id: tenantId, key: 'demo', timeZone: ZONE, isSuper: false },
    user: { id: u.id, account: u.account, name: u.name, role: 'user', tenantId },
  }));
}

async function attempt(ctx: RequestContext, resourcesId: string, slotId: string, date = '2030-01-03') {
  try {
    await saveAppointments(ctx, { model: model(resourcesId, date), timeSlotIdList: [slotId] });
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe.skipIf(!testDatabaseUrl)('booking under a rush (PostgreSQL)', () => {
  it('200 users on 10 exclusive slots: exactly 10 win, no error, no deadlock', async () => {
    bookingClock.now = () => NOW;
    const resources = await Promise.all([0, 1, 2].map(() => makeResource()));
    const slots = [...resources.flatMap((r) => r.slots.map((s) => ({ r: r.id, s: s.id })))].slice(0, 10);
    const users = await makeUsers(200, `rush${randomUUID().slice(0, 4)}_`);
    const results = await Promise.all(users.map((u, i) => attempt(u, slots[i % 10]!.r, slots[i % 10]!.s)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(new Set(results.filter((r) => r !== 'ok'))).toEqual(new Set(['BOOKING_SLOT_TAKEN']));
  }, 120_000);

  it('a capacity slot never takes more than its capacity', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource({ available_number: 7 });
    const users = await makeUsers(60, `cap${randomUUID().slice(0, 4)}_`);
    const results = await Promise.all(users.map((u) => attempt(u, r.id, r.slots[0]!.id)));
    expect(results.filter((x) => x === 'ok')).toHaveLength(7);
    expect(new Set(results.filter((x) => x !== 'ok'))).toEqual(new Set(['BOOKING_SLOT_FULL']));
    expect((await slotsOf(r.id, '2030-01-03', admin))[0]!.canAppointmentNumber).toBe(0);
  }, 120_000);

  it("one user's concurrent submits never exceed the per-person limit", async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource({
      resourcesConfig: { is_appointment_number_limit: '1', appointment_number_rule: '1', appointment_number_limit: 2 },
    });
    const [u] = await makeUsers(1, `quota${randomUUID().slice(0, 4)}_`);
    const results = await Promise.all(r.slots.map((s) => attempt(u!, r.id, s.id)));
    expect(results.filter((x) => x === 'ok')).toHaveLength(2);
    expect(results.filter((x) => x === 'BOOKING_LIMIT_EXCEEDED')).toHaveLength(2);
  }, 60_000);
});
