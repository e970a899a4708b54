/**
 * Per-person limits read as they work (issue 16, point 4): a resource type's limit counts the
 * booker's bookings of every resource of the type, a resource's (or its rule template's) those
 * of that resource; `findAppointmentAllowance` answers what a submit would count, for the caller.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import {
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { NOW, at, makeResource, makeType, makeUsers, model, submit } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const ALLOWANCE = `query($resourcesId: String!, $date: Date!) { findAppointmentAllowance(resourcesId: $resourcesId, date: $date) {
  scope kind appointment_number_rule limit period_begin period_end used remaining } }`;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
});
afterEach(() => {
  bookingClock.now = () => NOW;
});

let seq = 0;
async function freshUser() {
  const [u] = await makeUsers(t, 1, `allow${++seq}_${Date.now() % 100_000}_`);
  return u!;
}

async function allowanceOf(token: string | undefined, resourcesId: string, date: string | number) {
  return t.gql('apps_yy_sys', ALLOWANCE, { token, variables: { resourcesId, date } });
}

async function allowance(token: string, resourcesId: string, date: string | number) {
  const res = await allowanceOf(token, resourcesId, date);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.findAppointmentAllowance as Record<string, unknown>[];
}

const book = (token: string, r: { id: string; slots: { id: string }[] }, date: string, slot: number) =>
  submit(t, token, { model: model(r.id, date), timeSlotIdList: [r.slots[slot]!.id] });

const dailyLimit = { is_appointment_number_limit: '1', appointment_number_rule: '1', appointment_number_limit: 1 };

describe('what a per-person limit counts', () => {
  it("a type's limit counts bookings of every resource of the type: court 2 is refused after court 1", async () => {
    bookingClock.now = () => NOW;
    const type = await makeType(t, admin, dailyLimit);
    const c1 = await makeResource(t, admin, type);
    const c2 = await makeResource(t, admin, type);
    const u = await freshUser();
    const before = await allowance(u.token, c2.id, '2030-01-03');
    expect(before).toEqual([
      {
        scope: 'type',
        kind: 'quota',
        appointment_number_rule: '1',
        limit: 1,
        period_begin: '2030-01-03',
        period_end: '2030-01-03',
        used: 0,
        remaining: 1,
      },
    ]);
    expect((await book(u.token, c1, '2030-01-03', 0)).code).toBe('0');
    // the allowance on the other court already counts the booking of court 1
    expect(await allowance(u.token, c2.id, '2030-01-03')).toMatchObject([{ scope: 'type', used: 1, remaining: 0 }]);
    expect(await book(u.token, c2, '2030-01-03', 1)).toMatchObject({
      code: '500',
      name: 'BOOKING_LIMIT_EXCEEDED',
      messages: ['超过预约人次（1次）限制'],
    });
    // another day is another period
    expect(await allowance(u.token, c2.id, '2030-01-04')).toMatchObject([{ used: 0, remaining: 1 }]);
    expect((await book(u.token, c2, '2030-01-04', 1)).code).toBe('0');
  });

  it("a resource's limit counts bookings of that resource only: another court of the type is still open", async () => {
    bookingClock.now = () => NOW;
    const type = await makeType(t, admin);
    const c1 = await makeResource(t, admin, type, { resourcesConfig: dailyLimit });
    const c2 = await makeResource(t, admin, type, {
      resourcesAppointmentNumberLimitRuleList: [{ appointment_number_rule: '1', appointment_number_limit: 1 }],
    });
    const u = await freshUser();
    expect((await book(u.token, c1, '2030-01-03', 0)).code).toBe('0');
    expect(await allowance(u.token, c1.id, '2030-01-03')).toMatchObject([
      { scope: 'resource', kind: 'quota', limit: 1, used: 1, remaining: 0 },
    ]);
    expect(await allowance(u.token, c2.id, '2030-01-03')).toMatchObject([
      { scope: 'resource', kind: 'quota', limit: 1, used: 0, remaining: 1 },
    ]);
    expect((await book(u.token, c2, '2030-01-03', 1)).code).toBe('0');
    expect((await book(u.token, c1, '2030-01-03', 2)).name).toBe('BOOKING_LIMIT_EXCEEDED');
  });

  it("the seeded badminton courts take their template's limit: one booking a day of each court", async () => {
    bookingClock.now = () => NOW;
    const courts = (
      await t.gql('apps_yy_sys', `{ findResourcesAll(first: 50) { edges { node { id resources_name } } } }`, {
        token: admin,
      })
    ).body.data!.findResourcesAll.edges.map((e: { node: { id: string; resources_name: string } }) => e.node);
    const court = courts.find((c: { resources_name: string }) => c.resources_name === '羽毛球场1号')!;
    expect(await allowance(admin, court.id, '2030-01-03')).toEqual([
      expect.objectContaining({ scope: 'resource', kind: 'quota', appointment_number_rule: '1', limit: 1 }),
    ]);
  });

  it('weekly, dated and unfinished limits: the period counted, and the bookings not yet ended', async () => {
    bookingClock.now = () => NOW;
    const type = await makeType(t, admin, {
      is_appointment_number_limit: '1',
      appointment_number_rule: '2',
      appointment_number_limit: 3,
      is_incomplete_appointment_number_limit: '1',
      incomplete_appointment_number_limit: 2,
    });
    const r = await makeResource(t, admin, type, {
      resourcesAppointmentNumberLimitRuleList: [
        {
          appointment_number_rule: '4',
          appointment_number_limit: 5,
          timeperiod_number_begin_date: '2030-01-01',
          timeperiod_number_end_date: '2030-01-31',
        },
        { appointment_number_rule: '3', appointment_number_limit: 9 },
      ],
    });
    const u = await freshUser();
    expect((await book(u.token, r, '2030-01-03', 0)).code).toBe('0');
    const got = await allowance(u.token, r.id, '2030-01-04');
    expect(got).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ scope: 'resource', appointment_number_rule: '4', limit: 5, used: 1, remaining: 4 }),
        expect.objectContaining({
          scope: 'resource',
          appointment_number_rule: '3',
          period_begin: '2030-01-01',
          period_end: '2030-01-31',
          used: 1,
          remaining: 8,
        }),
        // 2030-01-04 is a Friday: Monday 12-31 .. Sunday 01-06
        expect.objectContaining({
          scope: 'type',
          kind: 'quota',
          appointment_number_rule: '2',
          period_begin: '2029-12-31',
          period_end: '2030-01-06',
          used: 1,
          remaining: 2,
        }),
        expect.objectContaining({
          scope: 'type',
          kind: 'unfinished',
          appointment_number_rule: '',
          period_begin: '',
          limit: 2,
          used: 1,
          remaining: 1,
        }),
      ]),
    );
    expect(got).toHaveLength(4);
    // a date outside the dated rule's range is not held to it
    expect((await allowance(u.token, r.id, '2030-02-04')).map((a) => a.appointment_number_rule).sort()).toEqual([
      '',
      '2',
      '3',
    ]);
    // once the booking has ended it no longer counts as unfinished
    bookingClock.now = () => at('2030-01-03', '10:30');
    expect((await allowance(u.token, r.id, '2030-01-04')).find((a) => a.kind === 'unfinished')).toMatchObject({
      used: 0,
      remaining: 2,
    });
  });

  it('no limit: an empty list; epoch ms of local midnight is the same date', async () => {
    bookingClock.now = () => NOW;
    const r = await makeResource(t, admin, await makeType(t, admin));
    const u = await freshUser();
    expect(await allowance(u.token, r.id, '2030-01-03')).toEqual([]);
    const type = await makeType(t, admin, dailyLimit);
    const limited = await makeResource(t, admin, type);
    expect(await allowance(u.token, limited.id, at('2030-01-03'))).toMatchObject([
      { period_begin: '2030-01-03', period_end: '2030-01-03' },
    ]);
  });
});

describe('who may ask', () => {
  it('each caller gets their own allowance; anonymous is refused; another tenant does not see the resource', async () => {
    bookingClock.now = () => NOW;
    const type = await makeType(t, admin, dailyLimit);
    const tenantId = t.demoTenantId;
    await withTenant(t.database.db, tenantId, async (tx) => {
      const dept = await insertDepartment(tx, tenantId, { name: '场馆中心', code: 'ALW-VENUE' });
      const post = await insertPost(tx, tenantId, { name: '场馆管理员', code: 'ALW-VENUE-P' });
      const keeper = await insertUser(tx, tenantId, { account: 'alw-keeper', name: '场馆管理员' });
      await insertPosition(tx, tenantId, { user_id: keeper.id, dept_id: dept.id, post_id: post.id, active: true });
    });
    const r = await makeResource(t, admin, type, { admin_dept: 'ALW-VENUE' });
    const student = await freshUser();
    const keeper = await t.tokenFor('alw-keeper');
    expect((await book(student.token, r, '2030-01-03', 0)).code).toBe('0');

    expect(await allowance(student.token, r.id, '2030-01-03')).toMatchObject([{ used: 1, remaining: 0 }]);
    // the resource's administrator and the tenant administrator are bookers too: their own counts
    expect(await allowance(keeper, r.id, '2030-01-03')).toMatchObject([{ used: 0, remaining: 1 }]);
    expect(await allowance(admin, r.id, '2030-01-03')).toMatchObject([{ used: 0, remaining: 1 }]);

    const anonymous = await allowanceOf(undefined, r.id, '2030-01-03');
    expect(anonymous.body.errors?.[0]?.message).toBe('UNAUTHENTICATED');
    expect(anonymous.body.data?.findAppointmentAllowance ?? null).toBeNull();

    const other = await t.createOtherTenant(`alw${Date.now() % 100_000}`);
    const stranger = await t.tokenFor('admin', other);
    const foreign = await allowanceOf(stranger, r.id, '2030-01-03');
    expect(foreign.body.errors?.[0]?.extensions).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
    expect(JSON.stringify(foreign.body)).not.toMatch(/used|remaining/);
  });

  it('bad input is a clear error', async () => {
    const r = await makeResource(t, admin, await makeType(t, admin, dailyLimit));
    const u = await freshUser();
    const badDate = await allowanceOf(u.token, r.id, '2030-13-45');
    // refused by the Date scalar or the service, in both languages
    const refusal = badDate.body.errors?.[0]?.extensions as Record<string, string> | undefined;
    expect(['INVALID_INPUT', 'BOOKING_DATE_INVALID']).toContain(refusal?.code);
    expect(refusal?.msg).toBeTruthy();
    expect(refusal?.msg_en).toBeTruthy();
    const badId = await allowanceOf(u.token, 'not-a-uuid', '2030-01-03');
    expect(badId.body.errors?.[0]?.extensions).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
  });
});
