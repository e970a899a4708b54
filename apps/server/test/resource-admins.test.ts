/**
 * Resource administrators (resources/resource-admins.ts): the one rule of who manages a
 * resource (tenant administrators all; a user holding the resource's managing department/post
 * its own), used by approvals, the lifecycle's back-office actions and the back-office lists.
 */
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import {
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { managesResource } from '../src/modules/resources/resource-admins.ts';
import type { AuthUser } from '../src/platform/context.ts';
import {
  book,
  bookingRow,
  call,
  DAY,
  errorCode,
  makeResource,
  on,
  setClock,
  useCheckinFixture,
  type Fixture,
} from './checkin-fixtures.ts';

const CHANGE = `mutation($id: ID!, $appointment_date: Date!, $timeSlotId: String) {
  updateAppointmentTime(id: $id, appointment_date: $appointment_date, timeSlotId: $timeSlotId) { errcode msg msg_en } }`;
const TERMINATE = `mutation($id: ID!, $reason: String) { terminateAppointment(id: $id, reason: $reason) { errcode msg } }`;
const DELETE = `mutation($id: ID!) { deleteAppointmentInformation(id: $id) { errcode msg ids } }`;
const CANCEL = `mutation($id: ID!, $reason: String) { updateAppointmentInformationState(id: $id, state: "1", reason: $reason) {
  errcode msg } }`;
const APPROVE = `mutation($id: ID!, $reason: String) { approveAppointment(id: $id, reason: $reason) { errcode msg } }`;
const MARK = `mutation($id: ID!, $state: String!) { updateAppointmentPerformState(id: $id, appointment_state: $state) {
  errcode msg } }`;
const BAN = `mutation($model: InputBlackList!) { saveBlackList(model: $model) { errcode msg ids } }`;
const UNBAN = `mutation($id: ID!) { deleteBlackList(id: $id) { errcode msg } }`;
const RESOURCES = `query($filter: ResourcesFilterMap) { findResourcesAll(first: 500, filter: $filter) {
  edges { node { id admin_dept } } totalCount } }`;
const SIGNS = `query($appointmentDate: [String]) { findAppointmentSignAll(first: 200, appointmentDate: $appointmentDate) {
  edges { node { id resources_id } } totalCount } }`;
const OVERVIEW = `query($appointmentDate: [String]) { findAppointmentInformationAllForAppointMent(first: 200,
  appointmentDate: $appointmentDate) { edges { node { id resources_id appointment_user } } totalCount } }`;

const fixture = useCheckinFixture();

/** A booking's start and owner as stored. */
async function stored(f: Fixture, id: string) {
  const row = await bookingRow(f, id);
  return {
    start_time: row.start_time,
    appointment_user: row.appointment_user,
    appointment_state: row.appointment_state,
    del: row.del,
  };
}

describe('who manages a resource', () => {
  it('tenant administrators all; an active position in admin_dept (id or code) holding admin_post (id or code)', async () => {
    const f = fixture();
    const tenantId = f.t.demoTenantId;
    const set = await withTenant(f.t.database.db, tenantId, async (tx) => {
      const dept = await insertDepartment(tx, tenantId, { name: '图书馆', code: 'RA-LIB' });
      const post = await insertPost(tx, tenantId, { name: '馆员', code: 'RA-LIB-P' });
      const boss = await insertUser(tx, tenantId, { account: 'ra-boss', name: '馆长' });
      await insertPosition(tx, tenantId, { user_id: boss.id, dept_id: dept.id, post_id: post.id, active: true });
      const former = await insertUser(tx, tenantId, { account: 'ra-former', name: '前馆员' });
      await insertPosition(tx, tenantId, { user_id: former.id, dept_id: dept.id, post_id: post.id, active: false });
      return { dept, post, boss, former };
    });
    const user = (u: { id: string; account: string; name: string }, role: 'user' | 'admin' = 'user'): AuthUser => ({
      id: u.id,
      account: u.account,
      name: u.name,
      role,
      tenantId,
    });
    const cases: [Record<string, string>, AuthUser, boolean][] = [
      [{ admin_dept: '', admin_post: '' }, user(set.boss, 'admin'), true],
      [{ admin_dept: '', admin_post: '' }, user(set.boss), false],
      [{ admin_dept: 'RA-LIB', admin_post: '' }, user(set.boss), true],
      [{ admin_dept: set.dept.id, admin_post: '' }, user(set.boss), true],
      [{ admin_dept: ' OTHER , RA-LIB ', admin_post: 'RA-LIB-P' }, user(set.boss), true],
      [{ admin_dept: 'RA-LIB', admin_post: set.post.id }, user(set.boss), true],
      [{ admin_dept: 'RA-LIB', admin_post: 'OTHER-P' }, user(set.boss), false],
      [{ admin_dept: '', admin_post: 'RA-LIB-P' }, user(set.boss), true],
      [{ admin_dept: 'OTHER', admin_post: '' }, user(set.boss), false],
      [{ admin_dept: 'RA-LIB', admin_post: '' }, user(set.former), false],
      [{ admin_dept: 'RA-LIB', admin_post: '' }, { ...user(set.boss), id: '' }, false],
    ];
    for (const [names, who, expected] of cases) {
      const r = await makeResource(f, names);
      const got = await withTenant(f.t.database.db, tenantId, (tx) => managesResource(tx, tenantId, who, r.id));
      expect(got, `${JSON.stringify(names)} as ${who.account}/${who.role}`).toBe(expected);
    }
  });
});

describe('resource administrators act on bookings of the resources they manage', () => {
  it('change time, for the booker (their ban applies); refused on a resource they do not manage', async () => {
    const f = fixture();
    const mine = await makeResource(f);
    const elsewhere = await makeResource(f, { admin_dept: 'ELSEWHERE' });
    const id = (await book(f, f.student, mine.id, [mine.slots[0]!.id]))[0]!;
    const foreign = (await book(f, f.student, elsewhere.id, [elsewhere.slots[0]!.id]))[0]!;

    expect(await call(f, f.staff, CHANGE, { id, appointment_date: DAY, timeSlotId: mine.slots[2]!.id })).toMatchObject({
      errcode: '0',
    });
    expect(await stored(f, id)).toMatchObject({ start_time: '11:00', appointment_user: 'student' });

    const refused = await call(f, f.staff, CHANGE, {
      id: foreign,
      appointment_date: DAY,
      timeSlotId: elsewhere.slots[2]!.id,
    });
    expect(refused).toMatchObject({ errcode: '500', msg: '只能操作本人的预约' });
    expect(refused.msg_en).toBeTruthy();
    expect((await stored(f, foreign)).start_time).toBe('09:00');
    // a plain user managing nothing
    expect((await call(f, f.other, CHANGE, { id, appointment_date: DAY, timeSlotId: mine.slots[3]!.id })).msg).toBe(
      '只能操作本人的预约',
    );

    // judged for the booker: a banned booker's booking cannot be moved, even by its administrator
    const ban = await call(f, f.admin, BAN, { model: { user_account: 'student', reason: '测试封禁', days: 1 } });
    expect(ban.errcode, JSON.stringify(ban)).toBe('0');
    try {
      const banned = await call(f, f.staff, CHANGE, { id, appointment_date: DAY, timeSlotId: mine.slots[3]!.id });
      expect(banned.errcode).toBe('500');
      expect(banned.msg).toContain('黑名单');
      expect((await stored(f, id)).start_time).toBe('11:00');
    } finally {
      expect((await call(f, f.admin, UNBAN, { id: ban.ids[0] })).errcode).toBe('0');
    }
  });

  it('terminate and delete on a managed resource; refused elsewhere, nothing changed', async () => {
    const f = fixture();
    const mine = await makeResource(f, { need_approve: '1' });
    const elsewhere = await makeResource(f, { need_approve: '1', admin_dept: 'ELSEWHERE' });
    const id = (await book(f, f.student, mine.id, [mine.slots[1]!.id]))[0]!;
    const foreign = (await book(f, f.student, elsewhere.id, [elsewhere.slots[1]!.id]))[0]!;

    expect((await call(f, f.staff, TERMINATE, { id: foreign, reason: '不行' })).msg).toBe('只能操作本人的预约');
    expect((await stored(f, foreign)).appointment_state).toBe('0');
    expect((await call(f, f.other, TERMINATE, { id, reason: '不行' })).msg).toBe('只能操作本人的预约');
    expect(await call(f, f.staff, TERMINATE, { id, reason: '场地维修' })).toMatchObject({ errcode: '0' });
    expect(await stored(f, id)).toMatchObject({ appointment_state: '3', appointment_user: 'student' });

    expect(await call(f, f.student, CANCEL, { id: foreign, reason: '有事' })).toMatchObject({ errcode: '0' });
    expect((await call(f, f.staff, DELETE, { id: foreign })).msg).toBe('只能操作本人的预约');
    expect((await stored(f, foreign)).del).toBe(0);
    expect((await call(f, f.other, DELETE, { id })).msg).toBe('只能操作本人的预约');
    expect(await call(f, f.staff, DELETE, { id })).toMatchObject({ errcode: '0', ids: [id] });
    expect((await stored(f, id)).del).not.toBe(0);
  });

  it('approvals and staff marking use the same rule', async () => {
    const f = fixture();
    const mine = await makeResource(f, { need_approve: '1' });
    const elsewhere = await makeResource(f, { need_approve: '1', admin_dept: 'ELSEWHERE' });
    const id = (await book(f, f.student, mine.id, [mine.slots[0]!.id]))[0]!;
    const foreign = (await book(f, f.student, elsewhere.id, [elsewhere.slots[0]!.id]))[0]!;
    expect(await errorCode(f, f.staff, APPROVE, { id: foreign })).toBe('FORBIDDEN');
    expect(await errorCode(f, f.other, APPROVE, { id })).toBe('FORBIDDEN');
    expect(await call(f, f.staff, APPROVE, { id })).toMatchObject({ errcode: '0' });
    expect(await call(f, f.admin, APPROVE, { id: foreign })).toMatchObject({ errcode: '0' });

    setClock(on(9, 30));
    expect(await errorCode(f, f.staff, MARK, { id: foreign, state: '2' })).toBe('FORBIDDEN');
    expect(await call(f, f.staff, MARK, { id, state: '1' })).toMatchObject({ errcode: '0' });
    expect((await stored(f, id)).appointment_state).toBe('1');
  });
});

describe('back-office lists for resource administrators', () => {
  it('resources, the booking overview and the sign list hold only what they manage; a plain user is refused', async () => {
    const f = fixture();
    const mine = await makeResource(f);
    const elsewhere = await makeResource(f, { admin_dept: 'ELSEWHERE' });
    const day = '2030-01-04';
    const a = (await book(f, f.student, mine.id, [mine.slots[0]!.id], day))[0]!;
    const b = (await book(f, f.other, elsewhere.id, [elsewhere.slots[0]!.id], day))[0]!;

    const resourcesOf = async (token: string) =>
      (await call(f, token, RESOURCES)).edges.map((e: { node: { id: string; admin_dept: string } }) => e.node);
    const staffResources = await resourcesOf(f.staff);
    expect(staffResources.map((r: { id: string }) => r.id)).toContain(mine.id);
    expect(staffResources.map((r: { id: string }) => r.id)).not.toContain(elsewhere.id);
    expect(staffResources.every((r: { admin_dept: string }) => r.admin_dept === f.deptCode)).toBe(true);
    expect((await resourcesOf(f.admin)).map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([mine.id, elsewhere.id]),
    );

    for (const doc of [SIGNS, OVERVIEW]) {
      const staff = await call(f, f.staff, doc, { appointmentDate: [day] });
      const ids = staff.edges.map((e: { node: { id: string } }) => e.node.id);
      expect(ids, doc).toContain(a);
      expect(ids, doc).not.toContain(b);
      expect(staff.totalCount).toBe(ids.length);
      const all = (await call(f, f.admin, doc, { appointmentDate: [day] })).edges.map(
        (e: { node: { id: string } }) => e.node.id,
      );
      expect(all, doc).toEqual(expect.arrayContaining([a, b]));
    }
    for (const doc of [RESOURCES, SIGNS, OVERVIEW]) {
      expect(await errorCode(f, f.other, doc, {}), doc).toBe('FORBIDDEN');
      expect(await errorCode(f, f.student, doc, {}), doc).toBe('FORBIDDEN');
    }
  });
});
