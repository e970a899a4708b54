/**
 * Who a grant reaches, read on the next request (the user looked up with their grants): a
 * department's grant down the department tree, a post's anywhere, a triple's by its department
 * (and below) and post in one position, or its user; positions and moves in the tree change it
 * at once; visitors hold nothing; an `admin` grant makes a tenant administrator; the menus open
 * the sections each role opens, never the home page to a non-administrator.
 */
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { effectiveGrants } from '../src/modules/directory/directory.grants.repository.ts';
import {
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { useCheckinFixture, type Fixture } from './checkin-fixtures.ts';

const GRANT = `mutation($type: String!, $target: ID!, $permission: String!, $filter: String) {
  grantPermission(type: $type, target: $target, permission: $permission, filter: $filter) { id revokeId } }`;
const REVOKE = `mutation($r: ID!) { revokePermission(revokeId: $r) { errcode msg } }`;
const ADD_TRIPLE = `mutation($m: InputTriple!) { addTriple(model: $m) { errcode msg ids } }`;
const EDIT_DEPT = `mutation($m: InputDepartment!) { editDepartment(model: $m) { errcode msg ids } }`;
const UPDATE_USER = `mutation($m: InputUser!) { updateUser(model: $m) { errcode msg ids } }`;
const MENUS = `{ canvasmenus { name description } }`;
const ME = `{ me { role managesResources } }`;

const fixture = useCheckinFixture();

interface World {
  f: Fixture;
  tenantId: string;
  ids: Record<'root' | 'a' | 'b' | 's' | 'p1' | 'p2', string>;
  users: Record<'u1' | 'u2' | 'u3' | 'u4' | 'v', { id: string; token: string }>;
}

let world: World | undefined;

/**
 * The tree root > a > b and a separate root s; posts p1, p2. u1 holds (b, p1), u2 (b, p2),
 * u3 (s, p1), u4 nothing; the visitor v (b, p1).
 */
async function setUp(): Promise<World> {
  if (world) return world;
  const f = fixture();
  const tenantId = f.t.demoTenantId;
  const tag = Date.now().toString(36);
  const made = await withTenant(f.t.database.db, tenantId, async (tx) => {
    const root = await insertDepartment(tx, tenantId, { name: `根${tag}`, code: `R${tag}` });
    const a = await insertDepartment(tx, tenantId, { name: `甲${tag}`, code: `A${tag}`, parent: root.id });
    const b = await insertDepartment(tx, tenantId, { name: `乙${tag}`, code: `B${tag}`, parent: a.id });
    const s = await insertDepartment(tx, tenantId, { name: `丙${tag}`, code: `S${tag}` });
    const p1 = await insertPost(tx, tenantId, { name: `岗一${tag}`, code: `P1${tag}` });
    const p2 = await insertPost(tx, tenantId, { name: `岗二${tag}`, code: `P2${tag}` });
    const u = async (account: string, role: 'user' | 'visitor' = 'user') =>
      (await insertUser(tx, tenantId, { account: `${account}${tag}`, name: account, role })).id;
    const ids = {
      u1: await u('u1'),
      u2: await u('u2'),
      u3: await u('u3'),
      u4: await u('u4'),
      v: await u('v', 'visitor'),
    };
    await insertPosition(tx, tenantId, { user_id: ids.u1, dept_id: b.id, post_id: p1.id });
    await insertPosition(tx, tenantId, { user_id: ids.u2, dept_id: b.id, post_id: p2.id });
    await insertPosition(tx, tenantId, { user_id: ids.u3, dept_id: s.id, post_id: p1.id });
    await insertPosition(tx, tenantId, { user_id: ids.v, dept_id: b.id, post_id: p1.id });
    return { depts: { root: root.id, a: a.id, b: b.id, s: s.id, p1: p1.id, p2: p2.id }, ids };
  });
  const users = {} as World['users'];
  for (const [key, id] of Object.entries(made.ids)) {
    users[key as keyof World['users']] = { id, token: await f.t.tokenFor(`${key}${tag}`) };
  }
  world = { f, tenantId, ids: made.depts, users };
  return world;
}

async function ok(w: World, doc: string, variables: Record<string, unknown>, token = w.f.admin) {
  const res = await w.f.t.gql('iam', doc, { token, variables });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  const out = Object.values(res.body.data!)[0] as { errcode?: string };
  if ('errcode' in out) expect(out.errcode, JSON.stringify(out)).toBe('0');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return out as any;
}

/** The menu entry names a user gets on their next request. */
async function menus(w: World, token: string): Promise<string[]> {
  const res = await w.f.t.gql('iam', MENUS, { token });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return (res.body.data!.canvasmenus as { name: string }[]).map((m) => m.name).sort();
}

const grant = (w: World, type: string, target: string, permission: string, filter?: string) =>
  ok(w, GRANT, { type, target, permission, filter }) as Promise<{ id: string; revokeId: string }>;
const revoke = (w: World, g: { revokeId: string }) => ok(w, REVOKE, { r: g.revokeId });

describe('who a grant reaches', () => {
  it('a department’s grant reaches the users below it, and stops when their department moves out', async () => {
    const w = await setUp();
    const { u1, u2, u3, u4 } = w.users;
    expect(await menus(w, u1.token)).toEqual([]);
    const g = await grant(w, 'dept', w.ids.a, 'visitorGate');
    expect(await menus(w, u1.token)).toEqual(['accessControlCheck']);
    expect(await menus(w, u2.token)).toEqual(['accessControlCheck']);
    expect(await menus(w, u3.token)).toEqual([]);
    expect(await menus(w, u4.token)).toEqual([]);

    // b moves under s: a's grant no longer reaches its people
    await ok(w, EDIT_DEPT, { m: { id: w.ids.b, parent: w.ids.s } });
    expect(await menus(w, u1.token)).toEqual([]);
    await ok(w, EDIT_DEPT, { m: { id: w.ids.b, parent: w.ids.a } });
    expect(await menus(w, u2.token)).toEqual(['accessControlCheck']);
    await revoke(w, g);
    expect(await menus(w, u2.token)).toEqual([]);
  });

  it('a post’s grant reaches its holders in any department; a position taken away takes it at once', async () => {
    const w = await setUp();
    const { u1, u2, u3 } = w.users;
    const g = await grant(w, 'post', w.ids.p1, 'checkinStaff');
    expect(await menus(w, u1.token)).toEqual(['sign']);
    expect(await menus(w, u3.token)).toEqual(['sign']);
    expect(await menus(w, u2.token)).toEqual([]);
    expect((await ok(w, ME, {}, u3.token)).managesResources).toBe(true);

    await ok(w, UPDATE_USER, { m: { id: u3.id, positions: [{ dept: w.ids.s, post: w.ids.p2 }] } });
    expect(await menus(w, u3.token)).toEqual([]);
    expect((await ok(w, ME, {}, u3.token)).managesResources).toBe(false);
    await ok(w, UPDATE_USER, { m: { id: u3.id, positions: [{ dept: w.ids.s, post: w.ids.p1 }] } });
    await revoke(w, g);
    expect(await menus(w, u1.token)).toEqual([]);
  });

  it('a triple’s grant: its post in its department or below, in one position; or its user', async () => {
    const w = await setUp();
    const { u1, u2, u3, u4 } = w.users;
    const rootP1 = (await ok(w, ADD_TRIPLE, { m: { dept: w.ids.root, post: w.ids.p1 } })).ids[0];
    const onlyP2 = (await ok(w, ADD_TRIPLE, { m: { post: w.ids.p2 } })).ids[0];
    const onlyA = (await ok(w, ADD_TRIPLE, { m: { dept: w.ids.a } })).ids[0];
    const justU4 = (await ok(w, ADD_TRIPLE, { m: { user: u4.id, post: w.ids.p1 } })).ids[0];

    const g1 = await grant(w, 'triple', rootP1, 'visitorAdmin');
    expect(await menus(w, u1.token)).toEqual(['visitorManagement']); // p1 in b, below root
    expect(await menus(w, u2.token)).toEqual([]); // p2 in b
    expect(await menus(w, u3.token)).toEqual([]); // p1 in s, not below root
    const g2 = await grant(w, 'triple', onlyP2, 'approver');
    expect(await menus(w, u2.token)).toEqual(['appointment']);
    const g3 = await grant(w, 'triple', onlyA, 'visitorGate');
    expect(await menus(w, u2.token)).toEqual(['accessControlCheck', 'appointment']);
    expect(await menus(w, u3.token)).toEqual([]);
    // a triple naming a user stands for that user, whatever its post says
    const g4 = await grant(w, 'triple', justU4, 'resourceAdmin');
    expect(await menus(w, u4.token)).toEqual(['appointment', 'sign']);
    expect(await menus(w, u3.token)).toEqual([]);

    for (const g of [g1, g2, g3, g4]) await revoke(w, g);
    expect(await menus(w, u4.token)).toEqual([]);
    expect(await menus(w, u2.token)).toEqual([]);
  });

  it('visitors hold no grants, even through a department or post', async () => {
    const w = await setUp();
    const g = await grant(w, 'post', w.ids.p1, 'visitorGate');
    expect(await effectiveGrants(w.f.t.database.db, w.tenantId, w.users.u1.id)).toEqual([
      { permission: 'visitorGate', filter: { resources: [], resourceTypes: [], areas: [], visitorTypes: [] } },
    ]);
    expect(await effectiveGrants(w.f.t.database.db, w.tenantId, w.users.v.id)).toEqual([]);
    await revoke(w, g);
  });

  it('an admin grant makes a tenant administrator at once (role, home menu, admin operations); revoking takes it away', async () => {
    const w = await setUp();
    const { u4 } = w.users;
    const permissions = `{ permissions(first: 1) { totalCount } }`;
    expect((await w.f.t.gql('iam', permissions, { token: u4.token })).body.errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    const g = await grant(w, 'user', u4.id, 'admin');
    expect((await ok(w, ME, {}, u4.token)).role).toBe('admin');
    expect(await menus(w, u4.token)).toContain('home');
    expect((await ok(w, permissions, {}, u4.token)).totalCount).toBeGreaterThan(0);
    // a grant-made administrator cannot revoke their own administrator grant
    const self = await w.f.t.gql('iam', REVOKE, { token: u4.token, variables: { r: g.revokeId } });
    expect(self.body.data?.revokePermission.msg).toBe('不能撤销使您自己成为租户管理员的授权，请由其他管理员操作');
    await revoke(w, g);
    expect((await ok(w, ME, {}, u4.token)).role).toBe('user');
    expect(await menus(w, u4.token)).toEqual([]);
    expect((await w.f.t.gql('iam', permissions, { token: u4.token })).body.errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('administrators(service, type) answers the holders of the roles asked', async () => {
    const w = await setUp();
    const g = await grant(w, 'dept', w.ids.b, 'approver');
    const ask = async (args: string) =>
      ((await ok(w, `{ administrators${args} { account } }`, {})) as { account: string }[]).map((u) => u.account);
    const tag = (await ask('(type: "approver")')).filter((a) => a.startsWith('u'));
    expect(tag.map((a) => a.slice(0, 2)).sort()).toEqual(['u1', 'u2']);
    expect((await ask('(service: "booking")')).filter((a) => a.startsWith('u')).length).toBe(2);
    expect((await ask('(service: "visitor")')).filter((a) => a.startsWith('u'))).toEqual([]);
    expect(await ask('(service: "apps_yy_sys")')).toEqual(['admin']);
    expect(await ask('(service: "visitor", type: "approver")')).toEqual([]);
    const unknown = await w.f.t.gql('iam', `{ administrators(type: "boss") { account } }`, { token: w.f.admin });
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('GRANT_ROLE_UNKNOWN');
    await revoke(w, g);
  });
});
