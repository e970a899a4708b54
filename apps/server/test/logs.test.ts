import { formatDateTime } from '@yuyue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;
let otherTenantId: string;
let otherAdminToken: string;

const FIELDS =
  'id operate_user_id operate_user_name id_address operate_module operate_type operate_content operate_object operate_time';
const FIND_ALL = `query($first: Int, $offset: Int, $after: String, $filter: OperateLogFilterMap, $operateTime: [String]) {
  findOperateLogAll(first: $first, offset: $offset, after: $after, filter: $filter, operateTime: $operateTime) {
    edges { node { ${FIELDS} } cursor }
    pageInfo { hasNextPage endCursor startCursor }
    totalCount
  }
}`;
const SAVE_SETTINGS = `mutation($m: InputSysSettings!) { saveSysSettings(model: $m) { errcode ids } }`;

type LogNode = Record<
  | 'id'
  | 'operate_user_id'
  | 'operate_user_name'
  | 'id_address'
  | 'operate_module'
  | 'operate_type'
  | 'operate_content'
  | 'operate_object'
  | 'operate_time',
  string
>;
type Page = {
  edges: { node: LogNode; cursor: string }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null; startCursor: string | null };
  totalCount: number;
};

async function findAll(variables: Record<string, unknown>, token = adminToken): Promise<Page> {
  const res = await t.gql('apps_yy_sys', FIND_ALL, { token, variables });
  expect(res.body.errors).toBeUndefined();
  return res.body.data?.findOperateLogAll;
}

beforeAll(async () => {
  t = await createTestApp();
  userToken = await t.tokenFor(demoAccounts.user.account);
  adminToken = await t.tokenFor(demoAccounts.admin.account);
  otherTenantId = await t.createOtherTenant('south');
  otherAdminToken = await t.tokenFor('admin', otherTenantId);
});
afterAll(() => t.close());

describe('operate log', () => {
  it('a mutation writes an entry that findOperateLogAll shows, newest first, with the time in the tenant zone', async () => {
    const before = Date.now();
    const saved = await t.gql('apps_yy_sys', SAVE_SETTINGS, {
      token: adminToken,
      variables: { m: { manage_setting: '{"sys_name":"日志测试"}' } },
    });
    expect(saved.body.data?.saveSysSettings.errcode).toBe('0');
    const page = await findAll({ first: 10, filter: { operate_module: { eq: 'settings' } } });
    expect(page.totalCount).toBe(1);
    const [entry] = page.edges;
    expect(entry!.node).toMatchObject({
      operate_user_id: demoAccounts.admin.account,
      operate_user_name: demoAccounts.admin.name,
      operate_module: 'settings',
      operate_type: 'save',
      operate_object: saved.body.data?.saveSysSettings.ids[0],
    });
    expect(entry!.node.operate_content).toContain('日志测试');
    expect(entry!.node.id_address).not.toBe('');
    expect(entry!.node.operate_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const shown = entry!.node.operate_time;
    expect(
      shown >= formatDateTime(before - 1000, 'Asia/Shanghai') &&
        shown <= formatDateTime(Date.now() + 1000, 'Asia/Shanghai'),
    ).toBe(true);

    const one = await t.gql('apps_yy_sys', `query($id: ID) { findOperateLog(id: $id) { ${FIELDS} } }`, {
      token: adminToken,
      variables: { id: entry!.node.id },
    });
    expect(one.body.data?.findOperateLog).toEqual(entry!.node);
    const missing = await t.gql('apps_yy_sys', `{ findOperateLog(id: "nope") { id } }`, { token: adminToken });
    expect(missing.body.data?.findOperateLog).toBeNull();
  });

  it('saveOperateLog takes who, where and when from the request, not from the input', async () => {
    const res = await t.gql(
      'apps_yy_sys',
      `mutation($m: InputOperateLog) { saveOperateLog(model: $m) { errcode msg msg_en ids } }`,
      {
        token: userToken,
        variables: {
          m: {
            operate_user_id: 'admin',
            operate_user_name: '冒充的管理员',
            id_address: '1.2.3.4',
            operate_time: '2000-01-01 00:00:00',
            operate_module: 'booking',
            operate_type: 'view',
            operate_content: '查看预约',
            operate_object: 'r-1',
          },
        },
      },
    );
    expect(res.body.data?.saveOperateLog).toMatchObject({ errcode: '0', msg: '操作成功' });
    const [id] = res.body.data!.saveOperateLog.ids;
    const one = await t.gql('apps_yy_sys', `query($id: ID) { findOperateLog(id: $id) { ${FIELDS} } }`, {
      token: adminToken,
      variables: { id },
    });
    expect(one.body.data?.findOperateLog).toMatchObject({
      id,
      operate_user_id: demoAccounts.user.account,
      operate_user_name: demoAccounts.user.name,
      operate_module: 'booking',
      operate_type: 'view',
      operate_content: '查看预约',
      operate_object: 'r-1',
    });
    expect(one.body.data?.findOperateLog.id_address).not.toBe('1.2.3.4');
    expect(one.body.data?.findOperateLog.operate_time.startsWith('2000')).toBe(false);

    const anonymous = await t.gql(
      'apps_yy_sys',
      `mutation { saveOperateLog(model: { operate_module: "x", operate_type: "y" }) { errcode } }`,
    );
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const bad = await t.gql(
      'apps_yy_sys',
      `mutation { saveOperateLog(model: { operate_module: "", operate_type: "y" }) { errcode msg msg_en } }`,
      {
        token: userToken,
      },
    );
    expect(bad.body.data?.saveOperateLog).toMatchObject({
      errcode: '500',
      msg: expect.stringContaining('参数错误'),
      msg_en: expect.stringContaining('operate_module'),
    });
  });

  it('saveOperateLogAll writes up to 100 entries, all or none', async () => {
    const models = Array.from({ length: 25 }, (_, i) => ({
      operate_module: 'batch',
      operate_type: i % 2 ? 'odd' : 'even',
      operate_content: `第${i}条`,
    }));
    const res = await t.gql(
      'apps_yy_sys',
      `mutation($ms: [InputOperateLog]) { saveOperateLogAll(models: $ms) { errcode ids } }`,
      {
        token: userToken,
        variables: { ms: models },
      },
    );
    expect(res.body.data?.saveOperateLogAll.errcode).toBe('0');
    expect(res.body.data?.saveOperateLogAll.ids).toHaveLength(25);

    const tooMany = Array.from({ length: 101 }, () => ({ operate_module: 'batch', operate_type: 'x' }));
    const refused = await t.gql(
      'apps_yy_sys',
      `mutation($ms: [InputOperateLog]) { saveOperateLogAll(models: $ms) { errcode msg } }`,
      {
        token: userToken,
        variables: { ms: tooMany },
      },
    );
    expect(refused.body.data?.saveOperateLogAll.errcode).toBe('500');
    expect((await findAll({ filter: { operate_module: { eq: 'batch' } } })).totalCount).toBe(25);
  });

  it('pages with first/offset and after, reporting totalCount and hasNextPage', async () => {
    const filter = { operate_module: { eq: 'batch' }, operate_type: { eq: '' } };
    const first = await findAll({ first: 10, offset: 0, filter });
    expect(first.totalCount).toBe(25);
    expect(first.edges).toHaveLength(10);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const byAfter = await findAll({ first: 10, after: first.pageInfo.endCursor, filter });
    const byOffset = await findAll({ first: 10, offset: 10, filter });
    expect(byAfter.edges.map((e) => e.node.id)).toEqual(byOffset.edges.map((e) => e.node.id));
    const last = await findAll({ first: 10, offset: 20, filter });
    expect(last.edges).toHaveLength(5);
    expect(last.pageInfo.hasNextPage).toBe(false);
    const ids = [...first.edges, ...byOffset.edges, ...last.edges].map((e) => e.node.id);
    expect(new Set(ids).size).toBe(25);

    const capped = await findAll({ first: 5000 });
    expect(capped.edges.length).toBeLessThanOrEqual(200);

    const odd = await findAll({
      first: 100,
      filter: { operate_module: { in: ['batch'] }, operate_type: { in: ['odd'] } },
    });
    expect(odd.totalCount).toBe(12);
    const byName = await findAll({ first: 100, filter: { operate_user_name: { like: '同学' } } });
    expect(byName.totalCount).toBeGreaterThanOrEqual(26);
    expect(byName.edges.every((e) => e.node.operate_user_id === demoAccounts.user.account)).toBe(true);
    const literal = await findAll({ filter: { operate_user_name: { like: '%' } } });
    expect(literal.totalCount).toBe(0);
  });

  it('filters by operateTime in the tenant zone (dates or date-times)', async () => {
    const all = await findAll({ first: 200 });
    const newest = all.edges[0]!.node.operate_time;
    const today = newest.slice(0, 10);
    expect((await findAll({ operateTime: [today, today] })).totalCount).toBe(all.totalCount);
    expect((await findAll({ operateTime: ['', today] })).totalCount).toBe(all.totalCount);
    expect((await findAll({ operateTime: [newest, ''] })).totalCount).toBeGreaterThanOrEqual(1);
    expect((await findAll({ operateTime: ['2001-01-01', '2001-12-31'] })).totalCount).toBe(0);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await findAll({ operateTime: [tomorrow, ''] })).totalCount).toBe(0);

    const bad = await t.gql('apps_yy_sys', FIND_ALL, {
      token: adminToken,
      variables: { operateTime: ['2026-02-30', ''] },
    });
    expect(bad.body.data?.findOperateLogAll).toBeNull();
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_INPUT' });
    expect(bad.body.errors?.[0]?.extensions?.msg).toContain('参数错误');
  });

  it('deletion by an administrator is itself logged; users may neither read nor delete', async () => {
    const batch = await findAll({ first: 3, filter: { operate_module: { eq: 'batch' } } });
    const [a, b, c] = batch.edges.map((e) => e.node.id);

    const userRead = await t.gql('apps_yy_sys', FIND_ALL, { token: userToken, variables: {} });
    expect(userRead.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const userDelete = await t.gql('apps_yy_sys', `mutation($id: ID) { deleteOperateLog(id: $id) { errcode } }`, {
      token: userToken,
      variables: { id: a },
    });
    expect(userDelete.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const one = await t.gql('apps_yy_sys', `mutation($id: ID) { deleteOperateLog(id: $id) { errcode msg ids } }`, {
      token: adminToken,
      variables: { id: a },
    });
    expect(one.body.data?.deleteOperateLog).toMatchObject({ errcode: '0', ids: [a] });
    const again = await t.gql('apps_yy_sys', `mutation($id: ID) { deleteOperateLog(id: $id) { errcode msg msg_en } }`, {
      token: adminToken,
      variables: { id: a },
    });
    expect(again.body.data?.deleteOperateLog).toEqual({
      errcode: '500',
      msg: '操作日志不存在',
      msg_en: 'The operate log entry does not exist',
    });

    const many = await t.gql('apps_yy_sys', `mutation($ids: [ID]) { deleteOperateLogAll(ids: $ids) { errcode ids } }`, {
      token: adminToken,
      variables: { ids: [b, c, a, 'not-an-id'] },
    });
    expect(many.body.data?.deleteOperateLogAll.errcode).toBe('0');
    expect([...many.body.data!.deleteOperateLogAll.ids].sort()).toEqual([b, c].sort());
    expect((await findAll({ filter: { operate_module: { eq: 'batch' } } })).totalCount).toBe(22);

    const deletions = await findAll({ filter: { operate_module: { eq: 'log' } } });
    expect(deletions.totalCount).toBe(2);
    expect(deletions.edges.map((e) => e.node.operate_type)).toEqual(['deleteAll', 'delete']);
    expect(deletions.edges[0]!.node.operate_object.split(',').sort()).toEqual([b, c].sort());
    expect(deletions.edges[1]!.node).toMatchObject({ operate_object: a, operate_user_id: demoAccounts.admin.account });

    const none = await t.gql('apps_yy_sys', `mutation { deleteOperateLogAll(ids: []) { errcode msg } }`, {
      token: adminToken,
    });
    expect(none.body.data?.deleteOperateLogAll).toMatchObject({ errcode: '500', msg: 'ids不能为空' });
  });

  it("another tenant's administrator never sees nor deletes these entries", async () => {
    const mine = await findAll({ first: 1 });
    await t.gql('apps_yy_sys', SAVE_SETTINGS, {
      token: otherAdminToken,
      variables: { m: { manage_setting: '{"sys_name":"南校区"}' } },
    });
    const theirs = await findAll({ first: 200 }, otherAdminToken);
    expect(theirs.totalCount).toBe(1);
    expect(theirs.edges[0]!.node).toMatchObject({
      operate_module: 'settings',
      operate_content: expect.stringContaining('南校区'),
    });
    const demoIds = new Set((await findAll({ first: 200 })).edges.map((e) => e.node.id));
    expect(theirs.edges.some((e) => demoIds.has(e.node.id))).toBe(false);
    expect(theirs.edges.every((e) => e.node.operate_user_id !== demoAccounts.user.account)).toBe(true);

    const target = mine.edges[0]!.node.id;
    const read = await t.gql('apps_yy_sys', `query($id: ID) { findOperateLog(id: $id) { id } }`, {
      token: otherAdminToken,
      variables: { id: target },
    });
    expect(read.body.data?.findOperateLog).toBeNull();
    const del = await t.gql('apps_yy_sys', `mutation($id: ID) { deleteOperateLog(id: $id) { errcode } }`, {
      token: otherAdminToken,
      variables: { id: target },
    });
    expect(del.body.data?.deleteOperateLog.errcode).toBe('500');
    const still = await t.gql('apps_yy_sys', `query($id: ID) { findOperateLog(id: $id) { id } }`, {
      token: adminToken,
      variables: { id: target },
    });
    expect(still.body.data?.findOperateLog.id).toBe(target);
  });
});
