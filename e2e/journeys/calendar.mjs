// Calendars (issue 20, item 6): a student books a court (through the API), subscribes to their
// calendar on the phone's personal centre, and the journey fetches the feed URL shown once: the
// booking is in it, in the tenant's zone with its VTIMEZONE. The student turns the subscription
// off and the URL answers 404.
// (cal2): an administrator makes a resource's feed on the back office's resource page.
// E2E_SHOTS=<dir> saves screenshots (phone 390x844, desktop 1440x900).
import assert from 'node:assert/strict';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  badmintonTypeId,
  dateFromToday,
  expectText,
  graphql,
  makeHourlyCourt,
  openPage,
  signInAt,
  menuItem,
} from '../lib.mjs';
import { shot } from './resource-admins.mjs';

const SAVE = `mutation($m: InputAppointmentInformation!, $s: [String]) {
  saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $m, timeSlotIdList: $s) { code messages ids }
}`;

export const journeys = [
  {
    name: '(cal1) a user subscribes to their calendar on the phone, finds their booking in the feed, turns it off (404)',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, { width: 1440, height: 900 })).page;
      await signInAt(admin, app, '/pc/home', accounts.admin);
      const court = await makeHourlyCourt(admin, { typeId: await badmintonTypeId(admin), name: `日历场地${stamp}` });

      const phone = track(await openPage(browser, { width: 390, height: 844 })).page;
      await signInAt(phone, app, '/mobile/home', accounts.student);
      const theme = `日历订阅${stamp}`;
      const date = dateFromToday(1);
      const saved = await graphql(phone, SAVE, {
        m: { resources_id: court.id, appointment_date: date, state: 0, person_times: 1, theme },
        s: [court.slots['15:00']],
      });
      assert.equal(saved.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(saved));
      const id = saved.data.saveAppointmentInformationAll.ids[0];

      await phone.goto(`${app}${BASE}/mobile/personcenter`);
      const card = phone.getByTestId('calendar-subscription');
      await card.getByRole('heading', { name: '订阅我的日历' }).waitFor({ timeout: 20_000 });
      await card.getByTestId('calendar-state').waitFor({ timeout: 20_000 });
      // A feed left by an earlier run is replaced (its old URL stops working).
      const rotate = card.getByRole('button', { name: '更换链接' });
      if (await rotate.count()) {
        await rotate.click();
        await phone.getByRole('dialog').getByRole('button', { name: '更换链接' }).click();
      } else {
        await card.getByRole('button', { name: '生成订阅链接' }).click();
      }
      const box = card.getByLabel('订阅链接');
      await box.waitFor({ timeout: 20_000 });
      const url = new URL(await box.inputValue());
      assert.match(url.pathname, new RegExp(`^${BASE}/bus/calendar/feeds/[A-Za-z0-9_-]{43}\\.ics$`));
      const webcal = await card.getByRole('link', { name: '在日历应用中打开' }).getAttribute('href');
      assert.equal(webcal, url.href.replace(/^https?:/, 'webcal:'));
      await expectText(phone, '此链接只显示这一次', { within: '[data-testid="calendar-subscription"]' });
      await card.scrollIntoViewIfNeeded();
      await shot(phone, 'calendar-mobile-made-390');

      // A calendar app fetches the URL (no sign-in): the booking is there, in Shanghai time.
      const feedUrl = `${app}${url.pathname}`;
      const res = await fetch(feedUrl);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/calendar/);
      assert.match(res.headers.get('cache-control') ?? '', /^private/);
      const text = await res.text();
      const unfolded = text.replace(/\r\n /g, '');
      assert.ok(unfolded.includes(`UID:${id}@`), 'the booking is not in the feed');
      assert.ok(unfolded.includes(`SUMMARY:${theme}`), 'the booking’s theme is not in the feed');
      assert.ok(unfolded.includes('BEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai'), 'no VTIMEZONE');
      assert.ok(
        unfolded.includes(`DTSTART;TZID=Asia/Shanghai:${date.replaceAll('-', '')}T150000`),
        'the start is not 15:00 in Shanghai',
      );
      const again = await fetch(feedUrl, { headers: { 'if-none-match': res.headers.get('etag') ?? '' } });
      assert.equal(again.status, 304);

      // Turned off: the URL answers 404.
      await card.getByRole('button', { name: '停用订阅' }).click();
      await phone.getByRole('dialog').getByRole('button', { name: '停用订阅' }).click();
      await expectText(phone, '尚未开启订阅', { within: '[data-testid="calendar-subscription"]' });
      assert.equal(await card.getByLabel('订阅链接').count(), 0, 'the URL is still shown');
      assert.equal((await fetch(feedUrl)).status, 404);
      await shot(phone, 'calendar-mobile-off-390');
      assertNoPageErrors(phone);

      // The desktop user menu offers the same.
      const desk = track(await openPage(browser, { width: 1440, height: 900 })).page;
      await signInAt(desk, app, '/pc/home', accounts.student);
      await desk.locator('.yy-pc-user').hover();
      await (await menuItem(desk, '订阅我的日历')).click();
      const dialog = desk.getByRole('dialog', { name: '订阅我的日历' });
      await dialog.getByTestId('calendar-state').waitFor({ timeout: 20_000 });
      await expectText(desk, '尚未开启订阅', { within: '.ant-modal' });
      await shot(desk, 'calendar-pc-dialog-1440');
      assertNoPageErrors(desk);

      assertNoPageErrors(admin);
    },
  },
  {
    name: "(cal2) an administrator subscribes to a resource's calendar on the back office's resource page and finds its bookings in it",
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, { width: 1440, height: 900 })).page;
      await signInAt(admin, app, '/pc/home', accounts.admin);
      const court = await makeHourlyCourt(admin, { typeId: await badmintonTypeId(admin), name: `日历资源${stamp}` });
      const saved = await graphql(admin, SAVE, {
        m: {
          resources_id: court.id,
          appointment_date: dateFromToday(1),
          state: 0,
          person_times: 1,
          theme: `资源日历${stamp}`,
        },
        s: [court.slots['16:00']],
      });
      assert.equal(saved.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(saved));
      const id = saved.data.saveAppointmentInformationAll.ids[0];

      await admin.goto(`${app}${BASE}/manage/resources/resources-list/${court.id}`);
      const panel = admin.getByTestId('calendar-feed-panel');
      await panel.getByTestId('calendar-state').waitFor({ timeout: 40_000 });
      await panel.getByRole('button', { name: '生成订阅链接' }).click();
      await panel.getByLabel('订阅链接').waitFor({ timeout: 40_000 });
      const resourceFeed = new URL(await panel.getByLabel('订阅链接').inputValue());
      const listed = await (await fetch(`${app}${resourceFeed.pathname}`)).text();
      assert.ok(listed.replace(/\r\n /g, '').includes(`UID:${id}@`), 'the booking is not in the resource feed');
      await panel.scrollIntoViewIfNeeded();
      await shot(admin, 'calendar-manage-resource-1440');
      assertNoPageErrors(admin);
    },
  },
];
