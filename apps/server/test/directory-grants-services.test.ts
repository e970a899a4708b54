/**
 * The services read the grants on the next request: a department's resourceAdmin grant lets its
 * members list and approve the bookings of the resources it covers (and revoking it refuses the
 * next approval); a checkinStaff grant marks only its resources' bookings and approves nothing;
 * an approver's grant gives the bookings list and approvals, not the sign desk; a visitorAdmin
 * grant gives the visitor administrator's right with its filter as scope (the widest of several
 * winning); a resource's notices reach the resourceAdmin holders covering it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import {
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { resourceAdministrators } from '../src/modules/resources/resource-admins.ts';
import {
  book,
  call,
  errorCode,
  makeResource,
  on,
  setClock,
  useCheckinFixture,
  type Fixture,
} from './checkin-fixtures.ts';

const GRANT = `mutation($type: String!, $target: ID!, $permission: String!, $filter: String) {
  grantPermission(type: $type, target: $target, permission: $permission, filter: $filter) { id revokeId } }`;
const REVOKE = `mutation($r: ID!) { revokePermission(revokeId: $r) { errcode msg } }`;
const APPROVE = `mutation($id: ID!, $reason: String) { approveAppointment(id: $id, reason: $reason) { errcode msg msg_en ids } }`;
const ALL = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAppointMent(first: 200,
  filter: $filter) { edges { node { id resources_id audit_status } } totalCount } }`;
const SIGNS = `query($filter: AppointmentSignFilterMap) { findAppointmentSignAll(first: 200, filter: $filter) {
  edges { node { id resources_id } } totalCount } }`;
const MARK = `mutation($id: ID!, $state: String!, $reason: String) { updateAppointmentPerformState(id: $id,
  appointment_state: $state, reason: $reason) { errcode msg msg_en appointmentId } }`;
const ME = `{ me { managesResources } }`;
const MENUS = `{ canvasmenus { name } }`;

const fixture = useCheckinFixture();

async function iam(f: Fixture, token: string, doc: string, variables: Record<string, unknown> = {}) {
  const res = await f.t.gql('iam', doc, { token, variables });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return Object.values(res.body.data!)[0] as any;
}

const grant = (f: Fixture, type: string, target: string, permission: string, filter?: object) =>
  iam(f, f.admin, GRANT, { type, target, permission, filter: filter && JSON.stringify(filter) }) as Promise<{
    revokeId: string;
  }>;
const revoke = async (f: Fixture, g: { revokeId: string }) =>
  expect((await iam(f, f.admin, REVOKE, { r: g.revokeId })).errcode).toBe('0');

/** A department with one member; the member's id, token and the department's id. */
async function memberOfNewDepartment(f: Fixture, label: string) {
  const tenantId = f.t.demoTenantId;
  const tag = randomUUID().slice(0, 6);
  const { dept, user } = await withTenant(f.t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: `${label}${tag}`, code: `G${tag}` });
    const post = await insertPost(tx, tenantId, { name: `岗${tag}`, code: `GP${tag}` });
    const user = await insertUser(tx, tenantId, { account: `${label}${tag}`, name: label });
    await insertPosition(tx, tenantId, { user_id: user.id, dept_id: dept.id, post_id: post.id });
    return { dept, user };
  });
  return { deptId: dept.id, userId: user.id, account: user.account, token: await f.t.tokenFor(user.account) };
}

const ids = (page: { edges: { node: { id: string; resources_id: string } }[] }) => page.edges.map((e) => e.node);

describe('resourceAdmin granted to a department', () => {
  it('lets its member list and approve the covered resource’s bookings at once; revoking refuses the next approval', async () => {
    const f = fixture();
    const r1 = await makeResource(f, { need_approve: '1', admin_dept: 'NOBODY' });
    const r2 = await makeResource(f, { need_approve: '1', admin_dept: 'NOBODY' });
    const [b1] = await book(f, f.student, r1.id, [r1.slots[0]!.id]);
    const [b2] = await book(f, f.student, r1.id, [r1.slots[1]!.id]);
    const [b3] = await book(f, f.student, r2.id, [r2.slots[0]!.id]);
    const m = await memberOfNewDepartment(f, '审批部');

    expect(await errorCode(f, m.token, ALL)).toBe('FORBIDDEN');
    expect(await errorCode(f, m.token, APPROVE, { id: b1 })).toBe('FORBIDDEN');
    expect((await iam(f, m.token, ME)).managesResources).toBe(false);

    const g = await grant(f, 'dept', m.deptId, 'resourceAdmin', { resources: [r1.id] });
    expect((await iam(f, m.token, ME)).managesResources).toBe(true);
    const listed = ids(await call(f, m.token, ALL));
    expect(listed.map((b) => b.id).sort()).toEqual([b1, b2].sort());
    expect(listed.every((b) => b.resources_id === r1.id)).toBe(true);
    expect(await call(f, m.token, APPROVE, { id: b1 })).toMatchObject({ errcode: '0' });
    expect(await errorCode(f, m.token, APPROVE, { id: b3 })).toBe('FORBIDDEN');
    // the resource's notices reach them too
    const admins = await withTenant(f.t.database.db, f.t.demoTenantId, (tx) =>
      resourceAdministrators(tx, f.t.demoTenantId, r1.id),
    );
    expect(admins.map((a) => a.account)).toContain(m.account);

    await revoke(f, g);
    expect(await errorCode(f, m.token, APPROVE, { id: b2 })).toBe('FORBIDDEN');
    expect(await errorCode(f, m.token, ALL)).toBe('FORBIDDEN');
    const after = await withTenant(f.t.database.db, f.t.demoTenantId, (tx) =>
      resourceAdministrators(tx, f.t.demoTenantId, r1.id),
    );
    expect(after.map((a) => a.account)).not.toContain(m.account);
  });

  it('a resource type in the filter covers that type’s resources', async () => {
    const f = fixture();
    const r = await makeResource(f, { need_approve: '1', admin_dept: 'NOBODY' });
    const [b] = await book(f, f.student, r.id, [r.slots[2]!.id]);
    const m = await memberOfNewDepartment(f, '类型部');
    const g = await grant(f, 'user', m.userId, 'approver', { resourceTypes: [f.typeId] });
    expect(await call(f, m.token, APPROVE, { id: b })).toMatchObject({ errcode: '0' });
    // an approver opens the bookings list, not the sign desk
    expect(ids(await call(f, m.token, ALL)).some((x) => x.id === b)).toBe(true);
    expect(await errorCode(f, m.token, SIGNS)).toBe('FORBIDDEN');
    expect((await iam(f, m.token, MENUS)).map((x: { name: string }) => x.name)).toEqual(['appointment']);
    await revoke(f, g);
  });
});

describe('checkinStaff', () => {
  it('marks only its resources’ bookings, sees only them at the sign desk, and approves nothing', async () => {
    const f = fixture();
    const mine = await makeResource(f, { admin_dept: 'NOBODY', available_number: 3 });
    const theirs = await makeResource(f, { admin_dept: 'NOBODY', available_number: 3 });
    const [onMine] = await book(f, f.student, mine.id, [mine.slots[0]!.id]);
    const [onTheirs] = await book(f, f.student, theirs.id, [theirs.slots[0]!.id]);
    const desk = await memberOfNewDepartment(f, '签到台');
    const g = await grant(f, 'user', desk.userId, 'checkinStaff', { resources: [mine.id] });

    expect((await iam(f, desk.token, ME)).managesResources).toBe(true);
    expect((await iam(f, desk.token, MENUS)).map((x: { name: string }) => x.name)).toEqual(['sign']);
    const desked = ids(await call(f, desk.token, SIGNS));
    expect(desked.some((b) => b.id === onMine)).toBe(true);
    expect(desked.every((b) => b.resources_id === mine.id)).toBe(true);
    expect(await errorCode(f, desk.token, ALL)).toBe('FORBIDDEN');
    // the back office's resource list holds the resources they work with
    const listed = await call(f, desk.token, `{ findResourcesAll(first: 500) { edges { node { id } } } }`);
    expect(listed.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([mine.id]);

    setClock(on(9, 20));
    expect(await errorCode(f, desk.token, MARK, { id: onTheirs, state: '2' })).toBe('FORBIDDEN');
    expect(await call(f, desk.token, MARK, { id: onMine, state: '2', reason: '未到场' })).toMatchObject({
      errcode: '0',
    });
    await revoke(f, g);
    expect(await errorCode(f, desk.token, MARK, { id: onMine, state: '1' })).toBe('FORBIDDEN');
  });
});

describe('visitorAdmin and visitorGate', () => {
  const ADMINS = `{ findVisitorAdminPermissionsEntityList { id } }`;
  const SAVE_OVERALL = `mutation($model: VisitorOverallSettingsInput!) { saveVisitorOverallSettingsEntity(model: $model) {
    errcode msg msg_en } }`;

  it('a visitorAdmin grant gives the visitor administrator’s right within its filter; the widest of two grants wins', async () => {
    const f = fixture();
    const m = await memberOfNewDepartment(f, '访客办');
    expect(await errorCode(f, m.token, ADMINS)).toBe('FORBIDDEN');
    const scoped = await grant(f, 'user', m.userId, 'visitorAdmin', { visitorTypes: ['1'] });
    expect(Array.isArray(await call(f, m.token, ADMINS))).toBe(true);
    expect((await iam(f, m.token, MENUS)).map((x: { name: string }) => x.name)).toEqual(['visitorManagement']);
    // the tenant-wide settings are beyond a type-scoped administrator
    const refused = await call(f, m.token, SAVE_OVERALL, { model: { welcome_content: '欢迎' } });
    expect(refused).toMatchObject({ errcode: '500', msg: '超出您的访客管理范围：全校访客设置' });

    const dept = await grant(f, 'dept', m.deptId, 'visitorAdmin');
    expect(await call(f, m.token, SAVE_OVERALL, { model: { welcome_content: '欢迎来访' } })).toMatchObject({
      errcode: '0',
    });
    await revoke(f, dept);
    expect((await call(f, m.token, SAVE_OVERALL, { model: { welcome_content: '再改' } })).errcode).toBe('500');
    await revoke(f, scoped);
    expect(await errorCode(f, m.token, ADMINS)).toBe('FORBIDDEN');
  });

  it('a visitorGate grant opens the gate check, not the visitor back office', async () => {
    const f = fixture();
    const m = await memberOfNewDepartment(f, '门岗');
    const g = await grant(f, 'post', (await postOf(f, m.userId))!, 'visitorGate');
    expect((await iam(f, m.token, MENUS)).map((x: { name: string }) => x.name)).toEqual(['accessControlCheck']);
    expect(await errorCode(f, m.token, ADMINS)).toBe('FORBIDDEN');
    await revoke(f, g);
  });
});

async function postOf(f: Fixture, userId: string): Promise<string | undefined> {
  const user = await iam(f, f.admin, `query($id: ID!) { user(id: $id) { positions { post { id } } } }`, { id: userId });
  return user.positions[0]?.post?.id;
}
