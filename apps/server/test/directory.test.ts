import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { findUserByAccount } from '../src/modules/directory/directory.repository.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { verifyPassword } from '../src/platform/auth/passwords.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = await t.tokenFor(demoAccounts.user.account);
  adminToken = await t.tokenFor(demoAccounts.admin.account);
});
afterAll(() => t.close());

/** The exact selection of `me` that clients of the original send (api-contract 5). */
const ME = `{ me { account accountFriendly active activeTime birthday cardNo cardType createDataSource createSource
  createTime dataSource description disabled email express id ip name openid phone sex source tags tenantId timestamp
  username attrsValues {code key value} positions {dept {id name code parent tags treeType tenantId timestamp disabled
  source description} post {id name code tags formal tenantId timestamp disabled source description}} } }`;

const EDIT_DEPT = `mutation($m: InputDepartment!) { editDepartment(model: $m) { errcode msg msg_en ids } }`;
const DELETE_DEPT = `mutation($id: ID!) { deleteDepartment(id: $id) { errcode msg msg_en } }`;
const SAVE_USER = `mutation($m: InputUser!) { saveUser(model: $m) { errcode msg msg_en ids } }`;
const UPDATE_USER = `mutation($m: InputUser!) { updateUser(model: $m) { errcode msg msg_en ids } }`;
const DELETE_USER = `mutation($id: ID!) { deleteUser(id: $id) { errcode msg msg_en } }`;
const USERS = `query($f: UserFilter, $first: Int, $offset: Int) {
  users(first: $first, offset: $offset, filter: $f) { totalCount pageInfo { hasNextPage } edges { node { id account name role } } }
}`;

async function departmentsOf(token: string) {
  const res = await t.gql('iam', '{ departments { id name code parent } }', { token });
  return res.body.data?.departments as { id: string; name: string; code: string; parent: string }[];
}

async function deptId(code: string): Promise<string> {
  const found = (await departmentsOf(adminToken)).find((d) => d.code === code);
  if (!found) throw new Error(`no department ${code}`);
  return found.id;
}

async function editDept(model: Record<string, unknown>, token = adminToken) {
  const res = await t.gql('iam', EDIT_DEPT, { token, variables: { m: model } });
  return res.body.data?.editDepartment as { errcode: string; msg: string; msg_en: string; ids: string[] | null };
}

describe('me', () => {
  it('returns the contract selection for the signed-in user, with positions', async () => {
    const res = await t.gql('iam', ME, { token: userToken });
    expect(res.body.errors).toBeUndefined();
    const me = res.body.data?.me;
    expect(Object.keys(me).sort()).toEqual(
      [
        'account',
        'accountFriendly',
        'active',
        'activeTime',
        'birthday',
        'cardNo',
        'cardType',
        'createDataSource',
        'createSource',
        'createTime',
        'dataSource',
        'description',
        'disabled',
        'email',
        'express',
        'id',
        'ip',
        'name',
        'openid',
        'phone',
        'sex',
        'source',
        'tags',
        'tenantId',
        'timestamp',
        'username',
        'attrsValues',
        'positions',
      ].sort(),
    );
    expect(me).toMatchObject({
      account: 'student',
      name: demoAccounts.user.name,
      username: demoAccounts.user.name,
      email: 'student@demo.edu.cn',
      phone: '13800000000',
      disabled: false,
      active: true,
      source: 'local',
      tenantId: t.demoTenantId,
      openid: `${t.demoTenantId}:${me.id}`,
      attrsValues: [],
    });
    expect(me.ip).toBeTruthy();
    expect(new Date(me.createTime).toISOString()).toBe(me.createTime);
    expect(me.positions).toHaveLength(1);
    const [position] = me.positions;
    expect(position.dept).toMatchObject({ name: '计算机学院', code: 'cs', tenantId: t.demoTenantId, disabled: false });
    expect(position.dept.parent).toBe(await deptId('demo'));
    expect(position.post).toMatchObject({ name: '学生', code: 'student', formal: true, tenantId: t.demoTenantId });
  });

  it('refuses an anonymous caller with UNAUTHENTICATED', async () => {
    const res = await t.gql('iam', '{ me { id account } }');
    expect(res.body.data?.me).toBeNull();
    expect(res.body.errors?.[0]?.message).toBe('UNAUTHENTICATED');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('never exposes the password hash', async () => {
    const res = await t.gql('iam', '{ me { password_hash } }', { token: userToken });
    expect(res.body.errors?.[0]?.message).toMatch(/password_hash/);
    expect(JSON.stringify(await t.gql('iam', USERS, { token: adminToken }))).not.toContain('scrypt$');
  });
});

describe('menus and settings', () => {
  it('canvasmenus: administrators get the home page entry, users do not', async () => {
    const menuQuery = '{ canvasmenus { deleted description icon id name parent target text uri visible } }';
    const admin = await t.gql('iam', menuQuery, { token: adminToken });
    const adminMenus = admin.body.data?.canvasmenus as { description: string; uri: string }[];
    expect(adminMenus.some((m) => m.description === 'home page')).toBe(true);
    expect(adminMenus.find((m) => m.description === 'home page')?.uri).toBe('/manage/home');

    const user = await t.gql('iam', menuQuery, { token: userToken });
    expect(user.body.errors).toBeUndefined();
    const userMenus = user.body.data?.canvasmenus as { description: string }[];
    expect(userMenus.some((m) => m.description === 'home page')).toBe(false);
  });

  it('localMenuMode reads the tenant setting', async () => {
    const res = await t.gql('iam', '{ localMenuMode }', { token: userToken });
    expect(res.body.data?.localMenuMode).toBe('NO');
  });
});

describe('directory queries', () => {
  it('users filters by account, name and department, and pages', async () => {
    const byAccount = await t.gql('iam', USERS, { token: userToken, variables: { f: { account: { eq: 'student' } } } });
    expect(byAccount.body.data?.users.totalCount).toBe(1);
    expect(byAccount.body.data?.users.edges[0].node).toMatchObject({ account: 'student', role: 'user' });
    const withPositions = await t.gql(
      'iam',
      `{ users(first: 1, filter: { account: { eq: "student" } }) { edges { node { positions { dept { name } post { name } } } } } }`,
      { token: userToken },
    );
    expect(withPositions.body.data?.users.edges[0].node.positions).toEqual([
      { dept: { name: '计算机学院' }, post: { name: '学生' } },
    ]);

    const everyone = await t.gql('iam', USERS, { token: userToken, variables: { f: { account: { eq: '' } } } });
    expect(everyone.body.data?.users.totalCount).toBe(2);

    const byName = await t.gql('iam', USERS, { token: userToken, variables: { f: { name: { like: '同学' } } } });
    expect(byName.body.data?.users.edges.map((e: { node: { account: string } }) => e.node.account)).toEqual([
      'student',
    ]);

    const byDept = await t.gql('iam', USERS, {
      token: userToken,
      variables: { f: { dept: { eq: await deptId('cs') } } },
    });
    expect(byDept.body.data?.users.totalCount).toBe(1);
    const byDeptCode = await t.gql('iam', USERS, { token: userToken, variables: { f: { dept: { eq: 'it-office' } } } });
    expect(byDeptCode.body.data?.users.edges[0].node.account).toBe('admin');

    const page = await t.gql('iam', USERS, { token: userToken, variables: { first: 1, offset: 0 } });
    expect(page.body.data?.users).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
    expect(page.body.data?.users.edges).toHaveLength(1);
  });

  it('an ordinary user does not see other users’ identity fields; an administrator does', async () => {
    const q = `{ users(filter: { account: { eq: "admin" } }) { edges { node { account cardNo birthday } } } }`;
    const asUser = await t.gql('iam', q, { token: userToken });
    expect(asUser.body.data?.users.edges[0].node).toEqual({ account: 'admin', cardNo: null, birthday: null });
    const asAdmin = await t.gql('iam', q, { token: adminToken });
    expect(asAdmin.body.data?.users.edges[0].node).toEqual({ account: 'admin', cardNo: '', birthday: '' });
  });

  it('departments, departmentTree, posts and administrators', async () => {
    const tree = await t.gql('iam', '{ departmentTree { name code children { name code children { code } } } }', {
      token: userToken,
    });
    expect(tree.body.data?.departmentTree).toHaveLength(1);
    const [root] = tree.body.data!.departmentTree;
    expect(root.code).toBe('demo');
    expect(root.children.map((c: { code: string }) => c.code).sort()).toEqual(['cs', 'it-office']);

    const sub = await t.gql('iam', `query($r: ID) { departmentTree(root: $r) { code children { code } } }`, {
      token: userToken,
      variables: { r: await deptId('cs') },
    });
    expect(sub.body.data?.departmentTree).toEqual([{ code: 'cs', children: [] }]);

    const posts = await t.gql('iam', '{ posts { name code formal } }', { token: userToken });
    expect(posts.body.data?.posts.map((p: { code: string }) => p.code).sort()).toEqual(['staff', 'student']);
    const filtered = await t.gql('iam', '{ posts(filter: { code: { eq: "staff" } }) { name } }', { token: userToken });
    expect(filtered.body.data?.posts).toEqual([{ name: '教职工' }]);

    const admins = await t.gql(
      'iam',
      '{ administrators(service: "apps_yy_sys", position: "", type: "") { account } }',
      {
        token: adminToken,
      },
    );
    expect(admins.body.data?.administrators).toEqual([{ account: 'admin' }]);
    const byPost = await t.gql('iam', '{ administrators(position: "staff") { account } }', { token: adminToken });
    expect(byPost.body.data?.administrators).toEqual([{ account: 'admin' }]);
    const none = await t.gql('iam', '{ administrators(position: "student") { account } }', { token: adminToken });
    expect(none.body.data?.administrators).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('a user of another tenant never sees or touches the demo tenant’s directory', async () => {
    const otherId = await t.createOtherTenant('isolated');
    const other = await t.tokenFor('admin', otherId);
    const demoCs = await deptId('cs');
    const student = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      findUserByAccount(tx, t.demoTenantId, 'student'),
    );

    const users = await t.gql('iam', USERS, { token: other });
    expect(users.body.data?.users.totalCount).toBe(1);
    expect(users.body.data?.users.edges[0].node.account).toBe('admin');
    const byDept = await t.gql('iam', USERS, { token: other, variables: { f: { dept: { eq: demoCs } } } });
    expect(byDept.body.data?.users.totalCount).toBe(0);
    expect(await departmentsOf(other)).toEqual([]);
    const posts = await t.gql('iam', '{ posts { id } }', { token: other });
    expect(posts.body.data?.posts).toEqual([]);
    const one = await t.gql('iam', `query($id: ID!) { user(id: $id) { id } }`, {
      token: other,
      variables: { id: student!.id },
    });
    expect(one.body.data?.user).toBeNull();

    const me = await t.gql('iam', '{ me { account tenantId positions { dept { id } } } }', { token: other });
    expect(me.body.data?.me).toEqual({ account: 'admin', tenantId: otherId, positions: [] });

    // Naming the demo tenant's rows refuses and changes nothing there.
    const child = await editDept({ name: '渗透', code: 'x', parent: demoCs }, other);
    expect(child).toMatchObject({ errcode: '500', msg: '部门不存在', msg_en: 'The department does not exist' });
    const del = await t.gql('iam', DELETE_DEPT, { token: other, variables: { id: demoCs } });
    expect(del.body.data?.deleteDepartment.errcode).toBe('500');
    const move = await editDept({ id: demoCs, name: '被改名' }, other);
    expect(move.errcode).toBe('500');
    const placed = await t.gql('iam', SAVE_USER, {
      token: other,
      variables: { m: { account: 'spy', name: 'Spy', password: 'Spy@123456', positions: [{ dept: demoCs }] } },
    });
    expect(placed.body.data?.saveUser.errcode).toBe('500');
    const delUser = await t.gql('iam', DELETE_USER, { token: other, variables: { id: student!.id } });
    expect(delUser.body.data?.deleteUser).toMatchObject({ errcode: '500', msg: '用户不存在' });
    const avatar = await t.gql(
      'iam',
      `mutation { saveUserImage(model: { account: "student", image: "/x.png" }) { account } }`,
      {
        token: other,
      },
    );
    expect(avatar.body.errors?.[0]?.extensions?.code).toBe('USER_NOT_FOUND');

    expect((await departmentsOf(adminToken)).find((d) => d.id === demoCs)?.name).toBe('计算机学院');
    const stillThere = await t.gql('iam', USERS, {
      token: adminToken,
      variables: { f: { account: { eq: 'student' } } },
    });
    expect(stillThere.body.data?.users.totalCount).toBe(1);
  });
});

describe('departments', () => {
  it('creates, moves and deletes departments, refusing cycles and departments in use', async () => {
    const root = await deptId('demo');
    const lab = await editDept({ name: '实验中心', code: 'lab', parent: root, order: 5 });
    expect(lab).toMatchObject({ errcode: '0', msg: '操作成功' });
    const labId = lab.ids![0]!;
    const room = await editDept({ name: '一号实验室', code: 'lab-1', parent: labId });
    expect(room.errcode).toBe('0');
    const roomId = room.ids![0]!;

    const renamed = await editDept({ id: roomId, name: '第一实验室', description: '一楼' });
    expect(renamed).toMatchObject({ errcode: '0', ids: [roomId] });
    const after = (await departmentsOf(adminToken)).find((d) => d.id === roomId);
    expect(after).toMatchObject({ name: '第一实验室', code: 'lab-1', parent: labId });

    // A department cannot sit under itself or under one of its descendants.
    const self = await editDept({ id: labId, parent: labId });
    expect(self).toEqual({
      errcode: '500',
      msg: '上级部门不能是本部门或其下级部门',
      msg_en: 'The parent department cannot be the department itself or one of its sub-departments',
      ids: null,
    });
    const loop = await editDept({ id: labId, parent: roomId });
    expect(loop.msg).toBe('上级部门不能是本部门或其下级部门');
    expect((await departmentsOf(adminToken)).find((d) => d.id === labId)?.parent).toBe(root);

    const missingParent = await editDept({
      name: '孤儿',
      code: 'orphan',
      parent: '00000000-0000-4000-8000-000000000000',
    });
    expect(missingParent).toMatchObject({ errcode: '500', msg: '部门不存在' });
    const dupCode = await editDept({ name: '重复', code: 'cs' });
    expect(dupCode).toMatchObject({
      errcode: '500',
      msg: '编码“cs”已被使用',
      msg_en: 'The code "cs" is already in use',
    });
    const bad = await editDept({ name: '', code: 'has space' });
    expect(bad.errcode).toBe('500');
    expect(bad.msg).toContain('参数错误');
    expect(bad.msg_en).toContain('code');

    // In use: a sub-department, then a user.
    const hasChildren = await t.gql('iam', DELETE_DEPT, { token: adminToken, variables: { id: labId } });
    expect(hasChildren.body.data?.deleteDepartment).toEqual({
      errcode: '500',
      msg: '该部门下还有下级部门，不能删除',
      msg_en: 'The department has sub-departments and cannot be deleted',
    });
    const worker = await t.gql('iam', SAVE_USER, {
      token: adminToken,
      variables: { m: { account: 'labtech', name: '实验员', password: 'Labtech@123', positions: [{ dept: roomId }] } },
    });
    expect(worker.body.data?.saveUser.errcode).toBe('0');
    const hasUsers = await t.gql('iam', DELETE_DEPT, { token: adminToken, variables: { id: roomId } });
    expect(hasUsers.body.data?.deleteDepartment).toMatchObject({ errcode: '500', msg: '该部门下还有用户，不能删除' });

    const removeUser = await t.gql('iam', DELETE_USER, {
      token: adminToken,
      variables: { id: worker.body.data?.saveUser.ids[0] },
    });
    expect(removeUser.body.data?.deleteUser.errcode).toBe('0');
    for (const id of [roomId, labId]) {
      const res = await t.gql('iam', DELETE_DEPT, { token: adminToken, variables: { id } });
      expect(res.body.data?.deleteDepartment.errcode).toBe('0');
    }
    const codes = (await departmentsOf(adminToken)).map((d) => d.code).sort();
    expect(codes).toEqual(['cs', 'demo', 'it-office']);

    const logs = await t.database.db.select().from(operateLogs).where(eq(operateLogs.operate_object, labId));
    expect(logs.map((l) => l.operate_type).sort()).toEqual(['delete', 'save']);
    expect(logs.every((l) => l.operate_module === 'department' && l.operate_user_id === 'admin')).toBe(true);
  });

  it('posts: create, update, and refuse deleting a post someone holds', async () => {
    const created = await t.gql(
      'iam',
      `mutation { editPost(model: { name: "助教", code: "ta", formal: false }) { errcode ids } }`,
      {
        token: adminToken,
      },
    );
    expect(created.body.data?.editPost.errcode).toBe('0');
    const taId = created.body.data?.editPost.ids[0];
    const updated = await t.gql(
      'iam',
      `mutation($id: ID) { editPost(model: { id: $id, name: "助理教师" }) { errcode } }`,
      {
        token: adminToken,
        variables: { id: taId },
      },
    );
    expect(updated.body.data?.editPost.errcode).toBe('0');
    const studentPost = (
      await t.gql('iam', '{ posts(filter: { code: { eq: "student" } }) { id } }', { token: adminToken })
    ).body.data?.posts[0].id;
    const inUse = await t.gql('iam', `mutation($id: ID!) { deletePost(id: $id) { errcode msg msg_en } }`, {
      token: adminToken,
      variables: { id: studentPost },
    });
    expect(inUse.body.data?.deletePost).toEqual({
      errcode: '500',
      msg: '该岗位仍有用户任职，不能删除',
      msg_en: 'The post is still held by users and cannot be deleted',
    });
    const gone = await t.gql('iam', `mutation($id: ID!) { deletePost(id: $id) { errcode } }`, {
      token: adminToken,
      variables: { id: taId },
    });
    expect(gone.body.data?.deletePost.errcode).toBe('0');
  });
});

describe('users', () => {
  it('refuses a duplicate account with zh and en messages and changes nothing', async () => {
    const before = await t.gql('iam', USERS, { token: adminToken });
    const dup = await t.gql('iam', SAVE_USER, {
      token: adminToken,
      variables: { m: { account: 'student', name: '冒名', password: 'Another@123', role: 'admin' } },
    });
    expect(dup.body.data?.saveUser).toEqual({
      errcode: '500',
      msg: '账号“student”已存在',
      msg_en: 'The account "student" already exists',
      ids: null,
    });
    const after = await t.gql('iam', USERS, { token: adminToken });
    expect(after.body.data?.users).toEqual(before.body.data?.users);
    const me = await t.gql('iam', '{ me { name } }', { token: userToken });
    expect(me.body.data?.me.name).toBe(demoAccounts.user.name);

    const bad = await t.gql('iam', SAVE_USER, {
      token: adminToken,
      variables: { m: { account: 'x1', name: 'X', password: 'short', email: 'not-an-email', role: 'root' } },
    });
    expect(bad.body.data?.saveUser.errcode).toBe('500');
    expect(bad.body.data?.saveUser.msg).toContain('参数错误');
    expect(bad.body.data?.saveUser.msg_en).toMatch(/password|email|role/);
  });

  it('creates and updates a user with positions and password, audited without the password', async () => {
    const cs = await deptId('cs');
    const created = await t.gql('iam', SAVE_USER, {
      token: adminToken,
      variables: {
        m: {
          account: 'teacher1',
          name: '李老师',
          email: 'li@demo.edu.cn',
          password: 'Teacher@123',
          positions: [{ dept: cs }],
        },
      },
    });
    expect(created.body.data?.saveUser.errcode).toBe('0');
    const id = created.body.data?.saveUser.ids[0];

    const staffPost = (await t.gql('iam', '{ posts(filter: { code: { eq: "staff" } }) { id } }', { token: adminToken }))
      .body.data?.posts[0].id;
    const updated = await t.gql('iam', UPDATE_USER, {
      token: adminToken,
      variables: {
        m: {
          id,
          account: 'teacher-li',
          phone: '13900000000',
          password: 'Changed@123',
          positions: [{ dept: cs, post: staffPost }],
        },
      },
    });
    expect(updated.body.data?.updateUser).toMatchObject({ errcode: '0', ids: [id] });

    const one = await t.gql(
      'iam',
      `query($id: ID!) { user(id: $id) { account name phone role positions { dept { code } post { code } } } }`,
      {
        token: adminToken,
        variables: { id },
      },
    );
    expect(one.body.data?.user).toEqual({
      account: 'teacher-li',
      name: '李老师',
      phone: '13900000000',
      role: 'user',
      positions: [{ dept: { code: 'cs' }, post: { code: 'staff' } }],
    });
    const row = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      findUserByAccount(tx, t.demoTenantId, 'teacher-li'),
    );
    expect(await verifyPassword('Changed@123', row!.password_hash)).toBe(true);

    const logs = await t.database.db.select().from(operateLogs).where(eq(operateLogs.operate_object, id));
    expect(logs.map((l) => l.operate_type).sort()).toEqual(['save', 'update']);
    expect(
      logs.some((l) => l.operate_content.includes('Changed@123') || l.operate_content.includes('Teacher@123')),
    ).toBe(false);

    const noId = await t.gql('iam', UPDATE_USER, { token: adminToken, variables: { m: { name: 'x' } } });
    expect(noId.body.data?.updateUser).toMatchObject({
      errcode: '500',
      msg: 'id不能为空',
      msg_en: 'id cannot be empty',
    });
  });

  it('an administrator cannot delete, disable or demote themselves', async () => {
    const adminId = (await t.gql('iam', '{ me { id } }', { token: adminToken })).body.data?.me.id;
    for (const m of [
      { id: adminId, role: 'user' },
      { id: adminId, disabled: true },
    ]) {
      const res = await t.gql('iam', UPDATE_USER, { token: adminToken, variables: { m } });
      expect(res.body.data?.updateUser).toMatchObject({
        errcode: '500',
        msg_en: 'You cannot delete or disable your own account or remove your own administrator role',
      });
    }
    const del = await t.gql('iam', DELETE_USER, { token: adminToken, variables: { id: adminId } });
    expect(del.body.data?.deleteUser.errcode).toBe('500');
    const me = await t.gql('iam', '{ me { account disabled } }', { token: adminToken });
    expect(me.body.data?.me).toEqual({ account: 'admin', disabled: false });
  });

  it('an ordinary user calling an administrator operation gets FORBIDDEN and changes nothing', async () => {
    const cases: [string, Record<string, unknown>][] = [
      [EDIT_DEPT, { m: { name: '非法', code: 'illegal' } }],
      [SAVE_USER, { m: { account: 'hacker', name: 'H', password: 'Hacker@123', role: 'admin' } }],
      [DELETE_DEPT, { id: await deptId('cs') }],
      [`query($id: ID!) { user(id: $id) { id } }`, { id: '00000000-0000-4000-8000-000000000000' }],
      ['{ administrators { account } }', {}],
    ];
    for (const [query, variables] of cases) {
      const res = await t.gql('iam', query, { token: userToken, variables });
      expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(res.body.errors?.[0]?.message).toBe('拒绝访问');
    }
    expect((await departmentsOf(adminToken)).some((d) => d.code === 'illegal')).toBe(false);
    const hacker = await t.gql('iam', USERS, { token: adminToken, variables: { f: { account: { eq: 'hacker' } } } });
    expect(hacker.body.data?.users.totalCount).toBe(0);
  });
});

describe('avatars', () => {
  const FIND = `query($a: String) { findUserImage(account: $a) { account image create_time } }`;
  const SAVE = `mutation($m: InputUserImage!) { saveUserImage(model: $m) { account image create_time } }`;
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

  it('a user sets and finds their own avatar, on iam and on apps_yy_sys', async () => {
    const none = await t.gql('iam', FIND, { token: userToken, variables: { a: 'student' } });
    expect(none.body.data?.findUserImage).toBeNull();

    const saved = await t.gql('iam', SAVE, { token: userToken, variables: { m: { account: 'student', image: png } } });
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data?.saveUserImage).toMatchObject({ account: 'student', image: png });

    const found = await t.gql('apps_yy_sys', FIND, { token: adminToken, variables: { a: 'student' } });
    expect(found.body.data?.findUserImage).toEqual(saved.body.data?.saveUserImage);

    const replaced = await t.gql('apps_yy_sys', SAVE, {
      token: userToken,
      variables: { m: { account: 'student', image: '/files/a.png' } },
    });
    expect(replaced.body.data?.saveUserImage.image).toBe('/files/a.png');
    const mine = await t.gql('iam', FIND, { token: userToken });
    expect(mine.body.data?.findUserImage.image).toBe('/files/a.png');
  });

  it('a user cannot set someone else’s avatar; an administrator can', async () => {
    const refused = await t.gql('iam', SAVE, { token: userToken, variables: { m: { account: 'admin', image: png } } });
    expect(refused.body.data?.saveUserImage).toBeNull();
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const adminImage = await t.gql('iam', FIND, { token: adminToken, variables: { a: 'admin' } });
    expect(adminImage.body.data?.findUserImage).toBeNull();

    const byAdmin = await t.gql('apps_yy_sys', SAVE, {
      token: adminToken,
      variables: { m: { account: 'student', image: 'https://cdn.demo.edu.cn/a.jpg' } },
    });
    expect(byAdmin.body.data?.saveUserImage.image).toBe('https://cdn.demo.edu.cn/a.jpg');
    const unknown = await t.gql('iam', SAVE, {
      token: adminToken,
      variables: { m: { account: 'nobody', image: png } },
    });
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ code: 'USER_NOT_FOUND', msg: '用户不存在' });
  });

  it('refuses images that are not image URIs or are too large', async () => {
    for (const image of [
      'javascript:alert(1)',
      'data:text/html;base64,PGI+',
      '//evil.example/x.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
    ]) {
      const res = await t.gql('iam', SAVE, { token: userToken, variables: { m: { account: 'student', image } } });
      expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'IMAGE_INVALID' });
    }
    const huge = `data:image/png;base64,${'A'.repeat(1.6 * 1024 * 1024)}`;
    const res = await t.gql('iam', SAVE, { token: userToken, variables: { m: { account: 'student', image: huge } } });
    expect(res.body.errors?.[0]?.extensions).toMatchObject({ code: 'FILE_TOO_LARGE', msg: '文件过大，最大允许1.5MB' });
    const kept = await t.gql('iam', FIND, { token: userToken });
    expect(kept.body.data?.findUserImage.image).toBe('https://cdn.demo.edu.cn/a.jpg');
  });
});
