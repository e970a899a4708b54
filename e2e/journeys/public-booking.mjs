// Open booking pages: a booking made through the API is checked at /mobile/checkAppointment/{id}
// and shows as booked on /pc/appointmentGragh/{resourceId}, both in fresh browsers that never
// signed in. E2E_SHOTS=<dir> also saves a screenshot of both pages there.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { BASE, accounts, assertNoPageErrors, expectText, graphql, openPage, signInAt, wallClock } from '../lib.mjs';

const PHONE = { width: 390, height: 844 };

async function shot(page, name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export const journeys = [
  {
    name: '(pub1) without sign-in, a booking is checked on the phone and shows as booked on the desktop chart',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser)).page;
      await signInAt(admin, app, '/pc/home', accounts.admin);
      const types = await graphql(admin, '{ findResourcesTypeAllByAccount { id resources_name } }');
      const type = types.data.findResourcesTypeAllByAccount.find((t) => t.resources_name === '羽毛球场');
      assert.ok(type, JSON.stringify(types));
      const saved = await graphql(admin, 'mutation($m: InputResources!) { saveResources(model: $m) { errcode ids } }', {
        m: {
          resources_name: `公开场地${stamp}`,
          resources_name_en: `Open court ${stamp}`,
          resources_type_id: type.id,
          available_number: 1,
          rule_source: '0',
          appointment_date_days: 7,
          days_rule_refresh_time: '00:00',
          resourcesTimeSlot: [
            { kssj: '09:00', jssj: '10:00' },
            { kssj: '10:00', jssj: '11:00' },
          ],
        },
      });
      assert.equal(saved.data?.saveResources?.errcode, '0', JSON.stringify(saved));
      const resourceId = saved.data.saveResources.ids[0];
      const slots = await graphql(
        admin,
        'query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id kssj } } }',
        {
          id: resourceId,
        },
      );
      const first = slots.data.findResources.resourcesTimeSlot.find((s) => s.kssj === '09:00');
      const date = wallClock(Date.now() + 86_400_000).date;
      const booked = await graphql(
        admin,
        `
          mutation ($m: InputAppointmentInformation!, $s: [String]) {
            saveAppointmentInformationAll(model: $m, timeSlotIdList: $s) {
              code
              messages
              appointmentId
            }
          }
        `,
        { m: { resources_id: resourceId, appointment_date: date }, s: [first.id] },
      );
      assert.equal(booked.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(booked));
      const bookingId = booked.data.saveAppointmentInformationAll.appointmentId;

      // A phone that never signed in opens the booking's check: tomorrow's booking is not yet valid.
      const phone = track(await openPage(browser, PHONE)).page;
      await phone.goto(`${app}${BASE}/mobile/checkAppointment/${bookingId}`);
      await expectText(phone, '暂不可入场', { within: '.yy-mc-verdict' });
      await expectText(phone, '未到入场时间');
      await expectText(phone, `公开场地${stamp}`);
      await expectText(phone, '系***员');
      assert.equal(await phone.getByText('系统管理员').count(), 0, 'the booker is named in full');
      assert.ok(!new URL(phone.url()).pathname.startsWith('/sso'), 'the check page asked for sign-in');
      await shot(phone, 'pub1-check-phone');
      assertNoPageErrors(phone);

      // A desktop that never signed in opens the resource's chart and picks tomorrow.
      const desk = track(await openPage(browser)).page;
      await desk.goto(`${app}${BASE}/pc/appointmentGragh/${resourceId}`);
      await expectText(desk, `公开场地${stamp}`);
      await desk.locator('.yy-pcpb-days').getByText(date.slice(5)).click();
      const slot = desk.locator('.yy-pcpb-slot', { hasText: '09:00-10:00' });
      await slot.and(desk.locator('[data-state=booked]')).waitFor();
      await expectText(desk, '已预约', { within: '.yy-pcpb-slot[data-state=booked]' });
      assert.equal(await desk.locator('.yy-pcpb-slot', { hasText: '10:00-11:00' }).getAttribute('data-state'), 'free');
      await shot(desk, 'pub1-chart-desktop');

      // The same chart on the phone (its own page with antd-mobile).
      await phone.goto(`${app}${BASE}/mobile/appointmentGragh/${resourceId}`);
      await phone.locator('.yy-pb-days').getByText(date.slice(5)).click();
      await phone.locator('.yy-pb-slot[data-state=booked]', { hasText: '09:00-10:00' }).waitFor();
      await shot(phone, 'pub1-chart-phone');
      assertNoPageErrors(desk);
      assertNoPageErrors(phone);
    },
  },
];
