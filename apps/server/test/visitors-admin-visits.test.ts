/**
 * The visitor back office's visits slice through the API: the administrators' list filters,
 * deleting visits (seats freed, passes revoked, audited), the invitation bearers (and the check
 * where invitations are saved) and the statistics (counts kept after anonymisation), as
 * anonymous, visitor, ordinary user, host, visitor administrator, tenant administrator and
 * another tenant. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { errorTexts } from '@yuyue/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { seatsTaken } from '../src/modules/booking/booking.repository.ts';
import {
  insertDepartment,
  insertPost,
  insertPosition,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { dayWindow } from '../src/modules/visitors/visitors.appointments.rules.ts';
import { visitorClock } from '../src/modules/visitors/visitors.appointments.viewer.ts';
import { sealPhone, visitorAccountOf } from '../src/modules/visitors/visitors.crypto.ts';
import {
  visitorAdminPermissions,
  visitorAppointments,
  visitorOverallSettings,
  visitorEntries,
  visitorInvitationBearers,
  visitorPasses,
  visitors,
} from '../src/modules/visitors/visitors.tables.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { NOW, ZONE, badmintonType, makeResource, makeType, model, submit } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';
import { visitorKeys } from '../src/platform/data-key.ts';

const DAY = '2030-01-03';
const SAVE = `mutation($model: VisitorAppointmentInput!) { saveVisitorAppointment(model: $model) { errcode msg msg_en ids } }`;
const AUDIT = `mutation($id: String!, $state: String!, $reason: String) {
  auditVisitorAppointment(id: $id, state: $state, reason: $reason) { errcode msg msg_en ids } }`;
const LIST = `query($filter: VisitorAppointmentFilterMap, $appointmentDate: [String]) {
  findVisitorAppointmentInformationAll(paging: { first: 50 }, filter: $filter, appointmentDate: $appointmentDate) {
    totalCount edges { node { id visitor_name phone state accept_visit_name created_user_name } } } }`;
const DELETE = `mutation($ids: [String]!) { batchDeleteVisitorAppointmentInformation(ids: $ids) { errcode msg msg_en ids } }`;
const BEARERS = `query($bearer_type: String, $name: String) { findVisitorInvitationBearerList(bearer_type: $bearer_type, name: $name) {
  id bearer_type bearer_id bearer_name is_enable mod_user mod_time } }`;
const ADD_BEARERS = `mutation($models: [VisitorInvitationBearerInput!]!) { saveVisitorInvitationBearers(models: $models) {
  errcode msg msg_en ids } }`;
const BEARER_STATE = `mutation($ids: [String!]!, $is_enable: Int!) { updateVisitorInvitationBearerState(ids: $ids, is_enable: $is_enable) {
  errcode msg msg_en ids } }`;
const DELETE_BEARERS = `mutation($ids: [String!]!) { deleteVisitorInvitationBearers(ids: $ids) { errcode msg msg_en ids } }`;
const STATS = `query($category: String!, $timeStr: String, $week: String, $month: String, $year: String, $resourcesIds: String) {
  findVisitorAppointmentDataStatistics(category: $category, timeStr: $timeStr, week: $week, month: $month, year: $year,
    resourcesIds: $resourcesIds) {
    category from to total_visits total_approved total_entries peak_hour
    periods { period visits approved rejected cancelled pending entries }
    areas { resources_id resources_name visits entries } types { visitor_type name name_en visits } hours { hour entries } } }`;

interface Person {
  id: string;
  account: string;
  token: string;
  phone: string;
  name: string;
}

let t: TestApp;
let tenantId: string;
let admin: string;
let foreignAdmin: string;
let host: Person;
let plainUser: Person;
let visitorAdmin: Person;
/** A visitor administrator whose scope is `area2` and applications (type '1'). */
let scopedAdmin: Person;
let visitor: Person;
let area: string;
let area2: string;
let seq = 0;
const phoneOf = () => `137${String(Date.now() % 10_000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;

async function makeUser(prefix: string): Promise<Person> {
  const account = `${prefix}${++seq}`;
  const phone = phoneOf();
  const name = `${prefix}名${seq}`;
  const u = await withTenant(t.database.db, tenantId, (tx) =>
    insertUser(tx, tenantId, { account, name, phone, email: `${account}@demo.edu.cn` }),
  );
  return { id: u.id, account, phone, name, token: await t.tokenFor(account) };
}

async function makeVisitor(): Promise<Person> {
  const phone = phoneOf();
  const keys = visitorKeys(t.config);
  const account = visitorAccountOf(keys, tenantId, phone);
  const name = `来宾${++seq}`;
  const u = await withTenant(t.database.db, tenantId, async (tx) => {
    const u = await insertUser(tx, tenantId, { account, name, role: 'visitor' });
    await tx
      .insert(visitors)
      .values({ tenant_id: tenantId, user_id: u.id, visitor_name: name, ...sealPhone(keys, tenantId, phone) });
    return u;
  });
  return { id: u.id, account, phone, name, token: await t.tokenFor(account) };
}

async function gql(token: string | undefined, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.status).toBe(200);
  return res.body as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
}
const codeOf = (body: Awaited<ReturnType<typeof gql>>) => body.errors?.[0]?.extensions?.code;
const resultOf = (body: Awaited<ReturnType<typeof gql>>) =>
  Object.values(body.data ?? {})[0] as { errcode: string; msg: string; msg_en: string; ids: string[] } | null;

/** A mutation refused by the service: errcode 500 with the catalogue's zh and en texts of `code`. */
async function refused(
  token: string,
  query: string,
  variables: Record<string, unknown>,
  code: Parameters<typeof errorTexts>[0],
) {
  const result = resultOf(await gql(token, query, variables));
  expect(result).toMatchObject({ errcode: '500' });
  const texts = errorTexts(code);
  expect(result!.msg_en.startsWith(texts.en.split('{')[0]!)).toBe(true);
  expect(result!.msg.startsWith(texts.zh.split('{')[0]!)).toBe(true);
}

async function apply(v: Person, extra: Record<string, unknown> = {}): Promise<string> {
  const result = resultOf(
    await gql(v.token, SAVE, {
      model: { in_school_date: DAY, in_school_area: area, accept_visit_phone: host.phone, ...extra },
    }),
  );
  expect(result?.errcode, JSON.stringify(result)).toBe('0');
  return result!.ids[0]!;
}

async function invite(p: Person) {
  return resultOf(
    await gql(p.token, SAVE, {
      model: { visitor_type: '2', visitor_name: '受邀人', phone: phoneOf(), in_school_date: DAY, in_school_area: area },
    }),
  );
}

const used = (areaId: string) =>
  withTenant(t.database.db, tenantId, (tx) =>
    seatsTaken(tx, tenantId, { resources_id: areaId, ...dayWindow(DAY, ZONE) }),
  );

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.demoTenantId;
  visitorClock.now = () => NOW;
  bookingClock.now = () => NOW;
  admin = await t.tokenFor('admin');
  foreignAdmin = await t.tokenFor('admin', await t.createOtherTenant('vav2'));
  const type = await makeType(t, admin, { appointment_category: 'visitor' });
  area = (await makeResource(t, admin, type, { available_number: 500 })).id;
  area2 = (await makeResource(t, admin, type, { available_number: 500 })).id;
  // the demo tenant's seeded areas aside: every visitor area is open
  await withTenant(t.database.db, tenantId, async (tx) => {
    const done = await tx
      .update(visitorOverallSettings)
      .set({ apply_school_resources: '' })
      .where(eq(visitorOverallSettings.tenant_id, tenantId))
      .returning();
    if (!done.length) await tx.insert(visitorOverallSettings).values({ tenant_id: tenantId });
  });
  host = await makeUser('avhost');
  plainUser = await makeUser('avplain');
  visitorAdmin = await makeUser('avadm');
  visitor = await makeVisitor();
  scopedAdmin = await makeUser('avscoped');
  await withTenant(t.database.db, tenantId, (tx) =>
    tx.insert(visitorAdminPermissions).values([
      { tenant_id: tenantId, admin_user: visitorAdmin.account, permission: 'admin' },
      {
        tenant_id: tenantId,
        admin_user: scopedAdmin.account,
        permission: 'admin',
        scope_areas: area2,
        scope_types: '1',
      },
    ]),
  );
}, 120_000);

afterAll(async () => {
  visitorClock.now = () => Date.now();
  bookingClock.now = () => Date.now();
  await t?.close();
});

describe('who may call the back-office operations', () => {
  const calls: [string, Record<string, unknown>][] = [
    [DELETE, { ids: [randomUUID()] }],
    [BEARERS, {}],
    [ADD_BEARERS, { models: [{ bearer_type: 'user', bearer_id: randomUUID() }] }],
    [BEARER_STATE, { ids: [randomUUID()], is_enable: 0 }],
    [DELETE_BEARERS, { ids: [randomUUID()] }],
    [STATS, { category: 'month', month: '2030-01' }],
  ];
  it('anonymous and visitors are refused by the policy, an ordinary user and a host by the service', async () => {
    for (const [q, v] of calls) {
      expect(codeOf(await gql(undefined, q, v)), q).toBe('UNAUTHENTICATED');
      expect(codeOf(await gql(visitor.token, q, v)), q).toBe('FORBIDDEN');
      for (const who of [plainUser, host]) {
        expect(codeOf(await gql(who.token, q, v)), q).toBe('FORBIDDEN');
      }
    }
  });
});

describe('visits: the administrators list and delete', () => {
  it('filters by host and date range; deletes frees seats, revokes passes, audits; nothing for others', async () => {
    const before = await used(area);
    const id = await apply(visitor, { peers: 2 });
    const other = await apply(visitor);
    expect(await used(area)).toBe(before + 4);
    // a pass issued for the first
    await withTenant(t.database.db, tenantId, (tx) =>
      tx.insert(visitorPasses).values({
        tenant_id: tenantId,
        serial: `S${seq}x`,
        kind: 'visit',
        ref_id: id,
        kid: 'k',
        valid_from: new Date(NOW),
        valid_to: new Date(NOW + 86_400_000 * 3),
      }),
    );
    // the host filter (by the host's name) and the date range
    const hostName = host.name;
    for (const token of [visitorAdmin.token, admin]) {
      const listed = (await gql(token, LIST, { filter: { host: { like: hostName } }, appointmentDate: [DAY, DAY] }))
        .data!.findVisitorAppointmentInformationAll as {
        totalCount: number;
        edges: { node: { id: string; phone: string } }[];
      };
      const ids = listed.edges.map((e) => e.node.id);
      expect(ids).toEqual(expect.arrayContaining([id, other]));
      expect(listed.edges.every((e) => e.node.phone.includes('****'))).toBe(true);
    }
    const none = (await gql(admin, LIST, { filter: { host: { like: 'nobody-such' } } })).data!
      .findVisitorAppointmentInformationAll as { totalCount: number };
    expect(none.totalCount).toBe(0);
    const outOfRange = (await gql(admin, LIST, { appointmentDate: ['2030-02-01', '2030-02-02'] })).data!
      .findVisitorAppointmentInformationAll as { totalCount: number };
    expect(outOfRange.totalCount).toBe(0);

    // another tenant's administrator, an unknown id alongside a real one: refused, nothing deleted
    await refused(foreignAdmin, DELETE, { ids: [id] }, 'VISIT_NOT_FOUND');
    await refused(visitorAdmin.token, DELETE, { ids: [id, randomUUID()] }, 'VISIT_NOT_FOUND');
    // outside the scope of an administrator limited to another area
    await refused(scopedAdmin.token, DELETE, { ids: [id] }, 'VISIT_NOT_FOUND');
    await refused(visitorAdmin.token, DELETE, { ids: ['not-an-id'] }, 'VISIT_NOT_FOUND');
    await refused(visitorAdmin.token, DELETE, { ids: [] }, 'VISIT_BATCH_SIZE');
    expect(await used(area)).toBe(before + 4);

    const result = resultOf(await gql(visitorAdmin.token, DELETE, { ids: [id] }));
    expect(result).toMatchObject({ errcode: '0', ids: [id] });
    expect(await used(area)).toBe(before + 1);
    const [row] = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(visitorAppointments).where(eq(visitorAppointments.id, id)),
    );
    expect(row).toMatchObject({ del: 1, seats_held: false });
    const passes = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(visitorPasses).where(eq(visitorPasses.ref_id, id)),
    );
    expect(passes.every((p) => p.revoked_at !== null)).toBe(true);
    const logs = await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .select()
        .from(operateLogs)
        .where(and(eq(operateLogs.operate_module, 'visitor'), eq(operateLogs.operate_type, 'batchDelete'))),
    );
    expect(logs.some((l) => l.operate_object.includes(id))).toBe(true);
    // gone from the list; deleting it again: not found
    const after = (await gql(admin, LIST, { filter: { host: { like: hostName } } })).data!
      .findVisitorAppointmentInformationAll as { edges: { node: { id: string } }[] };
    expect(after.edges.map((e) => e.node.id)).not.toContain(id);
    await refused(admin, DELETE, { ids: [id] }, 'VISIT_NOT_FOUND');
    // the tenant administrator deletes the other
    expect(resultOf(await gql(admin, DELETE, { ids: [other] }))).toMatchObject({ errcode: '0' });
    expect(await used(area)).toBe(before);
  });
});

describe("the spec's name batchDeleteAppointmentInformation", () => {
  const SPEC_DELETE = `mutation($ids: [String]!) { batchDeleteAppointmentInformation(ids: $ids) { errcode msg msg_en ids } }`;
  const delOf = async (id: string) => {
    const [row] = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select({ del: visitorAppointments.del }).from(visitorAppointments).where(eq(visitorAppointments.id, id)),
    );
    return row!.del;
  };

  it('deletes visits as batchDeleteVisitorAppointmentInformation does, for the same callers; a mix with bookings is refused', async () => {
    const before = await used(area);
    const id = await apply(visitor, { peers: 1 });
    const inScope = await apply(visitor, { in_school_area: area2 });
    const room = await makeResource(t, admin, await badmintonType(t, admin));
    const booked = await submit(t, plainUser.token, {
      model: model(room.id, DAY),
      timeSlotIdList: [room.slots[0]!.id],
    });
    expect(booked.code).toBe('0');
    const bookingId = booked.ids[0] as string;

    expect(codeOf(await gql(undefined, SPEC_DELETE, { ids: [id] }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(visitor.token, SPEC_DELETE, { ids: [id] }))).toBe('FORBIDDEN');
    for (const who of [plainUser, host]) {
      expect(codeOf(await gql(who.token, SPEC_DELETE, { ids: [id] }))).toBe('FORBIDDEN');
      expect(codeOf(await gql(who.token, SPEC_DELETE, { ids: [bookingId] }))).toBe('FORBIDDEN');
    }
    // a visitor administrator deletes visits, not bookings
    expect(codeOf(await gql(visitorAdmin.token, SPEC_DELETE, { ids: [bookingId] }))).toBe('FORBIDDEN');
    await refused(foreignAdmin, SPEC_DELETE, { ids: [id] }, 'APPOINTMENT_NOT_FOUND');
    await refused(scopedAdmin.token, SPEC_DELETE, { ids: [id] }, 'VISIT_NOT_FOUND');
    await refused(admin, SPEC_DELETE, { ids: [id, bookingId] }, 'APPOINTMENT_IDS_MIXED');
    await refused(admin, SPEC_DELETE, { ids: [id, randomUUID()] }, 'APPOINTMENT_IDS_MIXED');
    expect(await delOf(id)).toBe(0);
    expect(await used(area)).toBe(before + 2);

    expect(resultOf(await gql(visitorAdmin.token, SPEC_DELETE, { ids: [id] }))).toMatchObject({
      errcode: '0',
      ids: [id],
    });
    expect(await delOf(id)).toBe(1);
    expect(await used(area)).toBe(before);
    // the scoped administrator deletes a visit of their area and type; the tenant administrator any
    expect(resultOf(await gql(scopedAdmin.token, SPEC_DELETE, { ids: [inScope] }))).toMatchObject({ errcode: '0' });
    expect(await delOf(inScope)).toBe(1);
    const another = await apply(visitor);
    expect(resultOf(await gql(admin, SPEC_DELETE, { ids: [another] }))).toMatchObject({ errcode: '0' });
    // a deleted visit is no longer one: the bookings' answer
    await refused(admin, SPEC_DELETE, { ids: [id] }, 'APPOINTMENT_NOT_FOUND');
    // bookings are still the tenant administrator's (one still to come is refused, as before)
    await refused(admin, SPEC_DELETE, { ids: [bookingId] }, 'DELETE_NOT_FINISHED');
  });
});

describe('invitation bearers', () => {
  it('with enabled bearers only the departments (and below), posts and users listed may invite', async () => {
    const { parent, child, post } = await withTenant(t.database.db, tenantId, async (tx) => {
      const parent = await insertDepartment(tx, tenantId, { name: `访客学院${seq}`, code: `avd${++seq}` });
      const child = await insertDepartment(tx, tenantId, {
        name: `访客系${seq}`,
        code: `avd${++seq}`,
        parent: parent.id,
      });
      const post = await insertPost(tx, tenantId, { name: `接待岗${seq}`, code: `avp${++seq}` });
      return { parent, child, post };
    });
    const inChild = await makeUser('avchild');
    const withPost = await makeUser('avpost');
    const listed = await makeUser('avlisted');
    await withTenant(t.database.db, tenantId, async (tx) => {
      await insertPosition(tx, tenantId, { user_id: inChild.id, dept_id: child.id, post_id: null });
      await insertPosition(tx, tenantId, { user_id: withPost.id, dept_id: null, post_id: post.id });
    });
    // tenant-wide: an administrator with a scope may not manage them
    expect(codeOf(await gql(scopedAdmin.token, BEARERS, {}))).toBe('FORBIDDEN');
    expect(
      codeOf(await gql(scopedAdmin.token, ADD_BEARERS, { models: [{ bearer_type: 'dept', bearer_id: parent.id }] })),
    ).toBe('FORBIDDEN');
    // nobody listed: everyone may invite
    expect((await invite(plainUser))?.errcode).toBe('0');

    await refused(
      visitorAdmin.token,
      ADD_BEARERS,
      { models: [{ bearer_type: 'team', bearer_id: parent.id }] },
      'VISITOR_BEARER_INVALID',
    );
    await refused(
      visitorAdmin.token,
      ADD_BEARERS,
      { models: [{ bearer_type: 'dept', bearer_id: randomUUID() }] },
      'VISITOR_BEARER_INVALID',
    );
    // another tenant does not know this tenant's departments
    await refused(
      foreignAdmin,
      ADD_BEARERS,
      { models: [{ bearer_type: 'dept', bearer_id: parent.id }] },
      'VISITOR_BEARER_INVALID',
    );
    const added = resultOf(
      await gql(visitorAdmin.token, ADD_BEARERS, {
        models: [
          { bearer_type: 'dept', bearer_id: parent.id },
          { bearer_type: 'post', bearer_id: post.id },
          { bearer_type: 'user', bearer_id: listed.id },
        ],
      }),
    );
    expect(added).toMatchObject({ errcode: '0' });
    expect(added!.ids).toHaveLength(3);
    // adding one again keeps it
    expect(
      resultOf(await gql(admin, ADD_BEARERS, { models: [{ bearer_type: 'dept', bearer_id: parent.id }] })),
    ).toMatchObject({
      errcode: '0',
      ids: [],
    });
    const list = (await gql(admin, BEARERS, {})).data!.findVisitorInvitationBearerList as {
      id: string;
      bearer_type: string;
      bearer_name: string;
      is_enable: number;
    }[];
    expect(list.map((b) => b.bearer_name)).toEqual(expect.arrayContaining([parent.name, post.name]));
    expect(list.find((b) => b.bearer_type === 'user')?.bearer_name).toContain(listed.account);
    const byName = (await gql(admin, BEARERS, { name: parent.name })).data!
      .findVisitorInvitationBearerList as unknown[];
    expect(byName).toHaveLength(1);
    expect(((await gql(foreignAdmin, BEARERS, {})).data!.findVisitorInvitationBearerList as unknown[]).length).toBe(0);

    // who may invite now
    for (const who of [inChild, withPost, listed]) expect((await invite(who))?.errcode, who.account).toBe('0');
    await refused(
      plainUser.token,
      SAVE,
      {
        model: {
          visitor_type: '2',
          visitor_name: '受邀人',
          phone: phoneOf(),
          in_school_date: DAY,
          in_school_area: area,
        },
      },
      'VISITOR_INVITE_NOT_ALLOWED',
    );
    // a visitor's own application is not an invitation
    await apply(visitor);

    // disabled: they no longer limit anyone
    expect(codeOf(await gql(plainUser.token, BEARER_STATE, { ids: added!.ids, is_enable: 0 }))).toBe('FORBIDDEN');
    await refused(visitorAdmin.token, BEARER_STATE, { ids: added!.ids, is_enable: 7 }, 'VISITOR_BEARER_INVALID');
    await refused(foreignAdmin, BEARER_STATE, { ids: added!.ids, is_enable: 0 }, 'VISITOR_BEARER_NOT_FOUND');
    expect(resultOf(await gql(visitorAdmin.token, BEARER_STATE, { ids: added!.ids, is_enable: 0 }))).toMatchObject({
      errcode: '0',
    });
    expect((await invite(plainUser))?.errcode).toBe('0');
    // enabled again, then deleted
    expect(resultOf(await gql(admin, BEARER_STATE, { ids: added!.ids, is_enable: 1 }))).toMatchObject({ errcode: '0' });
    expect((await invite(plainUser))?.errcode).toBe('500');
    await refused(foreignAdmin, DELETE_BEARERS, { ids: added!.ids }, 'VISITOR_BEARER_NOT_FOUND');
    expect(resultOf(await gql(admin, DELETE_BEARERS, { ids: added!.ids }))).toMatchObject({ errcode: '0' });
    const left = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(visitorInvitationBearers).where(eq(visitorInvitationBearers.tenant_id, tenantId)),
    );
    expect(left).toHaveLength(0);
    expect((await invite(plainUser))?.errcode).toBe('0');
    const logs = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(operateLogs).where(eq(operateLogs.operate_module, 'visitor')),
    );
    for (const type of ['save', 'updateState', 'delete'])
      expect(
        logs.some((l) => l.operate_type === type && l.operate_content.includes(parent.name)),
        type,
      ).toBe(true);
  });
});

describe('statistics', () => {
  it('counts visits and entries per period, area, type and hour, kept after anonymisation', async () => {
    const q = { category: 'month', month: '2030-01', resourcesIds: area2 };
    const base = (await gql(admin, STATS, q)).data!.findVisitorAppointmentDataStatistics as {
      total_visits: number;
      total_approved: number;
      total_entries: number;
    };
    expect(base).toMatchObject({ total_visits: 0, total_approved: 0, total_entries: 0 });

    const a = await apply(visitor, { in_school_area: area2 });
    const b = await apply(visitor, { in_school_area: `${area2},${area}` });
    expect(resultOf(await gql(host.token, AUDIT, { id: a, state: '2' }))).toMatchObject({ errcode: '0' });
    // two entries at 09:xx and one at 14:xx local time on DAY, one repeat (not counted)
    const at = (h: number, m: number) => new Date(dayWindow(DAY, ZONE).starts_at.getTime() + (h * 60 + m) * 60_000);
    await withTenant(t.database.db, tenantId, (tx) =>
      tx.insert(visitorEntries).values([
        { tenant_id: tenantId, apply_id: a, arrive_time: at(9, 5), arrival_place: area2, entry_key: `k${seq}a` },
        { tenant_id: tenantId, apply_id: a, arrive_time: at(9, 40), arrival_place: area2, entry_key: `k${seq}b` },
        {
          tenant_id: tenantId,
          apply_id: a,
          arrive_time: at(9, 41),
          arrival_place: area2,
          entry_key: `k${seq}c`,
          repeat: true,
        },
        { tenant_id: tenantId, apply_id: b, arrive_time: at(14, 0), arrival_place: area2, entry_key: `k${seq}d` },
      ]),
    );
    type Stats = {
      category: string;
      from: string;
      to: string;
      total_visits: number;
      total_approved: number;
      total_entries: number;
      peak_hour: number;
      periods: { period: string; visits: number; approved: number; pending: number; entries: number }[];
      areas: { resources_id: string; visits: number; entries: number }[];
      types: { visitor_type: string; visits: number }[];
      hours: { hour: number; entries: number }[];
    };
    const check = (s: Stats) => {
      expect(s).toMatchObject({
        category: 'month',
        from: '2030-01-01',
        to: '2030-01-31',
        total_visits: 2,
        total_approved: 1,
        total_entries: 3,
        peak_hour: 9,
      });
      expect(s.periods).toHaveLength(31);
      expect(s.periods.find((p) => p.period === DAY)).toMatchObject({ visits: 2, approved: 1, pending: 1, entries: 3 });
      expect(s.areas.find((x) => x.resources_id === area2)).toMatchObject({ visits: 2, entries: 3 });
      expect(s.areas.find((x) => x.resources_id === area)).toBeUndefined();
      expect(s.types.find((x) => x.visitor_type === '1')?.visits).toBe(2);
      expect(s.hours.find((h) => h.hour === 9)?.entries).toBe(2);
      expect(s.hours.find((h) => h.hour === 14)?.entries).toBe(1);
    };
    for (const token of [admin, visitorAdmin.token])
      check((await gql(token, STATS, q)).data!.findVisitorAppointmentDataStatistics as Stats);

    // the other periods: the week (Monday 2029-12-31 to Sunday), the day, the year
    const week = (await gql(admin, STATS, { category: 'week', week: DAY, resourcesIds: area2 })).data!
      .findVisitorAppointmentDataStatistics as Stats;
    expect(week).toMatchObject({ from: '2029-12-31', to: '2030-01-06', total_visits: 2, total_entries: 3 });
    expect(week.periods.map((p) => p.period)).toHaveLength(7);
    const day = (await gql(admin, STATS, { category: 'day', timeStr: DAY, resourcesIds: area2 })).data!
      .findVisitorAppointmentDataStatistics as Stats;
    expect(day).toMatchObject({ from: DAY, to: DAY, total_visits: 2, total_entries: 3 });
    const year = (await gql(admin, STATS, { category: 'year', year: '2030', resourcesIds: area2 })).data!
      .findVisitorAppointmentDataStatistics as Stats;
    expect(year.periods.find((p) => p.period === '2030-01')).toMatchObject({ visits: 2, entries: 3 });
    const empty = (await gql(admin, STATS, { category: 'day', timeStr: '2030-01-04', resourcesIds: area2 })).data!
      .findVisitorAppointmentDataStatistics as Stats;
    expect(empty).toMatchObject({ total_visits: 0, total_entries: 0, peak_hour: -1 });

    // anonymised (as the retention job leaves them): the counts stay
    await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .update(visitorAppointments)
        .set({
          visitor_name: '',
          phone_enc: '',
          phone_hash: '',
          phone_mask: '',
          info: {},
          anonymised_at: new Date(NOW),
        })
        .where(eq(visitorAppointments.in_school_area, area2)),
    );
    check((await gql(admin, STATS, q)).data!.findVisitorAppointmentDataStatistics as Stats);
    // a scoped administrator (area2, applications): visits all of whose areas are theirs, entries at their areas
    const scoped = (await gql(scopedAdmin.token, STATS, q)).data!.findVisitorAppointmentDataStatistics as Stats;
    expect(scoped).toMatchObject({ total_visits: 1, total_approved: 1, total_entries: 3 });
    expect(scoped.areas.map((x) => x.resources_id)).toEqual([area2]);
    expect(scoped.types.map((x) => x.visitor_type)).toEqual(['1']);
    const all = (await gql(scopedAdmin.token, STATS, { category: 'month', month: '2030-01' })).data!
      .findVisitorAppointmentDataStatistics as Stats;
    expect(all.areas.map((x) => x.resources_id)).toEqual([area2]);
    expect(codeOf(await gql(scopedAdmin.token, STATS, { category: 'month', resourcesIds: area }))).toBe('FORBIDDEN');
    // another tenant sees none of it
    const foreign = (await gql(foreignAdmin, STATS, q)).data!.findVisitorAppointmentDataStatistics as Stats;
    expect(foreign).toMatchObject({ total_visits: 0, total_entries: 0 });

    // bad requests
    for (const bad of [
      { category: 'decade' },
      { category: 'day', timeStr: '2030-02-30' },
      { category: 'month', month: '2030-13' },
      { category: 'year', year: '20x0' },
      { category: 'month', resourcesIds: 'nope' },
    ]) {
      const body = await gql(admin, STATS, bad);
      expect(codeOf(body), JSON.stringify(bad)).toBe('VISITOR_STATS_INVALID');
    }
  });
});
