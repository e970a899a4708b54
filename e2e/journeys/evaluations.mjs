// Evaluations on the phone (390x844): a performed booking is evaluated and its review shows on the
// resource's reviews page.
import assert from 'node:assert/strict';
import { BASE, accounts, assertNoPageErrors, expectPath, expectText, graphql, openPage, signInAt } from '../lib.mjs';

const PHONE = { width: 390, height: 844 };
const pad = (n) => String(n).padStart(2, '0');
/** A 1x1 PNG: the upload endpoint checks that a picture is one. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** "YYYY-MM-DD" in the demo tenant's zone (Asia/Shanghai), `days` from today. */
function tenantDate(days) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * A court made by the administrator through the API: one-hour slots round the clock (the last
 * ends 23:59), today and tomorrow bookable, no captcha (the seeded courts' template asks for
 * one), check-in opening a day before the start, so that a booking may be marked performed now.
 */
async function makeCourt(admin, name) {
  const types = await graphql(admin, '{ findResourcesTypeAllByAccount { id resources_name } }');
  const type = types.data.findResourcesTypeAllByAccount.find((t) => t.resources_name === '羽毛球场');
  assert.ok(type, JSON.stringify(types));
  const saved = await graphql(admin, 'mutation($m: InputResources!) { saveResources(model: $m) { errcode msg ids } }', {
    m: {
      resources_name: name,
      resources_name_en: `${name} (en)`,
      resources_type_id: type.id,
      available_number: 1,
      capacity: 4,
      rule_source: '0',
      appointment_date_days: 1,
      days_rule_refresh_time: '00:00',
      resourcesTimeSlot: Array.from({ length: 24 }, (_, h) => ({
        kssj: `${pad(h)}:00`,
        jssj: h === 23 ? '23:59' : `${pad(h + 1)}:00`,
      })),
      resourcesConfig: { signin_rule: '1', earliest_punctuality_rule: '1', earliest_deviation_minutes: 1440 },
    },
  });
  assert.equal(saved.data?.saveResources?.errcode, '0', JSON.stringify(saved));
  return saved.data.saveResources.ids[0];
}

/** The next slot of the court still to come (today's, else tomorrow's), with its date. */
async function nextSlot(page, resourcesId) {
  for (const date of [tenantDate(0), tenantDate(1)]) {
    const found = await graphql(
      page,
      'query($id: String!, $d: Date!) { findResourceSlotAvailability(resourcesId: $id, date: $d) { id kssj state } }',
      { id: resourcesId, d: date },
    );
    const slot = found.data?.findResourceSlotAvailability?.find((s) => s.state === 'available');
    if (slot) return { date, slot };
  }
  throw new Error('no available slot today or tomorrow');
}

export const journeys = [
  {
    name: '(ev1) a student evaluates a performed booking on the phone and sees the review on the reviews page',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const name = `评价场地${stamp}`;
      const admin = track(await openPage(browser, PHONE)).page;
      await signInAt(admin, app, '/mobile/home', accounts.admin);
      const resourceId = await makeCourt(admin, name);

      const page = track(await openPage(browser, PHONE)).page;
      await signInAt(page, app, '/mobile/home', accounts.student);
      const { date, slot } = await nextSlot(page, resourceId);
      const booked = await graphql(
        page,
        `
          mutation ($m: InputAppointmentInformation!, $s: [String]) {
            saveAppointmentInformationAll(model: $m, timeSlotIdList: $s) {
              code
              messages
              appointmentId
            }
          }
        `,
        {
          m: { resources_id: resourceId, appointment_date: date, state: 0, person_times: 1, theme: '训练' },
          s: [slot.id],
        },
      );
      assert.equal(booked.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(booked));
      const appointmentId = booked.data.saveAppointmentInformationAll.appointmentId;

      // not performed yet: the page says so and offers no form
      await page.goto(`${app}${BASE}/mobile/evaluate/${appointmentId}`);
      await expectText(page, '预约履约（签到）后才能评价');

      const marked = await graphql(
        admin,
        'mutation($id: ID!) { updateAppointmentPerformState(id: $id, appointment_state: "1", reason: "到场") { errcode msg } }',
        { id: appointmentId },
      );
      assert.equal(marked.data?.updateAppointmentPerformState?.errcode, '0', JSON.stringify(marked));

      await page.reload();
      const overall = page.getByRole('radiogroup', { name: '综合评分' });
      await overall.waitFor();
      // the scores are checked before anything is sent
      await page.getByRole('button', { name: '提交评价' }).click();
      await expectText(page, '请选择1到5星');
      // stars by touch (the fifth star), and by keys
      await overall.getByRole('radio', { name: '5星' }).click();
      assert.equal(await overall.getByRole('radio', { name: '5星' }).isChecked(), true);
      for (const score of ['资源评分', '系统评分', '服务评分']) {
        await page.getByRole('radiogroup', { name: score }).getByRole('radio', { name: '1星' }).focus();
        await page.keyboard.press('End');
        await page.keyboard.press('ArrowLeft');
      }
      assert.equal(
        await page.getByRole('radiogroup', { name: '服务评分' }).getByRole('radio', { name: '4星' }).isChecked(),
        true,
      );
      // a picture, uploaded as it is picked; a file that is not a picture is refused
      const files = page.locator('input[type=file]');
      await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
      await expectText(page, '只能上传图片（png、jpg、gif、webp）');
      await files.setInputFiles({ name: 'court.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
      await page.getByRole('button', { name: '删除图片1' }).waitFor();
      await page.getByText('上传中…').waitFor({ state: 'detached' });
      assert.equal(await page.getByText('上传失败').count(), 0, 'the picture is uploaded');
      await page.getByLabel('评价内容').fill(`场地干净，灯光明亮 ${stamp}`);
      await page.getByText('匿名评价', { exact: true }).click();
      assert.equal(await page.getByRole('switch', { name: /匿名评价/ }).isChecked(), true);
      await page.getByRole('button', { name: '提交评价' }).click();

      await expectPath(page, `${BASE}/mobile/resource/${resourceId}/comments`);
      await expectText(page, `场地干净，灯光明亮 ${stamp}`);
      const review = page.locator('article', { hasText: stamp });
      await review.getByText('匿名用户').waitFor();
      await review.getByRole('img', { name: '评价图片1' }).waitFor();
      assert.equal(await review.getByText(accounts.student.name).count(), 0, 'an anonymous review shows no name');
      await expectText(page, '1条评价', { within: '.yy-ev-summary' });
      await expectText(page, '5.0', { within: '.yy-ev-summary' });

      // the booking is evaluated now: the evaluate page shows the review, to edit or delete
      await page.goto(`${app}${BASE}/mobile/evaluate/${appointmentId}`);
      await page.getByRole('button', { name: '修改评价' }).waitFor();
      const mine = await graphql(
        page,
        'query($f: AppointmentEvaluateFilterMap) { findAppointmentEvaluateAllForAccount(first: 5, offset: 0, filter: $f) { edges { node { composite_score resources_score is_anonymous } } } }',
        { f: { appointment_id: { eq: appointmentId } } },
      );
      assert.deepEqual(mine.data?.findAppointmentEvaluateAllForAccount?.edges?.[0]?.node, {
        composite_score: 5,
        resources_score: 4,
        is_anonymous: '1',
      });
      assertNoPageErrors(page);
      assertNoPageErrors(admin);
    },
  },
];
