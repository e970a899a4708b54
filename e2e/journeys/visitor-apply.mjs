// Visitor application on a phone: a visitor registers at /mobile/visitor/register (the one-time
// code read from the test message channel), signs in at /sso with the phone and password and
// applies for a visit today to the library, naming the student as host; the student approves it
// on their phone; the visitor opens the entry pass and sees its QR code. The visitor's pages call
// nothing a visitor is refused. E2E_SHOTS=<dir> saves every screen at 360 px in Chinese and English.
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  dateFromToday,
  expectPath,
  expectText,
  openPage,
  signInAt,
  submitLogin,
} from '../lib.mjs';

const PHONE = { width: 360, height: 780 };
const TENANT_KEY = 'demo';
const HOST = { name: accounts.student.name, phone: '13800000000' };

async function shot(page, name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `visitor-${name}.png`), fullPage: true });
}

/** axe-core's serious or critical findings (WCAG 2 A and AA) on the page as it is. */
async function seriousViolations(page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The one-time code last sent to `phone`, from the test message channel (MESSAGE_CHANNEL=file:<path>). */
async function codeSentTo(phone) {
  const channel = process.env.MESSAGE_CHANNEL ?? '';
  assert.ok(channel.startsWith('file:'), 'the journeys run the server with MESSAGE_CHANNEL=file:<path>');
  const file = channel.slice('file:'.length);
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
    const sent = lines.map((l) => JSON.parse(l)).filter((m) => m.to === phone);
    const code = sent.at(-1) && /\d{6}/.exec(sent.at(-1).text)?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was sent to ${phone}`);
}

/** A resident ID card number with its check digit (GB 11643). */
function idNumber(seed) {
  const base = `110105198502${String(1 + (seed % 28)).padStart(2, '0')}${String(seed % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...base].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return base + '10X98765432'[sum % 11];
}

/** Records every GraphQL error the page receives (a refused operation answers 200 with errors). */
function watchGraphqlErrors(page) {
  const errors = [];
  page.on('response', async (res) => {
    if (!res.url().includes('/bus/graphql/')) return;
    const body = await res.json().catch(() => null);
    for (const e of body?.errors ?? []) errors.push(`${new URL(res.url()).pathname}: ${e.message}`);
  });
  return errors;
}

/** Fills the information fields the application asks for, each with a value of its type. */
async function fillInfoFields(page, today) {
  for (const control of await page.locator('[id^=yy-v-info-]').all()) {
    const tag = await control.evaluate((el) => el.tagName);
    if (tag === 'SELECT') {
      const options = await control.locator('option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
      await control.selectOption(options[0]);
      continue;
    }
    const type = await control.getAttribute('type');
    const value = { tel: '13900000009', email: 'guest@example.com', number: '1', date: today }[type] ?? '无';
    await control.fill(value);
  }
}

/** Reloads the page in English, shoots it, and back to Chinese. */
async function shootBoth(page, name) {
  if (!process.env.E2E_SHOTS) return;
  await shot(page, `${name}-zh`);
  await page.evaluate(() => localStorage.setItem('system-language', 'en'));
  await page.reload();
  await page.locator('.yy-v-page').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, `${name}-en`);
  await page.evaluate(() => localStorage.setItem('system-language', 'zh'));
  await page.reload();
  await page.locator('.yy-v-page').first().waitFor();
  await page.waitForLoadState('networkidle');
}

export const journeys = [
  {
    name: '(va1) a visitor registers on a phone, applies, the host approves on their phone, the visitor opens the pass QR',
    async run({ browser, app, track }) {
      const stamp = Date.now();
      const seed = stamp % 100_000_000;
      const phone = `137${String(seed).padStart(8, '0')}`;
      const password = 'Guest-2026a';
      const today = dateFromToday(0);

      // ---- registration, without sign-in
      const { page } = track(await openPage(browser, PHONE));
      const refused = watchGraphqlErrors(page);
      await page.goto(`${app}${BASE}/mobile/visitor/register?tenantKey=${TENANT_KEY}`);
      await page.locator('#yy-v-reg-phone').waitFor();
      await shootBoth(page, 'register');
      const axe = {};
      axe.register = await seriousViolations(page);
      await page.fill('#yy-v-reg-visitor_name', '来访者甲');
      await page.fill('#yy-v-reg-phone', phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await expectText(page, '秒后重发');
      await page.fill('#yy-v-reg-code', await codeSentTo(phone));
      if (await page.locator('#yy-v-reg-card_number').count()) await page.fill('#yy-v-reg-card_number', idNumber(seed));
      await page.fill('#yy-v-reg-password', password);
      await page.fill('#yy-v-reg-confirm', password);
      await page.getByRole('button', { name: '注册', exact: true }).click();
      await expectText(page, '注册成功');
      await shot(page, 'registered-zh');

      // ---- sign in with the phone, at the same provider
      await page.getByRole('button', { name: '去登录' }).click();
      await submitLogin(page, { account: phone, password });
      await expectPath(page, `${BASE}/mobile/visitor/home`);

      // ---- the application
      const form = page.getByRole('form', { name: '申请入校' });
      await form.waitFor();
      await expectText(page, '剩余', { within: '.yy-v-area:has-text("图书馆")' });
      await shootBoth(page, 'home');
      axe.home = await seriousViolations(page);
      // a visitor has the visitor tabs, never the booking ones
      await expectText(page, '我的访客', { within: 'nav' });
      assert.equal(await page.locator('nav').getByText('我的预约').count(), 0, 'a visitor sees the booking tabs');
      await page.fill('#yy-v-date', today);
      await page.locator('.yy-v-area', { hasText: '图书馆' }).locator('input').check();
      await expectText(page, '剩余', { within: '.yy-v-area:has-text("图书馆")' });
      await page.fill('#yy-v-reason', '学术交流');
      await page.fill('#yy-v-host', HOST.name);
      await page.fill('#yy-v-host-phone', HOST.phone);
      await fillInfoFields(page, today);
      await form.getByRole('button', { name: '提交申请' }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`${BASE}/mobile/visitor/detail/`), {
        waitUntil: 'commit',
      });
      const visitId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
      await expectText(page, '待被访人审批');
      await shootBoth(page, 'detail-waiting');
      axe.detail = await seriousViolations(page);

      // a visitor opening a booking page is sent back to the visitor pages
      await page.goto(`${app}${BASE}/mobile/home`);
      await expectPath(page, `${BASE}/mobile/visitor/home`);
      await page.goto(`${app}${BASE}/mobile/visitor/mine`);
      await expectText(page, '待被访人审批', { within: '.yy-v-list' });
      await shootBoth(page, 'mine');
      axe.mine = await seriousViolations(page);

      // ---- the host approves on their phone
      const host = track(await openPage(browser, PHONE)).page;
      await signInAt(host, app, '/mobile/visitor/home', accounts.student);
      const awaiting = host.getByRole('list', { name: '待我审批' });
      await awaiting.waitFor();
      await shootBoth(host, 'host-home');
      axe.hostHome = await seriousViolations(host);
      await awaiting.locator(`a[href$="/mobile/visitor/detail/${visitId}"]`).click();
      await expectPath(host, `${BASE}/mobile/visitor/detail/${visitId}`);
      await host.getByRole('button', { name: '通过', exact: true }).click();
      await expectText(host, '已通过', { within: '.yy-v-item-head' });
      await shot(host, 'host-approved-zh');

      // ---- the visitor sees it approved and opens the pass
      await page.goto(`${app}${BASE}/mobile/visitor/detail/${visitId}`);
      await expectText(page, '已通过', { within: '.yy-v-item-head' });
      await expectText(page, '被访人审批 · 通过', { within: '.yy-v-trail' });
      await page.getByRole('button', { name: '查看入校二维码' }).click();
      await expectPath(page, `${BASE}/mobile/visitor/qrcode/${visitId}`);
      const qr = page.getByRole('img', { name: '入校二维码' });
      await qr.waitFor();
      const src = await qr.getAttribute('src');
      assert.match(src, /^data:image\/svg\+xml/, 'the QR code is drawn in the browser');
      await expectText(page, '有效', { within: '.yy-v-pass' });
      await expectText(page, '图书馆', { within: '.yy-v-pass' });
      // the pass shows the masked name only
      assert.equal(await page.locator('.yy-v-pass').getByText('来访者甲').count(), 0, 'the whole name is on the pass');
      await shootBoth(page, 'pass');
      axe.pass = await seriousViolations(page);
      await page.goto(`${app}${BASE}/mobile/visitor/history`);
      await page.locator('.yy-v-page').waitFor();
      await page.waitForLoadState('networkidle');
      await shootBoth(page, 'history');
      axe.history = await seriousViolations(page);
      for (const [screen, found] of Object.entries(axe)) assert.deepEqual(found, [], `axe on ${screen}`);

      // nothing personal in the visitor's browser storage (the sign-in keeps no phone either)
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
      assert.ok(!stored.includes(phone), 'the phone number is in browser storage');
      assert.deepEqual(refused, [], `the visitor's pages got GraphQL errors: ${refused.join('; ')}`);
      assertNoPageErrors(page);
      assertNoPageErrors(host);
    },
  },
];
