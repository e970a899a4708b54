/**
 * The user a token names is looked up once per USER_CACHE_MS: a change made through this
 * process (an administrator disables a user, changes a role, deletes a user) takes effect on the
 * very next request; one announced by another instance within a second (instances-agree.test.ts);
 * one nobody announced (plain SQL) within USER_CACHE_MS.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { USER_CACHE_MS } from '../src/platform/auth/authenticate.ts';
import { makeUsers } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';

const UPDATE_USER = `mutation($m: InputUser!) { updateUser(model: $m) { errcode msg msg_en ids } }`;
const DELETE_USER = `mutation($id: ID!) { deleteUser(id: $id) { errcode msg msg_en } }`;
const ME = '{ me { id account role } }';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let seq = 0;
async function signedInUser() {
  const [u] = await makeUsers(t, 1, `uc${++seq}_${Date.now() % 100_000}_`);
  const me = await t.gql('iam', ME, { token: u!.token });
  expect(me.body.data?.me.account).toBe(u!.account);
  return { ...u!, id: me.body.data!.me.id as string };
}

const refused = (res: { status: number; body: { errors?: { message: string }[] } }) =>
  res.status === 401 && res.body.errors?.[0]?.message === 'ACCESS_TOKEN_INVALID';

describe('users looked up for tokens', () => {
  it('a user disabled by an administrator here is refused on the next request', async () => {
    const u = await signedInUser();
    const off = await t.gql('iam', UPDATE_USER, { token: admin, variables: { m: { id: u.id, disabled: true } } });
    expect(off.body.data?.updateUser.errcode).toBe('0');
    expect(refused(await t.gql('iam', ME, { token: u.token }))).toBe(true);
  });

  it('a role changed here applies to the next request; a deleted user is refused at once', async () => {
    const u = await signedInUser();
    await t.gql('iam', UPDATE_USER, { token: admin, variables: { m: { id: u.id, role: 'admin' } } });
    expect((await t.gql('iam', ME, { token: u.token })).body.data?.me.role).toBe('admin');
    const del = await t.gql('iam', DELETE_USER, { token: admin, variables: { id: u.id } });
    expect(del.body.data?.deleteUser.errcode).toBe('0');
    expect(refused(await t.gql('iam', ME, { token: u.token }))).toBe(true);
  });

  it('a user disabled elsewhere (plain SQL) is refused once USER_CACHE_MS has passed', async () => {
    const u = await signedInUser();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.execute(sql`update users set disabled = true where id = ${u.id}`),
    );
    // within the window the kept lookup still serves
    expect((await t.gql('iam', ME, { token: u.token })).body.data?.me.account).toBe(u.account);
    vi.setSystemTime(Date.now() + USER_CACHE_MS + 1);
    expect(refused(await t.gql('iam', ME, { token: u.token }))).toBe(true);
  });
});
