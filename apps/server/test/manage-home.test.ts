/**
 * The back-office home (findManageHomeOverview): each caller's figures, checked against the lists
 * its cards link to (the booking overview, the visits list, the campus entry summary).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import { visitorClock } from '../src/modules/visitors/visitors.appointments.viewer.ts';
import {
  visitorAdminPermissions,
  visitorAppointments,
  visitorEntries,
} from '../src/modules/visitors/visitors.tables.ts';
import {
  book,
  BOOKING_NOW,
  call,
  checkinFixture,
  DAY,
  errorCode,
  makeResource,
  on,
  setClock,
  type Fixture,
} from './checkin-fixtures.ts';
import { bookingClock } from '../src/platform/clock.ts';

const HOME = `{ findManageHomeOverview { date now scope notices_running
  bookings { today pending performed no_show in_use_now in_use_bookings trend { date total } }
  visitors { expected_today on_campus } } }`;
const OVERVIEW = `query($filter: AppointmentInformationFilterMap, $appointmentDate: [String]) {
  findAppointmentInformationAllForAppointMent(first: 1, filter: $filter, appointmentDate: $appointmentDate) { totalCount } }`;
const MARK = `mutation($id: ID!, $state: String!) { updateAppointmentPerformState(id: $id, appointment_state: $state) {
  errcode msg } }`;
const VISITS = `query($filter: VisitorAppointmentFilterMap, $appointmentDate: [String]) {
  findVisitorAppointmentInformationAll(paging: { first: 1 }, filter: $filter, appointmentDate: $appointmentDate) { totalCount } }`;
const SUMMARY = `query($date: String) { findVisitorListSummary(date: $date) { on_campus } }`;

// The check-in fixture, with room for a slow machine to build it.
let shared: Fixture | undefined;
beforeAll(async () => {
  shared = await checkinFixture();
}, 180_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await shared?.t.close();
});
beforeEach(() => setClock(BOOKING_NOW));
const fixture = () => shared!;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/** What each card's link lists, as the caller: the booking overview's totalCount for its filter. */
async function listed(f: Fixture, token: string) {
  const total = async (filter: Record<string, unknown>, appointmentDate: string[] = []) =>
    (await call(f, token, OVERVIEW, { filter, appointmentDate })).totalCount as number;
  return {
    today: await total({}, [DAY, DAY]),
    pending: await total({ state: { eq: '0' }, audit_status: { eq: '1' }, appointment_state: { eq: '0' } }),
    performed: await total({ appointment_state: { eq: '1' } }, [DAY, DAY]),
    no_show: await total({ appointment_state: { eq: '2' } }, [DAY, DAY]),
  };
}

/** Bookings on DAY: resources the fixture's staff manage (A, B, C with approval) and one they do not (D). */
async function seedBookings(f: Fixture) {
  const a = await makeResource(f);
  const b = await makeResource(f);
  const c = await makeResource(f, { need_approve: '1' });
  const d = await makeResource(f, { admin_dept: 'ELSEWHERE' });
  const performed = (await book(f, f.student, a.id, [a.slots[0]!.id]))[0]!;
  await book(f, f.other, a.id, [a.slots[1]!.id]);
  const missed = (await book(f, f.student, b.id, [b.slots[0]!.id]))[0]!;
  await book(f, f.other, c.id, [c.slots[3]!.id]);
  await book(f, f.student, d.id, [d.slots[0]!.id, d.slots[1]!.id]);
  // The day before: in the trend, not today.
  await book(f, f.other, b.id, [b.slots[2]!.id], '2030-01-02');
  setClock(on(9, 30));
  expect(await call(f, f.staff, MARK, { id: performed, state: '1' })).toMatchObject({ errcode: '0' });
  expect(await call(f, f.staff, MARK, { id: missed, state: '2' })).toMatchObject({ errcode: '0' });
}

describe('findManageHomeOverview', () => {
  it('refuses the anonymous (UNAUTHENTICATED) and a user who administers nothing (FORBIDDEN)', async () => {
    const f = fixture();
    expect(await errorCode(f, undefined, HOME)).toBe('UNAUTHENTICATED');
    expect(await errorCode(f, f.student, HOME)).toBe('FORBIDDEN');
  });

  it("gives a tenant administrator the tenant's figures and a resource administrator only their resources', each equal to the list its card links to", async () => {
    const f = fixture();
    await seedBookings(f);
    setClock(on(9, 40));

    const staff = (await call(f, f.staff, HOME)) as Loose;
    expect(staff).toMatchObject({ date: DAY, scope: 'scoped', visitors: null, notices_running: null });
    expect(staff.bookings).toMatchObject({
      today: 4,
      pending: 1,
      performed: 1,
      no_show: 1,
      in_use_now: 1,
      in_use_bookings: 1,
    });
    expect(staff.bookings).toMatchObject(await listed(f, f.staff));

    const admin = (await call(f, f.admin, HOME)) as Loose;
    expect(admin.scope).toBe('tenant');
    expect(admin.bookings).toMatchObject(await listed(f, f.admin));
    expect(admin.bookings.today).toBe(staff.bookings.today + 2);
    // A (checked in) and D (booked, started) hold their resource now; B's no-show freed its slot.
    expect(admin.bookings.in_use_now).toBe(staff.bookings.in_use_now + 1);
    expect(typeof admin.notices_running).toBe('number');
    expect(admin.visitors).toEqual({ expected_today: expect.any(Number), on_campus: expect.any(Number) });

    const trend = admin.bookings.trend as { date: string; total: number }[];
    expect(trend).toHaveLength(14);
    expect(trend.at(-1)).toEqual({ date: DAY, total: admin.bookings.today });
    const overviewTotal = async (day: string) =>
      (await call(f, f.admin, OVERVIEW, { filter: {}, appointmentDate: [day, day] })).totalCount;
    expect(trend.at(-2)).toEqual({ date: '2030-01-02', total: await overviewTotal('2030-01-02') });
    expect(trend.at(-2)!.total).toBeGreaterThanOrEqual(1);
    const staffTrend = staff.bookings.trend as { date: string; total: number }[];
    expect(staffTrend.at(-1)).toEqual({ date: DAY, total: 4 });

    // Later that day the check-in's slot has ended: nothing of the staff's holds a resource.
    setClock(on(16, 0));
    expect(((await call(f, f.staff, HOME)) as Loose).bookings).toMatchObject({ in_use_now: 0, today: 4 });
  });

  it('gives a visitor administrator the visits of their scope only, equal to the visits list and the entry summary', async () => {
    const f = fixture();
    const tenantId = f.t.demoTenantId;
    setClock(on(10, 0));
    visitorClock.now = () => on(10, 0);
    try {
      const [areaX, areaY] = [randomUUID(), randomUUID()];
      await withTenant(f.t.database.db, tenantId, async (tx) => {
        await insertUser(tx, tenantId, { account: 'home-vadmin', name: '访客管理员' });
        await tx
          .insert(visitorAdminPermissions)
          .values({ tenant_id: tenantId, admin_user: 'home-vadmin', permission: 'admin', scope_areas: areaX });
        const visit = (area: string, state: number, date = DAY) => ({
          tenant_id: tenantId,
          visitor_name: `访客${state}`,
          visitor_type: '1',
          in_school_date: date,
          valid_from: new Date(on(0, 0)),
          valid_to: new Date(on(0, 0) + 86_400_000),
          in_school_area: area,
          state,
        });
        const [inX] = await tx
          .insert(visitorAppointments)
          .values([visit(areaX, 2), visit(areaX, 2), visit(areaX, 0), visit(areaY, 2), visit(areaX, 2, '2030-01-04')])
          .returning({ id: visitorAppointments.id });
        await tx.insert(visitorEntries).values([
          {
            tenant_id: tenantId,
            entry_key: randomUUID(),
            apply_id: inX!.id,
            visitor_name: '访客2',
            arrive_time: new Date(on(9, 0)),
            arrival_place: areaX,
          },
          {
            tenant_id: tenantId,
            entry_key: randomUUID(),
            visitor_name: '临时',
            arrive_time: new Date(on(9, 10)),
            arrival_place: areaY,
          },
        ]);
      });
      const vadmin = await f.t.tokenFor('home-vadmin');
      const scoped = (await call(f, vadmin, HOME)) as Loose;
      expect(scoped).toMatchObject({ scope: 'scoped', bookings: null, notices_running: null });
      expect(scoped.visitors).toEqual({ expected_today: 2, on_campus: 1 });
      const admin = (await call(f, f.admin, HOME)) as Loose;
      expect(admin.visitors.expected_today).toBeGreaterThanOrEqual(3);
      expect(admin.visitors.on_campus).toBeGreaterThanOrEqual(2);
      for (const [token, got] of [
        [vadmin, scoped],
        [f.admin, admin],
      ] as const) {
        const visits = await call(f, token, VISITS, { filter: { state: { eq: '2' } }, appointmentDate: [DAY, DAY] });
        expect(got.visitors.expected_today).toBe(visits.totalCount);
        expect(got.visitors.on_campus).toBe((await call(f, token, SUMMARY, { date: DAY })).on_campus);
      }
    } finally {
      visitorClock.now = () => Date.now();
    }
  });

  it("gives another tenant's administrator their own tenant's figures only", async () => {
    const f = fixture();
    await seedBookings(f);
    const other = await f.t.createOtherTenant(`home${randomUUID().slice(0, 6)}`);
    const token = await f.t.tokenFor('admin', other);
    const got = (await call(f, token, HOME)) as Loose;
    expect(got.scope).toBe('tenant');
    expect(got.bookings).toMatchObject({ today: 0, pending: 0, performed: 0, no_show: 0, in_use_now: 0 });
    expect((got.bookings.trend as { total: number }[]).every((d) => d.total === 0)).toBe(true);
    expect(got.visitors).toEqual({ expected_today: 0, on_campus: 0 });
  });
});
