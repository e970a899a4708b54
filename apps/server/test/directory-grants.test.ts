/**
 * Triples and permission grants on iam (`/manage/console`): who may call each operation
 * (anonymous, a student, a scoped administrator, the tenant administrator, another tenant),
 * what a grant checks (subject in the tenant, known role, a filter fitting the role, ids that
 * exist), idempotence, all-or-none batches, revocation, and the operate log.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { findUserByAccount, insertUser } from '../src/modules/directory/directory.repository.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { makeResource, useCheckinFixture, type Fixture } from './checkin-fixtures.ts';

const GRANT = `mutation($type: String!, $target: ID!, $permission: String!, $filter: String) {
  grantPermission(type: $type, target: $target, permission: $permission, filter: $filter) {
    id revokeId type permission filter target targetName app grantedBy createTime } }`;
const GRANTS = `mutation($models: [InputGrant!]!) { grantPermissions(models: $models) { errcode msg msg_en ids } }`;
const REVOKE = `mutation($r: ID!) { revokePermission(revokeId: $r) { errcode msg msg_en } }`;
const REVOKES = `mutation($r: [ID!]!) { revokePermissions(revokeIds: $r) { errcode msg msg_en } }`;
const PERMISSIONS = `query($f: PermissionFilter, $first: Int, $offset: Int) {
  permissions(filter: $f, first: $first, offset: $offset) {
    totalCount pageInfo { hasNextPage } edges { node { id revokeId type permission filter target targetName app } } } }`;
const ADD_TRIPLE = `mutation($m: InputTriple!) { addTriple(model: $m) { errcode msg msg_en ids } }`;
const DELETE_TRIPLE = `mutation($id: ID!) { deleteTriple(id: $id) { errcode msg msg_en } }`;
const TRIPLES = `query($f: TripleFilter) { triples(filter: $f, first: 50) {
  totalCount edges { node { id code createTime dept { id name } post { id name } user { id account name } } } } }`;
const ACCESSES = `query($u: ID) { accesses(userId: $u) { permission app filter via { id type targetName } } }`;
const FLOWS = `{ flows { id code name nameEn ready visible } }`;
const ROLES = `query($app: String) { appRoles(app: $app) { code app name nameEn scope staff } }`;

const fixture = useCheckinFixture();

async function gql(f: Fixture, token: string | undefined, doc: string, variables: Record<string, unknown> = {}) {
  return f.t.gql('iam', doc, { token, variables });
}

/** The data of an operation that must succeed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ok(f: Fixture, token: string, doc: string, variables: Record<string, unknown> = {}): Promise<any> {
  const res = await gql(f, token, doc, variables);
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  const out = Object.values(res.body.data!)[0] as { errcode?: string };
  if (out && typeof out === 'object' && 'errcode' in out) expect(out.errcode, JSON.stringify(out)).toBe('0');
  return out;
}

/** How an operation was refused: the GraphQL error code, or the errcode result's Chinese and English words. */
async function refusal(f: Fixture, token: string | undefined, doc: string, variables: Record<string, unknown> = {}) {
  const res = await gql(f, token, doc, variables);
  const code = res.body.errors?.[0]?.extensions?.code as string | undefined;
  if (code) return code;
  const out = Object.values(res.body.data ?? {})[0] as { errcode?: string; msg?: string; msg_en?: string } | null;
  expect(out?.errcode, JSON.stringify(res.body)).toBe('500');
  return `${out!.msg} | ${out!.msg_en}`;
}

async function userId(f: Fixture, account: string): Promise<string> {
  const tenantId = f.t.demoTenantId;
  const u = await withTenant(f.t.database.db, tenantId, (tx) => findUserByAccount(tx, tenantId, account));
  return u!.id;
}

async function newUser(f: Fixture, account: string, role: 'user' | 'visitor' = 'user'): Promise<string> {
  const tenantId = f.t.demoTenantId;
  const u = await withTenant(f.t.database.db, tenantId, (tx) =>
    insertUser(tx, tenantId, { account, name: `用户${account}`, role }),
  );
  return u.id;
}

const anyId = '00000000-0000-4000-8000-000000000000';

describe('who may call the grant operations', () => {
  const ops: [string, string, Record<string, unknown>][] = [
    ['triples', TRIPLES, {}],
    ['permissions', PERMISSIONS, {}],
    ['addTriple', ADD_TRIPLE, { m: { code: 'x' } }],
    ['deleteTriple', DELETE_TRIPLE, { id: anyId }],
    ['grantPermission', GRANT, { type: 'user', target: anyId, permission: 'approver' }],
    ['grantPermissions', GRANTS, { models: [{ type: 'user', target: anyId, permission: 'approver' }] }],
    ['revokePermission', REVOKE, { r: anyId }],
    ['revokePermissions', REVOKES, { r: [anyId] }],
  ];

  it.each(ops)('%s: anonymous UNAUTHENTICATED, a student and a scoped administrator FORBIDDEN', async (_, doc, v) => {
    const f = fixture();
    expect(await refusal(f, undefined, doc, v)).toBe('UNAUTHENTICATED');
    expect(await refusal(f, f.student, doc, v)).toBe('FORBIDDEN');
    // keeper administers resources (a position) and holds a scoped resourceAdmin grant: still no tenant administrator
    const r = await makeResource(f);
    await ok(f, f.admin, GRANT, {
      type: 'user',
      target: await userId(f, 'keeper'),
      permission: 'resourceAdmin',
      filter: JSON.stringify({ resources: [r.id] }),
    });
    expect(await refusal(f, f.staff, doc, v)).toBe('FORBIDDEN');
  });

  it('flows and appRoles for anyone signed in; accesses their own, another user’s for the tenant administrator only', async () => {
    const f = fixture();
    expect(await refusal(f, undefined, FLOWS)).toBe('UNAUTHENTICATED');
    const flows = await ok(f, f.student, FLOWS);
    expect(flows).toEqual([
      { id: 'booking', code: 'booking', name: '场馆预约', nameEn: 'Venue booking', ready: true, visible: true },
      { id: 'visitor', code: 'visitor', name: '访客管理', nameEn: 'Visitor management', ready: true, visible: true },
    ]);
    const visitorRoles = await ok(f, f.student, ROLES, { app: 'visitor' });
    expect(visitorRoles.map((r: { code: string }) => r.code)).toEqual(['visitorAdmin', 'visitorGate']);
    expect((await ok(f, f.student, ROLES)).length).toBe(6);

    expect(await ok(f, f.student, ACCESSES)).toEqual([]);
    expect(await refusal(f, f.student, ACCESSES, { u: await userId(f, 'admin') })).toBe('FORBIDDEN');
    expect(await ok(f, f.admin, ACCESSES)).toEqual([{ permission: 'admin', app: 'booking', filter: '', via: [] }]);
    expect(await ok(f, f.admin, ACCESSES, { u: await userId(f, 'student') })).toEqual([]);
    expect(await refusal(f, f.admin, ACCESSES, { u: anyId })).toBe('USER_NOT_FOUND');
  });

  it('another tenant sees none of this tenant’s grants and cannot revoke or use them', async () => {
    const f = fixture();
    const student = await userId(f, 'student');
    const g = await ok(f, f.admin, GRANT, { type: 'user', target: student, permission: 'approver' });
    const otherId = await f.t.createOtherTenant(`og${Date.now().toString(36)}`);
    const otherAdmin = await f.t.tokenFor('admin', otherId);
    expect((await ok(f, otherAdmin, PERMISSIONS)).totalCount).toBe(0);
    expect(await refusal(f, otherAdmin, REVOKE, { r: g.revokeId })).toMatch(/授权不存在或已撤销/);
    // the demo student is no subject in the other tenant
    expect(await refusal(f, otherAdmin, GRANT, { type: 'user', target: student, permission: 'approver' })).toBe(
      'GRANT_TARGET_NOT_FOUND',
    );
    expect(await refusal(f, otherAdmin, ACCESSES, { u: student })).toBe('USER_NOT_FOUND');
    expect((await ok(f, f.admin, PERMISSIONS, { f: { target: { eq: student } } })).totalCount).toBe(1);
    await ok(f, f.admin, REVOKE, { r: g.revokeId });
  });
});

describe('grantPermission', () => {
  it('grants, answers the same grant again, lists it with the subject’s name, logs it, and revokes it once', async () => {
    const f = fixture();
    const u = await newUser(f, 'g-user-1');
    const r = await makeResource(f);
    const filter = JSON.stringify({ resources: [r.id] });
    const g = await ok(f, f.admin, GRANT, { type: 'user', target: u, permission: 'approver', filter });
    expect(g).toMatchObject({
      type: 'user',
      permission: 'approver',
      filter: JSON.stringify({ resources: [r.id] }),
      target: u,
      targetName: '用户g-user-1 (g-user-1)',
      app: 'booking',
      grantedBy: 'admin',
    });
    expect(g.revokeId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await ok(f, f.admin, GRANT, { type: 'user', target: u, permission: 'approver', filter });
    expect(again).toEqual(g);
    // the same ids in capitals are the same grant
    const upper = JSON.stringify({ resources: [r.id.toUpperCase(), r.id] });
    expect(
      await ok(f, f.admin, GRANT, { type: 'user', target: u.toUpperCase(), permission: 'approver', filter: upper }),
    ).toEqual(g);

    const listed = await ok(f, f.admin, PERMISSIONS, { f: { keyword: { like: 'g-user-1' } } });
    expect(listed.totalCount).toBe(1);
    expect(listed.edges[0].node).toMatchObject({
      id: g.id,
      revokeId: g.revokeId,
      targetName: '用户g-user-1 (g-user-1)',
    });
    const byApp = await ok(f, f.admin, PERMISSIONS, { f: { app: { eq: 'visitor' }, target: { eq: u } } });
    expect(byApp.totalCount).toBe(0);

    const logs = await f.t.database.db
      .select({ type: operateLogs.operate_type, content: operateLogs.operate_content })
      .from(operateLogs)
      .where(and(eq(operateLogs.operate_module, 'permission'), eq(operateLogs.operate_object, g.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: 'grant' });
    expect(logs[0]!.content).toContain('预约审批人');

    expect(await ok(f, f.admin, REVOKE, { r: g.revokeId })).toMatchObject({ errcode: '0' });
    expect(await refusal(f, f.admin, REVOKE, { r: g.revokeId })).toBe(
      `授权不存在或已撤销：${g.revokeId} | No such grant (or already revoked): ${g.revokeId}`,
    );
    const revokedLogs = await f.t.database.db
      .select()
      .from(operateLogs)
      .where(and(eq(operateLogs.operate_type, 'revoke'), eq(operateLogs.operate_object, g.id)));
    expect(revokedLogs).toHaveLength(1);
  });

  it.each([
    [{ type: 'group' }, 'GRANT_TYPE_INVALID'],
    [{ permission: 'superuser' }, 'GRANT_ROLE_UNKNOWN'],
    [{ filter: '{not json' }, 'GRANT_FILTER_INVALID'],
    [{ filter: '[1]' }, 'GRANT_FILTER_INVALID'],
    [{ filter: JSON.stringify({ areas: [] }) }, 'GRANT_FILTER_INVALID'],
    [{ filter: JSON.stringify({ resources: 'x' }) }, 'GRANT_FILTER_INVALID'],
    [{ filter: JSON.stringify({ resources: [anyId] }) }, 'GRANT_FILTER_UNKNOWN_ID'],
    [{ filter: JSON.stringify({ resourceTypes: ['nope'] }) }, 'GRANT_FILTER_UNKNOWN_ID'],
    [{ permission: 'visitorAdmin', filter: JSON.stringify({ visitorTypes: ['9'] }) }, 'GRANT_FILTER_UNKNOWN_ID'],
    [{ permission: 'admin', filter: JSON.stringify({ resources: [] }) }, 'GRANT_FILTER_INVALID'],
    [{ target: anyId }, 'GRANT_TARGET_NOT_FOUND'],
    [{ type: 'dept', target: anyId }, 'GRANT_TARGET_NOT_FOUND'],
    [{ type: 'triple', target: 'not-an-id' }, 'GRANT_TARGET_NOT_FOUND'],
  ])('refuses %j with %s and stores nothing', async (change, code) => {
    const f = fixture();
    const u = await userId(f, 'other');
    const before = (await ok(f, f.admin, PERMISSIONS)).totalCount;
    const res = await gql(f, f.admin, GRANT, { type: 'user', target: u, permission: 'approver', ...change });
    expect(res.body.data?.grantPermission ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(res.body)).toBe(code);
    expect(res.body.errors?.[0]?.message).toBeTruthy();
    expect((await ok(f, f.admin, PERMISSIONS)).totalCount).toBe(before);
  });

  it('refuses a visitor account as a subject', async () => {
    const f = fixture();
    const v = await newUser(f, 'g-visitor-1', 'visitor');
    expect(await refusal(f, f.admin, GRANT, { type: 'user', target: v, permission: 'visitorGate' })).toBe(
      'GRANT_TO_VISITOR',
    );
  });

  it('grants to departments, posts and triples with readable names', async () => {
    const f = fixture();
    const depts = await ok(f, f.admin, `{ departments(filter: { code: { eq: "${f.deptCode}" } }) { id name } }`);
    const posts = await ok(f, f.admin, `{ posts(filter: { code: { eq: "${f.deptCode}-P" } }) { id name } }`);
    const dept = await ok(f, f.admin, GRANT, { type: 'dept', target: depts[0].id, permission: 'checkinStaff' });
    expect(dept).toMatchObject({ type: 'dept', targetName: '体育场馆中心' });
    const post = await ok(f, f.admin, GRANT, { type: 'post', target: posts[0].id, permission: 'checkinStaff' });
    expect(post).toMatchObject({ type: 'post', targetName: '场馆管理员' });
    const added = await ok(f, f.admin, ADD_TRIPLE, { m: { dept: depts[0].id, post: posts[0].id, code: 'T-1' } });
    const triple = await ok(f, f.admin, GRANT, { type: 'triple', target: added.ids[0], permission: 'approver' });
    expect(triple).toMatchObject({ type: 'triple', targetName: '体育场馆中心 / 场馆管理员' });
    await ok(f, f.admin, REVOKES, { r: [dept.revokeId, post.revokeId, triple.revokeId] });
    await ok(f, f.admin, DELETE_TRIPLE, { id: added.ids[0] });
  });
});

describe('batches: all or none', () => {
  it('grantPermissions stores every grant or none; revokePermissions revokes every one or none', async () => {
    const f = fixture();
    const a = await newUser(f, 'g-batch-a');
    const b = await newUser(f, 'g-batch-b');
    const bad = await refusal(f, f.admin, GRANTS, {
      models: [
        { type: 'user', target: a, permission: 'approver' },
        { type: 'user', target: b, permission: 'nope' },
      ],
    });
    expect(bad).toBe('未知的应用角色：nope | Unknown application role: nope');
    expect((await ok(f, f.admin, PERMISSIONS, { f: { target: { in: [a, b] } } })).totalCount).toBe(0);

    const done = await ok(f, f.admin, GRANTS, {
      models: [
        { type: 'user', target: a, permission: 'approver' },
        { type: 'user', target: b, permission: 'visitorGate' },
      ],
    });
    expect(done.ids).toHaveLength(2);
    const listed = await ok(f, f.admin, PERMISSIONS, { f: { target: { in: [a, b] } } });
    expect(listed.totalCount).toBe(2);
    const revokeIds = listed.edges.map((e: { node: { revokeId: string } }) => e.node.revokeId);

    expect(await refusal(f, f.admin, REVOKES, { r: [...revokeIds, anyId] })).toMatch(/授权不存在或已撤销/);
    expect((await ok(f, f.admin, PERMISSIONS, { f: { target: { in: [a, b] } } })).totalCount).toBe(2);
    await ok(f, f.admin, REVOKES, { r: revokeIds });
    expect((await ok(f, f.admin, PERMISSIONS, { f: { target: { in: [a, b] } } })).totalCount).toBe(0);

    expect(await refusal(f, f.admin, GRANTS, { models: [] })).toMatch(/一次处理 1 至 200 条授权/);
  });
});

describe('triples', () => {
  it('adds, lists, refuses empty and repeated ones, and deletes with their grants', async () => {
    const f = fixture();
    const u = await newUser(f, 'g-triple-u');
    expect(await refusal(f, f.admin, ADD_TRIPLE, { m: { code: 'nothing' } })).toMatch(/三元组至少要指定/);
    expect(await refusal(f, f.admin, ADD_TRIPLE, { m: { dept: anyId } })).toMatch(/部门不存在/);
    const added = await ok(f, f.admin, ADD_TRIPLE, { m: { user: u, code: 'T-U' } });
    expect(await refusal(f, f.admin, ADD_TRIPLE, { m: { user: u } })).toMatch(/三元组已存在/);
    const listed = await ok(f, f.admin, TRIPLES, { f: { user: { eq: u } } });
    expect(listed.totalCount).toBe(1);
    expect(listed.edges[0].node).toMatchObject({
      id: added.ids[0],
      code: 'T-U',
      dept: null,
      post: null,
      user: { id: u, account: 'g-triple-u' },
    });
    const g = await ok(f, f.admin, GRANT, { type: 'triple', target: added.ids[0], permission: 'visitorGate' });
    expect(g.targetName).toBe('用户g-triple-u (g-triple-u)');
    await ok(f, f.admin, DELETE_TRIPLE, { id: added.ids[0] });
    expect((await ok(f, f.admin, PERMISSIONS, { f: { target: { eq: added.ids[0] } } })).totalCount).toBe(0);
    expect(await refusal(f, f.admin, DELETE_TRIPLE, { id: added.ids[0] })).toMatch(/三元组不存在/);
    const logs = await f.t.database.db
      .select({ type: operateLogs.operate_type })
      .from(operateLogs)
      .where(and(eq(operateLogs.operate_module, 'triple'), eq(operateLogs.operate_object, added.ids[0])));
    expect(logs.map((l) => l.type).sort()).toEqual(['delete', 'save']);
  });
});
