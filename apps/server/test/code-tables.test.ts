import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let adminToken: string;
let userToken: string;
let otherTenantId: string;
let otherAdminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.tokenFor(demoAccounts.admin.account);
  userToken = await t.tokenFor(demoAccounts.user.account);
  otherTenantId = await t.createOtherTenant('north');
  otherAdminToken = await t.tokenFor('admin', otherTenantId);
});
afterAll(() => t.close());

/** The contract's document, as clients send it. */
const FIND_ITEMS = `query findCodeItemsAll($code_id: String, $code: String, $item_parent: String) {
  findCodeItemsAll(code_id: $code_id, code: $code, item_parent: $item_parent) {
    id codes_id item_code item_name item_description item_index item_level item_parent create_time
  }
}`;
const FIND_CODES = `query($first: Int, $offset: Int, $filter: CodesFilterMap) {
  findCodesAll(first: $first, offset: $offset, filter: $filter) {
    totalCount pageInfo { hasNextPage } edges { node { id code name name_en description order items_count create_time } }
  }
}`;
const SAVE_CODES = `mutation($m: InputCodes) { saveCodes(model: $m) { errcode msg msg_en ids } }`;
const UPDATE_CODES = `mutation($m: InputCodes) { updateCodes(model: $m) { errcode msg msg_en ids } }`;
const DELETE_CODES = `mutation($id: ID, $cascade: Boolean) { deleteCodes(id: $id, cascade: $cascade) { errcode msg msg_en ids } }`;
const SAVE_ITEM = `mutation($m: InputCodeItems) { saveCodeItems(model: $m) { errcode msg msg_en ids } }`;
const UPDATE_ITEM = `mutation($m: InputCodeItems) { updateCodeItems(model: $m) { errcode msg msg_en ids } }`;
const DELETE_ITEM = `mutation($id: ID) { deleteCodeItems(id: $id) { errcode msg msg_en ids } }`;
const FIND_LOCATIONS = `query($code: String) { findLocationsAll(code: $code) {
  id code_item_id latitude longitude address address_en item_code item_name item_parent code } }`;
const SAVE_LOCATION = `mutation($m: InputLocation) { saveLocation(model: $m) { errcode msg msg_en ids } }`;
const DELETE_LOCATION = `mutation($id: ID) { deleteLocation(id: $id) { errcode msg msg_en ids } }`;

async function items(token: string, variables: Record<string, unknown>) {
  const res = await t.gql('apps_yy_sys', FIND_ITEMS, { token, variables, operationName: 'findCodeItemsAll' });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.findCodeItemsAll as Record<string, unknown>[];
}

async function mutate(token: string, query: string, variables: Record<string, unknown>) {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.body.errors).toBeUndefined();
  return Object.values(res.body.data!)[0] as { errcode: string; msg: string; msg_en: string; ids: string[] };
}

async function codesByCode(token: string, code: string): Promise<{ id: string; items_count: number }> {
  const res = await t.gql('apps_yy_sys', FIND_CODES, { token, variables: { filter: { code: { eq: code } } } });
  return res.body.data!.findCodesAll.edges[0].node;
}

async function newTable(code: string): Promise<string> {
  const saved = await mutate(adminToken, SAVE_CODES, { m: { code, name: `表${code}`, name_en: `Table ${code}` } });
  expect(saved.errcode).toBe('0');
  return saved.ids[0]!;
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('items');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(content: Buffer, fileName = 'items.xlsx') {
  const boundary = `----yuyue${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function importFile(codeId: string, mode: string, content: Buffer, token = adminToken, prefix = '') {
  const form = multipart(content);
  const res = await t.app.inject({
    method: 'POST',
    url: `${prefix}/api/code/import?codeId=${codeId}&mode=${mode}`,
    headers: { 'content-type': form.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('findCodeItemsAll (contract document)', () => {
  it('code "yy_" gives the demo tables with every contract field, as user and admin', async () => {
    for (const token of [userToken, adminToken]) {
      const list = await items(token, { code_id: '', code: 'yy_', item_parent: '' });
      expect(list.length).toBe(12);
      const gym = list.find((i) => i.item_code === 'gym')!;
      expect(Object.keys(gym).sort()).toEqual(
        [
          'id',
          'codes_id',
          'item_code',
          'item_name',
          'item_description',
          'item_index',
          'item_level',
          'item_parent',
          'create_time',
        ].sort(),
      );
      expect(gym).toMatchObject({ item_name: '体育馆', item_parent: 'main', item_level: 2, item_index: 1 });
      expect(gym.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(gym.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const campuses = list.filter((i) => i.codes_id === list[0]!.codes_id);
      expect(campuses.map((c) => [c.item_code, c.item_name, c.item_parent, c.item_level])).toEqual([
        ['main', '主校区', '主校区', 1],
        ['east', '东校区', '东校区', 1],
      ]);
    }
  });

  it('item_parent gives the children; code selects by prefix; code_id one table', async () => {
    const buildings = await items(userToken, { code: 'yy_building', item_parent: 'main' });
    expect(buildings.map((b) => b.item_code)).toEqual(['gym', 'admin']);
    const east = await items(userToken, { code: 'yy_', item_parent: 'east' });
    expect(east.map((b) => b.item_code)).toEqual(['library']);
    const floors = await items(userToken, { code: 'yy_floor' });
    expect(floors.map((f) => f.item_code)).toEqual(['1F', '2F', '3F', '4F', '5F']);
    const byId = await items(userToken, { code_id: floors[0]!.codes_id as string });
    expect(byId).toHaveLength(5);
    expect(await items(userToken, { code_id: 'not-a-uuid' })).toEqual([]);
    expect(await items(userToken, { code: 'zz_' })).toEqual([]);
  });

  it('works with only some arguments, and refuses anonymous callers', async () => {
    const res = await t.gql('apps_yy_sys', '{ findCodeItemsAll(code: "yy_campus") { item_code item_name_en } }', {
      token: userToken,
    });
    expect(res.body.data?.findCodeItemsAll).toEqual([
      { item_code: 'main', item_name_en: 'Main campus' },
      { item_code: 'east', item_name_en: 'East campus' },
    ]);
    const anon = await t.gql('apps_yy_sys', FIND_ITEMS, { variables: { code: 'yy_' } });
    expect(anon.body.data?.findCodeItemsAll ?? null).toBeNull();
    expect(anon.body.errors?.length).toBeGreaterThan(0);
  });

  it("another tenant sees none of the demo tenant's items and cannot touch them", async () => {
    expect(await items(otherAdminToken, { code: 'yy_' })).toEqual([]);
    const gym = (await items(adminToken, { code: 'yy_building' })).find((i) => i.item_code === 'gym')!;
    const del = await mutate(otherAdminToken, DELETE_ITEM, { id: gym.id });
    expect(del.errcode).toBe('500');
    expect(del.msg_en).toBe('The code item does not exist');
    const upd = await mutate(otherAdminToken, UPDATE_ITEM, {
      m: { id: gym.id, codes_id: gym.codes_id, item_code: 'gym', item_name: 'x' },
    });
    expect(upd.msg_en).toBe('The code table does not exist');
    const other = await t.gql('apps_yy_sys', FIND_CODES, { token: otherAdminToken });
    expect(other.body.data?.findCodesAll.totalCount).toBe(0);
  });
});

describe('code tables CRUD', () => {
  it('lists with search and paging; users may not list or edit', async () => {
    const res = await t.gql('apps_yy_sys', FIND_CODES, { token: adminToken, variables: { filter: { keyword: '楼' } } });
    expect(res.body.data?.findCodesAll.edges.map((e: { node: { code: string } }) => e.node.code)).toEqual([
      'yy_building',
      'yy_floor',
    ]);
    const page = await t.gql('apps_yy_sys', FIND_CODES, { token: adminToken, variables: { first: 2, offset: 0 } });
    expect(page.body.data?.findCodesAll.totalCount).toBeGreaterThanOrEqual(3);
    expect(page.body.data?.findCodesAll.pageInfo.hasNextPage).toBe(true);
    const asUser = await t.gql('apps_yy_sys', FIND_CODES, { token: userToken });
    expect(asUser.body.errors?.length).toBeGreaterThan(0);
    const save = await t.gql('apps_yy_sys', SAVE_CODES, {
      token: userToken,
      variables: { m: { code: 'x', name: 'x' } },
    });
    expect(save.body.data?.saveCodes ?? null).toBeNull();
  });

  it('validates input: empty name, bad code, duplicate code (zh/en), nothing changed', async () => {
    const empty = await mutate(adminToken, SAVE_CODES, { m: { code: 'yy_x', name: '  ' } });
    expect(empty.errcode).toBe('500');
    expect(empty.msg_en).toMatch(/name/);
    const bad = await mutate(adminToken, SAVE_CODES, { m: { code: 'has space', name: 'x' } });
    expect(bad.errcode).toBe('500');
    const dup = await mutate(adminToken, SAVE_CODES, { m: { code: 'yy_campus', name: '重复' } });
    expect(dup).toMatchObject({
      errcode: '500',
      msg: '代码表编码“yy_campus”已存在',
      msg_en: 'The code table code "yy_campus" already exists',
    });
  });

  it('updates a table; refuses to delete while items exist unless cascade is asked', async () => {
    const id = await newTable('t_crud');
    const upd = await mutate(adminToken, UPDATE_CODES, { m: { id, code: 't_crud', name: '改名', order: 9 } });
    expect(upd.errcode).toBe('0');
    const root = await mutate(adminToken, SAVE_ITEM, { m: { codes_id: id, item_code: 'r', item_name: '根' } });
    expect(root.errcode).toBe('0');
    const refused = await mutate(adminToken, DELETE_CODES, { id });
    expect(refused.errcode).toBe('500');
    expect(refused.msg_en).toMatch(/still has 1 items/);
    const cascaded = await mutate(adminToken, DELETE_CODES, { id, cascade: true });
    expect(cascaded.errcode).toBe('0');
    expect(await items(adminToken, { code_id: id })).toEqual([]);
    const gone = await mutate(adminToken, DELETE_CODES, { id });
    expect(gone.msg_en).toBe('The code table does not exist');
  });
});

describe('code items tree', () => {
  it('adds children, derives levels, refuses missing parents, cycles and deleting a parent', async () => {
    const id = await newTable('t_tree');
    const add = (item_code: string, item_parent = '') =>
      mutate(adminToken, SAVE_ITEM, { m: { codes_id: id, item_code, item_name: `名${item_code}`, item_parent } });
    expect((await add('a')).errcode).toBe('0');
    expect((await add('b', 'a')).errcode).toBe('0');
    expect((await add('c', 'b')).errcode).toBe('0');
    const list = await items(adminToken, { code_id: id });
    expect(list.map((i) => [i.item_code, i.item_parent, i.item_level])).toEqual([
      ['a', '名a', 1],
      ['b', 'a', 2],
      ['c', 'b', 3],
    ]);
    const missing = await add('d', 'zzz');
    expect(missing.msg_en).toBe('The parent code "zzz" does not exist in this code table');
    const dup = await add('a');
    expect(dup.msg_en).toBe('The item code "a" already exists in this code table');
    const a = list[0]!;
    const cycle = await mutate(adminToken, UPDATE_ITEM, {
      m: { id: a.id, codes_id: id, item_code: 'a', item_name: '名a', item_parent: 'c' },
    });
    expect(cycle.msg_en).toBe('The parent item cannot be the item itself or one of its descendants');
    const hasChildren = await mutate(adminToken, DELETE_ITEM, { id: a.id });
    expect(hasChildren.msg_en).toBe('The code item has child items and cannot be deleted');
    // Renaming a code re-points the children.
    const renamed = await mutate(adminToken, UPDATE_ITEM, {
      m: { id: a.id, codes_id: id, item_code: 'a2', item_name: '名a' },
    });
    expect(renamed.errcode).toBe('0');
    expect((await items(adminToken, { code_id: id, item_parent: 'a2' })).map((i) => i.item_code)).toEqual(['b']);
    const c = list[2]!;
    expect((await mutate(adminToken, DELETE_ITEM, { id: c.id })).errcode).toBe('0');
    const empty = await mutate(adminToken, SAVE_ITEM, { m: { codes_id: id, item_code: 'e', item_name: '' } });
    expect(empty.errcode).toBe('500');
  });

  it('writes operate-log entries for changes', async () => {
    const res = await t.gql(
      'apps_yy_sys',
      `{ findOperateLogAll(first: 50, filter: { operate_module: { eq: "code" } }) { totalCount edges { node { operate_type } } } }`,
      { token: adminToken },
    );
    const types = res.body.data?.findOperateLogAll.edges.map(
      (e: { node: { operate_type: string } }) => e.node.operate_type,
    );
    expect(types).toEqual(expect.arrayContaining(['save', 'update', 'delete', 'saveItem', 'updateItem', 'deleteItem']));
  });
});

describe('import and export', () => {
  const header = ['item_code', 'item_name', 'item_name_en', 'item_parent', 'item_description', 'item_index'];

  it('mode all: any bad row imports nothing and reports every row', async () => {
    const id = await newTable('t_imp_all');
    const file = await xlsx([
      header,
      ['c1', '一号', 'One', '', '', 1],
      ['', '无编码', '', '', '', ''],
      ['c2', '二号', '', 'nowhere', '', ''],
      ['c1', '重复', '', '', '', ''],
      ['c3', '三号', '', 'c1', '', 'x'],
    ]);
    const res = await importFile(id, 'all', file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errcode: '500', total: 5, imported: 0 });
    expect(res.body.msg_en).toBe('Import failed: 4 rows have errors; nothing was imported');
    expect(res.body.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, 'item_code'],
      [4, 'item_parent'],
      [5, 'item_code'],
      [6, 'item_index'],
    ]);
    expect(res.body.errors[0]).toEqual({
      row: 3,
      column: 'item_code',
      msg: 'item_code不能为空',
      msg_en: 'item_code cannot be empty',
    });
    expect(await items(adminToken, { code_id: id })).toEqual([]);
  });

  it('mode valid: imports the good rows in one go, tree and levels included', async () => {
    const id = await newTable('t_imp_valid');
    const file = await xlsx([
      header,
      ['b1', '子一', '', 'r', '', 2],
      ['r', '根', 'Root', '', '根节点', 1],
      ['b2', '子二', '', 'r', '', 1],
      ['x', '', '', '', '', ''],
      ['y', '坏父', '', 'x', '', ''],
      ['p', '环一', '', 'q', '', ''],
      ['q', '环二', '', 'p', '', ''],
    ]);
    const res = await importFile(id, 'valid', file);
    expect(res.body).toMatchObject({ errcode: '0', total: 7, imported: 3 });
    expect(res.body.msg_en).toBe('3 rows imported; 4 rows have errors and were not imported');
    expect(res.body.errors.map((e: { row: number; msg_en: string }) => e.row)).toEqual([5, 6, 7, 8]);
    expect(res.body.errors[2].msg_en).toMatch(/cycle/);
    const list = await items(adminToken, { code_id: id });
    expect(list.map((i) => [i.item_code, i.item_level, i.item_parent])).toEqual([
      ['r', 1, '根'],
      ['b2', 2, 'r'],
      ['b1', 2, 'r'],
    ]);
  });

  it('export round-trips through import (updates, nothing duplicated); an empty table exports the template', async () => {
    const buildings = await codesByCode(adminToken, 'yy_building');
    expect(buildings.items_count).toBe(5);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/code/export?codeId=${buildings.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toMatch(/yy_building\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...header]);
    expect(sheet.getRow(3).getCell(1).value).toBe('main');
    expect(sheet.getRow(4).getCell(1).value).toBe('gym');
    expect(sheet.getRow(4).getCell(4).value).toBe('main');

    const before = await items(adminToken, { code_id: buildings.id });
    const again = await importFile(buildings.id, 'all', res.rawPayload);
    expect(again.body).toMatchObject({ errcode: '0', total: 5, imported: 5, errors: [] });
    const after = await items(adminToken, { code_id: buildings.id });
    expect(after).toEqual(before);

    const empty = await newTable('t_empty');
    const template = await t.app.inject({
      method: 'GET',
      url: `/yy-sys/api/code/export?codeId=${empty}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(template.statusCode).toBe(200);
    const tw = new ExcelJS.Workbook();
    await tw.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(tw.worksheets[0]!.rowCount).toBe(2);
  });

  it('refuses users, other tenants, bad modes, non-xlsx files and files over 2 MB', async () => {
    const id = await newTable('t_imp_refuse');
    const file = await xlsx([header, ['a', '甲']]);
    const asUser = await importFile(id, 'all', file, userToken);
    expect(asUser.status).toBe(403);
    const anon = await importFile(id, 'all', file, '');
    expect(anon.status).toBe(401);
    const other = await importFile(id, 'all', file, otherAdminToken);
    expect(other.status).toBe(400);
    expect(other.body.msg_en).toBe('The code table does not exist');
    const mode = await importFile(id, 'some', file);
    expect(mode.body.msg_en).toMatch(/Invalid import mode/);
    const notXlsx = await importFile(id, 'all', Buffer.from('item_code,item_name\na,b\n'));
    expect(notXlsx.body.msg_en).toBe('The file cannot be read; please upload an Excel (.xlsx) file');
    const big = await importFile(id, 'all', Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(big.status).toBe(400);
    expect(big.body.msg_en).toMatch(/too large/);
    const noHeader = await importFile(id, 'all', await xlsx([['a', 'b']]));
    expect(noHeader.body.msg_en).toMatch(/header/);
    const exportAsUser = await t.app.inject({
      method: 'GET',
      url: `/api/code/export?codeId=${id}`,
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(exportAsUser.statusCode).toBe(403);
    expect(await items(adminToken, { code_id: id })).toEqual([]);
  });
});

describe('locations', () => {
  it('lists the seeded building coordinates; saves, replaces and deletes; validates ranges', async () => {
    const list = (await t.gql('apps_yy_sys', FIND_LOCATIONS, { token: userToken, variables: { code: 'yy_building' } }))
      .body.data?.findLocationsAll as Record<string, unknown>[];
    expect(list.map((l) => l.item_code).sort()).toEqual(['admin', 'gym', 'library']);
    expect(list.find((l) => l.item_code === 'gym')).toMatchObject({ code: 'yy_building', item_parent: 'main' });

    const main = (await items(adminToken, { code: 'yy_building' })).find((i) => i.item_code === 'main')!;
    const saved = await mutate(adminToken, SAVE_LOCATION, {
      m: { code_item_id: main.id, latitude: 39.9, longitude: 116.3, address: '主校区', address_en: 'Main campus' },
    });
    expect(saved.errcode).toBe('0');
    const replaced = await mutate(adminToken, SAVE_LOCATION, {
      m: { code_item_id: main.id, latitude: 40, longitude: 116 },
    });
    expect(replaced.ids).toEqual(saved.ids);
    for (const bad of [
      { latitude: 91, longitude: 0 },
      { latitude: 0, longitude: -180.5 },
    ]) {
      const res = await mutate(adminToken, SAVE_LOCATION, { m: { code_item_id: main.id, ...bad } });
      expect(res.errcode).toBe('500');
    }
    const asUser = await t.gql('apps_yy_sys', SAVE_LOCATION, {
      token: userToken,
      variables: { m: { code_item_id: main.id, latitude: 1, longitude: 1 } },
    });
    expect(asUser.body.data?.saveLocation ?? null).toBeNull();
    const otherTenant = await mutate(otherAdminToken, SAVE_LOCATION, {
      m: { code_item_id: main.id, latitude: 1, longitude: 1 },
    });
    expect(otherTenant.msg_en).toBe('The code item does not exist');
    const otherDelete = await mutate(otherAdminToken, DELETE_LOCATION, { id: saved.ids[0] });
    expect(otherDelete.msg_en).toBe('The location does not exist');
    expect((await mutate(adminToken, DELETE_LOCATION, { id: saved.ids[0] })).errcode).toBe('0');
    const otherList = await t.gql('apps_yy_sys', FIND_LOCATIONS, { token: otherAdminToken });
    expect(otherList.body.data?.findLocationsAll).toEqual([]);
  });
});
