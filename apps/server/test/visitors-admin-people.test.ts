/**
 * Visitor back office, people: the visitor administrators' scope (areas, visitor types) on the
 * visits' list, detail, decisions and passes, as a scoped and an unscoped visitor administrator,
 * a tenant administrator, a host, an ordinary user, a visitor and another tenant. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { bookingClock } from '../src/modules/booking/booking.service.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { inScope } from '../src/modules/visitors/visitors.access.ts';
import { dayWindow } from '../src/modules/visitors/visitors.appointments.rules.ts';
import { visitorClock } from '../src/modules/visitors/visitors.appointments.viewer.ts';
import { sealPhone, visitorAccountOf, visitorKeys } from '../src/modules/visitors/visitors.crypto.ts';
import {
  visitorAdminPermissions,
  visitorAppointments,
  visitorDetailSettings,
  visitorOverallSettings,
  visitors,
} from '../src/modules/visitors/visitors.tables.ts';
import { NOW, ZONE, makeResource, makeType } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';

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
