/**
 * Directory import and export (issue 19 item 1): departments, posts and users from Excel with
 * bad rows (only valid rows imported, each bad row reported), parents by code, positions by
 * department code + post code, the initial password rule, updates by code/account, exports
 * that import back and show no password; tenant administrators only.
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { permissionGrants } from '../src/modules/directory/directory.grants.tables.ts';
import { findUserByAccount, insertUser, listDepartments } from '../src/modules/directory/directory.repository.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { verifyPassword, verifyPasswordOrDecoy } from '../src/platform/auth/passwords.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let admin: string;
let student: string;
let scoped: string;
let otherAdmin: string;

async function sheet(header: string[], rows: (string | number)[][]) {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('s');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(kind: string, content: Buffer, token = admin) {
  const boundary = `----yuyue${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/directory/${kind}/import`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return { status: res.statusCode, body: res.json() };
}

async function download(path: string, token = admin) {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200)
    return { status: res.statusCode, rows: [] as string[][], raw: res.rawPayload, body: res.json() };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { status: res.statusCode, rows, raw: res.rawPayload, body: null };
}

const departments = () => withTenant(t.database.db, t.demoTenantId, (tx) => listDepartments(tx, t.demoTenantId));
const userOf = (account: string) =>
  withTenant(t.database.db, t.demoTenantId, (tx) => findUserByAccount(tx, t.demoTenantId, account));
const errorsOf = (body: { errors: { row: number; field: string }[] }) => body.errors.map((e) => [e.row, e.field]);

beforeAll(async () => {
  t = await createTestApp();
  await withTenant(t.database.db, t.demoTenantId, async (tx) => {
    const u = await insertUser(tx, t.demoTenantId, { account: 'imp-scoped', name: '资源管理员' });
    await tx.insert(permissionGrants).values({ tenant_id: t.demoTenantId, user_id: u.id, permission: 'resourceAdmin' });
    await insertUser(tx, t.demoTenantId, { account: 'v-13900000000', name: '访客', role: 'visitor' });
  });
  admin = await t.tokenFor(demoAccounts.admin.account);
  student = await t.tokenFor(demoAccounts.user.account);
  scoped = await t.tokenFor('imp-scoped');
  otherAdmin = await t.tokenFor('admin', await t.createOtherTenant('impother'));
});
afterAll(() => t.close());

describe('who may', () => {
  it('templates, imports and exports are for tenant administrators only', async () => {
    const content = await sheet(['code', 'name'], [['x-1', 'X']]);
    for (const token of ['', student, scoped]) {
      const imported = await upload('departments', content, token);
      expect(imported.status).toBeGreaterThanOrEqual(400);
      expect(imported.body.errcode).not.toBe('0');
      expect((await download('/api/directory/users/export', token)).status).toBeGreaterThanOrEqual(400);
      expect((await download('/api/directory/posts/template', token)).status).toBeGreaterThanOrEqual(400);
    }
    expect((await departments()).some((d) => d.code === 'x-1')).toBe(false);
    // another tenant's administrator imports into their own tenant only, and exports only theirs
    expect((await upload('departments', content, otherAdmin)).body).toMatchObject({ errcode: '0', created: 1 });
    expect((await departments()).some((d) => d.code === 'x-1')).toBe(false);
    const theirs = await download('/api/directory/departments/export', otherAdmin);
    expect(theirs.rows.map((r) => r[0])).not.toContain('cs');
    const bad = await download('/api/directory/groups/export');
    expect(bad.body.msg_en).toBe('Invalid import kind "groups" (departments, posts or users)');
  });
});

describe('departments', () => {
  it('only the valid rows are imported; parents by code in any order; each bad row says why', async () => {
    const content = await sheet(
      ['code', 'name', 'parent_code', 'order'],
      [
        ['math-lab', '数学实验室', 'math', 2], // row 2: parent is a later row
        ['math', '数学学院', 'demo', 1], // row 3: parent exists
        ['', '无编码', '', ''], // row 4
        ['bad code', '坏编码', '', ''], // row 5
        ['orphan', '孤儿', 'nowhere', ''], // row 6
        ['math', '重复', '', ''], // row 7
        ['lab-b', '实验室B', 'ord', ''], // row 8: parent row refused
        ['cs', '计算机与人工智能学院', '', '7'], // row 9: existing code: updated
        ['loop-a', '环A', 'loop-b', ''], // row 10
        ['loop-b', '环B', 'loop-a', ''], // row 11
        ['ord', '排序', '', 'x'], // row 12
      ],
    );
    const { status, body } = await upload('departments', content);
    expect(status).toBe(200);
    expect(body).toMatchObject({ errcode: '0', total: 11, created: 2, updated: 1, imported: 3 });
    expect(errorsOf(body)).toEqual([
      [4, 'code'],
      [5, 'code'],
      [6, 'parent_code'],
      [7, 'code'],
      [8, 'parent_code'],
      [10, 'parent_code'],
      [11, 'parent_code'],
      [12, 'order'],
    ]);
    const said = Object.fromEntries(body.errors.map((e: { row: number; msg: string; msg_en: string }) => [e.row, e]));
    expect(said[4].msg).toBe('部门编码不能为空');
    expect(said[6].msg_en).toBe('There is no parent department with the code "nowhere"');
    expect(said[7].msg_en).toBe('code repeats row 3');
    expect(said[12].msg_en).toBe('Order must be an integer');
    expect(said[8].msg_en).toBe('The parent department (row 12) has errors and was not imported');
    expect(body.msg).toBe('已导入：新增2行，更新1行；8行有错误未导入');
    const all = await departments();
    const byCode = new Map(all.map((d) => [d.code, d]));
    expect(byCode.get('math-lab')!.parent).toBe(byCode.get('math')!.id);
    expect(byCode.get('math')!.parent).toBe(byCode.get('demo')!.id);
    expect(byCode.get('cs')).toMatchObject({
      name: '计算机与人工智能学院',
      order_num: 7,
      parent: byCode.get('demo')!.id,
    });
    for (const code of ['orphan', 'lab-b', 'loop-a', 'loop-b', 'ord', 'bad code']) expect(byCode.has(code)).toBe(false);
    // the tree shows the new departments
    const tree = await t.gql('iam', '{ departmentTree { code children { code children { code } } } }', {
      token: admin,
    });
    const math = tree.body.data!.departmentTree[0].children.find((c: { code: string }) => c.code === 'math');
    expect(math.children).toEqual([{ code: 'math-lab' }]);
    const logged = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .select()
        .from(operateLogs)
        .where(and(eq(operateLogs.operate_module, 'department'), eq(operateLogs.operate_type, 'import'))),
    );
    expect(logged.map((l) => l.operate_content)).toContain('导入部门：共 11 行，新增 2 行，更新 1 行，8 行有错误');
  });

  it('a move that would make a cycle with the existing tree is refused', async () => {
    const { body } = await upload(
      'departments',
      await sheet(['code', 'name', 'parent_code'], [['demo', '演示大学', 'math-lab']]),
    );
    expect(body).toMatchObject({ errcode: '500', imported: 0 });
    expect(body.errors[0].msg_en).toBe('The parent department cannot be the department itself or one below it');
  });

  it('the export imports back unchanged; the template reads back', async () => {
    const exported = await download('/api/directory/departments/export');
    expect(exported.rows[0]).toEqual(['code', 'name', 'parent_code', 'order', 'disabled', 'description']);
    expect(exported.rows.find((r) => r[0] === 'math-lab')!.slice(0, 3)).toEqual(['math-lab', '数学实验室', 'math']);
    const again = await upload('departments', Buffer.from(exported.raw));
    expect(again.body).toMatchObject({ errcode: '0', created: 0, errors: [] });
    const template = await download('/api/directory/departments/template');
    expect(template.rows[0]!.slice(0, 3)).toEqual(['code', 'name', 'parent_code']);
    expect((await upload('departments', Buffer.from(template.raw))).body.msg_en).toBe('The file has no data rows');
  });

  it('not a sheet, or a sheet without the columns: refused clearly', async () => {
    expect((await upload('departments', Buffer.from('hello'))).body.msg_en).toBe(
      'The file cannot be read; please upload an Excel (.xlsx) file',
    );
    expect((await upload('departments', await sheet(['a', 'b'], [['1', '2']]))).body.msg_en).toBe(
      'The first row must be the header and include the columns code, name',
    );
  });
});

describe('posts', () => {
  it('imports posts (1/0 flags), refuses bad flags, updates by code', async () => {
    const { body } = await upload(
      'posts',
      await sheet(
        ['岗位编码', '岗位名称', '正式岗位(1/0)'],
        [
          ['tutor', '助教', '0'],
          ['staff', '教职员工', ''],
          ['odd', '怪', 'maybe'],
        ],
      ),
    );
    expect(body).toMatchObject({ errcode: '0', created: 1, updated: 1 });
    expect(errorsOf(body)).toEqual([[4, 'formal']]);
    const posts = await t.gql('iam', '{ posts { code name formal } }', { token: admin });
    expect(posts.body.data!.posts).toEqual(
      expect.arrayContaining([
        { code: 'tutor', name: '助教', formal: false },
        { code: 'staff', name: '教职员工', formal: true },
      ]),
    );
  });
});

describe('users', () => {
  it('imports users with positions by codes, a password only from its cell; existing accounts update; bad rows reported', async () => {
    const content = await sheet(
      ['account', 'name', 'phone', 'email', 'positions', 'password'],
      [
        ['t20240001', '王老师', '13800000001', 'wang@example.edu', 'math:staff; cs:tutor', ''], // 2: no password until one is set
        ['s2024', '李同学', '', '', 'cs:student', 'Li@Init2024'], // 3: own password
        ['abc', '短账号', '', '', '', ''], // 4: a short account, no password
        ['student', '张同学改', '13900000002', '', 'cs:student', 'Ignored@123'], // 5: existing: updated, password kept
        ['x1', '坏职位', '', '', 'cs:student:x', 'Password1'], // 6
        ['x2', '无部门', '', '', 'nowhere:staff', 'Password1'], // 7
        ['x3', '无岗位', '', '', 'cs:nopost', 'Password1'], // 8
        ['x4', '坏手机', 'abc', '', '', 'Password1'], // 9
        ['v-13900000000', '访客', '', '', '', 'Password1'], // 10: a visitor's account
        ['t20240001', '重复', '', '', '', ''], // 11
        ['admin', '系统管理员', '', '', '', ''], // 12: the importing admin
      ],
    );
    const { body } = await upload('users', content);
    expect(body).toMatchObject({ errcode: '0', created: 3, updated: 2, total: 11 });
    expect(errorsOf(body)).toEqual([
      [6, 'positions'],
      [7, 'positions'],
      [8, 'positions'],
      [9, 'phone'],
      [10, 'account'],
      [11, 'account'],
    ]);
    const said = Object.fromEntries(body.errors.map((e: { row: number; msg_en: string }) => [e.row, e.msg_en]));
    expect(said[7]).toBe('There is no department with the code "nowhere"');
    expect(said[8]).toBe('There is no post with the code "nopost"');
    expect(said[10]).toBe('The account "v-13900000000" belongs to a visitor and cannot be imported as a user');
    const wang = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      findUserByAccount(tx, t.demoTenantId, 't20240001'),
    );
    // no guessable default: without a password cell the account has no password at all
    expect(wang!.password_hash).toBe('');
    expect(await verifyPasswordOrDecoy('Yy@t20240001', wang!.password_hash)).toBe(false);
    expect(wang).toMatchObject({ role: 'user', phone: '13800000001', email: 'wang@example.edu' });
    const li = await userOf('s2024');
    expect(await verifyPassword('Li@Init2024', li!.password_hash)).toBe(true);
    const zhang = await userOf('student');
    expect(zhang!.name).toBe('张同学改');
    expect(await verifyPassword(demoAccounts.user.password, zhang!.password_hash)).toBe(true);
    const users = await t.gql(
      'iam',
      `{ users(filter: { account: { eq: "t20240001" } }) { edges { node { positions { dept { code } post { code } } } } } }`,
      { token: admin },
    );
    expect(
      users.body
        .data!.users.edges[0].node.positions.map(
          (p: { dept: { code: string }; post: { code: string } }) => `${p.dept.code}:${p.post.code}`,
        )
        .sort(),
    ).toEqual(['cs:tutor', 'math:staff']);
  });

  it('the export shows every user but visitors, no password, and imports back', async () => {
    const exported = await download('/api/directory/users/export');
    expect(exported.rows[0]).toEqual(['account', 'name', 'phone', 'email', 'sex', 'positions', 'disabled']);
    const accounts = exported.rows.slice(2).map((r) => r[0]);
    expect(accounts).toEqual(expect.arrayContaining(['admin', 'student', 't20240001', 's2024']));
    expect(accounts).not.toContain('v-13900000000');
    const wang = exported.rows.find((r) => r[0] === 't20240001')!;
    expect(wang.slice(0, 4)).toEqual(['t20240001', '王老师', '13800000001', 'wang@example.edu']);
    expect(wang[5]!.split('; ').sort()).toEqual(['cs:tutor', 'math:staff']);
    expect(JSON.stringify(exported.rows)).not.toMatch(/scrypt|Yy@/);
    const narrowed = await download('/api/directory/users/export?dept=math');
    expect(narrowed.rows.slice(2).map((r) => r[0])).toEqual(['t20240001']);
    const again = await upload('users', Buffer.from(exported.raw));
    expect(again.body).toMatchObject({ errcode: '0', created: 0, errors: [] });
    const logged = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx
        .select()
        .from(operateLogs)
        .where(and(eq(operateLogs.operate_module, 'user'), eq(operateLogs.operate_type, 'export'))),
    );
    expect(logged.length).toBe(2);
  });
});
