// Issue 16, points 4 and 5: a type's per-person limit reads as it counts (the booking forms show
// what is left, across the type), and a pop-up notice published while a tab is open reaches it.
// Screenshots of the forms go to $E2E_SHOTS when set (for looking at them, not for asserting).
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  expectPath,
  expectText,
  graphql,
  openPage,
  publishNotice,
  signInAt,
  dateFromToday,
  makeHourlyCourt,
} from '../lib.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function shot(page, name) {
  if (!process.env.E2E_SHOTS) return;
  await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`), fullPage: false });
}

/** A resource type with a per-person limit of one booking a day across its resources. */
async function makeLimitedType(admin, name) {
  const saved = await graphql(
    admin,
    'mutation($m: InputResourcesType!) { saveResourcesType(model: $m) { errcode msg ids } }',
    {
      m: {
        resources_name: name,
        resources_name_en: `Court ${name.slice(-4)}`,
        state: 1,
        common_enable: '1',
        is_appointment_number_limit: '1',
        appointment_number_rule: '1',
        appointment_number_limit: 1,
      },
    },
  );
  assert.equal(saved.data?.saveResourcesType?.errcode, '0', JSON.stringify(saved));
  return saved.data.saveResourcesType.ids[0];
}

/** A court of the type with hourly slots 09:00-21:00, bookable 7 days ahead, no captcha. */
const makeCourt = (admin, typeId, name) => makeHourlyCourt(admin, { typeId, name });

/** Books a slot through the API as the page's user. */
async function book(page, court, date, start) {
  const res = await graphql(
    page,
    `
      mutation ($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
        saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $model, timeSlotIdList: $timeSlotIdList) {
          code
          messages
        }
      }
    `,
    {
      model: { resources_id: court.id, appointment_date: date, theme: '练球', person_times: 1, state: 0 },
      timeSlotIdList: [court.slots[start]],
    },
  );
  return res.data?.saveAppointmentInformationAll ?? res;
}

const exhausted = '（同类资源合计）每人每天最多 1 次：您已约满（已约 1 次）';

export const journeys = [
  {
    name: "(lim) a type's daily limit: court 2's booking forms say it counts the type together and is used up",
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, DESKTOP)).page;
      await signInAt(admin, app, '/manage/home', accounts.admin);
      const typeName = `限次场地${stamp}`;
      const typeId = await makeLimitedType(admin, typeName);
      const court1 = await makeCourt(admin, typeId, `一号场${stamp}`);
      const court2 = await makeCourt(admin, typeId, `二号场${stamp}`);
      // two days ahead on the browser's calendar: every slot of it is still to come in the tenant's zone
      const date = dateFromToday(2);

      const page = track(await openPage(browser, DESKTOP)).page;
      await signInAt(page, app, `/pc/resources/${typeId}/list`, accounts.student);
      assert.equal((await book(page, court1, date, '10:00')).code, '0');
      // the refusal the forms announce
      const refused = await book(page, court2, date, '11:00');
      assert.deepEqual(refused.messages, ['超过预约人次（1次）限制']);

      await page.getByText('后天', { exact: true }).click();
      await page.getByRole('gridcell', { name: `${court2.name} 14:00–15:00 · 可预约` }).click();
      await page.getByRole('button', { name: /预约所选时段/ }).click();
      const dialog = page.getByRole('dialog', { name: `预约 ${court2.name}` });
      await dialog.waitFor();
      await expectText(page, `${typeName}${exhausted}`, { within: '.yy-allowance' });
      await shot(page, 'pc-zh');

      // the venue's rules say what each limit counts
      await page.goto(`${app}${BASE}/pc/venueDetail?id=${court2.id}`);
      await expectText(page, `${typeName}（同类资源合计）每人每天最多 1 次`);
      await shot(page, 'pc-venue-zh');

      await page.goto(`${app}${BASE}/pc/resources/${typeId}/list`);
      await page.evaluate(() => localStorage.setItem('system-language', 'en'));
      await page.reload();
      await page.getByText('Day after', { exact: true }).click();
      await page.getByRole('gridcell', { name: new RegExp(`${court2.name} 14:00–15:00`) }).click();
      await page.getByRole('button', { name: /Book selected/ }).click();
      await expectText(
        page,
        `Court ${stamp.slice(-4)}, all together, at most 1 per person a day: none left for you (1 booked)`,
        {
          within: '.yy-allowance',
        },
      );
      await shot(page, 'pc-en');
      assertNoPageErrors(page);

      const phone = track(await openPage(browser, PHONE)).page;
      await signInAt(phone, app, `/mobile/venueDetail/${court2.id}`, accounts.student);
      await phone.getByText('我已阅读并同意预约须知').click();
      await phone.getByRole('button', { name: '立即预约' }).click();
      await expectPath(phone, `${BASE}/mobile/chooseDate/${court2.id}`);
      // the day of court 1's booking: the time choice already says the type's limit is used up
      await phone.getByRole('button', { name: date }).click();
      await expectText(phone, `${typeName}${exhausted}`, { within: '.yy-allowance' });
      await shot(phone, 'phone-choose-zh');
      // the next day is free: one more, and the form says so
      const nextDay = dateFromToday(3);
      await phone.getByRole('button', { name: nextDay }).click();
      await phone.getByRole('button', { name: '14:00-15:00 可预约' }).click();
      await phone.getByRole('button', { name: '下一步' }).click();
      await expectPath(phone, `${BASE}/mobile/applicationForm/${court2.id}`);
      await phone.getByRole('button', { name: '提交预约' }).waitFor();
      await expectText(phone, `${typeName}（同类资源合计）每人每天最多 1 次：您还可预约 1 次（已约 0 次）`, {
        within: '.yy-m-summary .yy-allowance',
      });
      await shot(phone, 'phone-form-zh');
      assertNoPageErrors(phone);
    },
  },
  {
    name: '(q2) a pop-up notice published while a tab is open shows on its next focus',
    async run({ browser, app, track }) {
      const page = track(await openPage(browser, DESKTOP)).page;
      await signInAt(page, app, '/pc/home', accounts.student);
      await page.locator('.yy-pc-header').waitFor();
      await page.waitForLoadState('networkidle');
      // whatever was unread when the page opened is read now
      const confirm = page.locator('.ant-modal button.ant-btn-primary');
      while (await confirm.isVisible()) {
        await confirm.click();
        await page.waitForLoadState('networkidle');
      }

      const admin = track(await openPage(browser, DESKTOP)).page;
      await signInAt(admin, app, '/manage/home', accounts.admin);
      const title = `新弹窗 ${Date.now()}`;
      const id = await publishNotice(admin, {
        note_category: '2',
        title,
        popup_mode: '1',
        content: '<p>新发布的弹窗通知。</p>',
      });
      assert.ok(id);
      try {
        // The tab regains focus (as when the student comes back to it): within the fresh time the
        // list is not asked again, so focus until it is, with a deadline.
        const deadline = Date.now() + 30_000;
        const modalTitle = page.locator('.ant-modal .ant-modal-title');
        while (!(await modalTitle.isVisible()) || (await modalTitle.innerText()) !== title) {
          assert.ok(Date.now() < deadline, 'the new pop-up notice did not show on focus');
          await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
          await modalTitle.waitFor({ timeout: 1000 }).catch(() => {});
        }
        await shot(page, 'popup-focus');
        await confirm.click();
        await page.locator('.ant-modal').waitFor({ state: 'hidden' });
        assertNoPageErrors(page);
      } finally {
        // Every later journey's users would meet this pop-up on their pages: withdraw it.
        await graphql(admin, 'mutation($id: ID, $s: Int) { updateNoticeState(id: $id, state: $s) { errcode } }', {
          id,
          s: 2,
        });
      }
    },
  },
];
