/**
 * A visitor area (a resource of a type whose appointment_category is 'visitor') is booked
 * through visit applications only: the booking engine refuses it, in zh and en, on every way
 * in (one day, saveAppointmentInformation, batch, periodic, the series preview, the capacity
 * check), for an ordinary user and for the administrator, and writes nothing. An ordinary
 * resource is still booked. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { seatsTaken } from '../src/modules/booking/booking.repository.ts';
import { appointments } from '../src/modules/booking/booking.tables.ts';
import { dayWindow } from '../src/modules/visitors/visitors.appointments.rules.ts';
import {
  CHECK,
  NOW,
  PREVIEW,
  SAVE_ONE,
  ZONE,
  badmintonType,
  makeResource,
  makeType,
  model,
  submit,
  type Slot,
} from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

const DAY = '2030-01-03';
const ZH = '访客区域不能在此预约，请通过来访申请预约';
const EN = 'A visitor area cannot be booked here: visitor areas are booked through visit applications';

let t: TestApp;
let admin: string;
let student: string;
let area: { id: string; slots: Slot[] };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const visitorType = await makeType(t, admin, { appointment_category: 'visitor' });
  area = await makeResource(t, admin, visitorType, { available_number: 200 });
});

afterEach(() => {
  bookingClock.now = () => Date.now();
});

afterAll(async () => {
  await t?.close();
});

async function bookingsOf(resourceId: string): Promise<number> {
  const [row] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
    tx
      .select({ n: count() })
      .from(appointments)
      .where(and(eq(appointments.tenant_id, t.demoTenantId), eq(appointments.resources_id, resourceId))),
  );
  return row?.n ?? 0;
}

describe('the booking engine refuses visitor areas', () => {
  it('refuses one day, saveAppointmentInformation, batch and periodic submits, for a user and the administrator', async () => {
    bookingClock.now = () => NOW;
    for (const token of [student, admin]) {
      const single = await submit(t, token, { model: model(area.id, DAY), timeSlotIdList: [area.slots[0]!.id] });
      expect(single).toMatchObject({ code: '500', messages: [ZH], messages_en: [EN], ids: null });

      const one = await t.gql('apps_yy_sys', SAVE_ONE, {
        token,
        variables: { model: model(area.id, DAY, { start_time: '09:00', end_time: '10:00' }) },
      });
      expect(one.body.data!.saveAppointmentInformation).toMatchObject({ errcode: '500', msg: ZH, msg_en: EN });

      const batch = await submit(t, token, {
        model: model(area.id, DAY),
        timeSlotIdList: [area.slots[0]!.id],
        borrowDateList: [DAY, '2030-01-04'],
      });
      expect(batch).toMatchObject({ code: '500', messages: [ZH], messages_en: [EN] });

      const periodic = await submit(t, token, {
        model: model(area.id, DAY),
        timeSlotIdList: [area.slots[0]!.id],
        is_cyclicity: '1',
        cyclicity_start_date: DAY,
        cyclicity_end_date: '2030-01-06',
        cyclicity_strategy: '1',
      });
      expect(periodic).toMatchObject({ code: '500', messages: [ZH], messages_en: [EN] });
    }
    expect(await bookingsOf(area.id)).toBe(0);
    // The visitor quota's counter of that day was not touched either.
    const seats = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      seatsTaken(tx, t.demoTenantId, { resources_id: area.id, ...dayWindow(DAY, ZONE) }),
    );
    expect(seats).toBe(0);
  });

  it('refuses the series preview and the capacity check alike', async () => {
    bookingClock.now = () => NOW;
    const preview = await t.gql('apps_yy_sys', PREVIEW, {
      token: student,
      variables: {
        model: model(area.id, DAY),
        timeSlotIdList: [area.slots[0]!.id],
        borrowDateList: [DAY, '2030-01-04'],
      },
    });
    expect(preview.body.data?.previewAppointmentSeries ?? null).toBeNull();
    expect(JSON.stringify(preview.body.errors)).toContain(ZH);

    const check = await t.gql('apps_yy_sys', CHECK, {
      token: student,
      variables: { resourceId: area.id, bookDate: DAY, timeSlotIdList: [area.slots[0]!.id] },
    });
    expect(check.body.data!.checkResourceTimeSlotCapacity).toMatchObject({
      code: '500',
      messages: [ZH],
      messages_en: [EN],
    });
  });

  it('still books an ordinary resource (the refusal is the visitor category only)', async () => {
    bookingClock.now = () => NOW;
    const court = await makeResource(t, admin, await badmintonType(t, admin));
    const ok = await submit(t, student, { model: model(court.id, DAY), timeSlotIdList: [court.slots[0]!.id] });
    expect(ok.code, JSON.stringify(ok)).toBe('0');
    expect(await bookingsOf(court.id)).toBe(1);
  });
});
