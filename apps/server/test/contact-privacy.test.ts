import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import {
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { NOW, badmintonType, makeResource, model, submit } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

// Contact details are private (docs/GLOSSARY.md "Contact details"): ordinary users see other
// users' name, account and department only; phone and email are shown to the user themself,
// to tenant administrators, and to the administrators of a resource for its bookers. The same
// rule covers the participants of booking lists.

const USERS = `query($filter: UserFilter) { users(filter: $filter, first: 100) { edges { node {
  id account name email phone role activeTime cardNo sex positions { dept { name } post { name } } } } totalCount } }`;
const MINE = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAccount(first: 50,
  filter: $filter) { edges { node { id email phone appointmentParticipantList { participant_id participant_name
  mobile email } } } } }`;
const ALL = `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAppointMent(first: 50,
  filter: $filter) { edges { node { id email phone appointmentParticipantList { participant_id participant_name
  mobile email } } } totalCount } }`;

interface UserNode {
  account: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: string | null;
  activeTime: string | null;
  cardNo: string | null;
  sex: string | null;
  positions: { dept: { name: string } | null; post: { name: string } | null }[];
}

let t: TestApp;
let admin: string;
let student: string;
let resAdmin: string;
let booker: string;
let foreignAdmin: string;
let resourceId: string;
let bookingId: string;

async function usersAs(token: string | undefined, filter: Record<string, unknown> = {}) {
  const res = await t.gql('iam', USERS, { token, variables: { filter } });
  return res;
}

async function userAs(token: string, account: string): Promise<UserNode | undefined> {
  const res = await usersAs(token, { account: { eq: account } });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.users.edges.map((e: { node: UserNode }) => e.node)[0];
}

async function participantsIn(token: string, doc: string, field: string) {
  const res = await t.gql('apps_yy_sys', doc, {
    token,
    variables: { filter: { resources_id: { eq: resourceId } } },
  });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const node = res.body
    .data![field].edges.map((e: { node: { id: string } }) => e.node)
    .find((n: { id: string }) => n.id === bookingId);
  return node as
    | {
        email: string;
        phone: string;
        appointmentParticipantList: { participant_id: string; mobile: string | null; email: string | null }[];
      }
    | undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const tenantId = t.demoTenantId;
  const deptCode = `PRIV${randomUUID().slice(0, 6)}`;
  await withTenant(t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: '体育馆', code: deptCode });
    const post = await insertPost(tx, tenantId, { name: '场馆管理岗', code: `${deptCode}-P` });
    const ra = await insertUser(tx, tenantId, { account: 'venue-admin', name: '场馆管理员', phone: '13900000001' });
    await insertPosition(tx, tenantId, { user_id: ra.id, dept_id: dept.id, post_id: post.id, active: true });
    const b = await insertUser(tx, tenantId, {
      account: 'booker',
      name: '预约人',
      phone: '13800000002',
      email: 'booker@example.edu',
      card_no: '110101200001011234',
      sex: '1',
      active_time: new Date(),
    });
    // a department of its own: anyone holding a position in 体育馆 administers the resource
    const school = await insertDepartment(tx, tenantId, { name: '体育学院', code: `${deptCode}-S` });
    await insertPosition(tx, tenantId, { user_id: b.id, dept_id: school.id, post_id: null, active: true });
    await insertUser(tx, tenantId, {
      account: 'bystander',
      name: '旁观者',
      phone: '13800000003',
      email: 'bystander@example.edu',
    });
  });
  resAdmin = await t.tokenFor('venue-admin');
  booker = await t.tokenFor('booker');
  const other = await t.createOtherTenant(`pv${randomUUID().slice(0, 6)}`);
  foreignAdmin = await t.tokenFor('admin', other);

  bookingClock.now = () => NOW;
  const r = await makeResource(t, admin, await badmintonType(t, admin), { admin_dept: deptCode });
  resourceId = r.id;
  const booked = await submit(t, booker, {
    model: model(r.id, '2030-01-03', {
      email: 'booker@example.edu',
      phone: '13800000002',
      appointmentParticipantList: [
        {
          participant_id: 'bystander',
          participant_name: '旁观者',
          mobile: '13800000003',
          email: 'bystander@example.edu',
        },
        { participant_id: 'booker', participant_name: '预约人', mobile: '13800000002', email: 'booker@example.edu' },
      ],
    }),
    timeSlotIdList: [r.slots[0]!.id],
  });
  expect(booked.code, JSON.stringify(booked)).toBe('0');
  bookingId = booked.ids[0];
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
beforeEach(() => {
  bookingClock.now = () => NOW;
});

describe('the directory (users)', () => {
  it('refuses anonymous callers', async () => {
    const res = await usersAs(undefined);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.body.data?.users ?? null).toBeNull();
  });

  it("shows an ordinary user other users' name, account and department only", async () => {
    const seen = await userAs(student, 'booker');
    expect(seen).toMatchObject({ account: 'booker', name: '预约人', positions: [{ dept: { name: '体育学院' } }] });
    expect(seen).toMatchObject({ email: null, phone: null, role: null, activeTime: null, cardNo: null, sex: null });
    expect(seen!.positions[0]!.post).toBeNull();
    // ...the whole list too: nobody's phone, email or role
    const res = await usersAs(student);
    const others = res.body
      .data!.users.edges.map((e: { node: UserNode }) => e.node)
      .filter((u: UserNode) => u.account !== 'student');
    expect(others.length).toBeGreaterThan(3);
    for (const u of others) expect([u.email, u.phone, u.role, u.activeTime]).toEqual([null, null, null, null]);
  });

  it('shows users all of their own record', async () => {
    expect(await userAs(booker, 'booker')).toMatchObject({
      email: 'booker@example.edu',
      phone: '13800000002',
      role: 'user',
      cardNo: '110101200001011234',
    });
  });

  it('refuses an ordinary user filtering by role or post (it would reveal them), with zh and en texts', async () => {
    for (const filter of [{ role: { eq: 'admin' } }, { post: { eq: 'anything' } }]) {
      const res = await usersAs(student, filter);
      expect(res.status).toBe(200);
      expect(res.body.errors?.[0]?.extensions).toMatchObject({
        code: 'USER_FILTER_ADMIN_ONLY',
        msg: expect.stringContaining('只有管理员'),
        msg_en: expect.stringContaining('Only administrators'),
      });
    }
    // an empty filter value is no filter
    expect((await usersAs(student, { role: { eq: '' } })).body.errors).toBeUndefined();
  });

  it("shows a resource administrator the phone and email of their resource's bookers only", async () => {
    expect(await userAs(resAdmin, 'booker')).toMatchObject({
      email: 'booker@example.edu',
      phone: '13800000002',
      role: null,
      cardNo: null,
    });
    // a participant is no booker of the resource
    expect(await userAs(resAdmin, 'bystander')).toMatchObject({ email: null, phone: null });
  });

  it('shows the tenant administrator everything; another tenant sees none of these users', async () => {
    expect(await userAs(admin, 'booker')).toMatchObject({
      email: 'booker@example.edu',
      phone: '13800000002',
      role: 'user',
      cardNo: '110101200001011234',
    });
    expect(await userAs(admin, 'bystander')).toMatchObject({ email: 'bystander@example.edu' });
    expect(await userAs(foreignAdmin, 'booker')).toBeUndefined();
  });
});

describe('participants in booking lists', () => {
  it("hides a participant's phone and email from the booker; the booker's own stay", async () => {
    const mine = await participantsIn(booker, MINE, 'findAppointmentInformationAllForAccount');
    expect(mine).toMatchObject({ email: 'booker@example.edu', phone: '13800000002' });
    // (participants come in no particular order)
    expect(mine!.appointmentParticipantList).toHaveLength(2);
    expect(mine!.appointmentParticipantList).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ participant_id: 'bystander', participant_name: '旁观者', mobile: null, email: null }),
        expect.objectContaining({ participant_id: 'booker', mobile: '13800000002', email: 'booker@example.edu' }),
      ]),
    );
  });

  it("shows them to the resource's administrator and the tenant administrator", async () => {
    for (const token of [resAdmin, admin]) {
      const all = await participantsIn(token, ALL, 'findAppointmentInformationAllForAppointMent');
      expect(all!.appointmentParticipantList.find((p) => p.participant_id === 'bystander')).toMatchObject({
        mobile: '13800000003',
        email: 'bystander@example.edu',
      });
    }
  });

  it('lists nothing of it to an ordinary user or another tenant', async () => {
    const res = await t.gql('apps_yy_sys', ALL, { token: student, variables: {} });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await participantsIn(foreignAdmin, ALL, 'findAppointmentInformationAllForAppointMent')).toBeUndefined();
  });
});
