import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { resourceStats } from '../src/modules/evaluations/evaluations.service.ts';
import { resourcesLikes } from '../src/modules/evaluations/evaluations.tables.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { createTestApp, type TestApp } from './support.ts';

const SAVE = `mutation($id: String!) { saveResourcesLike(resourcesId: $id) { errcode msg msg_en ids } }`;
const DELETE = `mutation($id: String!) { deleteResourcesLike(resourcesId: $id) { errcode msg msg_en ids } }`;
const LIST = `query($filter: ResourcesLikeFilterMap, $first: Int, $offset: Int) {
  findResourcesLikeAllForAccount(filter: $filter, first: $first, offset: $offset) {
  totalCount pageInfo { hasNextPage } edges { node { id resources_id resources_name resources_name_en resources_type_id
  resources_type_name resources_type_name_en campus_name building_name floor_name capacity image_uri state created_user
  created_user_name create_time } } } }`;

let t: TestApp;
let admin: string;
let student: string;
let other: string;
let foreign: string;
let typeId: string;
const resourceIds: string[] = [];

/** A GraphQL answer as these tests read it: each test asserts the shape it expects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: Record<string, any>; errors?: { message: string }[] };

async function gql(token: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  const res = await t.gql('apps_yy_sys', query, { token, variables });
  expect(res.status).toBe(200);
  return res.body as Body;
}

async function makeResource(extra: Record<string, unknown> = {}): Promise<string> {
  const body = await gql(
    admin,
    `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg ids } }`,
    {
      model: {
        resources_name: `自习室 ${randomUUID().slice(0, 6)}`,
        resources_name_en: 'Study room',
        resources_type_id: typeId,
        capacity: 30,
        campus_name: '主校区',
        building_name: '图书馆',
        floor_name: '3F',
        time_slot_rule: '1',
        resourcesTimeSlot: [{ kssj: '09:00', jssj: '10:00' }],
        resourcesImage: [{ uri: '/yy-sys/api/file/room.jpg', image_category: '1' }],
        ...extra,
      },
    },
  );
  expect(body.data.saveResources.errcode, JSON.stringify(body)).toBe('0');
  return body.data.saveResources.ids[0];
}

const likeRows = () => withTenant(t.database.db, t.demoTenantId, (tx) => tx.select().from(resourcesLikes));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  await withTenant(t.database.db, t.demoTenantId, (tx) =>
    insertUser(tx, t.demoTenantId, { account: 'fan', name: '另一位同学' }),
  );
  other = await t.tokenFor('fan');
  foreign = await t.tokenFor('admin', await t.createOtherTenant('fav-u'));
  const types = (await gql(admin, `{ findResourcesTypeAll { id resources_name } }`)).data.findResourcesTypeAll as {
    id: string;
    resources_name: string;
  }[];
  typeId = types.find((x) => x.resources_name === '会议室')!.id;
  resourceIds.push(await makeResource(), await makeResource());
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('favourites', () => {
  it('a user adds resources; the list shows them with their resource, newest first', async () => {
    const first = await gql(student, SAVE, { id: resourceIds[0] });
    expect(first.data.saveResourcesLike).toMatchObject({ errcode: '0' });
    const second = await gql(student, SAVE, { id: resourceIds[1] });
    const body = await gql(student, LIST);
    const list = body.data.findResourcesLikeAllForAccount;
    expect(list.totalCount).toBe(2);
    expect(list.edges.map((e: { node: { resources_id: string } }) => e.node.resources_id)).toEqual([
      resourceIds[1],
      resourceIds[0],
    ]);
    expect(list.edges[0].node).toMatchObject({
      id: second.data.saveResourcesLike.ids[0],
      resources_name_en: 'Study room',
      resources_type_id: typeId,
      resources_type_name: '会议室',
      resources_type_name_en: 'Meeting room',
      campus_name: '主校区',
      building_name: '图书馆',
      floor_name: '3F',
      capacity: 30,
      image_uri: '/yy-sys/api/file/room.jpg',
      state: 1,
      created_user: 'student',
      created_user_name: '张同学',
    });
    expect(list.edges[0].node.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('adding again changes nothing and answers the same favourite', async () => {
    const before = await likeRows();
    const again = await gql(student, SAVE, { id: resourceIds[0] });
    expect(again.data.saveResourcesLike.errcode).toBe('0');
    expect(again.data.saveResourcesLike.ids).toEqual([before.find((r) => r.resources_id === resourceIds[0])!.id]);
    expect(await likeRows()).toHaveLength(before.length);
  });

  it('the filter tells whether one resource is a favourite; paging works', async () => {
    const one = await gql(student, LIST, { filter: { resources_id: { eq: resourceIds[0] } } });
    expect(one.data.findResourcesLikeAllForAccount.totalCount).toBe(1);
    const none = await gql(student, LIST, { filter: { resources_id: { eq: randomUUID() } } });
    expect(none.data.findResourcesLikeAllForAccount.totalCount).toBe(0);
    const junk = await gql(student, LIST, { filter: { resources_id: { eq: 'junk' } } });
    expect(junk.data.findResourcesLikeAllForAccount.totalCount).toBe(0);
    const page = await gql(student, LIST, { first: 1, offset: 0 });
    expect(page.data.findResourcesLikeAllForAccount).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
  });

  it("each user has their own; another tenant's user cannot add this tenant's resources", async () => {
    expect((await gql(other, LIST)).data.findResourcesLikeAllForAccount.totalCount).toBe(0);
    expect((await gql(other, SAVE, { id: resourceIds[0] })).data.saveResourcesLike.errcode).toBe('0');
    expect((await gql(other, LIST)).data.findResourcesLikeAllForAccount.totalCount).toBe(1);
    expect((await gql(student, LIST)).data.findResourcesLikeAllForAccount.totalCount).toBe(2);
    const before = (await likeRows()).length;
    const refused = await gql(foreign, SAVE, { id: resourceIds[0] });
    expect(refused.data.saveResourcesLike).toMatchObject({ errcode: '500', msg: '资源不存在' });
    expect((await gql(foreign, LIST)).data.findResourcesLikeAllForAccount.totalCount).toBe(0);
    expect((await gql(foreign, DELETE, { id: resourceIds[0] })).data.deleteResourcesLike.ids).toEqual([]);
    expect(await likeRows()).toHaveLength(before);
  });

  it('bad input is refused clearly and changes nothing', async () => {
    const before = (await likeRows()).length;
    for (const id of ['', 'not-a-uuid', randomUUID()]) {
      const body = await gql(student, SAVE, { id });
      expect(body.data.saveResourcesLike).toMatchObject({
        errcode: '500',
        msg: '资源不存在',
        msg_en: 'The resource does not exist',
      });
    }
    expect((await gql(student, DELETE, { id: 'nope' })).data.deleteResourcesLike.msg).toBe('资源不存在');
    const hidden = await makeResource({ state: 0 });
    expect((await gql(student, SAVE, { id: hidden })).data.saveResourcesLike.msg).toBe('资源不存在');
    expect(await likeRows()).toHaveLength(before);
    const anonymous = await t.gql('apps_yy_sys', SAVE, { variables: { id: resourceIds[0] } });
    expect(anonymous.body.errors?.[0]?.message).toBe('UNAUTHENTICATED');
  });

  it('removing: once removed, removing again changes nothing', async () => {
    const removed = await gql(student, DELETE, { id: resourceIds[0] });
    expect(removed.data.deleteResourcesLike).toMatchObject({ errcode: '0' });
    expect(removed.data.deleteResourcesLike.ids).toHaveLength(1);
    expect((await gql(student, DELETE, { id: resourceIds[0] })).data.deleteResourcesLike).toMatchObject({
      errcode: '0',
      ids: [],
    });
    const list = await gql(student, LIST);
    expect(
      list.data.findResourcesLikeAllForAccount.edges.map(
        (e: { node: { resources_id: string } }) => e.node.resources_id,
      ),
    ).toEqual([resourceIds[1]]);
    // the other user's favourite of the same resource stays
    expect((await gql(other, LIST)).data.findResourcesLikeAllForAccount.totalCount).toBe(1);
  });

  it('resource lists get the count of favourites and whether the caller has it', async () => {
    const [a, b] = resourceIds as [string, string];
    const stats = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      resourceStats(tx, t.demoTenantId, [a, b, randomUUID()], 'student'),
    );
    expect(stats.get(a)).toEqual({ like: 1, liked: false, evaluateCount: 0, average: 0 });
    expect(stats.get(b)).toEqual({ like: 1, liked: true, evaluateCount: 0, average: 0 });
    expect([...stats.values()][2]).toEqual({ like: 0, liked: false, evaluateCount: 0, average: 0 });
    // ... and so do the resources as the API gives them, in the detail and in the lists
    const one = await gql(
      student,
      `query($id: ID!) { findResources(id: $id) { id like evaluateCount average totalSuccessReserveCounts } }`,
      { id: a },
    );
    expect(one.data.findResources).toEqual({
      id: a,
      like: 1,
      evaluateCount: 0,
      average: 0,
      totalSuccessReserveCounts: 0,
    });
    const all = await gql(
      student,
      `query($filter: ResourcesFilterMap) { findResourcesAllByAccount(filter: $filter) { id like } }`,
      { filter: { id: { in: [a, b] } } },
    );
    expect(all.errors).toBeUndefined();
    expect(all.data.findResourcesAllByAccount).toEqual(
      expect.arrayContaining([
        { id: a, like: 1 },
        { id: b, like: 1 },
      ]),
    );
  });

  it('every change is in the operate log, and only changes', async () => {
    const logs = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select().from(operateLogs).where(eq(operateLogs.operate_module, 'like')),
    );
    expect(logs.map((l) => `${l.operate_user_id}:${l.operate_type}`).sort()).toEqual(
      ['fan:save', 'student:delete', 'student:save', 'student:save'].sort(),
    );
  });
});
