// Visitor back office settings: the administrator makes the e-mail a required registration field
// and hides the organisation on /manage/visitorManagement/registerFieldSettings; the phone's
// register page (a signed-out phone browser, reloaded) follows at once: e-mail marked required,
// no organisation field. The settings are put back afterwards, so other journeys see the
// defaults. E2E_SHOTS=<dir> saves the screens.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { BASE, accounts, assertNoPageErrors, graphql, openPage, signInAt } from '../lib.mjs';

const PHONE = { width: 360, height: 780 };

async function shot(page, name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `visitor-settings-${name}.png`), fullPage: true });
}

/** The registration page's label of a field, and whether it is marked required. */
async function fieldOnPhone(page, label) {
  const node = page.locator('.yy-m-field > label', { hasText: new RegExp(`^${label}`) });
  if ((await node.count()) === 0) return null;
  return { required: ((await node.first().getAttribute('class')) ?? '').includes('yy-m-required') };
}

export const journeys = [
  {
    name: '(vs1) an administrator makes e-mail a required registration field; the phone register form follows',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser, { width: 1280, height: 900 }));
      await signInAt(page, app, '/manage/visitorManagement/registerFieldSettings', accounts.admin);
      await page.getByRole('switch', { name: '邮箱 必填' }).waitFor();
      try {
        // before: e-mail optional, organisation shown
        const phone = track(await openPage(browser, PHONE)).page;
        await phone.goto(`${app}${BASE}/mobile/visitor/register?tenantKey=demo`);
        await phone.locator('.yy-m-field').first().waitFor();
        assert.deepEqual(await fieldOnPhone(phone, '邮箱'), { required: false });
        assert.ok(await fieldOnPhone(phone, '单位'), 'the organisation is shown before the change');

        // the change, saved in one batch
        await page.getByRole('switch', { name: '邮箱 必填' }).click();
        await page.getByRole('switch', { name: '单位 显示' }).click();
        await page.getByRole('button', { name: '邮箱 上移' }).click();
        await page.getByText('有未保存的修改').waitFor();
        await shot(page, 'register-fields-changed');
        await page.getByRole('button', { name: /^保\s*存$/ }).click();
        await page.getByText('已保存').waitFor();
        await page.getByText('有未保存的修改').waitFor({ state: 'detached' });
        // who changed it is shown
        const emailRow = page.locator('tr', { has: page.getByRole('switch', { name: '邮箱 必填' }) });
        await emailRow.getByText(accounts.admin.name).waitFor();

        // the phone page, opened again, follows
        await phone.reload();
        await phone.locator('.yy-m-field').first().waitFor();
        assert.deepEqual(await fieldOnPhone(phone, '邮箱'), { required: true });
        assert.equal(await fieldOnPhone(phone, '单位'), null, 'the organisation is still shown');
        await shot(phone, 'register-phone-after');
        assertNoPageErrors(page);
        assertNoPageErrors(phone);
      } finally {
        const out = await graphql(
          page,
          `
            mutation ($models: [VisitorRegistorFieldSettingInput!]!) {
              batchUpdateVisitorRegistorFieldSettingEntity(models: $models) {
                errcode
                msg
              }
            }
          `,
          {
            models: [
              { field_name: 'gender', sort: 5 },
              { field_name: 'email', is_required: 0, sort: 6 },
              { field_name: 'unit', is_valid: 1, sort: 7 },
            ],
          },
        );
        assert.equal(out.data?.batchUpdateVisitorRegistorFieldSettingEntity?.errcode, '0', JSON.stringify(out));
      }
    },
  },
];
