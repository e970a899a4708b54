// The back-office home (its counts match the lists its cards open) and the no-permission page a
// student gets on pages their role may not use. SHOTS_DIR (or E2E_SHOTS)=<dir> keeps screenshots:
// the home at 1440x900 in zh and en, the no-permission page on a desktop in zh and en and on a phone.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { BASE, accounts, assertNoPageErrors, expectPath, expectText, openPage, signInAt } from '../lib.mjs';

const shotsDir = process.env.SHOTS_DIR || process.env.E2E_SHOTS || '';

async function shot(page, name) {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** A card's figure on the home page. */
async function cardValue(page, key) {
  const text = await page.locator(`[data-card=${key}] .ant-statistic-content-value`).first().innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** The bookings list's total ("共 N 条"; 0 when the table shows it is empty), once the list has loaded. */
async function listTotal(page) {
  const total = page.locator('.ant-pagination-total-text').first();
  const empty = page.locator('.ant-table .ant-empty').first();
  await total.or(empty).waitFor({ state: 'visible', timeout: 15_000 });
  if (await empty.isVisible()) return 0;
  return Number((await total.innerText()).replace(/[^\d]/g, ''));
}

/**
 * Opens a card's link from the home and compares the list's total with the card. Other journeys
 * book on the same server meanwhile: a difference is read again (home, then list) a few times.
 */
async function cardMatchesList(page, app, key) {
  let last = '';
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.goto(`${app}${BASE}/manage/home`);
    await page.locator(`[data-card=${key}]`).waitFor({ state: 'visible', timeout: 15_000 });
    const value = await cardValue(page, key);
    const link = page.locator(`[data-card=${key}] a`).first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === `${BASE}/manage/appointment/list`, { waitUntil: 'commit' });
    const total = await listTotal(page);
    if (total === value) return { value, href };
    last = `card ${key} said ${value}, the list it opens (${href}) holds ${total}`;
  }
  throw new Error(last);
}

export const journeys = [
  {
    name: "(home1) the administrator's home shows counts that match the lists its cards open",
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser, { width: 1440, height: 900 }));
      const ops = [];
      page.on('request', (req) => {
        const op = req.postDataJSON?.()?.operationName;
        if (op) ops.push(op);
      });
      await signInAt(page, app, '/manage/home', accounts.admin);
      await expectText(page, '今日概览');
      await page.locator('[data-card=today]').waitFor({ state: 'visible', timeout: 15_000 });
      assert.equal(ops.filter((op) => op === 'findManageHomeOverview').length, 1, ops.join(','));
      await page.locator('.yy-home-trend canvas').first().waitFor({ timeout: 15_000 });
      assert.equal(await page.locator('.yy-home-trend table tbody tr').count(), 14);
      await shot(page, 'manage-home-1440-zh');

      const today = await cardMatchesList(page, app, 'today');
      assert.match(today.href, /\/manage\/appointment\/list\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
      const pending = await cardMatchesList(page, app, 'pending');
      assert.match(pending.href, /status=pending$/);

      await page.evaluate(() => localStorage.setItem('system-language', 'en'));
      await page.goto(`${app}${BASE}/manage/home`);
      await expectText(page, 'Today at a glance');
      await page.locator('.yy-home-trend canvas').first().waitFor({ timeout: 15_000 });
      await shot(page, 'manage-home-1440-en');
      await page.evaluate(() => localStorage.setItem('system-language', 'zh'));
      assertNoPageErrors(page);
    },
  },
  {
    name: '(nop1) a student opening staff pages sees the no-permission page, not a failed load',
    async run({ browser, app, track }) {
      const phone = track(await openPage(browser, { width: 390, height: 844 })).page;
      await signInAt(phone, app, '/mobile/ordered/resources', accounts.student);
      await phone.getByRole('heading', { name: '没有访问权限' }).waitFor({ timeout: 15_000 });
      await expectText(phone, '管理员');
      assert.equal(await phone.getByText('重试').count(), 0, 'a retry that cannot work is still offered');
      await shot(phone, 'no-permission-390-zh');
      await phone.getByRole('link', { name: '返回首页' }).click();
      await expectPath(phone, `${BASE}/mobile/home`);

      const desk = track(await openPage(browser, { width: 1440, height: 900 })).page;
      await signInAt(desk, app, '/pc/appointmentScanner/x', accounts.student);
      await desk.getByRole('heading', { name: '没有访问权限' }).waitFor({ timeout: 15_000 });
      await expectText(desk, accounts.student.account);
      await shot(desk, 'no-permission-1440-zh');
      await desk.evaluate(() => localStorage.setItem('system-language', 'en'));
      await desk.reload();
      await desk
        .getByRole('heading', { name: 'You do not have permission to use this page' })
        .waitFor({ timeout: 15_000 });
      await shot(desk, 'no-permission-1440-en');
      await desk.evaluate(() => localStorage.setItem('system-language', 'zh'));
      assertNoPageErrors(phone);
      assertNoPageErrors(desk);
    },
  },
];
