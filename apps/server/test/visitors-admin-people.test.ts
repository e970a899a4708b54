/**
 * Visitor back office, people: the visitor administrators' scope (areas, visitor types) on the
 * visits' list, detail, decisions and passes, as a scoped and an unscoped visitor administrator,
 * a tenant administrator, a host, an ordinary user, a visitor and another tenant. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { departments, posts, userPositions, users } from '../src/modules/directory/directory.tables.ts';
import { inScope } from '../src/modules/visitors/visitors.access.ts';
import { visitorRetentionJob } from '../src/modules/visitors/visitors.admin-people.service.ts';
import { dayWindow } from '../src/modules/visitors/visitors.appointments.rules.ts';
import { visitorClock } from '../src/modules/visitors/visitors.appointments.viewer.ts';
import { sealPhone, visitorAccountOf } from '../src/modules/visitors/visitors.crypto.ts';
import {
  visitorAdminPermissions,
  visitorAppointments,
  visitorDetailSettings,
  visitorEntries,
  visitorLongTerms,
  visitorOverallSettings,
  visitorPasses,
  visitors,
} from '../src/modules/visitors/visitors.tables.ts';
import { NOW, ZONE, makeResource, makeType } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';
import { visitorKeys } from '../src/platform/data-key.ts';

const DAY = '2030-01-03';
const LIST = `query($filter: VisitorAppointmentFilterMap, $only_flow: String) {
  findVisitorAppointmentInformationAll(paging: { first: 100 }, filter: $filter, only_flow: $only_flow) {
    totalCount edges { node { id } } } }`;
const DETAIL = `query($id: String!, $whole: Boolean) { findVisitorAppointmentDetail(id: $id, whole: $whole) { id phone } }`;
const AUDIT = `mutation($id: String!, $state: String!, $reason: String) {
  auditVisitorAppointment(id: $id, state: $state, reason: $reason) { errcode msg msg_en ids } }`;
const CANCEL = `mutation($id: String!, $reason: String) { cancelVisitorAppointment(id: $id, reason: $reason) { errcode msg msg_en } }`;

let t: TestApp;
let tenantId: string;
let admin: string;
let foreignAdmin: string;
let areaA: string;
let areaB: string;
let seq = 0;

interface Person {
  id: string;
  account: string;
  token: string;
}

async function gql(token: string | undefined, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.status).toBe(200);
  return res.body;
}
const codeOf = (body: { errors?: { extensions?: Record<string, unknown> }[] }) => body.errors?.[0]?.extensions?.code;
const NOT_FOUND = 'The visit does not exist';
/** A refused mutation's English message (errcode 500) or its error code. */
async function refused(token: string | undefined, query: string, variables: Record<string, unknown>) {
  const body = await gql(token, query, variables);
  const result = Object.values(body.data ?? {})[0] as { errcode: string; msg: string; msg_en: string } | null;
  if (result) {
    expect(result.errcode).toBe('500');
    expect(result.msg).toBeTruthy();
    return result.msg_en;
  }
  return codeOf(body);
}

async function makeUser(prefix: string): Promise<Person> {
  const account = `${prefix}${++seq}`;
  const u = await withTenant(t.database.db, tenantId, (tx) =>
    insertUser(tx, tenantId, { account, name: `用户${seq}`, phone: `1370000${String(seq).padStart(4, '0')}` }),
  );
  return { id: u.id, account, token: await t.tokenFor(account) };
}

/** A directory user holding the visitor 'admin' right with this scope. */
async function makeVisitorAdmin(prefix: string, scope: { areas?: string[]; types?: string[] } = {}) {
  const p = await makeUser(prefix);
  await withTenant(t.database.db, tenantId, (tx) =>
    tx.insert(visitorAdminPermissions).values({
      tenant_id: tenantId,
      admin_user: p.account,
      permission: 'admin',
      scope_areas: (scope.areas ?? []).join(','),
      scope_types: (scope.types ?? []).join(','),
    }),
  );
  return p;
}

async function makeVisitor(): Promise<Person & { visitorId: string; phone: string }> {
  const keys = visitorKeys(t.config);
  const phone = `1390000${String(++seq).padStart(4, '0')}`;
  const account = visitorAccountOf(keys, tenantId, phone);
  const { u, v } = await withTenant(t.database.db, tenantId, async (tx) => {
    const u = await insertUser(tx, tenantId, { account, name: `访客${seq}`, role: 'visitor' });
    const [v] = await tx
      .insert(visitors)
      .values({ tenant_id: tenantId, user_id: u.id, visitor_name: `访客${seq}`, ...sealPhone(keys, tenantId, phone) })
      .returning();
    return { u, v: v! };
  });
  return { id: u.id, account, phone, visitorId: v.id, token: await t.tokenFor(account) };
}

/** A visit stored as an application would leave it (state 1: awaiting the second level). */
async function makeVisit(
  visitor: { visitorId: string; phone: string },
  host: Person,
  areas: string[],
  type = '1',
  state = 1,
): Promise<string> {
  const keys = visitorKeys(t.config);
  const w = dayWindow(DAY, ZONE);
  const [row] = await withTenant(t.database.db, tenantId, (tx) =>
    tx
      .insert(visitorAppointments)
      .values({
        tenant_id: tenantId,
        visitor_id: visitor.visitorId,
        visitor_name: '王访客',
        ...sealPhone(keys, tenantId, visitor.phone),
        visitor_type: type,
        in_school_date: DAY,
        valid_from: w.starts_at,
        valid_to: w.ends_at,
        in_school_area: areas.join(','),
        host_user_id: host.id,
        host_account: host.account,
        created_user: type === '1' ? '' : host.account,
        state,
      })
      .returning({ id: visitorAppointments.id }),
  );
  return row!.id;
}

async function listIds(token: string, variables: Record<string, unknown> = {}) {
  const body = await gql(token, LIST, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return (body.data!.findVisitorAppointmentInformationAll as { edges: { node: { id: string } }[] }).edges.map(
    (e) => e.node.id,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.demoTenantId;
  visitorClock.now = () => NOW;
  bookingClock.now = () => NOW;
  admin = await t.tokenFor('admin');
  foreignAdmin = await t.tokenFor('admin', await t.createOtherTenant('vp2'));
  const type = await makeType(t, admin, { appointment_category: 'visitor' });
  areaA = (await makeResource(t, admin, type, { available_number: 0 })).id;
  areaB = (await makeResource(t, admin, type, { available_number: 0 })).id;
  await withTenant(t.database.db, tenantId, async (tx) => {
    await tx.delete(visitorOverallSettings).where(eq(visitorOverallSettings.tenant_id, tenantId));
    await tx.insert(visitorOverallSettings).values({ tenant_id: tenantId, apply_school_resources: '' });
    for (const visitor_type of ['1', '2']) {
      await tx
        .delete(visitorDetailSettings)
        .where(
          and(eq(visitorDetailSettings.tenant_id, tenantId), eq(visitorDetailSettings.visitor_type, visitor_type)),
        );
      await tx.insert(visitorDetailSettings).values({
        tenant_id: tenantId,
        visitor_type,
        is_invite_school_flow_path: 1,
        is_enable_second_level: 1,
      });
    }
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('inScope', () => {
  const a = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
  const b = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
  it('covers what every area and the type are in; empty lists cover all', () => {
    expect(inScope({ areas: [], types: [] }, { areas: '', visitor_type: '2' })).toBe(true);
    expect(inScope({ areas: [a], types: [] }, { areas: a, visitor_type: '2' })).toBe(true);
    expect(inScope({ areas: [a], types: [] }, { areas: `${a},${b}`, visitor_type: '2' })).toBe(false);
    expect(inScope({ areas: [a], types: [] }, { areas: [], visitor_type: '2' })).toBe(false);
    expect(inScope({ areas: [a, b], types: [] }, { areas: [b.toUpperCase()] })).toBe(true);
    expect(inScope({ areas: [], types: ['1'] }, { areas: a, visitor_type: '2' })).toBe(false);
    expect(inScope({ areas: [], types: ['1', '2'] }, { areas: a, visitor_type: '2' })).toBe(true);
    expect(inScope({ areas: [], types: ['1'] }, { areas: a })).toBe(true);
  });
});

describe('visitor administrators see and decide only what their scope covers', () => {
  let host: Person;
  let plain: Person;
  let visitor: Person & { visitorId: string; phone: string };
  let areaAdmin: Person;
  let typeAdmin: Person;
  let wholeAdmin: Person;
  let inA: string;
  let inB: string;
  let inAB: string;
  let invitedA: string;

  beforeAll(async () => {
    host = await makeUser('sphost');
    plain = await makeUser('spplain');
    visitor = await makeVisitor();
    areaAdmin = await makeVisitorAdmin('spareaadm', { areas: [areaA] });
    typeAdmin = await makeVisitorAdmin('sptypeadm', { types: ['2'] });
    wholeAdmin = await makeVisitorAdmin('spwholeadm');
    inA = await makeVisit(visitor, host, [areaA]);
    inB = await makeVisit(visitor, host, [areaB]);
    inAB = await makeVisit(visitor, host, [areaA, areaB]);
    invitedA = await makeVisit(visitor, host, [areaA], '2');
  });

  it('lists: an area-scoped administrator only visits all of whose areas are theirs, a type-scoped one only that type', async () => {
    const mine = [inA, inB, inAB, invitedA];
    const byArea = await listIds(areaAdmin.token);
    expect(byArea).toEqual(expect.arrayContaining([inA, invitedA]));
    expect(byArea).not.toContain(inB);
    expect(byArea).not.toContain(inAB);
    const byType = await listIds(typeAdmin.token);
    expect(byType).toContain(invitedA);
    expect(byType.filter((id) => mine.includes(id))).toEqual([invitedA]);
    // awaiting their decision (second level): the same scope
    const awaiting = await listIds(areaAdmin.token, { only_flow: '1' });
    expect(awaiting).toEqual(expect.arrayContaining([inA, invitedA]));
    expect(awaiting).not.toContain(inB);
    for (const token of [wholeAdmin.token, admin]) expect(await listIds(token)).toEqual(expect.arrayContaining(mine));
    // a host sees what they host, an ordinary user nothing of it, a visitor their own, another tenant nothing
    expect(await listIds(host.token)).toEqual(expect.arrayContaining(mine));
    expect((await listIds(plain.token)).filter((id) => mine.includes(id))).toEqual([]);
    expect(await listIds(visitor.token)).toEqual(expect.arrayContaining(mine));
    expect((await listIds(foreignAdmin)).filter((id) => mine.includes(id))).toEqual([]);
  });

  it('details: out of scope is not found, whole numbers only inside it', async () => {
    expect(codeOf(await gql(areaAdmin.token, DETAIL, { id: inB }))).toBe('VISIT_NOT_FOUND');
    expect(codeOf(await gql(areaAdmin.token, DETAIL, { id: inAB }))).toBe('VISIT_NOT_FOUND');
    expect(codeOf(await gql(typeAdmin.token, DETAIL, { id: inA }))).toBe('VISIT_NOT_FOUND');
    const whole = await gql(areaAdmin.token, DETAIL, { id: inA, whole: true });
    expect(whole.data?.findVisitorAppointmentDetail).toMatchObject({ id: inA, phone: visitor.phone });
    expect(
      (await gql(wholeAdmin.token, DETAIL, { id: inAB, whole: true })).data?.findVisitorAppointmentDetail,
    ).toMatchObject({ phone: visitor.phone });
    expect(codeOf(await gql(plain.token, DETAIL, { id: inA }))).toBe('VISIT_NOT_FOUND');
    expect(codeOf(await gql(foreignAdmin, DETAIL, { id: inA }))).toBe('VISIT_NOT_FOUND');
    expect(codeOf(await gql(undefined, DETAIL, { id: inA }))).toBe('UNAUTHENTICATED');
  });

  it('decisions and cancellation: refused out of scope, changing nothing; allowed inside it', async () => {
    expect(await refused(areaAdmin.token, AUDIT, { id: inB, state: '2' })).toBe(NOT_FOUND);
    expect(await refused(typeAdmin.token, AUDIT, { id: inA, state: '2' })).toBe(NOT_FOUND);
    expect(await refused(areaAdmin.token, CANCEL, { id: inAB, reason: '取消' })).toBe(NOT_FOUND);
    const stateOf = async (id: string) =>
      (
        await withTenant(t.database.db, tenantId, (tx) =>
          tx
            .select({ state: visitorAppointments.state })
            .from(visitorAppointments)
            .where(eq(visitorAppointments.id, id)),
        )
      )[0]!.state;
    expect(await stateOf(inB)).toBe(1);
    expect(await stateOf(inAB)).toBe(1);
    const approved = await gql(areaAdmin.token, AUDIT, { id: inA, state: '2' });
    expect(approved.data?.auditVisitorAppointment, JSON.stringify(approved)).toMatchObject({ errcode: '0' });
    expect(await stateOf(inA)).toBe(2);
    const byType = await gql(typeAdmin.token, AUDIT, { id: invitedA, state: '3', reason: '不便' });
    expect(byType.data?.auditVisitorAppointment, JSON.stringify(byType)).toMatchObject({ errcode: '0' });
    expect(await stateOf(invitedA)).toBe(3);
    const byWhole = await gql(wholeAdmin.token, AUDIT, { id: inAB, state: '2' });
    expect(byWhole.data?.auditVisitorAppointment, JSON.stringify(byWhole)).toMatchObject({ errcode: '0' });
    expect(await refused(plain.token, AUDIT, { id: inB, state: '2' })).toBe(NOT_FOUND);
    expect(await refused(foreignAdmin, AUDIT, { id: inB, state: '2' })).toBe(NOT_FOUND);
    expect(await refused(visitor.token, AUDIT, { id: inB, state: '2' })).toBe('FORBIDDEN');
    expect(await stateOf(inB)).toBe(1);
  });
});

const LT_FIELDS = `id user_name user_id person_type dept phone permission valid_from valid_to weekdays start_time end_time
  data_source is_enable`;
const LT_LIST = `query($filter: VisitorLongTermFilterMap, $first: Int, $offset: Int) {
  findVisitorLongTermEntityList(first: $first, offset: $offset, filter: $filter) {
    totalCount pageInfo { hasNextPage } edges { node { ${LT_FIELDS} } } } }`;
const LT_SAVE = `mutation($model: VisitorLongTermInput!) { saveVisitorLongTermEntity(model: $model) { errcode msg msg_en ids } }`;
const LT_BATCH_SAVE = `mutation($models: [VisitorLongTermInput!]!) {
  batchSaveVisitorLongTermEntity(models: $models) { errcode msg msg_en ids } }`;
const LT_UPDATE = `mutation($model: VisitorLongTermInput!) { updateVisitorLongTermEntity(model: $model) { errcode msg msg_en ids } }`;
const LT_BATCH_UPDATE = `mutation($models: [VisitorLongTermInput!]!) {
  batchUpdateVisitorLongTermEntity(models: $models) { errcode msg msg_en ids } }`;
const LT_DELETE = `mutation($id: String!) { deleteVisitorLongTermEntity(id: $id) { errcode msg msg_en ids } }`;
const LT_BATCH_DELETE = `mutation($ids: [String!]!) { batchDeleteVisitorLongTermEntity(ids: $ids) { errcode msg msg_en ids } }`;
const LT_STATE = `mutation($ids: [String!]!, $is_enable: Int!) {
  updateVisitorLongTermListState(ids: $ids, is_enable: $is_enable) { errcode msg msg_en ids } }`;
const PASS = `query($id: String!) { findVisitorPass(id: $id) { serial state weekdays start_time end_time } }`;
const LOG = `query($filter: OperateLogFilterMap, $first: Int) { findVisitorOperateLogList(first: $first, filter: $filter) {
  totalCount edges { node { id operate_module operate_type operate_content operate_user_id id_address operate_time } } } }`;

async function ok(token: string, query: string, variables: Record<string, unknown>): Promise<string[]> {
  const body = await gql(token, query, variables);
  const result = Object.values(body.data ?? {})[0] as { errcode: string; ids: string[] } | null;
  expect(result?.errcode, JSON.stringify(body)).toBe('0');
  return result!.ids;
}

async function longTermList(token: string, filter: Record<string, unknown> = {}) {
  const body = await gql(token, LT_LIST, { filter, first: 200 });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const c = body.data!.findVisitorLongTermEntityList as {
    totalCount: number;
    edges: { node: Record<string, unknown> }[];
  };
  return c.edges.map((e) => e.node);
}

async function longTermRow(id: string) {
  const [row] = await withTenant(t.database.db, tenantId, (tx) =>
    tx.select().from(visitorLongTerms).where(eq(visitorLongTerms.id, id)),
  );
  return row;
}

async function passOf(token: string, id: string) {
  const body = await gql(token, PASS, { id });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!.findVisitorPass as { serial: string; state: string; weekdays: string; start_time: string };
}

async function passRows(refId: string) {
  return withTenant(t.database.db, tenantId, (tx) =>
    tx.select().from(visitorPasses).where(eq(visitorPasses.ref_id, refId)),
  );
}

describe('long-term visitors', () => {
  let plain: Person;
  let visitor: Person;
  let areaAdmin: Person;
  let wholeAdmin: Person;
  const base = (over: Record<string, unknown> = {}) => ({
    user_name: '张长期',
    person_type: '施工人员',
    dept: '外包公司',
    phone: '13811112222',
    valid_from: '2030-01-01',
    valid_to: '2030-12-31',
    weekdays: '1,2,3,4,5',
    start_time: '07:00',
    end_time: '19:00',
    ...over,
  });

  beforeAll(async () => {
    plain = await makeUser('ltplain');
    visitor = await makeVisitor();
    areaAdmin = await makeVisitorAdmin('ltareaadm', { areas: [areaA] });
    wholeAdmin = await makeVisitorAdmin('ltwholeadm');
  });

  it('adds with the phone sealed and masked, lists by name, type, state and validity; refuses bad values, storing nothing', async () => {
    const [id] = await ok(wholeAdmin.token, LT_SAVE, { model: base({ permission: areaA }) });
    const row = (await longTermRow(id!))!;
    expect(row.phone_mask).toBe('138****2222');
    expect(row.phone_enc).not.toContain('13811112222');
    expect(row.phone_hash).not.toContain('13811112222');
    const listed = (await longTermList(wholeAdmin.token, { user_name: { like: '张长' } })).find((n) => n.id === id);
    expect(listed).toMatchObject({ phone: '138****2222', weekdays: '1,2,3,4,5', start_time: '07:00', is_enable: 1 });
    expect(JSON.stringify(await longTermList(admin))).not.toContain('13811112222');
    expect((await longTermList(admin, { validity: { eq: 'current' } })).map((n) => n.id)).toContain(id);
    expect((await longTermList(admin, { validity: { eq: 'expired' } })).map((n) => n.id)).not.toContain(id);
    expect((await longTermList(admin, { is_enable: { eq: '0' } })).map((n) => n.id)).not.toContain(id);
    expect((await longTermList(admin, { person_type: { eq: '施工人员' } })).map((n) => n.id)).toContain(id);

    const count = async () => (await longTermList(admin)).length;
    const before = await count();
    expect(await refused(admin, LT_SAVE, { model: base({ valid_to: '2029-12-31' }) })).toMatch(/end date/);
    expect(await refused(admin, LT_SAVE, { model: base({ weekdays: '0,8' }) })).toMatch(/weekdays/);
    expect(await refused(admin, LT_SAVE, { model: base({ start_time: '20:00' }) })).toMatch(/end time/);
    expect(await refused(admin, LT_SAVE, { model: base({ phone: '12345' }) })).toMatch(/mobile phone/);
    expect(await refused(admin, LT_SAVE, { model: base({ user_name: ' ' }) })).toMatch(/cannot be empty/);
    expect(await refused(admin, LT_SAVE, { model: base({ permission: randomUUID() }) })).toMatch(/not an area/);
    // a batch is all or none
    expect(
      await refused(admin, LT_BATCH_SAVE, { models: [base({ user_name: '甲' }), base({ valid_from: 'x' })] }),
    ).toMatch(/start date/);
    expect(await count()).toBe(before);
    expect(
      await ok(admin, LT_BATCH_SAVE, { models: [base({ user_name: '甲' }), base({ user_name: '乙' })] }),
    ).toHaveLength(2);
    expect(await count()).toBe(before + 2);
  });

  it('an area-scoped administrator adds, sees and changes only long-term visitors of their areas', async () => {
    const [inA] = await ok(admin, LT_SAVE, { model: base({ user_name: '区域甲', permission: areaA }) });
    const [inB] = await ok(admin, LT_SAVE, { model: base({ user_name: '区域乙', permission: areaB }) });
    const [everywhere] = await ok(admin, LT_SAVE, { model: base({ user_name: '全部区域' }) });
    const seen = (await longTermList(areaAdmin.token)).map((n) => n.id);
    expect(seen).toContain(inA);
    expect(seen).not.toContain(inB);
    expect(seen).not.toContain(everywhere);
    expect(await refused(areaAdmin.token, LT_SAVE, { model: base({ permission: areaB }) })).toMatch(/scope/);
    expect(await refused(areaAdmin.token, LT_SAVE, { model: base({ permission: '' }) })).toMatch(/scope/);
    const notFound = 'The long-term visitor does not exist';
    expect(await refused(areaAdmin.token, LT_UPDATE, { model: { id: inB, user_name: '改' } })).toBe(notFound);
    expect(await refused(areaAdmin.token, LT_STATE, { ids: [inA, inB], is_enable: 0 })).toBe(notFound);
    expect(await refused(areaAdmin.token, LT_DELETE, { id: everywhere })).toBe(notFound);
    expect(await refused(areaAdmin.token, LT_UPDATE, { model: { id: inA, permission: `${areaA},${areaB}` } })).toMatch(
      /scope/,
    );
    expect((await longTermRow(inA!))!.is_enable).toBe(1);
    expect((await longTermRow(inB!))!.user_name).toBe('区域乙');
    await ok(areaAdmin.token, LT_UPDATE, { model: { id: inA, dept: '新单位' } });
    expect((await longTermRow(inA!))!.dept).toBe('新单位');
  });

  it('a change of dates, areas, weekdays, hours or state revokes the pass; a change of name keeps it', async () => {
    const [id] = await ok(admin, LT_SAVE, { model: base({ user_name: '通行证', permission: areaA }) });
    const first = await passOf(admin, id!);
    expect(first).toMatchObject({ state: 'valid', weekdays: '1,2,3,4,5', start_time: '07:00' });
    await ok(admin, LT_UPDATE, { model: { id, dept: '别的单位' } });
    expect((await passOf(admin, id!)).serial).toBe(first.serial);
    // weekdays alone (the pass's window stays: before, the old serial was kept)
    await ok(admin, LT_UPDATE, { model: { id, weekdays: '1,2,3' } });
    const second = await passOf(admin, id!);
    expect(second.serial).not.toBe(first.serial);
    expect(second.weekdays).toBe('1,2,3');
    const rows = await passRows(id!);
    expect(rows.find((r) => r.serial === first.serial)!.revoked_at).not.toBeNull();
    // hours, in a batch
    await ok(admin, LT_BATCH_UPDATE, { models: [{ id, start_time: '08:00' }] });
    const third = await passOf(admin, id!);
    expect(third.serial).not.toBe(second.serial);
    expect(third.start_time).toBe('08:00');
    // disabled: revoked, and no pass while disabled
    await ok(admin, LT_STATE, { ids: [id], is_enable: 0 });
    expect((await passRows(id!)).every((r) => r.revoked_at !== null)).toBe(true);
    expect((await longTermRow(id!))!.is_enable).toBe(0);
    expect((await longTermList(admin, { is_enable: { eq: '0' } })).map((n) => n.id)).toContain(id);
    await ok(admin, LT_STATE, { ids: [id], is_enable: 1 });
    expect((await passOf(admin, id!)).serial).not.toBe(third.serial);
    // deleted: revoked
    await ok(admin, LT_BATCH_DELETE, { ids: [id] });
    expect(await longTermRow(id!)).toBeUndefined();
    expect((await passRows(id!)).every((r) => r.revoked_at !== null)).toBe(true);
  });

  it('is refused to an ordinary user, a visitor, anonymous and another tenant, changing nothing', async () => {
    const [id] = await ok(admin, LT_SAVE, { model: base({ user_name: '拒绝' }) });
    for (const token of [plain.token]) {
      expect(codeOf(await gql(token, LT_LIST, {}))).toBe('FORBIDDEN');
      expect(await refused(token, LT_SAVE, { model: base() })).toBe('FORBIDDEN');
      expect(await refused(token, LT_STATE, { ids: [id], is_enable: 0 })).toBe('FORBIDDEN');
      expect(await refused(token, LT_DELETE, { id })).toBe('FORBIDDEN');
    }
    expect(codeOf(await gql(visitor.token, LT_LIST, {}))).toBe('FORBIDDEN');
    expect(await refused(visitor.token, LT_UPDATE, { model: { id, user_name: 'x' } })).toBe('FORBIDDEN');
    expect(codeOf(await gql(undefined, LT_LIST, {}))).toBe('UNAUTHENTICATED');
    expect(await refused(undefined, LT_DELETE, { id })).toBe('UNAUTHENTICATED');
    expect((await longTermList(foreignAdmin)).map((n) => n.id)).not.toContain(id);
    expect(await refused(foreignAdmin, LT_STATE, { ids: [id], is_enable: 0 })).toBe(
      'The long-term visitor does not exist',
    );
    expect(await refused(admin, LT_STATE, { ids: [id], is_enable: 2 })).toMatch(/enabled/);
    expect((await longTermRow(id!))!).toMatchObject({ user_name: '拒绝', is_enable: 1 });
  });
});

describe('the visitor operate log', () => {
  it("gives visitor administrators the visitor module's entries only, with who, what and where; filters by type", async () => {
    const vadmin = await makeVisitorAdmin('logadm');
    const scopedAdmin = await makeVisitorAdmin('logscoped', { areas: [areaA] });
    const plain = await makeUser('logplain');
    await ok(admin, LT_SAVE, {
      model: { user_name: '日志', valid_from: '2030-01-01', valid_to: '2030-02-01', permission: areaA },
    });
    const body = await gql(vadmin.token, LOG, { first: 200 });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const log = body.data!.findVisitorOperateLogList as {
      totalCount: number;
      edges: { node: Record<string, string> }[];
    };
    expect(log.totalCount).toBeGreaterThan(0);
    expect(new Set(log.edges.map((e) => e.node.operate_module))).toEqual(new Set(['visitor']));
    const saved = log.edges.find(
      (e) => e.node.operate_type === 'save' && (e.node.operate_content ?? '').includes('日*'),
    );
    expect(saved?.node).toMatchObject({ operate_user_id: 'admin' });
    expect(saved?.node.operate_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // a module filter cannot widen it
    const widened = await gql(admin, LOG, { first: 200, filter: { operate_module: { eq: 'user' } } });
    const nodes = (widened.data!.findVisitorOperateLogList as typeof log).edges.map((e) => e.node);
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((n) => n.operate_module === 'visitor')).toBe(true);
    const typed = await gql(admin, LOG, { first: 200, filter: { operate_type: { eq: 'updateState' } } });
    expect(
      (typed.data!.findVisitorOperateLogList as typeof log).edges.every((e) => e.node.operate_type === 'updateState'),
    ).toBe(true);
    // an administrator with a scope sees the entries of their own actions only
    await ok(scopedAdmin.token, LT_SAVE, {
      model: { user_name: '范围日志', valid_from: '2030-01-01', valid_to: '2030-02-01', permission: areaA },
    });
    const own = (await gql(scopedAdmin.token, LOG, { first: 200, filter: { operate_user_id: { eq: 'admin' } } })).data!
      .findVisitorOperateLogList as typeof log;
    expect(own.totalCount).toBeGreaterThan(0);
    expect(own.edges.every((e) => e.node.operate_user_id === scopedAdmin.account)).toBe(true);
    expect(codeOf(await gql(plain.token, LOG, {}))).toBe('FORBIDDEN');
    expect(codeOf(await gql(undefined, LOG, {}))).toBe('UNAUTHENTICATED');
    const foreign = await gql(foreignAdmin, LOG, { first: 200 });
    expect(JSON.stringify(foreign.data)).not.toContain('日*');
  });
});

describe('long-term visitors authorised through directory triples', () => {
  const TRIPLES = `query($person_type: String) { longTermAuthoritativeTriples(person_type: $person_type) {
    id long_term_id person_type user_name authorised dept_name dept_code post_name post_code user_account code } }`;
  type Triple = Record<string, unknown>;

  it("gives a person type's long-term visitors with their directory positions, within the scope", async () => {
    const staff = await makeUser('tristaff');
    const suffix = String(++seq);
    await withTenant(t.database.db, tenantId, async (tx) => {
      const [d] = await tx
        .insert(departments)
        .values({ tenant_id: tenantId, name: '后勤处', code: `hq${suffix}` })
        .returning();
      const [p] = await tx
        .insert(posts)
        .values({ tenant_id: tenantId, name: '保洁', code: `bj${suffix}` })
        .returning();
      const [p2] = await tx
        .insert(posts)
        .values({ tenant_id: tenantId, name: '绿化', code: `lh${suffix}` })
        .returning();
      await tx.insert(userPositions).values([
        { tenant_id: tenantId, user_id: staff.id, dept_id: d!.id, post_id: p!.id },
        { tenant_id: tenantId, user_id: staff.id, dept_id: d!.id, post_id: p2!.id },
      ]);
    });
    const type = `外包${suffix}`;
    const dates = { valid_from: '2030-01-01', valid_to: '2030-12-31' };
    const [linked] = await ok(admin, LT_SAVE, {
      model: { user_name: '赵外包', user_id: staff.account, person_type: type, permission: areaA, ...dates },
    });
    const [alone] = await ok(admin, LT_SAVE, {
      model: { user_name: '钱外包', person_type: type, permission: areaB, ...dates },
    });
    await ok(admin, LT_SAVE, { model: { user_name: '孙别类', person_type: `别类${suffix}`, ...dates } });

    const body = await gql(admin, TRIPLES, { person_type: type });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const rows = body.data!.longTermAuthoritativeTriples as Triple[];
    expect(rows.every((r) => r.person_type === type)).toBe(true);
    const ofLinked = rows.filter((r) => r.long_term_id === linked);
    expect(ofLinked).toHaveLength(2);
    expect(ofLinked.map((r) => r.code).sort()).toEqual([
      `hq${suffix}|bj${suffix}|${staff.account}`,
      `hq${suffix}|lh${suffix}|${staff.account}`,
    ]);
    expect(ofLinked[0]).toMatchObject({ authorised: true, dept_name: '后勤处', user_account: staff.account });
    expect(rows.filter((r) => r.long_term_id === alone)).toEqual([
      expect.objectContaining({ authorised: false, code: '', dept_name: '' }),
    ]);
    // every type when none is asked
    const all = (await gql(admin, TRIPLES, {})).data!.longTermAuthoritativeTriples as Triple[];
    expect(new Set(all.map((r) => r.person_type))).toContain(`别类${suffix}`);
    // scoped to area A: only the linked one
    const areaAdmin = await makeVisitorAdmin('triadm', { areas: [areaA] });
    const scoped = (await gql(areaAdmin.token, TRIPLES, { person_type: type })).data!
      .longTermAuthoritativeTriples as Triple[];
    expect(new Set(scoped.map((r) => r.long_term_id))).toEqual(new Set([linked]));
    // others
    expect(codeOf(await gql(staff.token, TRIPLES, {}))).toBe('FORBIDDEN');
    expect(codeOf(await gql(undefined, TRIPLES, {}))).toBe('UNAUTHENTICATED');
    const foreign = (await gql(foreignAdmin, TRIPLES, { person_type: type })).data!
      .longTermAuthoritativeTriples as Triple[];
    expect(foreign).toEqual([]);
  });
});

describe('retention', () => {
  const DAY_MS = 86_400_000;
  const deps = () => ({ config: t.config, log: t.app.log });

  async function visitOn(visitor: { visitorId: string; phone: string }, host: Person, day: string) {
    const id = await makeVisit(visitor, host, [areaA], '1', 2);
    const w = dayWindow(day, ZONE);
    await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .update(visitorAppointments)
        .set({ in_school_date: day, valid_from: w.starts_at, valid_to: w.ends_at, info: { note: '私人信息' } })
        .where(eq(visitorAppointments.id, id)),
    );
    return id;
  }

  it('anonymises visits and registrations past the period with a fake clock, revokes their passes, keeps the counts, logs a summary', async () => {
    const host = await makeUser('rthost');
    const gone = await makeVisitor();
    const stays = await makeVisitor();
    const fresh = await makeVisitor();
    await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .update(visitors)
        .set({ create_time: new Date(NOW - 400 * DAY_MS), email: 'gone@example.com', info: { a: 1 } })
        .where(inArray(visitors.id, [gone.visitorId, stays.visitorId])),
    );
    await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .update(visitors)
        .set({ create_time: new Date(NOW - 5 * DAY_MS) })
        .where(eq(visitors.id, fresh.visitorId)),
    );
    const oldVisit = await visitOn(gone, host, '2029-03-01');
    const staysOld = await visitOn(stays, host, '2029-02-01');
    const staysRecent = await visitOn(stays, host, '2029-12-20');
    await withTenant(t.database.db, tenantId, async (tx) => {
      const w = dayWindow('2029-03-01', ZONE);
      await tx.insert(visitorPasses).values({
        tenant_id: tenantId,
        serial: 'a1b2c3d4e5f60718',
        kind: 'visit',
        ref_id: oldVisit,
        kid: 'k',
        areas: areaA,
        valid_from: w.starts_at,
        valid_to: w.ends_at,
      });
      await tx.insert(visitorEntries).values({
        tenant_id: tenantId,
        apply_id: oldVisit,
        visitor_name: '王访客',
        arrive_time: new Date(w.starts_at.getTime() + 9 * 3_600_000),
        arrival_place: areaA,
        entry_key: randomUUID(),
      });
      await tx
        .update(visitorOverallSettings)
        .set({ retention_days: 180 })
        .where(eq(visitorOverallSettings.tenant_id, tenantId));
    });

    visitorClock.now = () => NOW;
    const message = await visitorRetentionJob(deps()).run(t.database.db);
    expect(message).toMatch(/anonymised \d+ visits/);

    const visit = async (id: string) =>
      (
        await withTenant(t.database.db, tenantId, (tx) =>
          tx.select().from(visitorAppointments).where(eq(visitorAppointments.id, id)),
        )
      )[0]!;
    const reg = async (id: string) =>
      (await withTenant(t.database.db, tenantId, (tx) => tx.select().from(visitors).where(eq(visitors.id, id))))[0]!;
    const old = await visit(oldVisit);
    expect(old).toMatchObject({
      visitor_name: '王**',
      phone_enc: '',
      phone_mask: '',
      info: {},
      state: 2,
      in_school_date: '2029-03-01',
    });
    expect(old.anonymised_at).not.toBeNull();
    expect((await visit(staysOld)).anonymised_at).not.toBeNull();
    const recent = await visit(staysRecent);
    expect(recent.anonymised_at).toBeNull();
    expect(recent.phone_mask).not.toBe('');

    const g = await reg(gone.visitorId);
    expect(g).toMatchObject({ phone_enc: '', phone_mask: '', card_number_enc: '', email: '', info: {}, is_valid: 0 });
    expect(g.visitor_name).toMatch(/^访\*+$/);
    expect(g.anonymised_at).not.toBeNull();
    const [u] = await withTenant(t.database.db, tenantId, (tx) => tx.select().from(users).where(eq(users.id, gone.id)));
    expect(u!.disabled).toBe(true);
    expect((await reg(stays.visitorId)).anonymised_at).toBeNull();
    expect((await reg(fresh.visitorId)).anonymised_at).toBeNull();

    expect((await passRows(oldVisit))[0]!.revoked_at).not.toBeNull();
    const [entry] = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(visitorEntries).where(eq(visitorEntries.apply_id, oldVisit)),
    );
    expect(entry!.visitor_name).toBe('王**');

    const logged = await gql(admin, LOG, { first: 20, filter: { operate_type: { eq: 'anonymise' } } });
    const entries = (logged.data!.findVisitorOperateLogList as { edges: { node: { operate_content: string } }[] })
      .edges;
    expect(entries[0]?.node.operate_content).toMatch(/保留期 180 天/);

    // a second run finds nothing more; a shorter period (30 days) and a later clock reach the recent visit
    expect(await visitorRetentionJob(deps()).run(t.database.db)).toBeUndefined();
    await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .update(visitorOverallSettings)
        .set({ retention_days: 30 })
        .where(eq(visitorOverallSettings.tenant_id, tenantId)),
    );
    visitorClock.now = () => NOW + 20 * DAY_MS;
    await visitorRetentionJob(deps()).run(t.database.db);
    expect((await visit(staysRecent)).anonymised_at).not.toBeNull();
    expect((await reg(stays.visitorId)).anonymised_at).not.toBeNull();
    visitorClock.now = () => NOW;
  });
});
