// Booking registration on a phone (390x844): the venue's administrator registers a booker's
// arrival by hand at /mobile/ordered/register/{id}, then opens the booking overview's chart.
// E2E_SHOTS=<dir> also saves a screenshot of both pages there.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  expectText,
  graphql,
  openPage,
  signInAt,
  hhmm,
  wallClock,
} from '../lib.mjs';

const PHONE = { width: 390, height: 844 };
/** The demo tenant's zone: slots are wall-clock times there. */

async function shot(page, name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

export const journeys = [
  {
    name: '(reg1) on a phone, the venue administrator registers a booker arrival by hand and sees the overview chart',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, PHONE)).page;
      await signInAt(admin, app, '/mobile/home', accounts.admin);

      // A venue with one slot that started a few minutes ago (booking late allowed), check-in
      // open from 30 minutes before to 30 after its start, check-out used.
      const now = wallClock();
      const start = Math.max(0, Math.floor(now.minutes / 5) * 5 - 5);
      const types = await graphql(admin, '{ findResourcesTypeAllByAccount { id resources_name } }');
      const type = types.data.findResourcesTypeAllByAccount.find((t) => t.resources_name === '羽毛球场');
      const saved = await graphql(
        admin,
        'mutation($m: InputResources!) { saveResources(model: $m) { errcode msg ids } }',
        {
          m: {
            resources_name: `登记场地${stamp}`,
            resources_name_en: `Desk court ${stamp}`,
            resources_type_id: type.id,
            available_number: 1,
            capacity: 4,
            campus_code: 'main',
            campus_name: '主校区',
            rule_source: '0',
            appointment_date_days: 7,
            days_rule_refresh_time: '00:00',
            min_interval_minutes_cancel: 0,
            timeslot_latest_rule: '1',
            timeslot_latest_deviation_minutes: 60,
            resourcesConfig: {
              signin_rule: '1',
              earliest_punctuality_rule: '1',
              earliest_deviation_minutes: 30,
              latest_punctuality_rule: '1',
              latest_deviation_minutes: 30,
              sign_out_rule: '1',
            },
            resourcesTimeSlot: [{ kssj: hhmm(start), jssj: hhmm(Math.min(start + 60, 23 * 60 + 59)) }],
          },
        },
      );
      assert.equal(saved.data?.saveResources?.errcode, '0', JSON.stringify(saved));
      const venueId = saved.data.saveResources.ids[0];
      const found = await graphql(admin, 'query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id } } }', {
        id: venueId,
      });
      const slotId = found.data.findResources.resourcesTimeSlot[0].id;

      // The student books the slot (on the API).
      const student = track(await openPage(browser, PHONE)).page;
      await signInAt(student, app, '/mobile/home', accounts.student);
      const booked = await graphql(
        student,
        `
          mutation ($m: InputAppointmentInformation!, $s: [String]) {
            saveAppointmentInformationAll(model: $m, timeSlotIdList: $s) {
              code
              messages
              appointmentId
              ids
            }
          }
        `,
        {
          m: { resources_id: venueId, appointment_date: now.date, state: 0, person_times: 1, wemeet_enable: 0 },
          s: [slotId],
        },
      );
      assert.equal(booked.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(booked));

      // The administrator registers the arrival at the desk: the row changes to checked in.
      await admin.goto(`${app}${BASE}/mobile/ordered/register/${venueId}`);
      const row = admin.getByRole('listitem', { name: new RegExp(`${hhmm(start)}-.*${accounts.student.name}`) });
      await row.getByText('待签到').waitFor();
      await row.getByRole('button', { name: '登记到场' }).click();
      await row.getByText('已签到').waitFor();
      await row.getByText(/^签到 \d\d:\d\d（/).waitFor();
      await row.getByRole('button', { name: '登记离场' }).waitFor();
      await shot(admin, 'register');

      // The overview's chart tab draws the bookings on a canvas.
      await admin.goto(`${app}${BASE}/mobile/ordered/resources/${venueId}`);
      await admin.getByRole('radio', { name: '图表' }).click();
      await admin.locator('.yy-mr-chart canvas').waitFor();
      await expectText(admin, '共 1 条预约');
      await shot(admin, 'chart');
      assertNoPageErrors(admin);
      assertNoPageErrors(student);
    },
  },
];
