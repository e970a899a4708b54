import { randomUUID } from 'node:crypto';
import { instantOf } from '@yuyue/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import {
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { decide } from '../src/modules/booking/booking.approval.service.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import { createTestApp, testDatabaseUrl, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const ZONE = 'Asia/Shanghai';
/** 2030-01-01 12:00 in Shanghai: "now". */
const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, ZONE);
const DAY = '2030-01-03';

const SAVE_ALL = `mutation($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
  saveAppointmentInformationAll(model: $model, timeSlotIdList: $timeSlotIdList) {
    code messages messages_en ids appointmentId auditStatus } }`;
const SLOTS = `query($resourcesId: String!, $date: Date!) { findResourceSlotAvailability(resourcesId: $resourcesId, date: $date) {
  id kssj jssj state remaining } }`;
const APPROVE = `mutation($id: ID!, $reason: String) { approveAppointment(id: $id, reason: $reason) { errcode msg msg_en ids } }`;
const REJECT = `mutation($id: ID!, $reason: String!) { rejectAppointment(id: $id, reason: $reason) { errcode msg msg_en ids } }`;
const TASKS = `query($appointmentId: String!) { findAppointmentApprovalTasks(appointmentId: $appointmentId) {
  id appointment_id task_name task_name_en status status_name status_name_en reason operator operator_name handle_time } }`;
const CHANGE = `mutation($id: ID!, $appointment_date: Date!, $timeSlotId: String, $start_time: String, $end_time: String) {
  updateAppointmentTime(id: $id, appointment_date: $appointment_date, timeSlotId: $timeSlotId, start_time: $start_time,
    end_time: $end_time) { errcode msg msg_en } }`;
const TERMINATE = `mutation($id: ID!, $reason: String) { terminateAppointment(id: $id, reason: $reason) { errcode msg msg_en } }`;
const DELETE = `mutation($id: ID!) { deleteAppointmentInformation(id: $id) { errcode msg msg_en ids } }`;
const BATCH_DELETE = `mutation($ids: [String]!) { batchDeleteAppointmentInformation(ids: $ids) { errcode msg msg_en ids } }`;
const CANCEL = `mutation($id: ID!, $reason: String) { updateAppointmentInformationState(id: $id, state: "1", reason: $reason) {
  errcode msg } }`;
const ALL = `query findAppointmentInformationAllForAppointMent($first: Int, $offset: Int, $after: String,
  $filter: AppointmentInformationFilterMap, $appointmentDate: [String], $only_flow: String, $updateAppointmentState: String) {
  findAppointmentInformationAllForAppointMent(first: $first, offset: $offset, after: $after, filter: $filter,
    appointmentDate: $appointmentDate, only_flow: $only_flow, updateAppointmentState: $updateAppointmentState) {
    edges { node { id resources_id resources_type_name appointment_date start_time end_time state audit_status
      appointment_state appointment_user cancel_reason appointmentParticipantList { participant_name } } }
    pageInfo { hasNextPage } totalCount } }`;
const MINE = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAccount(first: 50, filter: $filter) {
  edges { node { id start_time audit_status appointment_state } } totalCount } }`;
const VACANCY = `query($startDate: String!, $endDate: String!) { findAppointmentVacancyRateTable(startDate: $startDate,
  endDate: $endDate) { id resources_name rate capacity booked } }`;

let t: TestApp;
let admin: string;
let student: string;
let approver: string;
let other: string;
let typeId: string;
let deptCode: string;
let approverCtx: RequestContext;
let adminCtx: RequestContext;

interface Slot {
  id: string;
  kssj: string;
  jssj: string;
  state: string;
  remaining: number;
}

async function makeResource(extra: Record<string, unknown> = {}): Promise<{ id: string; slots: Slot[] }> {
  const res = await t.gql(
    'apps_yy_sys',
    `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg ids } }`,
    {
      token: admin,
      variables: {
        model: {
          resources_name: `审批场地 ${randomUUID().slice(0, 8)}`,
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
  return { id, slots: await slotsOf(id) };
}

async function slotsOf(resourcesId: string, date = DAY): Promise<Slot[]> {
  const res = await t.gql('apps_yy_sys', SLOTS, { token: admin, variables: { resourcesId, date } });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.findResourceSlotAvailability;
}

async function book(token: string, resourcesId: string, slotIds: string[], date = DAY) {
  const res = await t.gql('apps_yy_sys', SAVE_ALL, {
    token,
    variables: {
      model: { resources_id: resourcesId, appointment_date: date, theme: '审批测试' },
      timeSlotIdList: slotIds,
    },
  });
  expect(res.status).toBe(200);
  return res.body.data!.saveAppointmentInformationAll as {
    code: string;
    ids: string[];
    auditStatus: string;
    messages: string[];
  };
}

async function call(token: string, doc: string, variables: Record<string, unknown>) {
  const res = await t.gql('apps_yy_sys', doc, { token, variables });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return Object.values(res.body.data!)[0] as { errcode: string; msg: string; msg_en: string; ids?: string[] };
}

async function forbidden(token: string, doc: string, variables: Record<string, unknown>) {
  const res = await t.gql('apps_yy_sys', doc, { token, variables });
  expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(res.body)).toBe('FORBIDDEN');
  expect(Object.values(res.body.data ?? { x: null })[0]).toBeNull();
}

async function mine(token: string, resourcesId: string) {
  const res = await t.gql('apps_yy_sys', MINE, { token, variables: { filter: { resources_id: { eq: resourcesId } } } });
  return res.body.data!.findAppointmentInformationAllForAccount.edges.map(
    (e: { node: { id: string; start_time: string; audit_status: string; appointment_state: string } }) => e.node,
  );
}

function ctxOf(user: { id: string; account: string; name: string }, role: 'user' | 'admin'): RequestContext {
  const tenantId = t.demoTenantId;
  return {
    config: t.config,
    db: t.database.db,
    log: t.app.log,
    ip: '127.0.0.1',
    tenant: { id: tenantId, key: 'demo', timeZone: ZONE, isSuper: false },
    user: { id: user.id, account: user.account, name: user.name, role, tenantId },
  } as RequestContext;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const tenantId = t.demoTenantId;
  deptCode = `APPR${randomUUID().slice(0, 6)}`;
  const users = await withTenant(t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: '场馆中心', code: deptCode });
    const post = await insertPost(tx, tenantId, { name: '管理员岗', code: `${deptCode}-P` });
    const a = await insertUser(tx, tenantId, { account: 'approver', name: '审批人' });
    await insertPosition(tx, tenantId, { user_id: a.id, dept_id: dept.id, post_id: post.id, active: true });
    const o = await insertUser(tx, tenantId, { account: 'other', name: '另一位同学' });
    const adm = await insertUser(tx, tenantId, { account: 'approver2', name: '审批人二' });
    await insertPosition(tx, tenantId, { user_id: adm.id, dept_id: dept.id, post_id: post.id, active: true });
    return { a, o, adm };
  });
  approver = await t.tokenFor('approver');
  other = await t.tokenFor('other');
  approverCtx = ctxOf(users.a, 'user');
  adminCtx = ctxOf(users.adm, 'user');
  const types = (await t.gql('apps_yy_sys', `{ findResourcesTypeAll { id resources_name } }`, { token: admin })).body
    .data!.findResourcesTypeAll as { id: string; resources_name: string }[];
  typeId = types.find((x) => x.resources_name === '羽毛球场')!.id;
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
beforeEach(() => {
  bookingClock.now = () => NOW;
});

describe('approval', () => {
  it('the resource administrator approves; an ordinary user, another tenant and a second decision are refused', async () => {
    const r = await makeResource({ need_approve: '1', admin_dept: deptCode });
    const submitted = await book(student, r.id, [r.slots[0]!.id]);
    expect(submitted).toMatchObject({ code: '0', auditStatus: '1' });
    const id = submitted.ids[0]!;
    // awaiting approval holds the slot
    expect((await slotsOf(r.id))[0]!.state).toBe('taken');

    await forbidden(other, APPROVE, { id, reason: '' });
    await forbidden(student, APPROVE, { id });
    await forbidden(other, REJECT, { id, reason: '不行' });
    const foreignTenant = await t.createOtherTenant(`ap${randomUUID().slice(0, 6)}`);
    const stranger = await t.tokenFor('admin', foreignTenant);
    expect(await call(stranger, APPROVE, { id })).toMatchObject({ errcode: '500', msg: '预约记录不存在' });
    const anonymous = await t.gql('apps_yy_sys', APPROVE, { variables: { id } });
    expect(anonymous.body.errors?.[0]?.message).toBe('UNAUTHENTICATED');

    const pendingTasks = (await t.gql('apps_yy_sys', TASKS, { token: student, variables: { appointmentId: id } })).body
      .data!.findAppointmentApprovalTasks;
    expect(pendingTasks).toEqual([
      expect.objectContaining({ status: '1', status_name: '待审批', operator: '', handle_time: '' }),
    ]);

    expect(await call(approver, APPROVE, { id, reason: '同意' })).toMatchObject({
      errcode: '0',
      msg: '审批通过',
      ids: [id],
    });
    expect((await mine(student, r.id))[0]).toMatchObject({ audit_status: '2', appointment_state: '0' });
    expect((await slotsOf(r.id))[0]!.state).toBe('taken');
    const again = await call(admin, REJECT, { id, reason: '晚了' });
    expect(again).toMatchObject({ errcode: '500', msg: '该预约不在待审批状态（可能已被其他审批人处理）' });
    expect(again.msg_en).toContain('not awaiting approval');

    const tasks = (await t.gql('apps_yy_sys', TASKS, { token: student, variables: { appointmentId: id } })).body.data!
      .findAppointmentApprovalTasks;
    expect(tasks).toEqual([
      expect.objectContaining({
        appointment_id: id,
        task_name: '资源管理员审批',
        status: '2',
        status_name: '审批通过',
        reason: '同意',
        operator: 'approver',
        operator_name: '审批人',
        handle_time: '2030-01-01 12:00:00',
      }),
    ]);
    await forbidden(other, TASKS, { appointmentId: id });
  });

  it('a tenant administrator approves any resource; a position elsewhere does not', async () => {
    const r = await makeResource({ need_approve: '1', admin_dept: 'SOMEWHERE-ELSE' });
    const { ids } = await book(student, r.id, [r.slots[1]!.id]);
    await forbidden(approver, APPROVE, { id: ids[0] });
    expect(await call(admin, APPROVE, { id: ids[0] })).toMatchObject({ errcode: '0' });
  });

  it('rejection needs a reason and frees the slot, so someone else can book it', async () => {
    const r = await makeResource({ need_approve: '1', admin_dept: deptCode });
    const { ids } = await book(student, r.id, [r.slots[0]!.id]);
    expect((await book(other, r.id, [r.slots[0]!.id])).code).toBe('500');
    const noReason = await t.gql('apps_yy_sys', REJECT, { token: approver, variables: { id: ids[0], reason: '  ' } });
    expect(noReason.body.data!.rejectAppointment).toMatchObject({ errcode: '500', msg: '驳回原因不能为空' });
    expect(await call(approver, REJECT, { id: ids[0], reason: '场地维修' })).toMatchObject({
      errcode: '0',
      msg: '已驳回',
    });
    expect((await mine(student, r.id))[0]).toMatchObject({ audit_status: '3' });
    expect((await slotsOf(r.id))[0]!.state).toBe('available');
    expect(await book(other, r.id, [r.slots[0]!.id])).toMatchObject({ code: '0', auditStatus: '1' });
    // a rejected booking can no longer be approved, cancelled or moved
    expect((await call(approver, APPROVE, { id: ids[0] })).msg).toContain('不在待审批状态');
    expect((await call(student, CANCEL, { id: ids[0], reason: 'x' })).errcode).toBe('500');
    expect((await call(student, CHANGE, { id: ids[0], appointment_date: DAY, timeSlotId: r.slots[2]!.id })).msg).toBe(
      '该预约已取消、已驳回、已履约、已违约或已终止，不能改期',
    );
  });

  it('rejection gives a capacity slot its seat back', async () => {
    const r = await makeResource({ need_approve: '1', admin_dept: deptCode, available_number: 2 });
    const a = await book(student, r.id, [r.slots[0]!.id]);
    expect((await book(other, r.id, [r.slots[0]!.id])).code).toBe('0');
    expect((await slotsOf(r.id))[0]!.remaining).toBe(0);
    expect((await call(approver, REJECT, { id: a.ids[0], reason: '名额调整' })).errcode).toBe('0');
    expect((await slotsOf(r.id))[0]!.remaining).toBe(1);
    expect((await book(admin, r.id, [r.slots[0]!.id])).code).toBe('0');
  });
});

describe('terminate an application', () => {
  it('the booker terminates an application awaiting approval, freeing the slot; other transitions are refused', async () => {
    const r = await makeResource({ need_approve: '1', admin_dept: deptCode });
    const { ids } = await book(student, r.id, [r.slots[0]!.id]);
    const id = ids[0]!;
    expect((await call(other, TERMINATE, { id })).msg).toBe('只能操作本人的预约');
    expect(await call(student, TERMINATE, { id, reason: '不需要了' })).toMatchObject({ errcode: '0' });
    expect((await mine(student, r.id))[0]).toMatchObject({ audit_status: '1', appointment_state: '3' });
    expect((await slotsOf(r.id))[0]!.state).toBe('available');
    expect((await call(student, TERMINATE, { id })).msg).toBe('只有待审批的申请可以终止');
    expect((await call(approver, APPROVE, { id })).msg).toContain('不在待审批状态');

    const plain = await makeResource();
    const booked = await book(student, plain.id, [plain.slots[0]!.id]);
    const refused = await call(student, TERMINATE, { id: booked.ids[0] });
    expect(refused).toMatchObject({ errcode: '500', msg: '只有待审批的申请可以终止' });
    expect(refused.msg_en).toBe('Only an application awaiting approval can be terminated');
  });
});

describe('change time', () => {
  it('moves a booking atomically: the old slot is freed, the new one taken; a taken slot is refused and nothing changes', async () => {
    const r = await makeResource();
    const { ids } = await book(student, r.id, [r.slots[0]!.id]);
    const id = ids[0]!;
    expect((await book(other, r.id, [r.slots[1]!.id])).code).toBe('0');

    expect(await call(student, CHANGE, { id, appointment_date: DAY, timeSlotId: r.slots[2]!.id })).toMatchObject({
      errcode: '0',
      msg: '改期成功',
    });
    expect((await mine(student, r.id))[0]).toMatchObject({ id, start_time: '11:00' });
    expect((await slotsOf(r.id)).map((s) => s.state)).toEqual(['available', 'taken', 'taken', 'available']);

    const taken = await call(student, CHANGE, { id, appointment_date: DAY, timeSlotId: r.slots[1]!.id });
    expect(taken).toMatchObject({ errcode: '500', msg: '所选时段 10:00-11:00 已被他人预约' });
    expect((await mine(student, r.id))[0]).toMatchObject({ id, start_time: '11:00' });
    expect((await slotsOf(r.id)).map((s) => s.state)).toEqual(['available', 'taken', 'taken', 'available']);

    // by start/end time, another day
    expect(
      await call(student, CHANGE, { id, appointment_date: '2030-01-04', start_time: '09:00', end_time: '10:00' }),
    ).toMatchObject({ errcode: '0' });
    expect((await slotsOf(r.id)).map((s) => s.state)).toEqual(['available', 'taken', 'available', 'available']);
    expect((await slotsOf(r.id, '2030-01-04'))[0]!.state).toBe('taken');
    // the slot freed can be booked by someone else
    expect((await book(other, r.id, [r.slots[2]!.id])).code).toBe('0');

    expect((await call(other, CHANGE, { id, appointment_date: DAY, timeSlotId: r.slots[3]!.id })).msg).toBe(
      '只能操作本人的预约',
    );
    // the back office changes it for the booker: it stays the student's booking
    expect(await call(admin, CHANGE, { id, appointment_date: DAY, timeSlotId: r.slots[3]!.id })).toMatchObject({
      errcode: '0',
    });
    expect((await mine(student, r.id)).find((b: { id: string }) => b.id === id)).toMatchObject({
      start_time: r.slots[3]!.kssj,
    });
    const unknown = await call(student, CHANGE, { id, appointment_date: DAY, timeSlotId: randomUUID() });
    expect(unknown.errcode).toBe('500');
    expect((await call(student, CANCEL, { id, reason: '不去了' })).errcode).toBe('0');
    expect((await call(student, CHANGE, { id, appointment_date: DAY, timeSlotId: r.slots[3]!.id })).msg).toBe(
      '该预约已取消、已驳回、已履约、已违约或已终止，不能改期',
    );
  });

  it('respects min_interval_minutes_change and the start', async () => {
    const r = await makeResource({ min_interval_minutes_change: 60 });
    const { ids } = await book(student, r.id, [r.slots[0]!.id]);
    bookingClock.now = () => instantOf({ year: 2030, month: 1, day: 3 }, { hour: 8, minute: 1 }, ZONE);
    const late = await call(student, CHANGE, { id: ids[0], appointment_date: DAY, timeSlotId: r.slots[3]!.id });
    expect(late).toMatchObject({ errcode: '500', msg: '距预约开始不足60分钟，不能改期' });
    bookingClock.now = () => instantOf({ year: 2030, month: 1, day: 3 }, { hour: 9, minute: 30 }, ZONE);
    expect((await call(student, CHANGE, { id: ids[0], appointment_date: DAY, timeSlotId: r.slots[3]!.id })).msg).toBe(
      '预约已开始或已结束，不能改期',
    );
  });

  it('a capacity booking moves its seat', async () => {
    const r = await makeResource({ available_number: 2 });
    const { ids } = await book(student, r.id, [r.slots[0]!.id]);
    expect((await book(other, r.id, [r.slots[1]!.id])).code).toBe('0');
    expect((await book(admin, r.id, [r.slots[1]!.id])).code).toBe('0');
    expect((await call(student, CHANGE, { id: ids[0], appointment_date: DAY, timeSlotId: r.slots[1]!.id })).msg).toBe(
      '所选时段 10:00-11:00 已约满',
    );
    expect((await slotsOf(r.id)).map((s) => s.remaining)).toEqual([1, 0, 2, 2]);
    expect(
      (await call(student, CHANGE, { id: ids[0], appointment_date: DAY, timeSlotId: r.slots[2]!.id })).errcode,
    ).toBe('0');
    expect((await slotsOf(r.id)).map((s) => s.remaining)).toEqual([2, 0, 1, 2]);
  });
});

describe('delete records', () => {
  it('the booker deletes finished or cancelled records only; administrators batch-delete, all or nothing', async () => {
    const r = await makeResource();
    const a = (await book(student, r.id, [r.slots[0]!.id])).ids[0]!;
    const b = (await book(student, r.id, [r.slots[1]!.id])).ids[0]!;
    const c = (await book(other, r.id, [r.slots[2]!.id])).ids[0]!;
    expect((await call(student, DELETE, { id: a })).msg).toBe('只能删除已结束、已取消、已驳回或已终止的预约记录');
    expect((await call(other, DELETE, { id: a })).msg).toBe('只能操作本人的预约');
    expect((await call(student, CANCEL, { id: a, reason: '有事' })).errcode).toBe('0');
    expect(await call(student, DELETE, { id: a })).toMatchObject({ errcode: '0', ids: [a] });
    expect((await mine(student, r.id)).map((n: { id: string }) => n.id)).toEqual([b]);
    expect((await call(student, DELETE, { id: a })).msg).toBe('预约记录不存在');

    const denied = await t.gql('apps_yy_sys', BATCH_DELETE, { token: student, variables: { ids: [b] } });
    expect(JSON.stringify(denied.body)).toContain('FORBIDDEN');
    expect((await call(admin, BATCH_DELETE, { ids: [b, c] })).msg).toBe(
      '只能删除已结束、已取消、已驳回或已终止的预约记录',
    );
    expect((await call(admin, BATCH_DELETE, { ids: [] })).errcode).toBe('500');
    // after the bookings ended they may be deleted
    bookingClock.now = () => instantOf({ year: 2030, month: 1, day: 3 }, { hour: 12, minute: 0 }, ZONE);
    expect(await call(admin, BATCH_DELETE, { ids: [b, c] })).toMatchObject({ errcode: '0' });
    expect(await mine(student, r.id)).toEqual([]);
    expect((await call(admin, BATCH_DELETE, { ids: [b] })).msg).toBe('预约记录不存在');
  });
});

describe('administrators list every booking', () => {
  it('findAppointmentInformationAllForAppointMent lists all bookings of the tenant, for administrators only', async () => {
    const r = await makeResource({ need_approve: '1', admin_dept: deptCode });
    await book(student, r.id, [r.slots[0]!.id]);
    await book(other, r.id, [r.slots[1]!.id]);
    const res = await t.gql('apps_yy_sys', ALL, {
      token: admin,
      variables: {
        first: 10,
        offset: 0,
        filter: { resources_id: { eq: r.id } },
        appointmentDate: [DAY],
        only_flow: '1',
        updateAppointmentState: '',
      },
    });
    expect(res.body.errors).toBeUndefined();
    const conn = res.body.data!.findAppointmentInformationAllForAppointMent;
    expect(conn.totalCount).toBe(2);
    expect(conn.edges.map((e: { node: { appointment_user: string } }) => e.node.appointment_user).sort()).toEqual([
      'other',
      'student',
    ]);
    expect(conn.edges[0].node).toMatchObject({
      resources_type_name: '羽毛球场',
      audit_status: '1',
      start_time: '10:00',
    });
    const denied = await t.gql('apps_yy_sys', ALL, { token: student, variables: { first: 10 } });
    expect(denied.body.data?.findAppointmentInformationAllForAppointMent ?? null).toBeNull();
    expect(JSON.stringify(denied.body)).toContain('FORBIDDEN');
  });
});

describe('vacancy rate', () => {
  it('rate = share of bookable slot capacity not booked, per resource, over the range', async () => {
    const exclusive = await makeResource();
    const capacity = await makeResource({ available_number: 3 });
    await book(student, exclusive.id, [exclusive.slots[0]!.id, exclusive.slots[1]!.id]);
    await book(student, capacity.id, [capacity.slots[0]!.id]);
    await book(other, capacity.id, [capacity.slots[0]!.id]);
    // a cancelled booking does not count
    const gone = await book(other, exclusive.id, [exclusive.slots[3]!.id]);
    expect((await call(other, CANCEL, { id: gone.ids[0], reason: '取消' })).errcode).toBe('0');

    const res = await t.gql('apps_yy_sys', VACANCY, {
      token: admin,
      variables: { startDate: '2030-01-03', endDate: '2030-01-04' },
    });
    expect(res.body.errors).toBeUndefined();
    const rows = res.body.data!.findAppointmentVacancyRateTable as { id: string; rate: number }[];
    // 4 slots x 2 days x 1 = 8, 2 booked; 4 x 2 x 3 = 24, 2 booked
    expect(rows.find((x) => x.id === exclusive.id)).toMatchObject({ capacity: 8, booked: 2, rate: 0.75 });
    expect(rows.find((x) => x.id === capacity.id)).toMatchObject({ capacity: 24, booked: 2, rate: 0.9167 });
    const oneDay = (
      await t.gql('apps_yy_sys', VACANCY, {
        token: admin,
        variables: { startDate: '2030-01-04', endDate: '2030-01-04' },
      })
    ).body.data!.findAppointmentVacancyRateTable as { id: string; rate: number }[];
    expect(oneDay.find((x) => x.id === exclusive.id)).toMatchObject({ capacity: 4, booked: 0, rate: 1 });

    const bad = await t.gql('apps_yy_sys', VACANCY, {
      token: admin,
      variables: { startDate: '2030-01-05', endDate: '2030-01-04' },
    });
    expect(bad.body.errors?.[0]?.message).toContain('统计日期无效');
    const denied = await t.gql('apps_yy_sys', VACANCY, {
      token: student,
      variables: { startDate: '2030-01-03', endDate: '2030-01-04' },
    });
    expect(JSON.stringify(denied.body)).toContain('FORBIDDEN');
  });
});

async function attempt(ctx: RequestContext, id: string, verdict: 'approve' | 'reject') {
  try {
    await decide(ctx, { id, reason: '并发' }, verdict);
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe.skipIf(!testDatabaseUrl)('approval race (PostgreSQL)', () => {
  it('two approvers acting at once: exactly one wins, every time', async () => {
    const r = await makeResource({ need_approve: '1', admin_dept: deptCode, available_number: 2 });
    for (const slot of r.slots) {
      const { ids } = await book(student, r.id, [slot.id]);
      const results = await Promise.all([
        attempt(approverCtx, ids[0]!, 'approve'),
        attempt(adminCtx, ids[0]!, 'reject'),
      ]);
      expect(results.filter((x) => x === 'ok')).toHaveLength(1);
      expect(results.filter((x) => x === 'APPROVAL_NOT_PENDING')).toHaveLength(1);
      const tasks = (await t.gql('apps_yy_sys', TASKS, { token: student, variables: { appointmentId: ids[0] } })).body
        .data!.findAppointmentApprovalTasks;
      expect(tasks).toHaveLength(1);
      // a rejected capacity booking gave its seat back exactly once
      const seatsLeft = (await slotsOf(r.id)).find((s) => s.id === slot.id)!.remaining;
      expect(seatsLeft).toBe(results[0] === 'ok' ? 1 : 2);
    }
  }, 60_000);
});
