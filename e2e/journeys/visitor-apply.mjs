// Visitor application on a phone: a visitor registers at /mobile/visitor/register (the one-time
// code read from the test message channel), signs in at /sso with the phone and password and
// applies for a visit today to the library, naming the student as host; the student approves it
// on their phone; the visitor opens the entry pass and sees its QR code. The visitor's pages call
// nothing a visitor is refused; the password reset mode is a link away from the register page; the
// host reaches the approvals from the phone home's visitor link. E2E_SHOTS=<dir> saves every
// screen at 360 and 1280 px in Chinese and English.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  dateFromToday,
  expectPath,
  expectText,
  graphql,
  makeHourlyCourt,
  openPage,
  signInAt,
  submitLogin,
  menuItem,
} from '../lib.mjs';
import { seriousViolations } from './accessibility.mjs';

const PHONE = { width: 360, height: 780 };
const DESK = { width: 1280, height: 800 };
const TENANT_KEY = 'demo';
const HOST = { name: accounts.student.name, phone: '13800000000' };

async function shot(page, name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `visitor-${name}.png`), fullPage: true });
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

/** Shoots the page at 360 px, and at 1280 px (a desktop browser opening a phone page). */
async function shotWidths(page, name) {
  await shot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize(DESK);
  await page.waitForLoadState('networkidle');
  await shot(page, `${name}-1280`);
  await page.setViewportSize(size);
}

/** Reloads the page in English, shoots it (360 and 1280 px), and back to Chinese. */
async function shootBoth(page, name) {
  if (!process.env.E2E_SHOTS) return;
  await shotWidths(page, `${name}-zh`);
  await page.evaluate(() => localStorage.setItem('system-language', 'en'));
  await page.reload();
  await page.locator('.yy-v-page').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shotWidths(page, `${name}-en`);
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
      // the forgotten password mode, and back
      await page.getByRole('link', { name: '忘记密码？' }).click();
      await page.getByRole('heading', { name: '重置密码' }).waitFor();
      await shootBoth(page, 'reset');
      axe.reset = await seriousViolations(page);
      await page.getByRole('link', { name: '注册', exact: true }).click();
      await page.locator('#yy-v-reg-phone').waitFor();
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
      // ready once its information fields have loaded: the submit button enabled (a disabled one is faded)
      await form.locator('button[type="submit"]:not(.adm-button-disabled):not(.adm-button-loading)').waitFor();
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
      // the host's way in: the phone home's visitor link
      const host = track(await openPage(browser, PHONE)).page;
      await signInAt(host, app, '/mobile/home', accounts.student);
      await host.getByRole('link', { name: /访客预约/ }).click();
      await expectPath(host, `${BASE}/mobile/visitor/home`);
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
  {
    name: '(va2) the booker adds visitors to a booking on a phone (the room full refused) and on the desktop, and cancels one',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, PHONE)).page;
      await signInAt(admin, app, '/mobile/home', accounts.admin);
      const types = await graphql(admin, '{ findResourcesTypeAllByAccount { id resources_name } }');
      const type = types.data.findResourcesTypeAllByAccount.find((t) => t.resources_name === '羽毛球场');
      assert.ok(type, JSON.stringify(types));
      // a room for two: the booker and one visitor
      const court = await makeHourlyCourt(admin, { typeId: type.id, name: `访客场地${stamp}`, extra: { capacity: 2 } });

      const { page } = track(await openPage(browser, PHONE));
      const refused = watchGraphqlErrors(page);
      await signInAt(page, app, '/mobile/home', accounts.student);
      const booked = await graphql(
        page,
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
          m: {
            resources_id: court.id,
            appointment_date: dateFromToday(1),
            state: 0,
            person_times: 1,
            wemeet_enable: 0,
            theme: '访客会谈',
          },
          s: [court.slots['10:00']],
        },
      );
      const answer = booked.data?.saveAppointmentInformationAll;
      assert.equal(answer?.code, '0', JSON.stringify(booked));
      const bookingId = answer.appointmentId ?? answer.ids?.[0];

      // ---- on the phone: the booking's detail has its visitors
      await page.goto(`${app}${BASE}/mobile/appointmentDetail/reserved/${bookingId}`);
      const guests = page.getByRole('region', { name: '来访人员' });
      await expectText(page, '尚未添加来访人员', { within: '.yy-v-booking-guests' });
      await guests.getByRole('button', { name: '添加来访人员' }).click();
      await expectText(page, '此项为必填项', { within: '.yy-v-booking-guests' });
      await guests.getByLabel('姓名').fill('访客乙');
      await guests.getByLabel('手机号').fill('13600000001');
      await guests.getByRole('button', { name: '添加来访人员' }).click();
      await expectText(page, '访客乙', { within: '.yy-v-booking-guests .yy-v-list' });
      // the phone masked in the list
      await expectText(page, '136****0001', { within: '.yy-v-booking-guests .yy-v-list' });
      // a second visitor does not fit the room: refused, with the reason
      await guests.getByLabel('姓名').fill('访客丙');
      await guests.getByLabel('手机号').fill('13600000002');
      await guests.getByRole('button', { name: '添加来访人员' }).click();
      await expectText(page, '超出场地容量', { within: '.yy-v-booking-guests' });
      assert.equal(await guests.getByText('访客丙').count(), 0, 'a visitor over the capacity was added');
      if (process.env.E2E_SHOTS) {
        await shotWidths(page, 'booking-guests-zh');
        await page.evaluate(() => localStorage.setItem('system-language', 'en'));
        await page.reload();
        await page.getByRole('region', { name: 'Visitors' }).locator('.yy-v-list').waitFor();
        await page.waitForLoadState('networkidle');
        await shotWidths(page, 'booking-guests-en');
        await page.evaluate(() => localStorage.setItem('system-language', 'zh'));
        await page.reload();
      }
      // the visitors' part of the booking detail (the booking page's own findings are its own)
      const axe = { guests: await seriousViolations(page, '.yy-v-booking-guests') };

      // ---- cancel the visitor, with a reason; the room has space again
      await guests.getByRole('button', { name: '取消访客乙的来访' }).click();
      const sheet = page.getByRole('dialog', { name: '取消访客乙的来访' });
      await sheet.getByLabel('取消原因').fill('会议改期');
      await sheet.getByRole('button', { name: '取消来访' }).click();
      await expectText(page, '尚未添加来访人员', { within: '.yy-v-booking-guests' });

      // ---- on the desktop: the booking's detail dialog, a visitor added there
      const desk = track(await openPage(browser, DESK)).page;
      await signInAt(desk, app, '/pc/myAppointment', accounts.student);
      // other journeys' bookings fill the first pages: narrow the list to the booking's day
      const day = dateFromToday(1);
      await desk.getByPlaceholder('开始日期').click();
      await desk.getByPlaceholder('开始日期').fill(day);
      await desk.getByPlaceholder('结束日期').click();
      await desk.getByPlaceholder('结束日期').fill(day);
      await desk.keyboard.press('Enter');
      await desk.getByRole('button', { name: /查\s*询/ }).click();
      await desk.getByText(court.name).first().click();
      const dialog = desk.getByRole('dialog');
      await dialog.getByRole('heading', { name: '来访人员' }).waitFor();
      await dialog.getByLabel('姓名').fill('访客丙');
      await dialog.getByLabel('手机号').fill('13600000002');
      await dialog.getByRole('button', { name: '添加来访人员' }).click();
      await expectText(desk, '访客丙', { within: '.yy-pc-booking-guests' });
      await shot(desk, 'pc-booking-guests-zh');
      // the visitors' part of the dialog (the booking pages' own findings are theirs)
      axe.desk = await seriousViolations(desk, '.yy-pc-booking-guests');
      // the phone's list has it too
      await page.reload();
      await expectText(page, '访客丙', { within: '.yy-v-booking-guests .yy-v-list' });

      // the hosts' other ways in: the person centre on the phone, the user menu on the desktop
      await page.goto(`${app}${BASE}/mobile/personcenter`);
      await page.getByText('访客预约', { exact: true }).click();
      await expectPath(page, `${BASE}/mobile/visitor/home`);
      await desk.keyboard.press('Escape');
      await desk.getByRole('button', { name: accounts.student.name }).hover();
      await (await menuItem(desk, '访客预约')).click();
      await expectPath(desk, `${BASE}/mobile/visitor/home`);
      await desk.getByRole('list', { name: '待我审批' }).or(desk.getByText('暂无待审批的访问')).first().waitFor();

      for (const [screen, found] of Object.entries(axe)) assert.deepEqual(found, [], `axe on ${screen}`);
      assert.deepEqual(refused, [], `the booker's pages got GraphQL errors: ${refused.join('; ')}`);
      assertNoPageErrors(page);
      assertNoPageErrors(desk);
    },
  },
];
