/**
 * Release settings of the resources an administrator manages (modules/ballot, docs/GLOSSARY.md
 * "Ballot"): `findBallotResourceSettingAll` lists the resources the caller administers with the
 * settings in force (their own, their type's, the default), searched by name or number and by
 * mode; `findBallotSettings` answers a resource its administrator cannot book (disabled); who may
 * call it: anonymous, an ordinary user, a scoped administrator (by department, by grant), an
 * approver (manages nothing), a tenant administrator, another tenant.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertDepartment, insertPosition, insertUser } from '../src/modules/directory/directory.repository.ts';
import { makeResource, makeType } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';

const LIST = `query($first: Int, $offset: Int, $keyword: String, $mode: String) {
  findBallotResourceSettingAll(first: $first, offset: $offset, keyword: $keyword, releaseMode: $mode) {
    totalCount pageInfo { hasNextPage }
    edges { node { id resources_name resources_number resources_type_id resources_type_name state
      release_mode window_minutes weighted max_wins_per_person source } } } }`;
const SAVE = `mutation($model: InputBallotSetting) { saveBallotSetting(model: $model) { errcode msg msg_en ids } }`;
const SETTINGS = `query($r: [ID]) { findBallotSettings(resourcesIds: $r) { target_id release_mode window_minutes source } }`;
const GRANT = `mutation($type: String!, $target: ID!, $permission: String!, $filter: String) {
  grantPermission(type: $type, target: $target, permission: $permission, filter: $filter) { id revokeId } }`;

interface Node {
  id: string;
  resources_name: string;
  resources_number: string;
  resources_type_id: string;
  resources_type_name: string;
  state: number;
  release_mode: string;
  window_minutes: number;
  weighted: boolean;
  max_wins_per_person: number;
  source: string;
}
interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean };
  edges: { node: Node }[];
}

let t: TestApp;
let admin: string;
let typeId: string;
/** Part of every resource name this file makes, so the tenant administrator's search finds only them. */
const STAMP = `brs${randomUUID().slice(0, 6)}`;
let ballotRoom: { id: string };
let typeRoom: { id: string };
let closedRoom: { id: string };
let otherRoom: { id: string };
let grantedRoom: { id: string };
let keeper: string;

async function gql(token: string | undefined, doc: string, variables: Record<string, unknown> = {}) {
  return t.gql('apps_yy_sys', doc, { token, variables });
}

async function data<T>(token: string, doc: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await gql(token, doc, variables);
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return Object.values(res.body.data!)[0] as T;
}

const list = (token: string, variables: Record<string, unknown> = {}) => data<Page>(token, LIST, variables);
const nodes = (page: Page) => page.edges.map((e) => e.node);
const codeOf = (res: Awaited<ReturnType<typeof gql>>) => res.body.errors?.[0]?.extensions?.code;

async function save(token: string, model: Record<string, unknown>) {
  return data<{ errcode: string; msg: string; msg_en: string }>(token, SAVE, { model });
}

/** A user holding a position in a new department whose code resources name as their administrators. */
async function departmentAdministrator(label: string) {
  const tenantId = t.demoTenantId;
  const code = `${STAMP}-${label}`.toUpperCase();
  const account = `${STAMP}${label}`;
  await withTenant(t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: `场馆科${label}`, code });
    const user = await insertUser(tx, tenantId, { account, name: `管理员${label}` });
    await insertPosition(tx, tenantId, { user_id: user.id, dept_id: dept.id, post_id: null, active: true });
  });
  return { code, account };
}

async function plainUser(label: string) {
  const tenantId = t.demoTenantId;
  const account = `${STAMP}${label}`;
  const user = await withTenant(t.database.db, tenantId, (tx) =>
    insertUser(tx, tenantId, { account, name: `用户${label}` }),
  );
  return { id: user.id, account };
}

async function grant(target: string, permission: string, filter?: object) {
  const res = await t.gql('iam', GRANT, {
    token: admin,
    variables: { type: 'user', target, permission, filter: filter && JSON.stringify(filter) },
  });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  typeId = await makeType(t, admin, { resources_name: `${STAMP}类型` });
  const gym = await departmentAdministrator('gym');
  keeper = await t.tokenFor(gym.account);
  const named = (n: string, extra: Record<string, unknown> = {}) =>
    makeResource(t, admin, typeId, { resources_name: `${STAMP}${n}`, admin_dept: gym.code, ...extra });
  ballotRoom = await named('甲馆', { resources_number: 'NO-A1', order: 1 });
  typeRoom = await named('乙馆', { order: 2 });
  // disabled: its administrator cannot book it, and still sets it
  closedRoom = await named('丙馆', { order: 3, state: 0 });
  otherRoom = await named('别处', { admin_dept: 'ELSEWHERE', order: 4 });
  grantedRoom = await named('授权馆', { admin_dept: 'ELSEWHERE', order: 5 });
  expect(
    (
      await save(admin, {
        target_kind: 'resource',
        target_id: ballotRoom.id,
        release_mode: 'ballot',
        window_minutes: 20,
        weighted: true,
        max_wins_per_person: 2,
      })
    ).errcode,
  ).toBe('0');
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('findBallotResourceSettingAll', () => {
  it('gives a resource administrator their resources with the settings in force, searched by name, number and mode', async () => {
    const page = await list(keeper, { first: 50 });
    expect(page.totalCount).toBe(3);
    expect(nodes(page).map((n) => n.id)).toEqual([ballotRoom.id, typeRoom.id, closedRoom.id]);
    expect(nodes(page)[0]).toMatchObject({
      resources_name: `${STAMP}甲馆`,
      resources_number: 'NO-A1',
      resources_type_id: typeId,
      resources_type_name: `${STAMP}类型`,
      state: 1,
      release_mode: 'ballot',
      window_minutes: 20,
      weighted: true,
      max_wins_per_person: 2,
      source: 'resource',
    });
    expect(nodes(page)[1]).toMatchObject({ release_mode: 'race', window_minutes: 10, source: 'default' });
    expect(nodes(page)[2]).toMatchObject({ state: 0, release_mode: 'race', source: 'default' });

    expect(nodes(await list(keeper, { keyword: '乙' })).map((n) => n.id)).toEqual([typeRoom.id]);
    expect(nodes(await list(keeper, { keyword: 'no-a' })).map((n) => n.id)).toEqual([ballotRoom.id]);
    // wildcards are taken literally
    expect((await list(keeper, { keyword: '%' })).totalCount).toBe(0);
    expect(nodes(await list(keeper, { mode: 'ballot' })).map((n) => n.id)).toEqual([ballotRoom.id]);
    expect(nodes(await list(keeper, { mode: 'race' })).map((n) => n.id)).toEqual([typeRoom.id, closedRoom.id]);
    // paging
    const second = await list(keeper, { first: 2, offset: 2 });
    expect(second).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: false } });
    expect(nodes(second).map((n) => n.id)).toEqual([closedRoom.id]);
    expect((await list(keeper, { first: 2 })).pageInfo.hasNextPage).toBe(true);
  });

  it("follows the type's setting, and shows what the administrator saves (a disabled resource too)", async () => {
    await save(admin, { target_kind: 'type', target_id: typeId, release_mode: 'ballot', window_minutes: 15 });
    try {
      const byId = new Map(nodes(await list(keeper)).map((n) => [n.id, n]));
      expect(byId.get(typeRoom.id)).toMatchObject({ release_mode: 'ballot', window_minutes: 15, source: 'type' });
      expect(byId.get(ballotRoom.id)).toMatchObject({ window_minutes: 20, source: 'resource' });

      // the administrator sets the disabled resource they manage; findBallotSettings answers it to them
      expect(
        (await save(keeper, { target_kind: 'resource', target_id: closedRoom.id, release_mode: 'race' })).errcode,
      ).toBe('0');
      expect(nodes(await list(keeper, { keyword: '丙' }))[0]).toMatchObject({
        release_mode: 'race',
        source: 'resource',
      });
      expect(await data(keeper, SETTINGS, { r: [closedRoom.id] })).toEqual([
        { target_id: closedRoom.id, release_mode: 'race', window_minutes: 10, source: 'resource' },
      ]);
      // ...and to nobody else who may not see it
      const student = await t.tokenFor('student');
      expect(await data(student, SETTINGS, { r: [closedRoom.id] })).toEqual([]);
      expect(nodes(await list(keeper, { mode: 'ballot' })).map((n) => n.id)).toEqual([ballotRoom.id, typeRoom.id]);
    } finally {
      await save(admin, { target_kind: 'type', target_id: typeId, release_mode: 'inherit' });
      await save(admin, { target_kind: 'resource', target_id: closedRoom.id, release_mode: 'inherit' });
    }
  });

  it('refuses a mode that is neither race nor ballot, in both languages', async () => {
    const res = await gql(keeper, LIST, { mode: 'lottery' });
    expect(codeOf(res)).toBe('BALLOT_SETTING_INVALID');
    const ext = res.body.errors![0]!.extensions as { msg?: string; msg_en?: string };
    expect(ext.msg).toContain('发放方式筛选');
    expect(ext.msg_en).toContain('releaseMode');
  });

  it('anonymous, an ordinary user, an approver, a venue administrator by grant, the tenant administrator, another tenant', async () => {
    expect(codeOf(await gql(undefined, LIST))).toBe('UNAUTHENTICATED');
    // an ordinary user administers nothing
    const student = await t.tokenFor('student');
    expect(codeOf(await gql(student, LIST))).toBe('FORBIDDEN');
    // an approver approves the resource's bookings but does not set how it is released
    const approver = await plainUser('approver');
    await grant(approver.id, 'approver', { resources: [grantedRoom.id] });
    const approverToken = await t.tokenFor(approver.account);
    expect(codeOf(await gql(approverToken, LIST))).toBe('FORBIDDEN');
    expect(
      (await save(approverToken, { target_kind: 'resource', target_id: grantedRoom.id, release_mode: 'ballot' }))
        .errcode,
    ).toBe('500');
    // a venue administrator by grant: the resource the grant covers, which they may set
    const venue = await plainUser('venue');
    await grant(venue.id, 'resourceAdmin', { resources: [grantedRoom.id] });
    const venueToken = await t.tokenFor(venue.account);
    expect(nodes(await list(venueToken)).map((n) => n.id)).toEqual([grantedRoom.id]);
    expect(
      (await save(venueToken, { target_kind: 'resource', target_id: grantedRoom.id, release_mode: 'ballot' })).errcode,
    ).toBe('0');
    expect(nodes(await list(venueToken))[0]).toMatchObject({ release_mode: 'ballot', source: 'resource' });
    // ...not another one
    expect(
      (await save(venueToken, { target_kind: 'resource', target_id: otherRoom.id, release_mode: 'ballot' })).errcode,
    ).toBe('500');
    // the tenant administrator: every resource of the tenant
    const all = await list(admin, { keyword: STAMP, first: 50 });
    expect(nodes(all).map((n) => n.id)).toEqual([
      ballotRoom.id,
      typeRoom.id,
      closedRoom.id,
      otherRoom.id,
      grantedRoom.id,
    ]);
    expect((await list(admin, { first: 200 })).totalCount).toBeGreaterThanOrEqual(5);
    // another tenant's administrator sees none of them
    const otherTenant = await t.createOtherTenant('brsx');
    const outsider = await t.tokenFor('admin', otherTenant);
    expect((await list(outsider, { keyword: STAMP })).totalCount).toBe(0);
    const theirs = nodes(await list(outsider, { first: 200 })).map((n) => n.id);
    expect(theirs).not.toContain(ballotRoom.id);
    expect(theirs).not.toContain(grantedRoom.id);
    expect(
      (await save(outsider, { target_kind: 'resource', target_id: ballotRoom.id, release_mode: 'race' })).errcode,
    ).toBe('500');
  });
});
