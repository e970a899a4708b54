// Check-in: a booker checks in with the venue's code on the phone scanner; a no-show marked by
// staff on the booking overview bans the booker (black settings: one no-show), and the next
// booking is refused with the reason and the end date. Phone viewport (390x844).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  expectPath,
  expectText,
  graphql,
  openPage,
  signInAt,
  hhmm,
  wallClock,
  OUTCOME_MS,
} from '../lib.mjs';

const PHONE = { width: 390, height: 844 };
/** The demo tenant's zone (tenants.time_zone default): slots are wall-clock times there. */

/** A slot start (minutes) 5-10 minutes before `minutes`, at least midnight. */
const startedSlot = (minutes) => Math.max(0, Math.floor(minutes / 5) * 5 - 5);

/**
 * A venue with its own rules made by the administrator: one slot [start, end) minutes of the
 * tenant's day, bookable today and the next days, no captcha, with check-in rules `config`
 * (resourcesConfig) and booking-late allowance. Returns its id, name and the slot's id.
 */
async function makeVenue(admin, { name, start, end, config, lateMinutes = 0 }) {
  const types = await graphql(admin, '{ findResourcesTypeAllByAccount { id resources_name } }');
  const type = types.data.findResourcesTypeAllByAccount.find((t) => t.resources_name === '羽毛球场');
  assert.ok(type, JSON.stringify(types));
  const saved = await graphql(admin, 'mutation($m: InputResources!) { saveResources(model: $m) { errcode msg ids } }', {
    m: {
      resources_name: name,
      resources_name_en: name,
      resources_type_id: type.id,
      available_number: 1,
      capacity: 4,
      campus_code: 'main',
      campus_name: '主校区',
      rule_source: '0',
      appointment_date_days: 7,
      days_rule_refresh_time: '00:00',
      min_interval_minutes_cancel: 0,
      ...(lateMinutes ? { timeslot_latest_rule: '1', timeslot_latest_deviation_minutes: lateMinutes } : {}),
      resourcesConfig: config,
      resourcesTimeSlot: [{ kssj: hhmm(start), jssj: hhmm(end) }],
    },
  });
  assert.equal(saved.data?.saveResources?.errcode, '0', JSON.stringify(saved));
  const id = saved.data.saveResources.ids[0];
  const found = await graphql(admin, 'query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id kssj } } }', {
    id,
  });
  return { id, name, slotId: found.data.findResources.resourcesTimeSlot[0].id };
}

/** Books one slot as the signed-in page's user; returns the answer (code, messages, appointmentId). */
async function book(page, resourceId, date, slotId, theme) {
  const res = await graphql(
    page,
    `
      mutation ($m: InputAppointmentInformation!, $s: [String]) {
        saveAppointmentInformationAll(model: $m, timeSlotIdList: $s) {
          code
          messages
          messages_en
          appointmentId
          ids
        }
      }
    `,
    {
      m: { resources_id: resourceId, appointment_date: date, state: 0, person_times: 1, wemeet_enable: 0, theme },
      s: [slotId],
    },
  );
  return res.data?.saveAppointmentInformationAll ?? res;
}

const SIGN_INFO =
  'query($id: String!) { findAppointmentSignInfo(appointmentId: $id) { sign_state appointment_state } }';

export const journeys = [
  {
    name: '(ci1) on a phone, a booker checks in by entering the venue check-in code in the scanner, and out with a picture of it',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, PHONE)).page;
      await signInAt(admin, app, '/mobile/home', accounts.admin);
      // A slot that started up to 10 minutes ago (booking it late is allowed); check-in is
      // required and open from 30 minutes before the start until 30 minutes after it.
      const now = wallClock(Date.now());
      const start = startedSlot(now.minutes);
      const venue = await makeVenue(admin, {
        name: `签到场地${stamp}`,
        start,
        end: Math.min(start + 60, 23 * 60 + 59),
        lateMinutes: 60,
        config: {
          signin_rule: '1',
          earliest_punctuality_rule: '1',
          earliest_deviation_minutes: 30,
          latest_punctuality_rule: '1',
          latest_deviation_minutes: 30,
          sign_out_rule: '1',
        },
      });

      const page = track(await openPage(browser, PHONE)).page;
      await signInAt(page, app, '/mobile/home', accounts.student);
      const booked = await book(page, venue.id, now.date, venue.slotId, '训练');
      assert.equal(booked.code, '0', JSON.stringify(booked));
      const appointmentId = booked.appointmentId ?? booked.ids?.[0];

      // The venue's administrator shows its check-in code; the booker types it into the scanner.
      const code = await graphql(
        admin,
        'query($id: String!) { findResourcesSignCode(resourcesId: $id) { code url qcode_image } }',
        {
          id: venue.id,
        },
      );
      const { url } = code.data.findResourcesSignCode;
      assert.match(url, /signCode=[A-Za-z0-9_-]{110}$/);

      await page.goto(`${app}${BASE}/mobile/qrcode-scanner`);
      await page.getByRole('heading', { name: '手动输入' }).waitFor();
      // something that is no check-in code is refused here, with the reason
      await page.getByLabel('场地签到码或二维码链接').fill('hello');
      await page.getByRole('button', { name: '提交' }).click();
      await expectText(page, '未识别到签到二维码', { within: '[role=alert]' });
      await page.getByLabel('场地签到码或二维码链接').fill(url);
      await page.getByRole('button', { name: '提交' }).click();
      await expectPath(page, `${BASE}/mobile/signed`);
      await expectText(page, '签到成功');
      await expectText(page, venue.name);
      await expectText(page, '本人扫码');

      const info = await graphql(page, SIGN_INFO, { id: appointmentId });
      assert.deepEqual(info.data.findAppointmentSignInfo, { sign_state: '1', appointment_state: '1' });
      // a second check-in is refused with its reason
      await page.goto(`${app}${BASE}/mobile/qrcode-scanner`);
      await page.getByLabel('场地签到码或二维码链接').fill(code.data.findResourcesSignCode.code);
      await page.getByRole('button', { name: '提交' }).click();
      await expectText(page, '该预约已签到', { within: '[role=alert]' });

      // Check-out from a picture of the venue's QR code (read in the browser).
      const picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-ci-')), 'venue-code.png');
      fs.writeFileSync(picture, Buffer.from(code.data.findResourcesSignCode.qcode_image.split(',')[1], 'base64'));
      await page.getByRole('radio', { name: '签退' }).click();
      await page.locator('input[type=file]').setInputFiles(picture);
      await page.waitForURL((u) => u.pathname === `${BASE}/mobile/signed` && u.searchParams.get('type') === 'out');
      await expectText(page, '签退成功');
      const out = await graphql(page, SIGN_INFO, { id: appointmentId });
      assert.equal(out.data.findAppointmentSignInfo.sign_state, '2');
      fs.rmSync(path.dirname(picture), { recursive: true, force: true });
      assertNoPageErrors(page);
      assertNoPageErrors(admin);
    },
  },
  {
    name: '(ci2) a no-show marked on the booking overview bans the booker, whose next booking is refused with the reason and end',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, PHONE)).page;
      await signInAt(admin, app, '/mobile/home', accounts.admin);
      const settings = await graphql(admin, '{ findBlackSettings { is_enable no_show_times no_show_days ban_days } }');
      const before = settings.data.findBlackSettings;
      const setRule = (model) =>
        graphql(admin, 'mutation($m: InputBlackSettings!) { saveBlackSettings(model: $m) { errcode msg } }', {
          m: model,
        });
      const saved = await setRule({ is_enable: '1', no_show_times: 1, no_show_days: 30, ban_days: 7 });
      assert.equal(saved.data?.saveBlackSettings?.errcode, '0', JSON.stringify(saved));
      try {
        // A slot that started a few minutes ago (late booking allowed), without required check-in.
        const now = wallClock(Date.now());
        const start = startedSlot(now.minutes);
        const venue = await makeVenue(admin, {
          name: `违约场地${stamp}`,
          start,
          end: Math.min(start + 60, 23 * 60 + 59),
          lateMinutes: 60,
          config: { signin_rule: '0' },
        });
        const page = track(await openPage(browser, PHONE)).page;
        await signInAt(page, app, '/mobile/home', accounts.student);
        const booked = await book(page, venue.id, now.date, venue.slotId, '缺席测试');
        assert.equal(booked.code, '0', JSON.stringify(booked));

        // Staff mark it a no-show on the venue's booking overview.
        await admin.goto(`${app}${BASE}/mobile/ordered/resources/${venue.id}`);
        const row = admin.getByRole('button', { name: new RegExp(`${hhmm(start)}-.*${accounts.student.name}`) });
        await row.click();
        await admin.getByLabel('备注（选填）').fill('未到场');
        await admin.getByRole('button', { name: '标记违约' }).click();
        const dialog = admin.getByRole('dialog');
        await dialog.getByText('确认标记违约？').waitFor();
        await dialog.getByRole('button', { name: '标记违约' }).click();
        await row.getByText('违约').waitFor({ timeout: OUTCOME_MS });

        // The booker is banned: the next booking is refused with the reason and the end.
        const list = await graphql(
          admin,
          'query($f: BlackListFilterMap) { findBlackListAll(first: 5, offset: 0, filter: $f) { edges { node { id reason end_time } } } }',
          { f: { user_account: { eq: accounts.student.account }, ban_state: { eq: '1' } } },
        );
        const ban = list.data.findBlackListAll.edges[0]?.node;
        assert.ok(ban, JSON.stringify(list));
        try {
          const tomorrow = wallClock(Date.now() + 86_400_000).date;
          const refused = await book(page, venue.id, tomorrow, venue.slotId, '再次预约');
          assert.equal(refused.code, '500', JSON.stringify(refused));
          const why = refused.messages.join('');
          assert.ok(why.includes(ban.end_time) && why.includes(ban.reason), why);
          // ...and the page tells the booker until when and why
          await page.goto(`${app}${BASE}/mobile/myQrcode`);
          const notice = page.locator('.yy-ci-ban');
          await notice.waitFor();
          await expectText(page, `${ban.end_time.slice(0, 16)} 前不能预约`, { within: '.yy-ci-ban' });
          await expectText(page, ban.reason, { within: '.yy-ci-ban' });
          assertNoPageErrors(page);
          assertNoPageErrors(admin);
        } finally {
          await graphql(admin, 'mutation($id: ID!, $r: String!) { pardonBlackList(id: $id, reason: $r) { errcode } }', {
            id: ban.id,
            r: 'e2e clean-up',
          });
        }
      } finally {
        await setRule(before);
      }
    },
  },
];
