// Booking on a phone (390x844): a badminton court slot from the home page through the search,
// the venue, the time choice and the application form, then cancelled with a reason; and a
// weekly periodic booking whose preview shows the week someone else took, booking the rest.
import assert from 'node:assert/strict';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  expectPath,
  expectText,
  graphql,
  openPage,
  signInAt,
  dateFromToday,
  badmintonTypeId,
  makeHourlyCourt,
} from '../lib.mjs';

const PHONE = { width: 390, height: 844 };

const addDays = (iso, days) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** "1" Monday .. "7" Sunday. */
const weekdayOf = (iso) => String(new Date(`${iso}T00:00:00Z`).getUTCDay() || 7);
const WEEKDAY_SHORT = { 1: '周一', 2: '周二', 3: '周三', 4: '周四', 5: '周五', 6: '周六', 7: '周日' };

/**
 * A badminton court with its own rules, made by the administrator: hourly slots 09:00-21:00,
 * bookable `days` days ahead from midnight, no captcha (the seeded courts ask for the slider
 * captcha, which no journey can solve). Returns its id and the slots by start time.
 */
async function makeCourt(admin, name, days) {
  return makeHourlyCourt(admin, {
    typeId: await badmintonTypeId(admin),
    name,
    days,
    extra: {
      campus_code: 'main',
      campus_name: '主校区',
      campus_name_en: 'Main campus',
      building_code: 'gym',
      building_name: '体育馆',
      building_name_en: 'Gymnasium',
      floor_code: '1F',
      floor_name: '一层',
      floor_name_en: '1st floor',
      min_interval_minutes_cancel: 0,
    },
  });
}

/** From the home page's category to the court's venue page, through the search. */
async function openCourtFromHome(page, court) {
  await page
    .getByRole('link', { name: /羽毛球场/ })
    .first()
    .click();
  await expectPath(page, `${BASE}/mobile/search`);
  await page.getByRole('link', { name: new RegExp(court.name) }).click();
  await expectPath(page, `${BASE}/mobile/venueDetail/${court.id}`);
  await expectText(page, '预约须知');
}

/** Ticks the must-read box and goes to the time choice ("book now" first refuses without it). */
async function startBooking(page, court) {
  await page.getByRole('button', { name: '立即预约' }).click();
  await expectText(page, '请先阅读并勾选预约须知');
  await page.getByText('我已阅读并同意预约须知').click();
  await page.getByRole('button', { name: '立即预约' }).click();
  await expectPath(page, `${BASE}/mobile/chooseDate/${court.id}`);
}

export const journeys = [
  {
    name: '(w1) on a phone, a student books a badminton court slot from the home page and cancels it with a reason',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, PHONE)).page;
      await signInAt(admin, app, '/mobile/home', accounts.admin);
      const court = await makeCourt(admin, `羽毛球场E2E${stamp}`, 7);

      const page = track(await openPage(browser, PHONE)).page;
      await signInAt(page, app, '/mobile/home', accounts.student);
      await openCourtFromHome(page, court);
      await startBooking(page, court);

      // Tomorrow, 10:00-11:00: available; taking it selects it.
      const date = dateFromToday(1);
      await page.getByRole('button', { name: date }).click();
      await page.getByRole('button', { name: '10:00-11:00 可预约' }).click();
      await page.getByRole('button', { name: '10:00-11:00 已选择' }).waitFor();
      await expectText(page, `${date} 10:00-11:00`, { within: '.yy-m-bottom-bar' });
      await page.getByRole('button', { name: '下一步' }).click();
      await expectPath(page, `${BASE}/mobile/applicationForm/${court.id}`);

      // The form refuses to submit without a subject; then books.
      await page.getByRole('button', { name: '提交预约' }).click();
      await expectText(page, '预约主题不能为空');
      await page.getByLabel('预约主题').fill(`端到端羽毛球${stamp}`);
      await page.getByRole('button', { name: '提交预约' }).click();
      await expectText(page, '预约成功');

      // Under my appointments (to do), then its detail; cancelled with a reason.
      await page.getByRole('link', { name: '我的预约' }).click();
      await expectPath(page, `${BASE}/mobile/myAppointment`);
      const card = page.getByRole('link', { name: new RegExp(court.name) });
      await card.waitFor();
      await expectText(page, '待履约', { within: `a:has-text("${court.name}")` });
      await card.click();
      await expectText(page, `端到端羽毛球${stamp}`);
      // (on a busy machine a click while the detail still renders can open nothing: click again
      // until its confirmation shows)
      const confirm = page.getByRole('button', { name: '确认取消' });
      for (let tries = 0; tries < 3 && !(await confirm.isVisible()); tries++) {
        await page.getByRole('button', { name: '取消预约' }).click();
        await confirm.waitFor({ timeout: 4000 }).catch(() => {});
      }
      await confirm.click();
      await expectText(page, '取消原因不能为空');
      await page.getByLabel('取消原因').fill('临时有课');
      await page.getByRole('button', { name: '确认取消' }).click();
      await expectText(page, '已取消', { within: '.yy-m-detail-status' });
      await expectText(page, '临时有课');

      // The slot is free again (the server agrees), and the booking is listed as cancelled.
      const slots = await graphql(
        page,
        'query($r: String!, $d: Date!) { findResourceSlotAvailability(resourcesId: $r, date: $d) { kssj state } }',
        { r: court.id, d: date },
      );
      assert.equal(slots.data.findResourceSlotAvailability.find((s) => s.kssj === '10:00')?.state, 'available');
      await page.goto(`${app}${BASE}/mobile/myAppointment?tab=reserved`);
      await expectText(page, '已取消', { within: `a:has-text("${court.name}")` });
      assertNoPageErrors(page);
    },
  },
  {
    name: '(w2) on a phone, a weekly periodic booking previews the week already taken and books the other weeks',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, PHONE)).page;
      await signInAt(admin, app, '/mobile/home', accounts.admin);
      const court = await makeCourt(admin, `周期场地E2E${stamp}`, 40);
      // Four weeks from two days on; the second week's 10:00-11:00 is booked by the administrator.
      const start = dateFromToday(2);
      const end = addDays(start, 21);
      const taken = addDays(start, 7);
      const pre = await graphql(
        admin,
        `
          mutation ($m: InputAppointmentInformation!, $s: [String]) {
            saveAppointmentInformationAll(model: $m, timeSlotIdList: $s) {
              code
              messages
            }
          }
        `,
        { m: { resources_id: court.id, appointment_date: taken, theme: '占用' }, s: [court.slots['10:00']] },
      );
      assert.equal(pre.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(pre));

      const page = track(await openPage(browser, PHONE)).page;
      await signInAt(page, app, '/mobile/home', accounts.student);
      await openCourtFromHome(page, court);
      await startBooking(page, court);

      await page.getByRole('radio', { name: '周期预约' }).click();
      await page.getByRole('option', { name: '每周' }).waitFor();
      await page.getByRole('option', { name: WEEKDAY_SHORT[weekdayOf(start)] }).click();
      await page.getByLabel('开始日期').fill(start);
      await page.getByLabel('结束日期').fill(end);
      await page.getByRole('option', { name: '10:00-11:00' }).click();
      await page.getByRole('button', { name: '预览每个时段' }).click();

      await expectText(page, '共4个时段，可预约3个，不可预约1个');
      const conflict = page.locator('.yy-m-occurrence[data-status=conflict]');
      await conflict.waitFor();
      assert.match(await conflict.innerText(), new RegExp(`${taken}[\\s\\S]*冲突`));
      assert.equal(await page.locator('.yy-m-occurrence[data-status=ok]').count(), 3);
      assert.equal(await page.getByRole('radio', { name: '只预约可预约的3个时段' }).isChecked(), true);
      await page.getByRole('button', { name: '下一步' }).click();
      await expectPath(page, `${BASE}/mobile/applicationForm/${court.id}`);
      await expectText(page, '只预约可预约的时段');
      await page.getByLabel('预约主题').fill(`周训${stamp}`);
      await page.getByRole('button', { name: '提交预约' }).click();
      await expectText(page, '已预约3个时段');

      // The three free weeks are the student's, in one series; the taken week stays the administrator's.
      const mine = await graphql(
        page,
        `
          query ($f: AppointmentInformationFilterMap) {
            findAppointmentInformationAllForAccount(first: 20, filter: $f) {
              edges {
                node {
                  appointment_date
                  start_time
                  series_id
                  booking_mode
                  state
                }
              }
            }
          }
        `,
        { f: { resources_id: { eq: court.id } } },
      );
      const nodes = mine.data.findAppointmentInformationAllForAccount.edges.map((e) => e.node);
      assert.equal(nodes.length, 3, JSON.stringify(nodes));
      assert.ok(nodes.every((n) => n.booking_mode === '2' && n.state === '0' && n.start_time === '10:00'));
      assert.equal(new Set(nodes.map((n) => n.series_id)).size, 1);
      assertNoPageErrors(page);
    },
  },
];
