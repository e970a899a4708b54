/**
 * The visitor back office's records slice through the API: visitor records (list and search,
 * add, edit, batch update, delete with future visits, import from Excel with good and bad rows,
 * export masked or whole), visitors' cars and the entries recorded at gates (hand entries,
 * imports, the day's summary), as anonymous, visitor, ordinary user, gate staff, visitor
 * administrator, tenant administrator and another tenant. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { errorTexts } from '@yuyue/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { findUserByAccount, insertUser } from '../src/modules/directory/directory.repository.ts';
import { visitorClock } from '../src/modules/visitors/visitors.appointments.viewer.ts';
import { visitorAccountOf } from '../src/modules/visitors/visitors.crypto.ts';
import {
  visitorAdminPermissions,
  visitorAppointments,
  visitorOverallSettings,
  visitors,
} from '../src/modules/visitors/visitors.tables.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { NOW, makeResource, makeType } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { codeFor, idNumber, publicGql, signInByPhone } from './visitors-fixtures.ts';
import { bookingClock } from '../src/platform/clock.ts';
import { visitorKeys } from '../src/platform/data-key.ts';

const DAY = '2030-01-03';
const LIST = `query($filter: VisitorRecordFilterMap, $whole: Boolean, $first: Int, $offset: Int) {
  findVisitorRegistrationEntityList(first: $first, offset: $offset, filter: $filter, whole: $whole) {
    totalCount pageInfo { hasNextPage } edges { node { id visitor_name phone card_number person_type is_valid data_source password } } } }`;
const LIST2 = `query($filter: VisitorRecordFilterMap) { findVisitorEntityList(filter: $filter) { totalCount } }`;
const ADD = `mutation($model: VisitorRegistrationInput!) { addVisitorInfo(model: $model) { errcode msg msg_en ids } }`;
const UPDATE = `mutation($id: String!, $model: VisitorRegistrationInput!) { updateVisitorInfo(id: $id, model: $model) { errcode msg msg_en ids } }`;
const BATCH_UPDATE = `mutation($ids: [String!]!, $is_valid: Int, $person_type: String) {
  batchUpdateVisitorInfo(ids: $ids, is_valid: $is_valid, person_type: $person_type) { errcode msg msg_en ids } }`;
const DELETE = `mutation($id: String!, $cancelVisits: Boolean) { deleteVisitorInfo(id: $id, cancelVisits: $cancelVisits) { errcode msg msg_en ids } }`;
const BATCH_DELETE = `mutation($ids: [String!]!) { batchDeleteVisitorInfo(ids: $ids) { errcode msg msg_en ids } }`;
const IMPORT = `mutation($models: [VisitorRegistrationInput!]!) { importVisitorInfo(models: $models) {
  errcode msg msg_en total imported errors { row field msg msg_en } } }`;
const CARS = `query($filter: VisitorCarFilterMap) { findVisitorCarList(first: 50, filter: $filter) {
  totalCount edges { node { id visitor_name phone car_card_number in_school_date in_school_area_name state } } } }`;
const ENTRIES = `query($filter: VisitorListFilterMap) { findVisitorListEntityList(first: 50, filter: $filter) {
  totalCount edges { node { id visitor_name arrive_time arrival_place arrival_place_name data_source data_source_name_en apply_id } } } }`;
const SUMMARY = `query($date: String) { findVisitorListSummary(date: $date) { date entries people on_campus total } }`;
const SAVE_ENTRY = `mutation($model: VisitorListInput!) { saveVisitorList(model: $model) { errcode msg msg_en ids } }`;
const SAVE_ENTRIES = `mutation($models: [VisitorListInput!]!) { batchSaveVisitorList(models: $models) { errcode msg msg_en ids } }`;
const UPDATE_ENTRY = `mutation($model: VisitorListInput!) { updateVisitorList(model: $model) { errcode msg msg_en ids } }`;
const DELETE_ENTRY = `mutation($id: String!) { deleteVisitorList(id: $id) { errcode msg msg_en ids } }`;
const DELETE_ENTRIES = `mutation($ids: [String!]!) { batchDeleteVisitorList(ids: $ids) { errcode msg msg_en ids } }`;
const APPLY = `mutation($model: VisitorAppointmentInput!) { saveVisitorAppointment(model: $model) { errcode msg msg_en ids } }`;
const AUDIT = `mutation($id: String!) { auditVisitorAppointment(id: $id, state: "2") { errcode msg_en } }`;

interface Person {
  id: string;
  account: string;
  token: string;
  phone: string;
}

let t: TestApp;
let tenantId: string;
let admin: string;
let foreignAdmin: string;
let plainUser: Person;
let gateUser: Person;
let visitorAdmin: Person;
let area: string;
let area2: string;
let scopedAdmin: Person;
let seq = 0;
const phoneOf = () => `139${String(Date.now() % 10_000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;

async function makeUser(prefix: string, permission?: string): Promise<Person> {
  const account = `${prefix}${++seq}`;
  const phone = phoneOf();
  const u = await withTenant(t.database.db, tenantId, async (tx) => {
    const u = await insertUser(tx, tenantId, {
      account,
      name: `${prefix}名${seq}`,
      phone,
      email: `${account}@demo.edu.cn`,
    });
    if (permission) {
      await tx.insert(visitorAdminPermissions).values({ tenant_id: tenantId, admin_user: account, permission });
    }
    return u;
  });
  return { id: u.id, account, phone, token: await t.tokenFor(account) };
}

type Body = { data?: Record<string, never> | null; errors?: { extensions?: { code?: string } }[] };
async function gql(token: string | undefined, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.status).toBe(200);
  return res.body as Body;
}
const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;
const dataOf = <T>(body: Body) => Object.values(body.data ?? {})[0] as T;
type Result = { errcode: string; msg: string; msg_en: string; ids: string[] };
const resultOf = (body: Body) => dataOf<Result | null>(body);
type Page<N> = { totalCount: number; edges: { node: N }[]; pageInfo?: { hasNextPage: boolean } };
type RecordNode = {
  id: string;
  visitor_name: string;
  phone: string;
  card_number: string;
  person_type: string;
  is_valid: number;
  data_source: number;
  password: string | null;
};

async function refused(
  token: string,
  query: string,
  variables: Record<string, unknown>,
  code: Parameters<typeof errorTexts>[0],
) {
  const result = resultOf(await gql(token, query, variables));
  expect(result, JSON.stringify(result)).toMatchObject({ errcode: '500' });
  const texts = errorTexts(code);
  expect(result!.msg_en.startsWith(texts.en.split('{')[0]!), result!.msg_en).toBe(true);
  expect(result!.msg.startsWith(texts.zh.split('{')[0]!), result!.msg).toBe(true);
}

async function add(model: Record<string, unknown>, token = admin): Promise<string> {
  const result = resultOf(await gql(token, ADD, { model }));
  expect(result?.errcode, JSON.stringify(result)).toBe('0');
  return result!.ids[0]!;
}

const records = async (filter: Record<string, unknown>, token = admin, whole = false) =>
  dataOf<Page<RecordNode>>(await gql(token, LIST, { filter, whole, first: 50 }));

const logsOf = (type: string) =>
  withTenant(t.database.db, tenantId, (tx) =>
    tx
      .select()
      .from(operateLogs)
      .where(
        and(
          eq(operateLogs.tenant_id, tenantId),
          eq(operateLogs.operate_module, 'visitor'),
          eq(operateLogs.operate_type, type),
        ),
      ),
  );

async function sheet(
  rows: (string | number)[][],
  header = ['visitor_name', 'phone', 'card_type', 'card_number', 'person_type'],
) {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('v');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(content: Buffer) {
  const boundary = `----yuyue${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(content: Buffer, token = admin) {
  const form = multipart(content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/visitors/records/import',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function download(path: string, token = admin) {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) return { status: res.statusCode, rows: [] as string[][], body: res.body };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { status: res.statusCode, rows, body: '' };
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.demoTenantId;
  visitorClock.now = () => NOW;
  bookingClock.now = () => NOW;
  admin = await t.tokenFor('admin');
  foreignAdmin = await t.tokenFor('admin', await t.createOtherTenant('vrec2'));
  const type = await makeType(t, admin, { appointment_category: 'visitor' });
  area = (await makeResource(t, admin, type, { available_number: 500 })).id;
  area2 = (await makeResource(t, admin, type, { available_number: 500 })).id;
  await withTenant(t.database.db, tenantId, async (tx) => {
    const done = await tx
      .update(visitorOverallSettings)
      .set({ apply_school_resources: '' })
      .where(eq(visitorOverallSettings.tenant_id, tenantId))
      .returning();
    if (!done.length) await tx.insert(visitorOverallSettings).values({ tenant_id: tenantId });
  });
  plainUser = await makeUser('rcplain');
  gateUser = await makeUser('rcgate', 'gate');
  visitorAdmin = await makeUser('rcadm', 'admin');
  scopedAdmin = await makeUser('rcscope', 'admin');
  await withTenant(t.database.db, tenantId, (tx) =>
    tx
      .update(visitorAdminPermissions)
      .set({ scope_areas: area2 })
      .where(
        and(
          eq(visitorAdminPermissions.tenant_id, tenantId),
          eq(visitorAdminPermissions.admin_user, scopedAdmin.account),
        ),
      ),
  );
}, 120_000);

afterAll(async () => {
  visitorClock.now = () => Date.now();
  bookingClock.now = () => Date.now();
  await t?.close();
});

describe('who may call the records operations', () => {
  const adminOnly: [string, Record<string, unknown>][] = [
    [LIST, {}],
    [LIST2, {}],
    [ADD, { model: { visitor_name: '甲', phone: '13800000001' } }],
    [UPDATE, { id: randomUUID(), model: { remark: 'x' } }],
    [BATCH_UPDATE, { ids: [randomUUID()], is_valid: 0 }],
    [DELETE, { id: randomUUID() }],
    [BATCH_DELETE, { ids: [randomUUID()] }],
    [IMPORT, { models: [{ visitor_name: '甲', phone: '13800000001' }] }],
    [SAVE_ENTRY, { model: { visitor_name: '甲', arrival_place: randomUUID() } }],
    [SAVE_ENTRIES, { models: [{ visitor_name: '甲', arrival_place: randomUUID() }] }],
    [UPDATE_ENTRY, { model: { id: randomUUID() } }],
    [DELETE_ENTRY, { id: randomUUID() }],
    [DELETE_ENTRIES, { ids: [randomUUID()] }],
  ];
  const gateToo: [string, Record<string, unknown>][] = [
    [CARS, {}],
    [ENTRIES, {}],
    [SUMMARY, {}],
  ];

  it('anonymous is refused by the policy, a visitor too, an ordinary user by the service', async () => {
    const visitorToken = await (async () => {
      const phone = phoneOf();
      await add({ visitor_name: '访客甲', phone });
      const account = visitorAccountOf(visitorKeys(t.config), tenantId, phone);
      return t.tokenFor(account);
    })();
    for (const [q, v] of [...adminOnly, ...gateToo]) {
      expect(codeOf(await gql(undefined, q, v)), q).toBe('UNAUTHENTICATED');
      expect(codeOf(await gql(visitorToken, q, v)), q).toBe('FORBIDDEN');
      const body = await gql(plainUser.token, q, v);
      const result = resultOf(body);
      if (result && 'errcode' in result) expect(result.errcode, q).toBe('500');
      else expect(codeOf(body), q).toBe('FORBIDDEN');
    }
  });

  it('gate staff read cars, entries and the summary but not the records, nor change anything', async () => {
    for (const [q, v] of gateToo) expect((await gql(gateUser.token, q, v)).errors, q).toBeUndefined();
    for (const [q, v] of adminOnly) {
      const body = await gql(gateUser.token, q, v);
      const result = resultOf(body);
      if (result && 'errcode' in result) expect(result.errcode, q).toBe('500');
      else expect(codeOf(body), q).toBe('FORBIDDEN');
    }
  });

  it('another tenant sees none of these records and cannot touch them', async () => {
    const id = await add({ visitor_name: '外租户可见否', phone: phoneOf() });
    expect((await records({ visitor_name: { like: '外租户可见否' } }, foreignAdmin)).totalCount).toBe(0);
    await refused(foreignAdmin, DELETE, { id }, 'VISITOR_NOT_FOUND');
    await refused(foreignAdmin, UPDATE, { id, model: { remark: 'x' } }, 'VISITOR_NOT_FOUND');
    expect((await records({ visitor_name: { like: '外租户可见否' } })).totalCount).toBe(1);
  });
});

describe('visitor records', () => {
  it('an administrator adds a visitor: sealed numbers, masked lists, duplicates refused, the visitor signs in after a reset', async () => {
    const phone = phoneOf();
    const card = idNumber(301);
    const id = await add(
      { visitor_name: '赵新增', phone, card_type: '1', card_number: card, person_type: '校友' },
      visitorAdmin.token,
    );
    const [row] = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(visitors).where(eq(visitors.id, id)),
    );
    expect(row!.phone_enc).not.toContain(phone);
    expect(row!.card_number_enc).not.toContain(card);
    expect(row!.data_source).toBe(1);
    const listed = await records({ visitor_name: { like: '赵新增' } });
    expect(listed.edges[0]!.node).toMatchObject({
      id,
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      card_number: `${card.slice(0, 3)}***********${card.slice(14)}`,
      person_type: '校友',
      password: null,
    });
    await refused(admin, ADD, { model: { visitor_name: '重复', phone } }, 'VISITOR_PHONE_TAKEN');
    await refused(
      admin,
      ADD,
      { model: { visitor_name: '重复', phone: phoneOf(), card_type: '1', card_number: card } },
      'VISITOR_CARD_TAKEN',
    );
    await refused(admin, ADD, { model: { visitor_name: '坏号', phone: '12345' } }, 'VISITOR_PHONE_INVALID');
    await refused(
      admin,
      ADD,
      { model: { visitor_name: '坏证', phone: phoneOf(), card_type: '1', card_number: '110105198001010000' } },
      'VISITOR_FIELD_INVALID',
    );
    expect(await signInByPhone(t, phone, 'Whatever123')).toBeNull();
    const code = await codeFor(t, phone, { purpose: 'resetPassword' });
    const reset = await publicGql(
      t,
      `mutation($p: String!, $c: String!) { resetVisitorPasswordForPublic(phone: $p, verification_code: $c, password: "Chosen1234") { errcode } }`,
      { p: phone, c: code },
    );
    expect(reset.body.data?.resetVisitorPasswordForPublic.errcode).toBe('0');
    expect(await signInByPhone(t, phone, 'Chosen1234')).toBeTruthy();
    expect((await logsOf('save')).some((l) => l.operate_object === id)).toBe(true);
  });

  it('search: by name, by the whole phone or ID number only (exact), by person type and source; whole numbers audited', async () => {
    const phone = phoneOf();
    const card = idNumber(302);
    const id = await add({
      visitor_name: '钱搜索',
      phone,
      card_type: '1',
      card_number: card,
      person_type: '家长',
      unit: '某某中学',
    });
    expect((await records({ phone: { eq: phone } })).edges.map((e) => e.node.id)).toEqual([id]);
    expect((await records({ phone: { eq: phone.slice(0, 7) } })).totalCount).toBe(0);
    expect((await records({ card_number: { eq: card.toLowerCase() } })).edges.map((e) => e.node.id)).toEqual([id]);
    expect(
      (await records({ unit: { like: '某某' }, person_type: { eq: '家长' } })).edges.map((e) => e.node.id),
    ).toEqual([id]);
    expect((await records({ visitor_name: { like: '钱搜索' }, data_source: { eq: '2' } })).totalCount).toBe(0);
    expect(
      dataOf<{ totalCount: number }>(await gql(admin, LIST2, { filter: { visitor_name: { like: '钱搜索' } } }))
        .totalCount,
    ).toBe(1);
    const before = (await logsOf('viewWhole')).length;
    const whole = await records({ visitor_name: { like: '钱搜索' } }, visitorAdmin.token, true);
    expect(whole.edges[0]!.node).toMatchObject({ phone, card_number: card });
    expect((await logsOf('viewWhole')).length).toBe(before + 1);
    expect(codeOf(await gql(plainUser.token, LIST, { whole: true }))).toBe('FORBIDDEN');
  });

  it('edit and batch update: a new phone moves the sign-in account; valid flag and person type for several', async () => {
    const phone = phoneOf();
    const id = await add({ visitor_name: '孙修改', phone });
    const other = await add({ visitor_name: '孙修改二', phone: phoneOf() });
    const newPhone = phoneOf();
    expect(
      resultOf(await gql(admin, UPDATE, { id, model: { phone: newPhone, unit: '新单位', visitor_name: '孙改名' } }))
        ?.errcode,
    ).toBe('0');
    const keys = visitorKeys(t.config);
    const moved = await withTenant(t.database.db, tenantId, (tx) =>
      findUserByAccount(tx, tenantId, visitorAccountOf(keys, tenantId, newPhone)),
    );
    expect(moved?.name).toBe('孙改名');
    await refused(admin, UPDATE, { id: other, model: { phone: newPhone } }, 'VISITOR_PHONE_TAKEN');
    const batch = resultOf(await gql(admin, BATCH_UPDATE, { ids: [id, other], is_valid: 0, person_type: '施工' }));
    expect(batch?.errcode).toBe('0');
    const listed = await records({ person_type: { eq: '施工' }, is_valid: { eq: '0' } });
    expect(listed.edges.map((e) => e.node.id).sort()).toEqual([id, other].sort());
    await refused(admin, BATCH_UPDATE, { ids: [id], is_valid: 7 }, 'INVALID_INPUT');
    await refused(admin, BATCH_UPDATE, { ids: [id, randomUUID()], is_valid: 1 }, 'VISITOR_NOT_FOUND');
    expect((await records({ person_type: { eq: '施工' }, is_valid: { eq: '0' } })).totalCount).toBe(2);
  });

  it('delete: refused while a visit is ahead, unless its visits are cancelled with it; the account goes too', async () => {
    const phone = phoneOf();
    const id = await add({ visitor_name: '李删除', phone });
    const host = await makeUser('rchost');
    const account = visitorAccountOf(visitorKeys(t.config), tenantId, phone);
    const token = await t.tokenFor(account);
    const applied = resultOf(
      await gql(token, APPLY, {
        model: {
          in_school_date: DAY,
          in_school_area: area,
          accept_visit_phone: host.phone,
          is_car: 1,
          car_card_number: '京A12345',
        },
      }),
    );
    expect(applied?.errcode, JSON.stringify(applied)).toBe('0');
    const visitId = applied!.ids[0]!;
    expect(resultOf(await gql(host.token, AUDIT, { id: visitId }))?.errcode).toBeDefined();
    await refused(admin, DELETE, { id }, 'VISITOR_HAS_FUTURE_VISITS');
    await refused(admin, BATCH_DELETE, { ids: [id] }, 'VISITOR_HAS_FUTURE_VISITS');
    expect((await records({ visitor_name: { eq: '李删除' } })).totalCount).toBe(1);
    // the car is on the gate's list meanwhile
    const cars = dataOf<Page<{ id: string; car_card_number: string; phone: string }>>(
      await gql(gateUser.token, CARS, { filter: { in_school_date: { eq: DAY }, in_school_area: { eq: area } } }),
    );
    expect(cars.edges.find((e) => e.node.id === visitId)?.node).toMatchObject({
      car_card_number: '京A12345',
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
    });
    expect(resultOf(await gql(admin, DELETE, { id, cancelVisits: true }))?.errcode).toBe('0');
    const [visit] = await withTenant(t.database.db, tenantId, (tx) =>
      tx.select().from(visitorAppointments).where(eq(visitorAppointments.id, visitId)),
    );
    expect(visit!.state).toBe(4);
    expect(visit!.seats_held).toBe(false);
    expect((await records({ visitor_name: { eq: '李删除' } })).totalCount).toBe(0);
    expect(await withTenant(t.database.db, tenantId, (tx) => findUserByAccount(tx, tenantId, account))).toBeUndefined();
    const carsAfter = dataOf<Page<{ id: string }>>(await gql(admin, CARS, { filter: { in_school_date: { eq: DAY } } }));
    expect(carsAfter.edges.some((e) => e.node.id === visitId)).toBe(false);
  });
});

describe('import and export', () => {
  it('an Excel sheet with good and bad rows: only the valid rows imported (data_source 2), each bad row reported', async () => {
    const taken = phoneOf();
    await add({ visitor_name: '已存在', phone: taken });
    const p1 = phoneOf();
    const p2 = phoneOf();
    const content = await sheet([
      ['导入一', p1, '1', idNumber(311), '家长'],
      ['导入二', p2, '', '', ''],
      ['', phoneOf(), '', '', ''],
      ['坏号码', '123', '', '', ''],
      ['重复行', p1, '', '', ''],
      ['库中已有', taken, '', '', ''],
      ['坏证件', phoneOf(), '1', '110105198001010000', ''],
    ]);
    const { status, body } = await upload(content);
    expect(status).toBe(200);
    expect(body).toMatchObject({ errcode: '0', total: 7, imported: 2 });
    expect(body.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [4, 'visitor_name'],
      [5, 'phone'],
      [6, 'phone'],
      [7, 'phone'],
      [8, 'card_number'],
    ]);
    expect(body.errors[2].msg).toContain('第2行');
    expect(body.errors[2].msg_en).toContain('row 2');
    expect(body.errors[3].msg).toBe('手机号已登记为访客');
    for (const e of body.errors) expect(e.msg && e.msg_en).toBeTruthy();
    const imported = await records({ data_source: { eq: '2' }, visitor_name: { like: '导入' } });
    expect(imported.edges.map((e) => e.node.visitor_name).sort()).toEqual(['导入一', '导入二']);
    expect((await records({ visitor_name: { eq: '坏号码' } })).totalCount).toBe(0);
    expect(await signInByPhone(t, p1, 'x')).toBeNull();
  });

  it('a sheet without the columns, not a sheet, or nothing valid: refused, nothing imported; the template reads back', async () => {
    const noHeader = await upload(await sheet([['甲', phoneOf()]], ['a', 'b']));
    expect(noHeader.body.msg_en).toBe(errorTexts('VISITOR_IMPORT_NO_HEADER').en);
    const notXlsx = await upload(Buffer.from('hello'));
    expect(notXlsx.body.msg_en).toBe(errorTexts('CODE_IMPORT_NOT_XLSX').en);
    const allBad = await upload(
      await sheet([
        ['全坏', '1'],
        ['', ''],
      ]),
    );
    expect(allBad.body).toMatchObject({ errcode: '500', imported: 0, total: 1 });
    expect((await upload(await sheet([['甲', phoneOf()]]), plainUser.token)).body.errcode).toBe('500');
    const template = await download('/api/visitors/records/template');
    expect(template.rows[0]!.slice(0, 2)).toEqual(['visitor_name', 'phone']);
    // the template filled in imports
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/visitors/records/template',
          headers: { authorization: `Bearer ${admin}` },
        })
      ).rawPayload as unknown as ArrayBuffer,
    );
    workbook.worksheets[0]!.addRow(['模板填写', phoneOf()]);
    const filled = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(filled.body).toMatchObject({ errcode: '0', imported: 1, total: 1 });
  });

  it('the GraphQL import reports rows as 2, 3, ...', async () => {
    const p = phoneOf();
    const result = dataOf<{ errcode: string; imported: number; errors: { row: number; field: string }[] }>(
      await gql(admin, IMPORT, {
        models: [
          { visitor_name: '图一', phone: p },
          { visitor_name: '图二', phone: p },
        ],
      }),
    );
    expect(result).toMatchObject({ errcode: '0', imported: 1, errors: [{ row: 3, field: 'phone' }] });
  });

  it('export: masked for everyone, whole only for the admin right asking, and audited', async () => {
    const phone = phoneOf();
    await add({ visitor_name: '周导出', phone });
    const masked = await download(`/api/visitors/records/export?visitor_name_like=${encodeURIComponent('周导出')}`);
    expect(masked.rows.length).toBe(2);
    expect(masked.rows[1]!.join(' ')).not.toContain(phone);
    expect(masked.rows[1]!.join(' ')).toContain(`${phone.slice(0, 3)}****`);
    const before = (await logsOf('viewWhole')).length;
    const whole = await download(`/api/visitors/records/export?whole=1&phone=${phone}`, visitorAdmin.token);
    expect(whole.rows[1]!.join(' ')).toContain(phone);
    expect((await logsOf('viewWhole')).length).toBe(before + 1);
    expect((await download('/api/visitors/records/export?whole=1', plainUser.token)).status).not.toBe(200);
    expect((await download('/api/visitors/records/export', gateUser.token)).status).not.toBe(200);
    expect((await download('/api/visitors/cars/export', gateUser.token)).status).toBe(200);
    expect((await download('/api/visitors/entries/export', gateUser.token)).rows[0]![0]).toContain('进入时间');
  });
});

describe('entries at gates', () => {
  it('by hand (1) and by import (2), filtered by day, gate and source; the day summary counts people on campus', async () => {
    const today = '2030-01-01';
    const before = dataOf<{ on_campus: number; entries: number; total: number }>(await gql(admin, SUMMARY, {}));
    const one = resultOf(
      await gql(admin, SAVE_ENTRY, {
        model: { visitor_name: '手工登记', arrival_place: area, arrive_time: `${today} 11:00` },
      }),
    );
    expect(one?.errcode, JSON.stringify(one)).toBe('0');
    const two = resultOf(
      await gql(admin, SAVE_ENTRIES, {
        models: [
          { visitor_name: '导入进入一', arrival_place: area, arrive_time: '2029-12-31 09:30' },
          { visitor_name: '导入进入二', arrival_place: area, arrive_time: `${today} 08:00:05` },
        ],
      }),
    );
    expect(two?.ids).toHaveLength(2);
    const list = dataOf<
      Page<{ id: string; visitor_name: string; data_source: number; arrive_time: string; arrival_place_name: string }>
    >(await gql(admin, ENTRIES, { filter: { arrive_time: { eq: today }, arrival_place: { eq: area } } }));
    expect(list.edges.map((e) => [e.node.visitor_name, e.node.data_source, e.node.arrive_time])).toEqual([
      ['手工登记', 1, `${today} 11:00:00`],
      ['导入进入二', 2, `${today} 08:00:05`],
    ]);
    const imports = dataOf<Page<{ id: string }>>(
      await gql(admin, ENTRIES, { filter: { data_source: { eq: '2' }, arrival_place: { eq: area } } }),
    );
    expect(imports.totalCount).toBe(2);
    const gateView = dataOf<Page<{ visitor_name: string }>>(
      await gql(gateUser.token, ENTRIES, { filter: { arrive_time: { eq: today }, arrival_place: { eq: area } } }),
    );
    expect(gateView.edges[0]!.node.visitor_name).not.toBe('手工登记');
    const after = dataOf<{ date: string; on_campus: number; entries: number; people: number; total: number }>(
      await gql(admin, SUMMARY, {}),
    );
    expect(after.date).toBe(today);
    expect(after.entries).toBe(before.entries + 2);
    expect(after.on_campus).toBe(before.on_campus + 2);
    expect(after.total).toBe(before.total + 3);
    const yesterday = dataOf<{ on_campus: number; entries: number }>(await gql(admin, SUMMARY, { date: '2029-12-31' }));
    expect(yesterday.on_campus).toBe(0);
    expect(yesterday.entries).toBeGreaterThanOrEqual(1);
    // edit, refusals, delete
    expect(
      resultOf(await gql(admin, UPDATE_ENTRY, { model: { id: one!.ids[0], arrive_time: `${today} 10:00` } }))?.errcode,
    ).toBe('0');
    await refused(
      admin,
      SAVE_ENTRY,
      { model: { visitor_name: '错地点', arrival_place: randomUUID() } },
      'VISITOR_GATE_PLACE_INVALID',
    );
    await refused(
      admin,
      SAVE_ENTRY,
      { model: { visitor_name: '未来', arrival_place: area, arrive_time: '2030-02-01 10:00' } },
      'VISITOR_ENTRY_TIME_FUTURE',
    );
    await refused(admin, SAVE_ENTRY, { model: { arrival_place: area } }, 'REQUIRED');
    await refused(
      admin,
      SAVE_ENTRIES,
      {
        models: [
          { visitor_name: '好', arrival_place: area },
          { visitor_name: '坏', arrival_place: 'x' },
        ],
      },
      'VISITOR_GATE_PLACE_INVALID',
    );
    await refused(foreignAdmin, DELETE_ENTRY, { id: one!.ids[0] }, 'VISITOR_ENTRY_NOT_FOUND');
    expect(resultOf(await gql(admin, DELETE_ENTRIES, { ids: two!.ids }))?.errcode).toBe('0');
    expect(resultOf(await gql(admin, DELETE_ENTRY, { id: one!.ids[0] }))?.errcode).toBe('0');
    expect(dataOf<{ total: number }>(await gql(admin, SUMMARY, {})).total).toBe(before.total);
  });
});

describe('a visitor administrator with a scope (areas)', () => {
  it('sees the cars and entries of their areas only, records entries only there, and still manages visitor records', async () => {
    const phone = phoneOf();
    await add({ visitor_name: '范围访客', phone }, scopedAdmin.token);
    const host = await makeUser('rcscopehost');
    const token = await t.tokenFor(visitorAccountOf(visitorKeys(t.config), tenantId, phone));
    const applied = resultOf(
      await gql(token, APPLY, {
        model: {
          in_school_date: DAY,
          in_school_area: area,
          accept_visit_phone: host.phone,
          is_car: 1,
          car_card_number: '沪B99999',
        },
      }),
    );
    expect(applied?.errcode, JSON.stringify(applied)).toBe('0');
    const visitId = applied!.ids[0]!;
    await gql(host.token, AUDIT, { id: visitId });
    const carIds = async (who: string) =>
      dataOf<Page<{ id: string }>>(await gql(who, CARS, { filter: { in_school_date: { eq: DAY } } })).edges.map(
        (e) => e.node.id,
      );
    expect(await carIds(visitorAdmin.token)).toContain(visitId);
    expect(await carIds(gateUser.token)).toContain(visitId);
    expect(await carIds(scopedAdmin.token)).not.toContain(visitId);

    const outside = resultOf(
      await gql(admin, SAVE_ENTRY, {
        model: { visitor_name: '范围外', arrival_place: area, arrive_time: '2030-01-01 09:00' },
      }),
    );
    await refused(
      scopedAdmin.token,
      SAVE_ENTRY,
      { model: { visitor_name: '越界', arrival_place: area } },
      'VISITOR_OUT_OF_SCOPE',
    );
    await refused(scopedAdmin.token, DELETE_ENTRY, { id: outside!.ids[0] }, 'VISITOR_OUT_OF_SCOPE');
    const inside = resultOf(
      await gql(scopedAdmin.token, SAVE_ENTRY, {
        model: { visitor_name: '范围内', arrival_place: area2, arrive_time: '2030-01-01 09:00' },
      }),
    );
    expect(inside?.errcode).toBe('0');
    const names = async (who: string) =>
      dataOf<Page<{ visitor_name: string }>>(
        await gql(who, ENTRIES, { filter: { arrive_time: { eq: '2030-01-01' } } }),
      ).edges.map((e) => e.node.visitor_name);
    expect(await names(scopedAdmin.token)).toEqual(['范围内']);
    expect(await names(admin)).toEqual(expect.arrayContaining(['范围内', '范围外']));
    // the day's summary counts the scope's gates only
    type Summary = { entries: number; total: number };
    const summaryOf = async (who: string) => dataOf<Summary>(await gql(who, SUMMARY, { date: '2030-01-01' }));
    const [mine, all] = [await summaryOf(scopedAdmin.token), await summaryOf(admin)];
    expect(mine.entries).toBe(1);
    expect(all.entries).toBeGreaterThanOrEqual(2);
    expect(mine.total).toBeLessThan(all.total);
    // a visit outside the scope is not cancelled by a scoped administrator's deletion
    const visitorId = (await records({ visitor_name: { eq: '范围访客' } }, scopedAdmin.token)).edges[0]!.node.id;
    await refused(scopedAdmin.token, DELETE, { id: visitorId, cancelVisits: true }, 'VISITOR_OUT_OF_SCOPE');
    expect(resultOf(await gql(admin, DELETE_ENTRIES, { ids: [outside!.ids[0], inside!.ids[0]] }))?.errcode).toBe('0');
  });
});
