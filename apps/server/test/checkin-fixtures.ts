/**
 * Shared set-up of the check-in and blacklist tests: a test app with the demo tenant, users
 * (a booker, another user, a resource administrator), resources that require check-in, and
 * helpers to book, call GraphQL and move the booking clock.
 */
import { randomUUID } from 'node:crypto';
import { instantOf } from '@yuyue/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { appointments, appointmentSlotCounters } from '../src/modules/booking/booking.tables.ts';
import {
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../src/modules/directory/directory.repository.ts';
import { operateLogs } from '../src/platform/audit/audit.tables.ts';
import { makeResource as makeBookingResource, NOW, ZONE, type Slot } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

export { ZONE };
/** The day the tests' bookings are for. */
export const DAY = '2030-01-03';
/** "Now" when booking: 2030-01-01 12:00 in Shanghai (the 3rd is open: 7 days ahead from 21:00). */
export const BOOKING_NOW = NOW;

/** An instant on DAY (or another day of January 2030) in Shanghai. */
export function on(hour: number, minute: number, second = 0, day = 3): number {
  return instantOf({ year: 2030, month: 1, day }, { hour, minute, second }, ZONE);
}

export function setClock(ms: number): void {
  bookingClock.now = () => ms;
}

export interface Fixture {
  t: TestApp;
  admin: string;
  student: string;
  other: string;
  /** A resource administrator (a position in the department resources name in admin_dept). */
  staff: string;
  deptCode: string;
  typeId: string;
}

/** Check-in rules of the test resources: 15 minutes early and late, check-out used. */
export const CHECKIN_CONFIG = {
  signin_rule: '1',
  earliest_deviation_minutes: 15,
  latest_deviation_minutes: 15,
  sign_out_rule: '1',
};

export async function checkinFixture(): Promise<Fixture> {
  const t = await createTestApp();
  const tenantId = t.demoTenantId;
  const deptCode = `CK${randomUUID().slice(0, 6)}`;
  await withTenant(t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: '体育场馆中心', code: deptCode });
    const post = await insertPost(tx, tenantId, { name: '场馆管理员', code: `${deptCode}-P` });
    const s = await insertUser(tx, tenantId, { account: 'keeper', name: '场馆老师' });
    await insertPosition(tx, tenantId, { user_id: s.id, dept_id: dept.id, post_id: post.id, active: true });
    await insertUser(tx, tenantId, { account: 'other', name: '另一位同学' });
  });
  const admin = await t.tokenFor('admin');
  const types = (await t.gql('apps_yy_sys', `{ findResourcesTypeAll { id resources_name } }`, { token: admin })).body
    .data!.findResourcesTypeAll as { id: string; resources_name: string }[];
  return {
    t,
    admin,
    student: await t.tokenFor('student'),
    other: await t.tokenFor('other'),
    staff: await t.tokenFor('keeper'),
    deptCode,
    typeId: types.find((x) => x.resources_name === '健身房')!.id,
  };
}

/** A resource (booking-fixtures' slots 09:00-12:00 and 14:00-15:00) checked in by CHECKIN_CONFIG, administered by the fixture's department. */
export function makeResource(f: Fixture, extra: Record<string, unknown> = {}): Promise<{ id: string; slots: Slot[] }> {
  return makeBookingResource(f.t, f.admin, f.typeId, {
    admin_dept: f.deptCode,
    resourcesConfig: CHECKIN_CONFIG,
    ...extra,
  });
}

/** Registers the set-up of a test file: one fixture for the file, the clock at BOOKING_NOW before each test. */
export function useCheckinFixture(): () => Fixture {
  let f: Fixture | undefined;
  beforeAll(async () => {
    f = await checkinFixture();
  }, 60_000);
  afterAll(async () => {
    bookingClock.now = () => Date.now();
    await f?.t.close();
  });
  beforeEach(() => setClock(BOOKING_NOW));
  return () => f!;
}

/** Books slots as a user at BOOKING_NOW; returns the booking ids (the submit must succeed). */
export async function book(f: Fixture, token: string, resourceId: string, slotIds: string[], date = DAY) {
  const saved = bookingClock.now;
  setClock(BOOKING_NOW);
  try {
    const res = await f.t.gql(
      'apps_yy_sys',
      `mutation($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
        saveAppointmentInformationAll(model: $model, timeSlotIdList: $timeSlotIdList) { code messages ids } }`,
      { token, variables: { model: { resources_id: resourceId, appointment_date: date }, timeSlotIdList: slotIds } },
    );
    const out = res.body.data?.saveAppointmentInformationAll;
    expect(out?.code, JSON.stringify(res.body)).toBe('0');
    return out.ids as string[];
  } finally {
    bookingClock.now = saved;
  }
}

/** GraphQL results as tests read them: loosely typed, each test asserts the shape it expects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/** Calls an operation that must not fail at the GraphQL level; returns its result. */
export async function call(
  f: Fixture,
  token: string,
  doc: string,
  variables: Record<string, unknown> = {},
): Promise<Loose> {
  const res = await f.t.gql('apps_yy_sys', doc, { token, variables });
  expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
  return Object.values(res.body.data!)[0];
}

/** The GraphQL error code an operation answers with (FORBIDDEN, UNAUTHENTICATED...). */
export async function errorCode(
  f: Fixture,
  token: string | undefined,
  doc: string,
  variables: Record<string, unknown> = {},
) {
  const res = await f.t.gql('apps_yy_sys', doc, { token, variables });
  return res.body.errors?.[0]?.extensions?.code as string | undefined;
}

/** A booking's row as stored. */
export async function bookingRow(f: Fixture, id: string) {
  const [row] = await f.t.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

/** Seats taken in a capacity slot. */
export async function seatsTaken(f: Fixture, resourceId: string, startsAt: number) {
  const c = appointmentSlotCounters;
  const [row] = await f.t.database.db
    .select({ taken: c.taken })
    .from(c)
    .where(and(eq(c.resources_id, resourceId), eq(c.starts_at, new Date(startsAt))));
  return row?.taken ?? 0;
}

/** Operate-log entries of a module about one object. */
export async function logsOf(f: Fixture, object: string, module: string) {
  return f.t.database.db
    .select({ type: operateLogs.operate_type, user: operateLogs.operate_user_id, content: operateLogs.operate_content })
    .from(operateLogs)
    .where(and(eq(operateLogs.operate_object, object), eq(operateLogs.operate_module, module)));
}
