/**
 * The back office for resource administrators: `me.managesResources` tells the web app that the
 * signed-in user administers at least one resource (resources/resource-admins.ts), so it opens
 * the bookings list and the sign desk to them; the rest of the back office stays refused.
 */
import { describe, expect, it } from 'vitest';
import { call, errorCode, makeResource, useCheckinFixture, type Fixture } from './checkin-fixtures.ts';

const ME = `{ me { account role managesResources } }`;
const MENUS = `{ canvasmenus { name uri description } }`;

const fixture = useCheckinFixture();

async function me(f: Fixture, token: string) {
  const res = await f.t.gql('iam', ME, { token });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return res.body.data!.me as { account: string; role: string; managesResources: boolean | null };
}

async function menus(f: Fixture, token: string) {
  const res = await f.t.gql('iam', MENUS, { token });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return res.body.data!.canvasmenus as { name: string; uri: string; description: string }[];
}

describe('me.managesResources', () => {
  it('is true for a user in a resource’s managing department once such a resource exists, false for a plain user, true for an administrator', async () => {
    const f = fixture();
    // Nothing names the keeper's department yet.
    expect(await me(f, f.staff)).toMatchObject({ account: 'keeper', role: 'user', managesResources: false });
    const adminMenusBefore = await menus(f, f.admin);

    await makeResource(f);
    await makeResource(f, { admin_dept: 'ELSEWHERE' });

    expect(await me(f, f.staff)).toMatchObject({ account: 'keeper', role: 'user', managesResources: true });
    expect(await me(f, f.student)).toMatchObject({ account: 'student', role: 'user', managesResources: false });
    expect(await me(f, f.admin)).toMatchObject({ role: 'admin', managesResources: true });

    // The menus are unchanged: administrators keep theirs (with the home-page entry), users get none.
    expect(await menus(f, f.admin)).toEqual(adminMenusBefore);
    expect(adminMenusBefore.some((m) => m.description === 'home page')).toBe(true);
    expect(await menus(f, f.staff)).toEqual([]);
    expect(await menus(f, f.student)).toEqual([]);
  });

  it('is null on other users than the caller', async () => {
    const f = fixture();
    const res = await f.t.gql('iam', `{ users(first: 50) { edges { node { account managesResources } } } }`, {
      token: f.admin,
    });
    expect(res.body.errors).toBeUndefined();
    const nodes = (res.body.data!.users as { edges: { node: { managesResources: unknown } }[] }).edges;
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((e) => e.node.managesResources === null)).toBe(true);
  });
});

describe('the rest of the back office stays refused to a resource administrator', () => {
  it.each([
    ['resources', `mutation { saveResources(model: { resources_name: "x" }) { errcode } }`],
    ['resource types', `{ findResourcesTypeAll { id } }`],
    ['statistics', `{ findAppointmentStatistics(startDate: "2030-01-01", endDate: "2030-01-31") { endDate } }`],
    ['vacancy rates', `{ findAppointmentVacancyRateTable(startDate: "2030-01-01", endDate: "2030-01-31") { id } }`],
    [
      'batch delete',
      `mutation { batchDeleteAppointmentInformation(ids: ["00000000-0000-4000-8000-000000000000"]) { errcode } }`,
    ],
    ['blacklist', `{ findBlackListAll(first: 1) { totalCount } }`],
    ['operate log', `{ findOperateLogAll(first: 1) { totalCount } }`],
    ['notice reads', `{ findNoticeReadEntityList(first: 1) { totalCount } }`],
  ])('%s: FORBIDDEN', async (_, doc) => {
    const f = fixture();
    await makeResource(f);
    expect((await me(f, f.staff)).managesResources).toBe(true);
    expect(await errorCode(f, f.staff, doc)).toBe('FORBIDDEN');
  });

  it('lists only the bookings of the resources they manage', async () => {
    const f = fixture();
    const mine = await makeResource(f);
    const page = await call(f, f.staff, `{ findResourcesAll(first: 500) { edges { node { id admin_dept } } } }`);
    const ids = (page.edges as { node: { id: string; admin_dept: string } }[]).map((e) => e.node);
    expect(ids.some((r) => r.id === mine.id)).toBe(true);
    expect(ids.every((r) => r.admin_dept === f.deptCode)).toBe(true);
  });
});
