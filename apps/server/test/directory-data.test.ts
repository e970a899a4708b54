/**
 * Directory data (issue 19 item 1): groups (create, update, delete, queryMyGroup) and the
 * users' state (batch enable/disable; a disabled user's next request refused; an
 * administrator's new password lifts a sign-in lock-out), as anonymous, a student, a scoped
 * administrator (a resourceAdmin grant only), the tenant administrator and another tenant.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { permissionGrants } from '../src/modules/directory/directory.grants.tables.ts';
import { findUserByAccount, insertUser } from '../src/modules/directory/directory.repository.ts';
import { identityDirectoryFor } from '../src/modules/identity.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { checkCredentials, throttlePolicies } from '../src/platform/auth/login.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { createTestApp, demoAccounts, type TestApp } from './support.ts';

let t: TestApp;
let admin: string;
let student: string;
let scoped: string;
let otherAdmin: string;
let otherTenant: string;
const ids: Record<string, string> = {};

const CREATE = `mutation($m: InputGroup!) { createGroup(model: $m) { errcode msg msg_en ids } }`;
const UPDATE = `mutation($m: InputGroup!) { updateGroup(model: $m) { errcode msg msg_en ids } }`;
const DELETE = `mutation($id: ID!) { deleteGroup(id: $id) { errcode msg msg_en } }`;
const MINE = `query($u: ID, $a: String) { queryMyGroup(userId: $u, accountNo: $a) {
  id name status creatorAccountNo creatorOpenId groupMember { userId accountNo openId relation name } } }`;
const STATE = `mutation($ids: [ID!]!, $d: Boolean!) { updateUsersState(ids: $ids, disabled: $d) { errcode msg msg_en ids } }`;

async function call(query: string, variables: Record<string, unknown>, token?: string) {
  const res = await t.gql('iam', query, { token, variables });
  const [name] = Object.keys(res.body.data ?? {});
  return { status: res.status, data: name ? res.body.data![name] : null, errors: res.body.errors };
}

async function logs(module: string) {
  return withTenant(t.database.db, t.demoTenantId, (tx) =>
    tx
      .select()
      .from(operateLogs)
      .where(and(eq(operateLogs.tenant_id, t.demoTenantId), eq(operateLogs.operate_module, module))),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const hash = await hashPassword('Member@123456');
  await withTenant(t.database.db, t.demoTenantId, async (tx) => {
    for (const account of ['g-alice', 'g-bob', 'g-carol', 'g-scoped', 'g-locked']) {
      ids[account] = (await insertUser(tx, t.demoTenantId, { account, name: account, password_hash: hash })).id;
    }
    ids.visitor = (
      await insertUser(tx, t.demoTenantId, { account: 'v-13800000000', name: '访客', role: 'visitor' })
    ).id;
    // a scoped administrator: a resourceAdmin grant and nothing else
    await tx
      .insert(permissionGrants)
      .values({ tenant_id: t.demoTenantId, user_id: ids['g-scoped'], permission: 'resourceAdmin' });
    ids.student = (await findUserByAccount(tx, t.demoTenantId, demoAccounts.user.account))!.id;
    ids.admin = (await findUserByAccount(tx, t.demoTenantId, demoAccounts.admin.account))!.id;
  });
  admin = await t.tokenFor(demoAccounts.admin.account);
  student = await t.tokenFor(demoAccounts.user.account);
  scoped = await t.tokenFor('g-scoped');
  otherTenant = await t.createOtherTenant('grpother');
  otherAdmin = await t.tokenFor('admin', otherTenant);
});
afterAll(() => t.close());

describe('groups', () => {
  it('anonymous callers are refused every operation', async () => {
    for (const [q, v] of [
      [MINE, {}],
      [CREATE, { m: { name: 'x' } }],
      [UPDATE, { m: { id: ids.admin, name: 'x' } }],
      [DELETE, { id: ids.admin }],
    ] as const) {
      const res = await call(q, v);
      expect(res.data).toBeNull();
      expect(res.errors?.[0]?.extensions?.errcode ?? res.errors?.[0]?.message).toBeTruthy();
    }
  });

  it('a student creates a group: they are its owner; members by id or account with relations', async () => {
    const res = await call(
      CREATE,
      {
        m: {
          name: '读书会',
          groupMember: [
            { userId: ids['g-alice'], relation: 'admin' },
            { accountNo: 'g-bob' },
            { accountNo: demoAccounts.user.account, relation: 'owner' },
          ],
        },
      },
      student,
    );
    expect(res.data).toMatchObject({ errcode: '0' });
    ids.group = res.data.ids[0];
    const mine = await call(MINE, {}, student);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({
      name: '读书会',
      status: 1,
      creatorAccountNo: 'student',
      creatorOpenId: `${t.demoTenantId}:${ids.student}`,
    });
    expect(
      mine.data[0].groupMember.map((m: { accountNo: string; relation: string }) => [m.accountNo, m.relation]),
    ).toEqual([
      ['student', 'owner'],
      ['g-alice', 'admin'],
      ['g-bob', 'member'],
    ]);
    expect(mine.data[0].groupMember[1].name).toBe('g-alice');
    // members see the group among theirs
    const bob = await t.tokenFor('g-bob');
    expect((await call(MINE, {}, bob)).data.map((g: { id: string }) => g.id)).toEqual([ids.group]);
    expect((await logs('group')).some((l) => l.operate_type === 'save' && l.operate_object === ids.group)).toBe(true);
  });

  it('bad members and names are refused clearly and nothing is created', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'The group name cannot be empty'],
      [{ name: 'g', groupMember: [{ accountNo: 'nobody' }] }, 'The member "nobody" is not a user of this tenant'],
      [
        { name: 'g', groupMember: [{ userId: ids.visitor }] },
        `The member "${ids.visitor}" is not a user of this tenant`,
      ],
      [
        { name: 'g', groupMember: [{ accountNo: 'g-bob' }, { userId: ids['g-bob'] }] },
        'The member "g-bob" is listed twice',
      ],
      [{ name: 'g', groupMember: [{ accountNo: 'g-bob', relation: 'owner' }] }, 'Invalid member relation "owner"'],
      [{ name: 'g', groupMember: [{ relation: 'member' }] }, 'Each member needs a userId or an accountNo'],
    ];
    for (const [model, en] of cases) {
      const res = await call(CREATE, { m: model }, student);
      expect(res.data?.errcode, JSON.stringify(model)).not.toBe('0');
      expect(res.data?.msg_en ?? res.errors?.[0]?.message).toContain(en);
    }
    expect((await call(MINE, {}, student)).data).toHaveLength(1);
    // another tenant's user is not a member of this tenant's groups
    const foreign = await call(CREATE, { m: { name: 'g', groupMember: [{ accountNo: 'g-alice' }] } }, otherAdmin);
    expect(foreign.data.msg_en).toBe('The member "g-alice" is not a user of this tenant');
  });

  it('updateGroup: the owner, a group admin and a tenant admin may; a plain member, a scoped admin and another tenant may not', async () => {
    const alice = await t.tokenFor('g-alice');
    const bob = await t.tokenFor('g-bob');
    const refused = [
      [bob, 'GROUP_UPDATE_FORBIDDEN'],
      [scoped, 'GROUP_UPDATE_FORBIDDEN'],
      [otherAdmin, 'GROUP_NOT_FOUND'],
    ] as const;
    for (const [token] of refused) {
      const res = await call(UPDATE, { m: { id: ids.group, name: '改名' } }, token);
      expect(res.data.errcode).not.toBe('0');
    }
    expect((await call(UPDATE, { m: { id: ids.group, name: '改名' } }, bob)).data.msg_en).toBe(
      "Only the group's owner, its admins or a tenant administrator may change the group",
    );
    expect((await call(UPDATE, { m: { id: ids.group, name: '改名' } }, otherAdmin)).data.msg_en).toBe(
      'The group does not exist',
    );
    // a group admin replaces the members; the owner stays owner
    const byAlice = await call(
      UPDATE,
      {
        m: {
          id: ids.group,
          name: '读书会2',
          groupMember: [{ accountNo: 'g-alice', relation: 'admin' }, { accountNo: 'g-carol' }],
        },
      },
      alice,
    );
    expect(byAlice.data.errcode).toBe('0');
    let group = (await call(MINE, {}, student)).data[0];
    expect(group.name).toBe('读书会2');
    expect(group.groupMember.map((m: { accountNo: string }) => m.accountNo)).toEqual(['student', 'g-alice', 'g-carol']);
    // the owner cannot be demoted
    const demote = await call(
      UPDATE,
      { m: { id: ids.group, groupMember: [{ accountNo: 'student', relation: 'member' }] } },
      admin,
    );
    expect(demote.data.msg_en).toContain('Invalid member relation "member"');
    // the tenant administrator disables it
    expect((await call(UPDATE, { m: { id: ids.group, status: 0 } }, admin)).data.errcode).toBe('0');
    group = (await call(MINE, {}, student)).data[0];
    expect(group).toMatchObject({ status: 0, name: '读书会2' });
    expect((await call(MINE, {}, bob)).data).toEqual([]);
  });

  it('queryMyGroup of another user: only the tenant administrator', async () => {
    expect((await call(MINE, { a: 'g-carol' }, student)).data?.msg_en).toBeUndefined();
    const refused = await call(MINE, { a: 'g-carol' }, student);
    expect(refused.data).toBeNull();
    expect(JSON.stringify(refused.errors)).toContain("Only a tenant administrator may see another user's groups");
    expect((await call(MINE, { a: 'g-carol' }, scoped)).data).toBeNull();
    const byAdmin = await call(MINE, { a: 'g-carol' }, admin);
    expect(byAdmin.data.map((g: { id: string }) => g.id)).toEqual([ids.group]);
    expect((await call(MINE, { u: ids['g-carol'] }, admin)).data).toHaveLength(1);
    // naming oneself is always allowed
    expect((await call(MINE, { a: 'student' }, student)).data).toHaveLength(1);
    // another tenant's administrator does not find this tenant's user
    expect(JSON.stringify((await call(MINE, { u: ids['g-carol'] }, otherAdmin)).errors)).toContain(
      'The user does not exist',
    );
  });

  it('deleteGroup: a group admin may not; the owner may', async () => {
    const alice = await t.tokenFor('g-alice');
    expect((await call(DELETE, { id: ids.group }, alice)).data.msg_en).toBe(
      "Only the group's owner or a tenant administrator may delete the group",
    );
    expect((await call(DELETE, { id: ids.group }, otherAdmin)).data.msg_en).toBe('The group does not exist');
    expect((await call(DELETE, { id: ids.group }, student)).data.errcode).toBe('0');
    expect((await call(MINE, {}, student)).data).toEqual([]);
    expect((await call(DELETE, { id: ids.group }, student)).data.msg_en).toBe('The group does not exist');
    expect((await logs('group')).map((l) => l.operate_type).sort()).toEqual(['delete', 'save', 'update', 'update']);
  });
});

describe('users state', () => {
  it('only the tenant administrator may disable several users; bad lists change nothing', async () => {
    for (const token of [undefined, student, scoped, otherAdmin]) {
      const res = await call(STATE, { ids: [ids['g-alice']], d: true }, token);
      if (token === otherAdmin) expect(res.data.msg_en).toBe('The user does not exist');
      else expect(res.data).toBeNull();
    }
    expect((await call(STATE, { ids: [], d: true }, admin)).data.msg_en).toBe('Handle 1 to 200 users at a time');
    expect((await call(STATE, { ids: [ids['g-alice'], ids.admin], d: true }, admin)).data.errcode).not.toBe('0');
    expect((await call(STATE, { ids: [ids['g-alice'], ids.visitor], d: true }, admin)).data.msg_en).toBe(
      'The user does not exist',
    );
    const alice = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      findUserByAccount(tx, t.demoTenantId, 'g-alice'),
    );
    expect(alice!.disabled).toBe(false);
  });

  it("a disabled user's next request is refused; enabled again, it is served", async () => {
    const bob = await t.tokenFor('g-bob');
    const carol = await t.tokenFor('g-carol');
    expect((await call(MINE, {}, bob)).errors).toBeUndefined();
    const res = await call(STATE, { ids: [ids['g-bob'], ids['g-carol']], d: true }, admin);
    expect(res.data).toMatchObject({ errcode: '0', ids: [ids['g-bob'], ids['g-carol']] });
    for (const token of [bob, carol]) {
      const next = await t.gql('iam', '{ me { account } }', { token });
      expect(next.body.data?.me ?? null).toBeNull();
      expect(JSON.stringify(next.body.errors)).toMatch(/ACCESS_TOKEN_INVALID|UNAUTHENTICATED/);
    }
    expect((await call(STATE, { ids: [ids['g-bob'], ids['g-carol']], d: false }, admin)).data.errcode).toBe('0');
    expect((await t.gql('iam', '{ me { account } }', { token: bob })).body.data?.me).toEqual({ account: 'g-bob' });
    const entries = (await logs('user')).filter((l) => l.operate_type === 'batchUpdate');
    expect(entries.map((e) => e.operate_content)).toEqual(['停用用户 g-bob, g-carol', '启用用户 g-bob, g-carol']);
  });

  it("an administrator's new password lifts a sign-in lock-out at once", async () => {
    const now = new Date();
    const attempt = (password: string) =>
      checkCredentials(t.database.db, identityDirectoryFor(t.config), {
        tenantId: t.demoTenantId,
        account: 'g-locked',
        password,
        ip: '203.0.113.9',
        policies: throttlePolicies(t.config.loginThrottle),
        now: () => now,
      }).then(
        () => 'signed in',
        (err: { code?: string }) => err.code,
      );
    let answer: string | undefined;
    for (let i = 0; i < 10 && answer !== 'LOGIN_THROTTLED'; i++) answer = await attempt(`wrong-${i}`);
    expect(answer).toBe('LOGIN_THROTTLED');
    expect(await attempt('Member@123456')).toBe('LOGIN_THROTTLED');
    const reset = await call(
      `mutation($m: InputUser!) { updateUser(model: $m) { errcode } }`,
      { m: { id: ids['g-locked'], password: 'Reset@123456' } },
      admin,
    );
    expect(reset.data.errcode).toBe('0');
    expect(await attempt('Reset@123456')).toBe('signed in');
  });
});
