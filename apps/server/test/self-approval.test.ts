import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertDepartment, insertPosition, insertUser } from '../src/modules/directory/directory.repository.ts';
import { NOW, badmintonType, makeResource, model, submit, type Slot } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

// No self-approval (docs/GLOSSARY.md "Approval task"): unless the tenant's settings allow it
// (`allow_self_approval` '1'), nobody decides on their own booking application; another
// approver or the tenant administrator has to.

const APPROVE = `mutation($id: ID!) { approveAppointment(id: $id) { errcode msg msg_en } }`;
const REJECT = `mutation($id: ID!, $reason: String!) { rejectAppointment(id: $id, reason: $reason) { errcode msg msg_en } }`;
const SETTINGS = `mutation($m: InputSysSettings!) { saveSysSettings(model: $m) { errcode msg } }`;
const STATUS = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAppointMent(first: 100,
  filter: $filter) { edges { node { id audit_status } } } }`;

let t: TestApp;
let admin: string;
let student: string;
let approver: string;
let approver2: string;
let foreignAdmin: string;
let resource: { id: string; slots: Slot[] };
let nextSlot = 0;

async function apply(token: string): Promise<string> {
  // each application takes a slot of its own: four a day, from 2030-01-03 on
  const n = nextSlot++;
  const slot = resource.slots[n % resource.slots.length]!;
  const date = `2030-01-0${3 + Math.floor(n / resource.slots.length)}`;
  const res = await submit(t, token, { model: model(resource.id, date), timeSlotIdList: [slot.id] });
  expect(res, JSON.stringify(res)).toMatchObject({ code: '0', auditStatus: '1' });
  return res.ids[0];
}

async function decide(token: string | undefined, id: string, verdict: 'approve' | 'reject') {
  const res = await t.gql('apps_yy_sys', verdict === 'approve' ? APPROVE : REJECT, {
    token,
    variables: verdict === 'approve' ? { id } : { id, reason: '不合适' },
  });
  return res;
}

async function auditStatusOf(id: string): Promise<string> {
  const res = await t.gql('apps_yy_sys', STATUS, {
    token: admin,
    variables: { filter: { resources_id: { eq: resource.id } } },
  });
  return res.body.data!.findAppointmentInformationAllForAppointMent.edges.find(
    (e: { node: { id: string } }) => e.node.id === id,
  ).node.audit_status;
}

async function allowSelfApproval(value: '0' | '1') {
  const res = await t.gql('apps_yy_sys', SETTINGS, {
    token: admin,
    variables: { m: { manage_setting: JSON.stringify({ allow_self_approval: value }) } },
  });
  expect(res.body.data?.saveSysSettings.errcode, JSON.stringify(res.body)).toBe('0');
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const tenantId = t.demoTenantId;
  const deptCode = `SELF${randomUUID().slice(0, 6)}`;
  await withTenant(t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: '场馆中心', code: deptCode });
    for (const account of ['approver', 'approver2']) {
      const u = await insertUser(tx, tenantId, { account, name: account });
      await insertPosition(tx, tenantId, { user_id: u.id, dept_id: dept.id, post_id: null, active: true });
    }
  });
  approver = await t.tokenFor('approver');
  approver2 = await t.tokenFor('approver2');
  foreignAdmin = await t.tokenFor('admin', await t.createOtherTenant(`sa${randomUUID().slice(0, 6)}`));
  bookingClock.now = () => NOW;
  resource = await makeResource(t, admin, await badmintonType(t, admin), { need_approve: '1', admin_dept: deptCode });
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
beforeEach(() => {
  bookingClock.now = () => NOW;
});

describe('self-approval', () => {
  it("refuses a resource administrator's decision on their own application; another approver decides", async () => {
    const id = await apply(approver);
    for (const verdict of ['approve', 'reject'] as const) {
      const res = await decide(approver, id, verdict);
      expect(res.body.data![`${verdict}Appointment`]).toEqual({
        errcode: '500',
        msg: '不能审批自己的预约申请，请由其他审批人或租户管理员审批',
        msg_en: 'You cannot decide your own booking application; another approver or the tenant administrator must',
      });
    }
    expect(await auditStatusOf(id)).toBe('1');
    expect((await decide(approver2, id, 'approve')).body.data!.approveAppointment.errcode).toBe('0');
    expect(await auditStatusOf(id)).toBe('2');
  });

  it('the tenant administrator decides on a resource administrator’s application, but not on their own', async () => {
    const theirs = await apply(approver);
    expect((await decide(admin, theirs, 'approve')).body.data!.approveAppointment.errcode).toBe('0');
    const own = await apply(admin);
    expect((await decide(admin, own, 'approve')).body.data!.approveAppointment.errcode).toBe('500');
    expect(await auditStatusOf(own)).toBe('1');
    expect((await decide(approver, own, 'reject')).body.data!.rejectAppointment.errcode).toBe('0');
    expect(await auditStatusOf(own)).toBe('3');
  });

  it('anonymous callers, ordinary users and another tenant decide nothing', async () => {
    const id = await apply(student);
    const anonymous = await decide(undefined, id, 'approve');
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const user = await decide(student, id, 'approve');
    expect(user.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const foreign = await decide(foreignAdmin, id, 'approve');
    expect(foreign.body.data!.approveAppointment).toMatchObject({ errcode: '500', msg: '预约记录不存在' });
    expect(await auditStatusOf(id)).toBe('1');
  });

  it('a tenant that allows self-approval lets an approver decide their own application', async () => {
    await allowSelfApproval('1');
    try {
      const id = await apply(approver);
      expect((await decide(approver, id, 'approve')).body.data!.approveAppointment.errcode).toBe('0');
      expect(await auditStatusOf(id)).toBe('2');
    } finally {
      await allowSelfApproval('0');
    }
    const again = await apply(approver);
    expect((await decide(approver, again, 'approve')).body.data!.approveAppointment.errcode).toBe('500');
  });
});
