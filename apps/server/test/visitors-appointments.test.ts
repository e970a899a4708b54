/**
 * Visits through the API: applications, invitations (claimed when the phone registers), booking
 * guests, approval paths, cancellation, changes, daily quotas (and a rush on one), as anonymous,
 * visitor, another visitor, host, ordinary user, visitor administrator, tenant administrator and
 * another tenant. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { maskCardNumber, maskPhone } from '@yuyue/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, withTenant } from '../src/db/client.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { queuePlainMails } from '../src/modules/notifications/notifications.outbox.ts';
import { mailOutbox } from '../src/modules/notifications/notifications.tables.ts';
import { dayWindow } from '../src/modules/visitors/visitors.appointments.rules.ts';
import { saveVisits } from '../src/modules/visitors/visitors.applications.service.ts';
import { visitorClock } from '../src/modules/visitors/visitors.appointments.viewer.ts';
import { revokePassesOf } from '../src/modules/visitors/visitors.appointments.repository.ts';
import { sealPhone, visitorAccountOf } from '../src/modules/visitors/visitors.crypto.ts';
import {
  visitorAdminPermissions,
  visitorAppointments,
  visitorDetailSettings,
  visitorInfoFieldSettings,
  visitorOverallSettings,
  visitorPasses,
  visitors,
} from '../src/modules/visitors/visitors.tables.ts';
import { seatsTaken } from '../src/modules/booking/booking.repository.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import { clearSentMessages, sentMessages } from '../src/platform/messages/messages.ts';
import { NOW, ZONE, badmintonType, makeResource, makeType, model, submit } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { idNumber } from './visitors-fixtures.ts';
import { bookingClock } from '../src/platform/clock.ts';
import { visitorKeys } from '../src/platform/data-key.ts';

const DAY = '2030-01-03';
const SAVE = `mutation($model: VisitorAppointmentInput!) { saveVisitorAppointment(model: $model) { errcode msg msg_en ids } }`;
const BATCH = `mutation($models: [VisitorAppointmentInput!]!) {
  batchSaveVisitorAppointment(models: $models) { errcode msg msg_en ids } }`;
const UPDATE = `mutation($model: VisitorAppointmentInput!) { updateVisitorAppointment(model: $model) { errcode msg msg_en ids } }`;
const AUDIT = `mutation($id: String!, $state: String!, $reason: String) {
  auditVisitorAppointment(id: $id, state: $state, reason: $reason) { errcode msg msg_en ids } }`;
const CANCEL = `mutation($id: String!, $reason: String) {
  cancelVisitorAppointment(id: $id, reason: $reason) { errcode msg msg_en ids } }`;
const FIELDS = `id visitor_id visitor_name phone visitor_type in_school_date in_school_area in_school_area_name
  in_school_area_name_en peers in_child accept_visit_name booking_id state state_name state_name_en reject_reason
  pass_id can_cancel can_update can_audit infoList { field_name value }`;
const DETAIL = `query($id: String!) { findVisitorAppointmentDetail(id: $id) { ${FIELDS}
  auditList { step result reason operator_name create_time } } }`;
const LIST = `query($paging: VisitorPagingInput, $filter: VisitorAppointmentFilterMap, $only_flow: String,
  $updateAppointmentState: String, $appointmentDate: [String]) {
  findVisitorAppointmentInformationAll(paging: $paging, filter: $filter, only_flow: $only_flow,
    updateAppointmentState: $updateAppointmentState, appointmentDate: $appointmentDate) {
    totalCount edges { node { ${FIELDS} } } } }`;
const AVAILABLE = `query($models: [VisitorAvailableNumberInput]) { findVisitorAvailableNumber(models: $models) {
  in_school_date resources_id resources_name available_number used remaining enough } }`;

let t: TestApp;
let tenantId: string;
let admin: string;
let foreignAdmin: string;
let host: Person;
let plainUser: Person;
let visitorAdmin: Person;
let area: string;
let smallArea: string;
let otherArea: string;
let notAnArea: string;
let visitorType: string;

interface Person {
  id: string;
  account: string;
  token: string;
  phone: string;
  ctx: RequestContext;
}

let seq = 0;
const phoneOf = () => `139${String(Date.now() % 10_000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;

function ctxOf(id: string, account: string, name: string, role: 'user' | 'visitor' | 'admin'): RequestContext {
  return {
    config: t.config,
    db: t.database.db,
    log: t.app.log,
    ip: '127.0.0.1',
    tenant: { id: tenantId, key: 'demo', timeZone: ZONE, isSuper: false },
    user: { id, account, name, role, tenantId },
  };
}

/** A directory user (host, ordinary user) with a phone and an e-mail address. */
async function makeUser(prefix: string): Promise<Person> {
  const account = `${prefix}${++seq}`;
  const phone = phoneOf();
  const u = await withTenant(t.database.db, tenantId, (tx) =>
    insertUser(tx, tenantId, { account, name: `主人${seq}`, phone, email: `${account}@demo.edu.cn` }),
  );
  return { id: u.id, account, phone, token: await t.tokenFor(account), ctx: ctxOf(u.id, account, u.name, 'user') };
}

/** A registered visitor (users row of role visitor + visitors row, as registration makes them). */
async function makeVisitor(phone = phoneOf(), name = `访客${seq}`): Promise<Person & { visitorId: string }> {
  const keys = visitorKeys(t.config);
  const account = visitorAccountOf(keys, tenantId, phone);
  const { u, v } = await withTenant(t.database.db, tenantId, async (tx) => {
    const u = await insertUser(tx, tenantId, { account, name, role: 'visitor' });
    const [v] = await tx
      .insert(visitors)
      .values({
        tenant_id: tenantId,
        user_id: u.id,
        visitor_name: name,
        email: `v${seq}@example.com`,
        ...sealPhone(keys, tenantId, phone),
      })
      .returning();
    return { u, v: v! };
  });
  return {
    id: u.id,
    account,
    phone,
    visitorId: v.id,
    token: await t.tokenFor(account),
    ctx: ctxOf(u.id, account, name, 'visitor'),
  };
}

async function setPath(type: string, approval: number, second: number, path = '') {
  await withTenant(t.database.db, tenantId, async (tx) => {
    await tx
      .delete(visitorDetailSettings)
      .where(and(eq(visitorDetailSettings.tenant_id, tenantId), eq(visitorDetailSettings.visitor_type, type)));
    await tx.insert(visitorDetailSettings).values({
      tenant_id: tenantId,
      visitor_type: type,
      is_invite_school_flow_path: approval,
      is_enable_second_level: second,
      invite_school_flow_path: path,
    });
  });
}

/** The overall settings' areas open to visitors (empty: every visitor area). */
async function setApplyAreas(ids: string[]) {
  await withTenant(t.database.db, tenantId, async (tx) => {
    const [row] = await tx.select().from(visitorOverallSettings).where(eq(visitorOverallSettings.tenant_id, tenantId));
    if (row) {
      await tx
        .update(visitorOverallSettings)
        .set({ apply_school_resources: ids.join(',') })
        .where(eq(visitorOverallSettings.tenant_id, tenantId));
    } else {
      await tx.insert(visitorOverallSettings).values({ tenant_id: tenantId, apply_school_resources: ids.join(',') });
    }
  });
}

async function resetPaths() {
  await withTenant(t.database.db, tenantId, (tx) =>
    tx.delete(visitorDetailSettings).where(eq(visitorDetailSettings.tenant_id, tenantId)),
  );
}

async function gql(token: string | undefined, query: string, variables: Record<string, unknown>) {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.status).toBe(200);
  return res.body;
}

const first = (body: { data?: Record<string, unknown> | null }) => Object.values(body.data ?? {})[0] as never;

async function mutate(token: string | undefined, query: string, variables: Record<string, unknown>) {
  const body = await gql(token, query, variables);
  return { body, result: first(body) as { errcode: string; msg: string; msg_en: string; ids: string[] } | null };
}

/** A visitor's application for DAY to `area`, hosted by `host`; returns its id (must be accepted). */
async function apply(v: Person, extra: Record<string, unknown> = {}): Promise<string> {
  const { result, body } = await mutate(v.token, SAVE, {
    model: { in_school_date: DAY, in_school_area: area, accept_visit_phone: host.phone, ...extra },
  });
  expect(result?.errcode, JSON.stringify(body)).toBe('0');
  return result!.ids[0]!;
}

async function detail(token: string, id: string) {
  const body = await gql(token, DETAIL, { id });
  return { node: body.data?.findVisitorAppointmentDetail ?? null, code: body.errors?.[0]?.extensions?.code };
}

async function refusal(token: string | undefined, query: string, variables: Record<string, unknown>) {
  const { result, body } = await mutate(token, query, variables);
  if (result) {
    expect(result.errcode).toBe('500');
    expect(result.msg).toBeTruthy();
    expect(result.msg_en).toBeTruthy();
  }
  return { msg: result?.msg ?? '', msg_en: result?.msg_en ?? '', code: body.errors?.[0]?.extensions?.code as string };
}

async function used(areaId: string, date = DAY) {
  return withTenant(t.database.db, tenantId, (tx) =>
    seatsTaken(tx, tenantId, { resources_id: areaId, ...dayWindow(date, ZONE) }),
  );
}

/** A visitor area of its own (so no other test's seats count), with a daily quota. */
async function freshArea(quota: number, extra: Record<string, unknown> = {}): Promise<string> {
  return (await makeResource(t, admin, visitorType, { available_number: quota, ...extra })).id;
}

async function visitRow(id: string) {
  const [row] = await withTenant(t.database.db, tenantId, (tx) =>
    tx.select().from(visitorAppointments).where(eq(visitorAppointments.id, id)),
  );
  return row!;
}

async function countVisits() {
  const rows = await withTenant(t.database.db, tenantId, (tx) =>
    tx.select({ id: visitorAppointments.id }).from(visitorAppointments),
  );
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.demoTenantId;
  visitorClock.now = () => NOW;
  bookingClock.now = () => NOW;
  admin = await t.tokenFor('admin');
  const other = await t.createOtherTenant('vt2');
  foreignAdmin = await t.tokenFor('admin', other);
  visitorType = await makeType(t, admin, { appointment_category: 'visitor' });
  area = (await makeResource(t, admin, visitorType, { available_number: 1000, building_code: 'B1', campus_code: 'C1' }))
    .id;
  smallArea = (
    await makeResource(t, admin, visitorType, { available_number: 3, building_code: 'B9', campus_code: 'C9' })
  ).id;
  otherArea = (
    await makeResource(t, admin, visitorType, { available_number: 1000, building_code: 'B2', campus_code: 'C1' })
  ).id;
  notAnArea = (await makeResource(t, admin, await badmintonType(t, admin))).id;
  // the demo tenant's seeded areas aside: every visitor area is open unless a test says otherwise
  await setApplyAreas([]);
  host = await makeUser('vhost');
  plainUser = await makeUser('vplain');
  visitorAdmin = await makeUser('vadm');
  await withTenant(t.database.db, tenantId, (tx) =>
    tx
      .insert(visitorAdminPermissions)
      .values({ tenant_id: tenantId, admin_user: visitorAdmin.account, permission: 'admin' }),
  );
}, 120_000);

afterAll(async () => {
  visitorClock.now = () => Date.now();
  bookingClock.now = () => Date.now();
  await t?.close();
});

afterEach(async () => {
  visitorClock.now = () => NOW;
  await resetPaths();
});

describe('who may call what', () => {
  it('anonymous: every operation refused as unauthenticated', async () => {
    for (const [q, v] of [
      [SAVE, { model: { in_school_date: DAY, in_school_area: area } }],
      [BATCH, { models: [{ visitor_name: 'x', phone: '13900000000' }] }],
      [UPDATE, { model: { id: randomUUID() } }],
      [AUDIT, { id: randomUUID(), state: '2' }],
      [CANCEL, { id: randomUUID(), reason: 'x' }],
      [DETAIL, { id: randomUUID() }],
      [LIST, {}],
      [AVAILABLE, { models: [{ in_school_date: DAY }] }],
    ] as const) {
      const body = await gql(undefined, q, v as Record<string, unknown>);
      expect(body.errors?.[0]?.extensions?.code, q).toBe('UNAUTHENTICATED');
    }
  });

  it('a visitor may not invite or approve; a user may not apply as a visitor', async () => {
    const v = await makeVisitor();
    expect(
      (await gql(v.token, BATCH, { models: [{ visitor_name: 'x', phone: '13900000000' }] })).errors?.[0]?.extensions
        ?.code,
    ).toBe('FORBIDDEN');
    expect((await gql(v.token, AUDIT, { id: randomUUID(), state: '2' })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    const invite = await refusal(v.token, SAVE, {
      model: { visitor_type: '2', visitor_name: 'x', phone: '13900000000', in_school_date: DAY, in_school_area: area },
    });
    expect(invite.msg_en).toMatch(/cannot invite/);
    const asUser = await refusal(plainUser.token, SAVE, {
      model: { visitor_type: '1', in_school_date: DAY, in_school_area: area, accept_visit_phone: host.phone },
    });
    expect(asUser.msg_en).toMatch(/Only a registered visitor/);
  });
});

describe('each role on the operations that act on one visit', () => {
  it('update, audit, cancel, detail and the quota query, as every caller', async () => {
    const v = await makeVisitor();
    const stranger = await makeVisitor();
    const id = await apply(v);
    const notFound = 'The visit does not exist';
    // changes: only its visitor (or inviter)
    for (const token of [stranger.token, plainUser.token, foreignAdmin]) {
      expect((await refusal(token, UPDATE, { model: { id, peers: 1 } })).msg_en).toBe(notFound);
    }
    for (const token of [host.token, visitorAdmin.token, admin]) {
      expect((await refusal(token, UPDATE, { model: { id, peers: 1 } })).msg_en).toMatch(/cannot act on this visit/);
    }
    // decisions: only the host at step 1 (a visitor is refused by the policy)
    expect((await gql(stranger.token, AUDIT, { id, state: '2' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await refusal(admin, AUDIT, { id, state: '2' })).msg_en).toMatch(/not awaiting your approval/);
    // two decisions at once: one wins, the other finds it decided
    const both = await Promise.all([
      mutate(host.token, AUDIT, { id, state: '2' }),
      mutate(host.token, AUDIT, { id, state: '3', reason: 'no' }),
    ]);
    expect(both.map((b) => b.result?.errcode).sort()).toEqual(['0', '500']);
    expect([2, 3]).toContain((await visitRow(id)).state);
    // cancels: another tenant and another visitor do not see it
    for (const token of [stranger.token, foreignAdmin, plainUser.token]) {
      expect((await refusal(token, CANCEL, { id, reason: 'x' })).msg_en).toBe(notFound);
    }
    // the quota query: visitors and users of the tenant; another tenant cannot name its areas
    for (const token of [v.token, plainUser.token, admin]) {
      expect(
        first(await gql(token, AVAILABLE, { models: [{ in_school_date: DAY, in_school_area: area }] })),
      ).toMatchObject([{ resources_id: area, available_number: 1000, enough: true }]);
    }
    const foreign = await gql(foreignAdmin, AVAILABLE, { models: [{ in_school_date: DAY, in_school_area: area }] });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('VISIT_AREA_INVALID');
    // a tenant administrator invites like any host
    const invited = await mutate(admin, BATCH, {
      models: [{ visitor_name: '丁', phone: phoneOf(), in_school_date: DAY, in_school_area: area }],
    });
    expect(invited.result?.errcode).toBe('0');
    expect((await detail(admin, invited.result!.ids[0]!)).node).toMatchObject({ state: 5, can_cancel: true });
  });
});

describe('an application, approved by the host (the default path)', () => {
  it('takes name and phone from the registration, awaits the host, who approves; every role sees what it may', async () => {
    clearSentMessages();
    const v = await makeVisitor();
    const stranger = await makeVisitor();
    const id = await apply(v, {
      visitor_name: '冒名',
      phone: '13000000000',
      peers: 1,
      in_child: 1,
      infoList: [{ field_name: 'visit_items', value: '笔记本电脑' }],
    });
    const row = await visitRow(id);
    expect(row).toMatchObject({ visitor_id: v.visitorId, state: 0, seats: 3, host_user_id: host.id, seats_held: true });
    expect(row.visitor_name).not.toBe('冒名');
    expect(row.phone_enc).not.toContain(v.phone);
    expect(row.phone_mask).toBe(`${v.phone.slice(0, 3)}****${v.phone.slice(-4)}`);

    // the visitor: sees it, may cancel, may not audit; the phone masked
    const own = await detail(v.token, id);
    expect(own.node).toMatchObject({
      state: 0,
      state_name_en: 'Awaiting the host',
      can_cancel: true,
      can_audit: false,
    });
    expect(own.node.phone).toBe(row.phone_mask);
    expect(own.node.in_school_area_name).toMatch(/^场地 /);
    expect(own.node.infoList).toEqual([{ field_name: 'visit_items', value: '笔记本电脑' }]);
    // the host: may audit, not cancel
    expect((await detail(host.token, id)).node).toMatchObject({ can_audit: true, can_cancel: false });
    // another visitor, an ordinary user, another tenant: not found
    for (const token of [stranger.token, plainUser.token, foreignAdmin]) {
      expect((await detail(token, id)).code).toBe('VISIT_NOT_FOUND');
    }
    // the visitor administrator and the tenant administrator: see it, may cancel, do not approve at step 1
    for (const token of [visitorAdmin.token, admin]) {
      expect((await detail(token, id)).node).toMatchObject({ can_audit: false, can_cancel: true });
    }
    // the host was told by e-mail; the visitor by text message (the phone whole only in the channel)
    const mails = await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, `${host.account}@demo.edu.cn`)),
    );
    expect(mails.some((m) => m.body.includes('请审批') && m.body.includes(id))).toBe(true);
    expect(
      sentMessages()
        .filter((m) => m.to === v.phone)
        .map((m) => m.purpose),
    ).toEqual(['visit_submitted']);

    // nobody but the host approves at step 1
    for (const token of [plainUser.token, foreignAdmin]) {
      expect((await refusal(token, AUDIT, { id, state: '2' })).msg_en).toBe('The visit does not exist');
    }
    expect((await refusal(visitorAdmin.token, AUDIT, { id, state: '2' })).msg_en).toMatch(/not awaiting your approval/);
    expect((await refusal(host.token, AUDIT, { id, state: '9' })).msg_en).toMatch(/Invalid decision/);
    expect((await mutate(host.token, AUDIT, { id, state: '2' })).result).toMatchObject({ errcode: '0', ids: [id] });
    expect((await refusal(host.token, AUDIT, { id, state: '2' })).msg_en).toMatch(/not awaiting your approval/);
    const done = await detail(v.token, id);
    expect(done.node).toMatchObject({ state: 2, state_name: '已通过', can_cancel: true });
    expect(done.node.auditList).toMatchObject([{ step: 1, result: 'approved', operator_name: host.ctx.user!.name }]);
    expect(
      sentMessages()
        .filter((m) => m.to === v.phone)
        .map((m) => m.purpose),
    ).toEqual(['visit_submitted', 'visit_approved']);
    const logs = await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .select()
        .from(operateLogs)
        .where(and(eq(operateLogs.operate_module, 'visitor'), eq(operateLogs.operate_object, id))),
    );
    expect(logs.map((l) => l.operate_type).sort()).toEqual(['approve', 'save']);
    expect(JSON.stringify(logs)).not.toContain(v.phone);
  });

  it('the host must be found in the directory; bad input is refused clearly and saves nothing', async () => {
    const v = await makeVisitor();
    const before = await countVisits();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ accept_visit_phone: '' }, /needs its host/],
      [{ accept_visit_phone: '10000000000' }, /No host found for "10000000000"/],
      [{ accept_visit_phone: v.phone }, /No host found/],
      [{ in_school_date: '2030-02-01' }, /within 31 days/],
      [{ in_school_date: '2029-12-31' }, /within 31 days/],
      [{ in_school_date: '2030-13-01' }, /Invalid visit date/],
      [{ peers: 21 }, /Invalid party/],
      [{ in_child: 11 }, /Invalid party/],
      [{ in_school_area: '' }, /Choose the areas/],
      [{ in_school_area: notAnArea }, /not an area open to visitors/],
      [{ in_school_area: 'nonsense' }, /not an area open to visitors/],
      [{ visitor_type: '7' }, /Invalid visitor type/],
      [{ in_school_reason: 'x'.repeat(501) }, /too long/],
      [{ infoList: [{ field_name: 'nope', value: 'x' }] }, /nope/],
      [{ infoList: [{ field_name: 'health_declaration', value: '不在选项中' }] }, /Health declaration/],
    ];
    for (const [extra, msg] of cases) {
      const r = await refusal(v.token, SAVE, {
        model: { in_school_date: DAY, in_school_area: area, accept_visit_phone: host.phone, ...extra },
      });
      expect(r.msg_en, JSON.stringify(extra)).toMatch(msg);
    }
    expect(await countVisits()).toBe(before);
    // the overall settings' areas, when set, are the only ones open
    await setApplyAreas([area]);
    try {
      const closed = await refusal(v.token, SAVE, {
        model: { in_school_date: DAY, in_school_area: smallArea, accept_visit_phone: host.phone },
      });
      expect(closed.msg_en).toBe(`Area not available: ${smallArea} (not an area open to visitors)`);
      const offered = first(await gql(v.token, AVAILABLE, { models: [{ in_school_date: DAY }] })) as {
        resources_id: string;
      }[];
      expect(offered.map((o) => o.resources_id)).toEqual([area]);
    } finally {
      await setApplyAreas([]);
    }
    expect(await countVisits()).toBe(before);
    // by account works too
    expect(await apply(v, { accept_visit_phone: host.account })).toBeTruthy();
  });
});

describe('approval paths from the detail settings', () => {
  it('none: approved at once', async () => {
    await setPath('1', 0, 0);
    const v = await makeVisitor();
    const id = await apply(v, { accept_visit_phone: '' });
    expect((await visitRow(id)).state).toBe(2);
  });

  it('host then second level (the visitor administrators by default; listed accounts when set)', async () => {
    await setPath('1', 1, 1);
    const v = await makeVisitor();
    const id = await apply(v);
    expect((await mutate(host.token, AUDIT, { id, state: '2' })).result?.errcode).toBe('0');
    expect((await visitRow(id)).state).toBe(1);
    // awaiting the visitor administrator: in their "awaiting me" list, not in the host's
    const awaiting = first(await gql(visitorAdmin.token, LIST, { only_flow: '1', paging: { first: 200 } })) as {
      edges: { node: { id: string; can_audit: boolean } }[];
    };
    expect(awaiting.edges.find((e) => e.node.id === id)?.node.can_audit).toBe(true);
    const hostAwaiting = first(await gql(host.token, LIST, { only_flow: '1', paging: { first: 200 } })) as {
      edges: { node: { id: string } }[];
    };
    expect(hostAwaiting.edges.some((e) => e.node.id === id)).toBe(false);
    expect((await refusal(host.token, AUDIT, { id, state: '2' })).msg_en).toMatch(/not awaiting your approval/);
    expect((await refusal(plainUser.token, AUDIT, { id, state: '2' })).msg_en).toBe('The visit does not exist');
    expect((await mutate(visitorAdmin.token, AUDIT, { id, state: '2' })).result?.errcode).toBe('0');
    const node = (await detail(v.token, id)).node;
    expect(node.state).toBe(2);
    expect(node.auditList.map((a: { step: number; result: string }) => [a.step, a.result])).toEqual([
      [1, 'approved'],
      [2, 'approved'],
    ]);

    // named approvers: only they decide the second level
    await setPath('1', 1, 1, plainUser.account);
    const id2 = await apply(v);
    await mutate(host.token, AUDIT, { id: id2, state: '2' });
    expect((await refusal(visitorAdmin.token, AUDIT, { id: id2, state: '2' })).msg_en).toMatch(
      /not awaiting your approval/,
    );
    expect((await mutate(plainUser.token, AUDIT, { id: id2, state: '2' })).result?.errcode).toBe('0');
    expect((await visitRow(id2)).state).toBe(2);
  });

  it('a rejection needs a reason, frees the seats and is shown with it', async () => {
    const v = await makeVisitor();
    const id = await apply(v, { in_school_area: smallArea, peers: 1 });
    expect(await used(smallArea)).toBe(2);
    expect((await refusal(host.token, AUDIT, { id, state: '3', reason: ' ' })).msg_en).toMatch(
      /reason for the rejection/,
    );
    expect((await mutate(host.token, AUDIT, { id, state: '3', reason: '当天不在学校' })).result).toMatchObject({
      errcode: '0',
      msg_en: 'Rejected',
    });
    expect(await used(smallArea)).toBe(0);
    const node = (await detail(v.token, id)).node;
    expect(node).toMatchObject({ state: 3, reject_reason: '当天不在学校', can_cancel: false });
    expect(node.auditList[0]).toMatchObject({ step: 1, result: 'rejected', reason: '当天不在学校' });
  });
});

describe('quotas, cancellation and changes', () => {
  it('a full area refuses with its name; a cancellation frees the seats and revokes the passes', async () => {
    const a = await makeVisitor();
    const b = await makeVisitor();
    const smallArea = await freshArea(3);
    const area = await freshArea(1000);
    const id = await apply(a, { in_school_area: `${smallArea},${area}`, peers: 1 });
    expect(await used(smallArea)).toBe(2);
    const available = first(
      await gql(b.token, AVAILABLE, { models: [{ in_school_date: DAY, in_school_area: smallArea, peers: 1 }] }),
    );
    expect(available).toMatchObject([
      { resources_id: smallArea, available_number: 3, used: 2, remaining: 1, enough: false },
    ]);
    const full = await refusal(b.token, SAVE, {
      model: { in_school_date: DAY, in_school_area: `${area},${smallArea}`, peers: 1, accept_visit_phone: host.phone },
    });
    expect(full.msg).toMatch(/^「场地 .+」2030-01-03 的访客名额不足：剩余 1 人，本次 2 人$/);
    expect(await used(area)).toBe(2); // the other area's seats of the refused visit were rolled back
    // a pass issued for it (S3 issues them): revoked by the cancel
    await withTenant(t.database.db, tenantId, (tx) =>
      tx.insert(visitorPasses).values({
        tenant_id: tenantId,
        serial: `s${randomUUID().slice(0, 8)}`,
        kind: 'visit',
        ref_id: id,
        kid: 'k1',
        valid_from: new Date(NOW),
        valid_to: new Date(NOW + 86_400_000 * 3),
      }),
    );
    await withTenant(t.database.db, tenantId, (tx) =>
      tx.update(visitorAppointments).set({ state: 2 }).where(eq(visitorAppointments.id, id)),
    );
    expect((await detail(a.token, id)).node.pass_id).toMatch(/^s/);

    expect((await refusal(a.token, CANCEL, { id, reason: '' })).msg_en).toMatch(/reason for cancelling/);
    expect((await refusal(b.token, CANCEL, { id, reason: 'x' })).msg_en).toBe('The visit does not exist');
    expect((await refusal(host.token, CANCEL, { id, reason: 'x' })).msg_en).toMatch(/cannot act on this visit/);
    expect((await refusal(foreignAdmin, CANCEL, { id, reason: 'x' })).msg_en).toBe('The visit does not exist');
    expect((await mutate(a.token, CANCEL, { id, reason: '行程有变' })).result).toMatchObject({
      errcode: '0',
      ids: [id],
    });
    expect(await used(smallArea)).toBe(0);
    expect(await used(area)).toBe(0);
    const passes = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(visitorPasses).where(eq(visitorPasses.ref_id, id)),
    );
    expect(passes[0]!.revoked_at).not.toBeNull();
    expect((await detail(a.token, id)).node).toMatchObject({ state: 4, pass_id: null, can_cancel: false });
    expect((await refusal(a.token, CANCEL, { id, reason: 'again' })).msg_en).toMatch(/cannot be cancelled/);
    // the freed seats are taken by the next
    expect(await apply(b, { in_school_area: smallArea, peers: 2 })).toBeTruthy();
    expect(await used(smallArea)).toBe(3);
    // revokePassesOf: nothing left to revoke
    expect(await withTenant(t.database.db, tenantId, (tx) => revokePassesOf(tx, tenantId, id, 'x', new Date()))).toBe(
      0,
    );
  });

  it('a visitor administrator cancels any; nobody cancels once the visit started', async () => {
    const v = await makeVisitor();
    const id = await apply(v, { in_school_date: '2030-01-02' });
    const id2 = await apply(v, { in_school_date: '2030-01-02' });
    expect((await mutate(visitorAdmin.token, CANCEL, { id: id2, reason: '管理员取消' })).result?.errcode).toBe('0');
    visitorClock.now = () => dayWindow('2030-01-02', ZONE).starts_at.getTime() + 60_000;
    expect((await refusal(v.token, CANCEL, { id, reason: 'late' })).msg_en).toMatch(/cannot be cancelled/);
    expect((await refusal(admin, CANCEL, { id, reason: 'late' })).msg_en).toMatch(/cannot be cancelled/);
  });

  it('a change moves the seats to the new date and areas; an approved visit cannot change', async () => {
    const v = await makeVisitor();
    const other = await makeVisitor();
    const smallArea = await freshArea(3);
    const otherArea = await freshArea(1000);
    const id = await apply(v, { in_school_area: smallArea });
    expect(await used(smallArea)).toBe(1);
    expect((await refusal(other.token, UPDATE, { model: { id, peers: 1 } })).msg_en).toBe('The visit does not exist');
    expect((await refusal(host.token, UPDATE, { model: { id, peers: 1 } })).msg_en).toMatch(/cannot act on this visit/);
    expect((await refusal(v.token, UPDATE, { model: { id, peers: 3 } })).msg_en).toMatch(/Not enough visitor places/);
    expect(await used(smallArea)).toBe(1);
    expect(
      (
        await mutate(v.token, UPDATE, {
          model: { id, in_school_date: '2030-01-04', peers: 1, in_school_reason: '改期' },
        })
      ).result?.errcode,
    ).toBe('0');
    expect(await used(smallArea)).toBe(0);
    expect(await used(smallArea, '2030-01-04')).toBe(2);
    expect(await visitRow(id)).toMatchObject({
      in_school_date: '2030-01-04',
      seats: 2,
      in_school_reason: '改期',
      state: 0,
    });
    expect((await mutate(v.token, UPDATE, { model: { id, in_school_area: otherArea } })).result?.errcode).toBe('0');
    expect(await used(smallArea, '2030-01-04')).toBe(0);
    expect(await used(otherArea, '2030-01-04')).toBe(2);
    await mutate(host.token, AUDIT, { id, state: '2' });
    expect((await refusal(v.token, UPDATE, { model: { id, peers: 0 } })).msg_en).toMatch(/not yet approved/);
  });
});

describe('invitations', () => {
  it('all or none; a registered phone is linked, an unregistered one awaits registration and is claimed', async () => {
    clearSentMessages();
    const known = await makeVisitor();
    const newPhone = phoneOf();
    const before = await countVisits();
    const bad = await refusal(host.token, BATCH, {
      models: [
        { visitor_name: '甲', phone: known.phone, in_school_date: DAY, in_school_area: area },
        { visitor_name: '乙', phone: '12', in_school_date: DAY, in_school_area: area },
      ],
    });
    expect(bad.msg_en).toBe('Invalid phone number of guest 2');
    expect((await refusal(host.token, BATCH, { models: [] })).msg_en).toMatch(/Invite 1 to 50/);
    expect(await countVisits()).toBe(before);

    const { result } = await mutate(host.token, BATCH, {
      models: [
        { visitor_name: '甲', phone: known.phone, in_school_date: DAY, in_school_area: area },
        { visitor_name: '乙', phone: `+86 ${newPhone}`, in_school_date: DAY, in_school_area: area, peers: 1 },
      ],
    });
    expect(result?.errcode).toBe('0');
    const [linked, pending] = result!.ids as [string, string];
    expect(await visitRow(linked)).toMatchObject({
      visitor_id: known.visitorId,
      state: 2,
      visitor_type: '2',
      host_user_id: host.id,
    });
    expect(await visitRow(pending)).toMatchObject({ visitor_id: null, state: 5, seats: 2 });
    expect(await used(area)).toBeGreaterThanOrEqual(3);
    expect(
      sentMessages()
        .map((m) => m.to)
        .sort(),
    ).toEqual([known.phone, newPhone].sort());

    // the host sees both as the inviter (may cancel), the known visitor theirs
    expect((await detail(host.token, pending)).node).toMatchObject({ state: 5, can_cancel: true, can_audit: false });
    expect((await detail(known.token, linked)).node.state).toBe(2);

    // the phone registers: the invitation is the new visitor's on their first list
    const newcomer = await makeVisitor(newPhone, '乙');
    const list = first(await gql(newcomer.token, LIST, {})) as {
      totalCount: number;
      edges: { node: { id: string; state: number } }[];
    };
    expect(list.totalCount).toBe(1);
    expect(list.edges[0]!.node).toMatchObject({ id: pending, state: 2 });
    expect((await visitRow(pending)).visitor_id).toBe(newcomer.visitorId);
  });

  it('claimed into the second level when approval asks for it', async () => {
    await setPath('2', 1, 1);
    const newPhone = phoneOf();
    const { result } = await mutate(host.token, SAVE, {
      model: { visitor_type: '2', visitor_name: '丙', phone: newPhone, in_school_date: DAY, in_school_area: area },
    });
    const id = result!.ids[0]!;
    expect((await visitRow(id)).state).toBe(5);
    const newcomer = await makeVisitor(newPhone, '丙');
    expect((await detail(newcomer.token, id)).node).toMatchObject({ state: 1, visitor_id: newcomer.visitorId });
    expect((await mutate(visitorAdmin.token, AUDIT, { id, state: '2' })).result?.errcode).toBe('0');
  });

  it('lists: scoped per caller, history and current, filters', async () => {
    const v = await makeVisitor();
    const id = await apply(v);
    const gone = await apply(v);
    await mutate(v.token, CANCEL, { id: gone, reason: 'x' });
    const ids = async (token: string, vars: Record<string, unknown> = {}) =>
      (
        first(await gql(token, LIST, { paging: { first: 200 }, ...vars })) as { edges: { node: { id: string } }[] }
      ).edges.map((e) => e.node.id);
    expect((await ids(v.token)).sort()).toEqual([id, gone].sort());
    expect(await ids(v.token, { updateAppointmentState: '0' })).toEqual([id]);
    expect(await ids(v.token, { updateAppointmentState: '1' })).toEqual([gone]);
    expect(await ids(v.token, { filter: { state: { eq: '4' } } })).toEqual([gone]);
    expect(await ids(v.token, { appointmentDate: ['2030-01-04', '2030-01-05'] })).toEqual([]);
    expect(await ids(host.token)).toContain(id);
    expect(await ids(host.token, { only_flow: '1' })).toContain(id);
    expect(await ids(host.token, { only_flow: '1' })).not.toContain(gone);
    expect(await ids(plainUser.token)).not.toContain(id);
    expect(await ids(visitorAdmin.token)).toContain(id);
    expect(await ids(admin)).toContain(id);
    expect(await ids(foreignAdmin)).toEqual([]);
    expect((await ids(admin, { filter: { visitor_name: { eq: v.ctx.user!.name } } })).sort()).toEqual(
      [id, gone].sort(),
    );
  });
});

describe('the overall settings switches', () => {
  const OVERALL = `mutation($model: VisitorOverallSettingsInput!) {
    updateVisitorOverallSettingsEntity(model: $model) { errcode msg_en } }`;
  const setOverall = async (model: Record<string, number>) =>
    expect((await mutate(admin, OVERALL, { model })).result?.errcode).toBe('0');
  const invite = async (phone: string) => {
    const { result, body } = await mutate(host.token, SAVE, {
      model: { visitor_type: '2', visitor_name: '丁', phone, in_school_date: DAY, in_school_area: area },
    });
    expect(result?.errcode, JSON.stringify(body)).toBe('0');
    return result!.ids[0]!;
  };

  it("invitations need approval: off, an invitation is approved at once whatever its type says; on, the type's path", async () => {
    await setPath('2', 1, 1);
    const known = await makeVisitor();
    try {
      const waiting = await invite(known.phone);
      expect((await visitRow(waiting)).state).toBe(1);

      await setOverall({ is_invite_school_flow_path: 0 });
      expect((await visitRow(await invite(known.phone))).state).toBe(2);
      // an unregistered phone awaits its registration, then is approved at once
      const newPhone = phoneOf();
      const pending = await invite(newPhone);
      expect((await visitRow(pending)).state).toBe(5);
      const newcomer = await makeVisitor(newPhone, '丁');
      expect((await detail(newcomer.token, pending)).node).toMatchObject({ state: 2 });
      // a visitor's own application and a visit already waiting keep their type's path
      expect((await visitRow(await apply(known))).state).toBe(0);
      expect((await mutate(visitorAdmin.token, AUDIT, { id: waiting, state: '2' })).result?.errcode).toBe('0');

      await setOverall({ is_invite_school_flow_path: 1 });
      expect((await visitRow(await invite(known.phone))).state).toBe(1);
      await setPath('2', 0, 0);
      expect((await visitRow(await invite(known.phone))).state).toBe(2);
    } finally {
      await setOverall({ is_invite_school_flow_path: 1 });
    }
  });

  it('information collection: off, no information field is asked of an application or a visitor, nothing is missing', async () => {
    const PROFILE = `{ findVisitorInfoByAccount { info_complete } }`;
    const ADD_INFO = `mutation($fields: [VisitorFieldValueInput!]!) {
      updateVisitorAddFieldInfo(fields: $fields) { errcode msg msg_en } }`;
    const CONFIG = `{ findVisitorCategoryConfig { overallSettings { is_visitor_infor } } }`;
    await withTenant(t.database.db, tenantId, (tx) =>
      tx.insert(visitorInfoFieldSettings).values([
        {
          tenant_id: tenantId,
          field_name: 'health_code',
          field_label: '健康码',
          field_label_en: 'Health code',
          field_type: 'text',
          is_visitor_valid_info: 1,
          is_visitor_required_info: 1,
          is_appointment_valid_info: 1,
          is_appointment_required_info: 1,
        },
      ]),
    );
    const v = await makeVisitor();
    try {
      // on (the default): refused without it, the profile says it is missing
      expect((first(await gql(v.token, CONFIG, {})) as { overallSettings: unknown }).overallSettings).toEqual({
        is_visitor_infor: 1,
      });
      const model = { in_school_date: DAY, in_school_area: area, accept_visit_phone: host.phone };
      expect((await refusal(v.token, SAVE, { model })).msg_en).toMatch(/Health code/);
      expect((first(await gql(v.token, PROFILE, {})) as { info_complete: boolean }).info_complete).toBe(false);
      expect((await refusal(v.token, ADD_INFO, { fields: [] })).msg_en).toMatch(/Health code/);

      await setOverall({ is_visitor_infor: 0 });
      expect((first(await gql(v.token, CONFIG, {})) as { overallSettings: unknown }).overallSettings).toEqual({
        is_visitor_infor: 0,
      });
      expect((first(await gql(v.token, PROFILE, {})) as { info_complete: boolean }).info_complete).toBe(true);
      expect((await mutate(v.token, ADD_INFO, { fields: [] })).result?.errcode).toBe('0');
      const id = await apply(v);
      expect((await visitRow(id)).state).toBe(0);
      // a change of the application without the field is accepted too
      expect((await mutate(v.token, UPDATE, { model: { id, infoList: [] } })).result?.errcode).toBe('0');
    } finally {
      await setOverall({ is_visitor_infor: 1 });
      await withTenant(t.database.db, tenantId, (tx) =>
        tx
          .delete(visitorInfoFieldSettings)
          .where(
            and(
              eq(visitorInfoFieldSettings.tenant_id, tenantId),
              eq(visitorInfoFieldSettings.field_name, 'health_code'),
            ),
          ),
      );
    }
  });
});

describe('information fields of phone and ID card type', () => {
  const WHOLE = `query($id: String!, $whole: Boolean) { findVisitorAppointmentDetail(id: $id, whole: $whole) {
    phone infoList { field_name field_label_en value } } }`;
  const valuesOf = (node: { infoList: { field_name: string; value: string }[] } | null) =>
    Object.fromEntries((node?.infoList ?? []).map((f) => [f.field_name, f.value]));

  async function askedFields() {
    await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .insert(visitorInfoFieldSettings)
        .values(
          [
            ['companion_phone', '同行人电话', "Companion's phone", 'phone'],
            ['companion_idcard', '同行人身份证号', "Companion's ID number", 'idcard'],
          ].map(([field_name, field_label, field_label_en, field_type]) => ({
            tenant_id: tenantId,
            field_name: field_name!,
            field_label: field_label!,
            field_label_en: field_label_en!,
            field_type: field_type!,
            is_visitor_valid_info: 0,
            is_appointment_valid_info: 1,
          })),
        )
        .onConflictDoNothing(),
    );
  }

  it("keeps an application's phone and ID card values sealed, shows them masked, whole only to a visitor administrator who asks (logged)", async () => {
    await askedFields();
    const v = await makeVisitor();
    const companion = phoneOf();
    const card = idNumber(seq);
    const id = await apply(v, {
      infoList: [
        { field_name: 'companion_phone', value: companion },
        { field_name: 'companion_idcard', value: card },
        { field_name: 'visit_items', value: '雨伞' },
      ],
    });
    const row = await visitRow(id);
    const stored = row.info as Record<string, string>;
    expect(stored.companion_phone).toMatch(/^v1\./);
    expect(stored.companion_idcard).toMatch(/^v1\./);
    expect(stored.visit_items).toBe('雨伞');
    expect(JSON.stringify(row)).not.toContain(companion);
    expect(JSON.stringify(row)).not.toContain(card);

    const masked = {
      companion_phone: maskPhone(companion),
      companion_idcard: maskCardNumber(card),
      visit_items: '雨伞',
    };
    // masked to the visitor, the host and both administrators, in the detail and in the lists
    for (const token of [v.token, host.token, visitorAdmin.token, admin]) {
      const shown = first(await gql(token, WHOLE, { id })) as { phone: string; infoList: never[] };
      expect(valuesOf(shown), token).toEqual(masked);
      expect(shown.phone).toBe(row.phone_mask);
    }
    const listed = first(await gql(v.token, LIST, { paging: { first: 50 } })) as {
      edges: { node: { id: string; infoList: { field_name: string; value: string }[] } }[];
    };
    expect(valuesOf(listed.edges.find((e) => e.node.id === id)!.node)).toEqual(masked);
    const labelled = first(await gql(v.token, WHOLE, { id })) as { infoList: { field_label_en: string }[] };
    expect(labelled.infoList.map((f) => f.field_label_en)).toContain("Companion's phone");

    // whole: refused to anyone without the visitor 'admin' right; another tenant does not find it
    for (const token of [v.token, host.token, plainUser.token]) {
      expect((await gql(token, WHOLE, { id, whole: true })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await gql(undefined, WHOLE, { id, whole: true })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(foreignAdmin, WHOLE, { id, whole: true })).errors?.[0]?.extensions?.code).toBe('VISIT_NOT_FOUND');
    const before = await wholeViews(id);
    for (const token of [visitorAdmin.token, admin]) {
      const shown = first(await gql(token, WHOLE, { id, whole: true })) as { phone: string; infoList: never[] };
      expect(valuesOf(shown)).toEqual({ companion_phone: companion, companion_idcard: card, visit_items: '雨伞' });
      expect(shown.phone).toBe(v.phone);
    }
    const views = await wholeViews(id);
    expect(views.length).toBe(before.length + 2);
    expect(JSON.stringify(views)).not.toContain(companion);
    expect(JSON.stringify(views)).not.toContain(v.phone);

    // a change keeps the sealed values it does not touch and seals a new one
    const other = phoneOf();
    const changed = await mutate(v.token, UPDATE, {
      model: { id, infoList: [{ field_name: 'companion_phone', value: other }] },
    });
    expect(changed.result?.errcode, JSON.stringify(changed.body)).toBe('0');
    const after = (await visitRow(id)).info as Record<string, string>;
    expect(after.companion_phone).toMatch(/^v1\./);
    expect(after.companion_idcard).toBe(stored.companion_idcard);
    expect(JSON.stringify(after)).not.toContain(other);
    expect(valuesOf(first(await gql(v.token, WHOLE, { id })))).toEqual({
      ...masked,
      companion_phone: maskPhone(other),
    });
    // a value stored before sealing began is shown masked all the same
    await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .update(visitorAppointments)
        .set({ info: { ...after, companion_phone: other } })
        .where(eq(visitorAppointments.id, id)),
    );
    expect(valuesOf(first(await gql(v.token, WHOLE, { id }))).companion_phone).toBe(maskPhone(other));
  });
});

async function wholeViews(id: string) {
  return withTenant(t.database.db, tenantId, (tx) =>
    tx
      .select()
      .from(operateLogs)
      .where(
        and(
          eq(operateLogs.operate_module, 'visitor'),
          eq(operateLogs.operate_type, 'viewWhole'),
          eq(operateLogs.operate_object, id),
        ),
      ),
  );
}

describe('guests of a booking', () => {
  it('only the booker adds them, within the room capacity; areas of its building, its window', async () => {
    const room = await makeResource(t, admin, await badmintonType(t, admin), {
      capacity: 3,
      building_code: 'B2',
      campus_code: 'C1',
    });
    const booker = await makeUser('vbooker');
    const booked = await submit(t, booker.token, { model: model(room.id, DAY), timeSlotIdList: [room.slots[0]!.id] });
    expect(booked.code).toBe('0');
    const bookingId = booked.ids[0] as string;
    const guest = (extra: Record<string, unknown> = {}) => ({
      visitor_type: '3',
      booking_id: bookingId,
      visitor_name: '客人',
      phone: phoneOf(),
      ...extra,
    });
    expect((await refusal(plainUser.token, SAVE, { model: guest() })).msg_en).toBe(
      'Only the booker can add guests to this booking',
    );
    expect((await refusal(booker.token, SAVE, { model: guest({ booking_id: randomUUID() }) })).msg_en).toMatch(
      /no longer active/,
    );
    const { result } = await mutate(booker.token, SAVE, { model: guest() });
    expect(result?.errcode).toBe('0');
    const row = await visitRow(result!.ids[0]!);
    expect(row).toMatchObject({ visitor_type: '3', booking_id: bookingId, in_school_area: otherArea, state: 5 });
    const [booking] = await withTenant(t.database.db, tenantId, async (tx) => {
      const { appointments } = await import('../src/modules/booking/booking.tables.ts');
      return tx
        .select()
        .from(appointments)
        .where(inArray(appointments.id, [bookingId]));
    });
    expect(row.valid_from.toISOString()).toBe(booking!.starts_at.toISOString());
    expect(row.valid_to.toISOString()).toBe(booking!.ends_at.toISOString());
    // booker 1 + guest 1; a party of 2 more exceeds 3
    const over = await refusal(booker.token, SAVE, { model: guest({ peers: 1 }) });
    expect(over.msg_en).toBe("Over the room's capacity: it holds 3, 2 already come, 2 asked");
    expect((await mutate(booker.token, SAVE, { model: guest() })).result?.errcode).toBe('0');
    expect((await refusal(booker.token, BATCH, { models: [guest()] })).msg_en).toMatch(/holds 3, 3 already come/);

    // the booking's guests, and only they, through the list's booking_id filter
    const guests = first(await gql(booker.token, LIST, { filter: { booking_id: { eq: bookingId } } })) as {
      totalCount: number;
      edges: { node: { booking_id: string; can_update: boolean; can_cancel: boolean } }[];
    };
    expect(guests.totalCount).toBe(2);
    expect(guests.edges.every((e) => e.node.booking_id === bookingId && e.node.can_update && e.node.can_cancel)).toBe(
      true,
    );
    const none = first(await gql(booker.token, LIST, { filter: { booking_id: { eq: randomUUID() } } })) as {
      totalCount: number;
    };
    expect(none.totalCount).toBe(0);
    const junk = first(await gql(booker.token, LIST, { filter: { booking_id: { eq: 'not-an-id' } } })) as {
      totalCount: number;
    };
    expect(junk.totalCount).toBe(0);
    // another user sees none of them
    const other = first(await gql(plainUser.token, LIST, { filter: { booking_id: { eq: bookingId } } })) as {
      totalCount: number;
    };
    expect(other.totalCount).toBe(0);
  });
});

describe('notifications', () => {
  it('queuePlainMails queues usable addresses in the transaction, and nothing when it rolls back', async () => {
    const subject = `plain ${randomUUID()}`;
    const mails = [
      { recipient: 'someone@example.com', subject, body: 'zh\n\nen' },
      { recipient: 'not an address', subject, body: 'x' },
    ];
    expect(await withTenant(t.database.db, tenantId, (tx) => queuePlainMails(tx, host.ctx, tenantId, mails))).toBe(1);
    await expect(
      withTenant(t.database.db, tenantId, async (tx) => {
        await queuePlainMails(tx, host.ctx, tenantId, mails);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: 'someone@example.com', notification_id: null });
    expect(rows[0]!.message_id).toMatch(/^<[0-9a-f-]+@.+>$/);
  });

  it('a text message channel that fails does not fail the application', async () => {
    const v = await makeVisitor();
    const failing = {
      ...v.ctx,
      config: {
        ...t.config,
        messages: { ...t.config.messages, channel: 'http' as const, gatewayUrl: 'http://127.0.0.1:9/sms' },
      },
    };
    const { ids } = await saveVisits(
      failing,
      [{ in_school_date: DAY, in_school_area: area, accept_visit_phone: host.phone }],
      false,
    );
    expect((await visitRow(ids[0]!)).state).toBe(0);
  });
});

describe('the rush', () => {
  it('500 simultaneous one-person applications on a quota of 200 leave exactly 200', async () => {
    const rushArea = await freshArea(200);
    await setPath('1', 0, 0);
    const v = await makeVisitor();
    // On PostgreSQL the 500 wait for connections of a pool of their own (the test app's has 5 and
    // gives up on a connection after 5 s; a server's requests queue in front of it instead).
    const url = (t.database as { url?: string }).url ?? '';
    const pool = url
      ? await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 20, connectTimeoutMs: 120_000 })
      : null;
    const ctx = pool ? { ...v.ctx, db: pool.db } : v.ctx;
    try {
      const results = await Promise.all(
        Array.from({ length: 500 }, async () => {
          try {
            await saveVisits(ctx, [{ in_school_date: DAY, in_school_area: rushArea }], false);
            return 'ok';
          } catch (err) {
            if (err instanceof AppError) return err.code;
            throw err;
          }
        }),
      );
      expect(
        results.filter((r) => r === 'ok'),
        JSON.stringify([...new Set(results)]),
      ).toHaveLength(200);
      expect(new Set(results.filter((r) => r !== 'ok'))).toEqual(new Set(['VISIT_QUOTA_FULL']));
    } finally {
      await pool?.close();
    }
    expect(await used(rushArea)).toBe(200);
    const rows = await withTenant(t.database.db, tenantId, (tx) =>
      tx
        .select({ id: visitorAppointments.id })
        .from(visitorAppointments)
        .where(eq(visitorAppointments.in_school_area, rushArea)),
    );
    expect(rows).toHaveLength(200);
    expect(await used(rushArea, '2030-01-04')).toBe(0);
  }, 240_000);
});
