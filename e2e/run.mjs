// Browser journeys: starts the real server on a free port with a fresh embedded database,
// drives Debian's Chromium through the web app, and reports one line per journey.
//
//   node e2e/run.mjs [--json report.json] [--only text]
//
// --json writes {"passed": N, "failed": N, "journeys": [...]} (read by .ci/run); --only runs
// the journeys whose name contains the text. Journeys are here and in e2e/journeys/*.mjs. Exits non-zero when a journey fails.
//
// The journeys run in shards at once (--shards N or E2E_SHARDS, default 2; 1 for one server):
// each shard is a process of this script with its own server, fresh embedded database, message
// file and browser, and runs whole journey files (this file's journeys being one) in their
// usual order; the shards' reports are merged into one, in journey order.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import ExcelJS from 'exceljs';
import { chromium } from 'playwright-core';
import {
  BASE,
  CHROMIUM,
  DEFAULT_SHARDS,
  JOURNEY_FILE_SECONDS,
  JOURNEY_MS,
  RUN_DEADLINE_MS,
  accounts,
  assertNoPageErrors,
  builtChunkOf,
  expectPath,
  expectText,
  freePort,
  graphql,
  openPage,
  publishNotice,
  requestReport,
  root,
  STEP_MS,
  signInAt,
  sleep,
  startHostPortal,
  startServer,
  stopServer,
  submitLogin,
  watch,
} from './lib.mjs';

function parseArgs(argv) {
  const args = { json: null, only: null, shards: Number(process.env.E2E_SHARDS || DEFAULT_SHARDS), shard: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--json') args.json = argv[++i];
    else if (argv[i] === '--only') args.only = argv[++i];
    else if (argv[i] === '--shards') args.shards = Number(argv[++i]);
    else if (argv[i] === '--shard') {
      const [index, count] = (argv[++i] ?? '').split('/').map(Number);
      args.shard = { index, count };
    } else throw new Error(`unknown argument: ${argv[i]}`);
  }
  if (!Number.isInteger(args.shards) || args.shards < 1) throw new Error('--shards takes a whole number from 1');
  if (args.shard && !(args.shard.count >= 1 && args.shard.index >= 0 && args.shard.index < args.shard.count)) {
    throw new Error('--shard takes index/count, e.g. 0/2');
  }
  return args;
}

// --- journeys --------------------------------------------------------------------------------

/** Each journey gets the browser and the server's URLs, and registers pages for screenshots. */
const coreJourneys = [
  {
    name: '(a) a user is sent to sign in and comes back to the saved page',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await page.goto(`${app}${BASE}/pc/home`);
      await page.waitForURL((url) => url.pathname.startsWith('/sso/interaction/'), { waitUntil: 'domcontentloaded' });
      await submitLogin(page, accounts.student);
      await expectPath(page, `${BASE}/pc/home`);
      await expectText(page, accounts.student.name, { within: '.yy-pc-header .yy-pc-user' });
      assertNoPageErrors(page);
    },
  },
  {
    name: '(b) a wrong password is refused on the login page',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await page.goto(`${app}${BASE}/pc/home`);
      await submitLogin(page, { account: accounts.student.account, password: 'not-the-password' });
      await expectText(page, '账号或密码错误', { within: '.error[role=alert]' });
      assert.ok(new URL(page.url()).pathname.startsWith('/sso/interaction/'), `left the login page for ${page.url()}`);
      assert.equal(await page.inputValue('input[name=account]'), accounts.student.account, 'the account was not kept');
    },
  },
  {
    name: '(c) pc and mobile pages swap with the viewport width',
    async run({ browser, app, track }) {
      const { context, page } = track(await openPage(browser));
      await signInAt(page, app, '/pc/home', accounts.student);
      await page.locator('.yy-pc-header').waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await expectPath(page, `${BASE}/mobile/home`);
      await page.locator('.yy-mobile').waitFor();
      await page.setViewportSize({ width: 1366, height: 900 });
      await expectPath(page, `${BASE}/pc/home`);
      await page.locator('.yy-pc-header').waitFor();
      // Opened on a phone, a desktop link shows the mobile page.
      const phone = watch(await context.newPage());
      track({ page: phone });
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(`${app}${BASE}/pc/home`);
      await expectPath(phone, `${BASE}/mobile/home`);
      await phone.locator('.yy-mobile').waitFor();
      assertNoPageErrors(page);
      assertNoPageErrors(phone);
    },
  },
  {
    name: '(d) the back office: 401 for a user, sidebar for an administrator',
    async run({ browser, app, track }) {
      const user = track(await openPage(browser)).page;
      await user.goto(`${app}${BASE}/manage/home`);
      await submitLogin(user, accounts.student);
      await expectPath(user, `${BASE}/error/401`);
      await expectText(user, '未授权', { within: 'h1' });

      const admin = track(await openPage(browser)).page;
      await signInAt(admin, app, '/manage/home', accounts.admin);
      const sider = admin.locator('aside');
      await sider.waitFor();
      const items = await sider.getByRole('menuitem').count();
      assert.ok(items >= 3, `the sidebar shows ${items} menu items`);
      await expectText(admin, accounts.admin.name, { within: 'header' });
      assertNoPageErrors(user);
      assertNoPageErrors(admin);
    },
  },
  {
    name: '(e) unknown routes show the 404 page',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      for (const unknown of ['/no/such/page', '/pc/no-such-page']) {
        await page.goto(`${app}${BASE}${unknown}`);
        await expectPath(page, `${BASE}/error/404`);
        await expectText(page, '页面不存在', { within: 'h1' });
        await expectText(page, '抱歉，您访问的页面不存在。');
      }
      assertNoPageErrors(page);
    },
  },
  {
    name: "(f) a failed sign-in callback shows 'Error in authentication'",
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await page.goto(`${app}${BASE}/oidc-callback-error`);
      await expectText(page, 'Error in authentication', { within: 'h1' });
      // A callback the app never asked for (no stored state) ends on the same page.
      await page.goto(`${app}${BASE}/oidc-callback?code=forged&state=unknown`);
      await expectPath(page, `${BASE}/oidc-callback-error`);
      await expectText(page, 'Error in authentication', { within: 'h1' });
      assertNoPageErrors(page);
    },
  },
  {
    name: '(g) the stored language switches the portal to English',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await signInAt(page, app, '/pc/home', accounts.student);
      await expectText(page, '我的预约', { within: '.yy-pc-header' });
      await page.evaluate(() => window.localStorage.setItem('system-language', 'en'));
      await page.reload();
      await expectText(page, 'My bookings', { within: '.yy-pc-header' });
      await expectText(page, 'Home', { within: '.yy-pc-header' });
      assert.equal(await page.getAttribute('html', 'lang'), 'en');
      assert.equal(await page.locator('.yy-pc-header').getByText('我的预约').count(), 0, 'Chinese texts remain');
      assertNoPageErrors(page);
    },
  },
  {
    name: '(h) a new tenant is created, and its administrator initialises it',
    async run({ browser, app, track }) {
      // The demo administrator (super tenant) signs in; the app keeps the token in localStorage.
      const { page: admin } = track(await openPage(browser));
      await signInAt(admin, app, '/pc/home', accounts.admin);
      await admin.locator('.yy-pc-header').waitFor();
      const token = await admin.evaluate(() => {
        const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user:'));
        return key ? JSON.parse(window.localStorage.getItem(key)).access_token : null;
      });
      assert.ok(token, 'no access token in localStorage after sign-in');

      const tenant = { key: 'e2e-college', name: '端到端测试学院' };
      const newAdmin = { account: 'e2e-admin', password: 'E2e@Admin2026', name: '测试管理员' };
      const res = await fetch(`${app}/bus/graphql/apps_yy_sys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: 'mutation Save($model: InputTenants!) { saveTenants(model: $model) { errcode msg msg_en } }',
          variables: {
            model: {
              tenant_key: tenant.key,
              name: tenant.name,
              admin_account: newAdmin.account,
              admin_name: newAdmin.name,
              admin_password: newAdmin.password,
            },
          },
        }),
        signal: AbortSignal.timeout(STEP_MS),
      });
      const body = await res.json();
      assert.equal(body.data?.saveTenants?.errcode, '0', `saveTenants: ${JSON.stringify(body)}`);

      // Its administrator, in a fresh browser, picks the tenant on the login page.
      const { page } = track(await openPage(browser));
      await page.goto(`${app}${BASE}/pc/home`);
      await page.waitForURL((url) => url.pathname.startsWith('/sso/interaction/'), { waitUntil: 'domcontentloaded' });
      const options = await page.locator('select[name=tenant] option').evaluateAll((os) => os.map((o) => o.value));
      assert.ok(options.includes(tenant.key), `the login page offers tenants ${JSON.stringify(options)}`);
      await submitLogin(page, { ...newAdmin, tenant: tenant.key });
      // Not initialised yet: the guard sends them to /tenant/init.
      await expectPath(page, `${BASE}/tenant/init`);
      await page.locator('#sys_name').fill('端到端预约系统');
      await page.locator('#sys_name_en').fill('E2E Reservations');
      await page.locator('form button[type=submit]').click();
      await expectText(page, '初始化完成');
      await page.getByRole('link', { name: '返回首页' }).click();
      await expectPath(page, `${BASE}/pc/home`);
      await expectText(page, newAdmin.name, { within: '.yy-pc-header .yy-pc-user' });
      assertNoPageErrors(admin);
      assertNoPageErrors(page);
    },
  },
  {
    name: '(i) a page whose script fails to load shows an error page, not a blank screen',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      // The network drops the page's chunk (spec 8: a named load error, handled by the route).
      const chunk = builtChunkOf('areas/public/pages/Error404.tsx');
      await page.route(
        (url) => url.pathname.endsWith(`/assets/${chunk}`),
        (route) => route.abort('connectionfailed'),
      );
      await page.goto(`${app}${BASE}/error/404`);
      await expectText(page, '页面出错了', { within: 'h1' });
      await page.getByRole('button', { name: '刷新页面' }).waitFor();
      assertNoPageErrors(page);
    },
  },
  {
    name: '(j) a qiankun host mounts the app under its own path and unmounts it',
    async run({ browser, portal, track }) {
      const { page } = track(await openPage(browser));
      await page.goto(`${portal}/portal/`);
      await page.waitForFunction(() => Array.isArray(window.hostEvents));
      assert.equal(await page.locator('#subapp').innerHTML(), '', 'the container is not empty before mounting');

      const mountedOnce = async (count) => {
        await page.getByRole('link', { name: 'Booking' }).click();
        // The app's own catch-all sends the unknown path to its 404 page, under the host's base path.
        await expectPath(page, '/portal/booking/error/404');
        await expectText(page, '页面不存在', { within: '#subapp h1' });
        await page.waitForFunction((n) => window.hostEvents.filter((e) => e === 'mounted yuyue').length === n, count);
      };
      await mountedOnce(1);
      await expectText(page, 'Campus portal', { within: '#portal-header' });
      assert.equal(await page.locator('base').count(), 0, "the app's <base> was left in the host's document");
      assert.equal(await page.evaluate(() => document.baseURI), `${portal}/portal/booking/error/404`);

      // The host navigates inside the app.
      await page.evaluate(() => window.history.pushState(null, '', '/portal/booking/oidc-callback-error'));
      await expectText(page, 'Error in authentication', { within: '#subapp h1' });

      // Leaving the app's path unmounts it and empties the container.
      await page.getByRole('link', { name: 'Portal home' }).click();
      await expectPath(page, '/portal/');
      await page.waitForFunction(() => window.hostEvents.includes('unmounted yuyue'));
      assert.equal((await page.locator('#subapp').innerHTML()).trim(), '', 'the container was not emptied');

      // And it mounts again.
      await mountedOnce(2);
      assertNoPageErrors(page);
      assert.deepEqual(page.consoleErrors, [], `console errors: ${page.consoleErrors.join('; ')}`);
    },
  },
  {
    name: '(k) on a phone, signing in lands on the mobile booking centre',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser, { width: 390, height: 844 }));
      await page.goto(`${app}${BASE}/`);
      await submitLogin(page, accounts.student);
      await expectPath(page, `${BASE}/mobile/home`);
      await page.locator('.yy-mobile').waitFor();
      await expectText(page, '预约中心', { within: 'h1' });
      assertNoPageErrors(page);
    },
  },
  {
    name: '(l) an administrator enters the back office from the portal menu',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await signInAt(page, app, '/pc/home', accounts.admin);
      await page.locator('.yy-pc-user').click();
      await page.getByRole('menuitem', { name: '进入管理' }).click();
      await expectPath(page, `${BASE}/manage/home`);
      await page.locator('aside').waitFor();
      // An ordinary user has no such entry.
      const user = track(await openPage(browser)).page;
      await signInAt(user, app, '/pc/home', accounts.student);
      await user.locator('.yy-pc-user').click();
      await user.getByRole('menuitem', { name: '注销登录' }).waitFor();
      assert.equal(await user.getByRole('menuitem', { name: '进入管理' }).count(), 0, 'a user sees enter-management');
      assertNoPageErrors(page);
      assertNoPageErrors(user);
    },
  },
  {
    name: '(m) the language switch reloads the portal in English and back',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await signInAt(page, app, '/pc/home', accounts.student);
      await Promise.all([page.waitForEvent('load'), page.locator('.yy-pc-header').getByText('English').click()]);
      await expectText(page, 'My bookings', { within: '.yy-pc-header' });
      assert.equal(await page.evaluate(() => localStorage.getItem('system-language')), 'en');
      await Promise.all([
        page.waitForEvent('load'),
        page.locator('.yy-pc-header').getByText('中', { exact: true }).click(),
      ]);
      await expectText(page, '我的预约', { within: '.yy-pc-header' });
      assertNoPageErrors(page);
    },
  },
  {
    name: '(n) an administrator creates a resource type; it is listed and appears in the portal navigation',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await signInAt(page, app, '/manage/resources/resources-type-list', accounts.admin);
      await expectText(page, '羽毛球场', { within: '.ant-table' });
      await page.getByRole('button', { name: '新增资源类型' }).click();
      const drawer = page.locator('.ant-drawer');
      // Saving an empty form is refused on the page, in the spec's words.
      await drawer.getByRole('button', { name: /^保\s?存$/ }).click();
      await expectText(page, '类型名称不能为空', { within: '.ant-drawer' });
      await drawer.locator('#resources_name').fill('端到端报告厅');
      await drawer.locator('#resources_name_en').fill('E2E lecture hall');
      await drawer.locator('#resources_tag').fill('端到端空间');
      await drawer.getByRole('button', { name: /^保\s?存$/ }).click();
      await expectText(page, '保存成功');
      await expectText(page, '端到端报告厅', { within: '.ant-table' });
      await expectText(page, 'E2E lecture hall', { within: '.ant-table' });

      await page.goto(`${app}${BASE}/pc/home`);
      const link = page.locator('.yy-pc-header').getByRole('link', { name: '端到端报告厅' });
      await link.waitFor();
      await expectText(page, '端到端报告厅', { within: '.yy-pc-home-types' });
      await link.click();
      await page.waitForURL((url) => /\/pc\/resources\/[0-9a-f-]{36}\/list$/.test(url.pathname), {
        waitUntil: 'commit',
      });
      assertNoPageErrors(page);
    },
  },
  {
    name: '(o) an administrator blocks a period of a resource and it is listed',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await signInAt(page, app, '/manage/resources/resources-occupy-list', accounts.admin);
      await page.getByRole('button', { name: '新增占用' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
      await expectText(page, '资源不能为空', { within: '.ant-modal' });
      await dialog.locator('#resources_id').click();
      await page.locator('.ant-select-dropdown').getByText('羽毛球场1号', { exact: false }).first().click();
      await dialog.locator('#start_time').fill('2030-03-01T08:00');
      await dialog.locator('#end_time').fill('2030-03-01T12:00');
      await dialog.locator('#reason_cn').fill('端到端场地维修');
      await dialog.locator('#reason_en').fill('E2E maintenance');
      await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
      await expectText(page, '保存成功');
      const row = page.locator('.ant-table-row', { hasText: '端到端场地维修' });
      await row.waitFor();
      await expectText(page, '羽毛球场1号', { within: '.ant-table-row:has-text("端到端场地维修")' });
      await expectText(page, '2030-03-01 08:00 – 2030-03-01 12:00', {
        within: '.ant-table-row:has-text("端到端场地维修")',
      });
      assertNoPageErrors(page);
    },
  },
  {
    name: '(p) an administrator creates a rule template with two slots and a resource that uses it',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      const stamp = Date.now().toString(36);
      const templateName = `端到端两时段模板${stamp}`;
      const resourceName = `端到端会议室${stamp}`;
      await signInAt(page, app, '/manage/resources/resources-rule-template-add', accounts.admin);
      // Required fields and slot rules are checked before anything is sent.
      await page.getByRole('button', { name: /^保\s?存$/ }).click();
      await expectText(page, '模板名称不能为空');
      await page.locator('#template_name').fill(templateName);
      await page.locator('#template_name_en').fill(`E2E two slots ${stamp}`);
      await page.getByRole('button', { name: '添加时段' }).click();
      await page.getByRole('button', { name: '添加时段' }).click();
      await page.getByLabel('时段 1 开始').fill('08:00');
      await page.getByLabel('时段 1 结束').fill('09:30');
      await page.getByLabel('时段 2 开始').fill('09:00');
      await page.getByLabel('时段 2 结束').fill('11:00');
      await page.getByRole('button', { name: /^保\s?存$/ }).click();
      await expectText(page, '与时段 08:00-09:30 重叠');
      await page.getByLabel('时段 2 开始').fill('09:30');
      await page.getByRole('button', { name: /^保\s?存$/ }).click();
      await expectPath(page, `${BASE}/manage/resources/resources-rule-template`);
      await expectText(page, '08:00-09:30, 09:30-11:00', { within: `.ant-table-row:has-text("${templateName}")` });

      await page.goto(`${app}${BASE}/manage/resources/resources-list-add`);
      await page.locator('#resources_name').fill(resourceName);
      await page.locator('#resources_type_id').click();
      await page.locator('.ant-select-dropdown:visible').getByText('会议室', { exact: true }).click();
      await page.getByRole('tab', { name: '预约规则' }).click();
      await page.getByText('使用规则模板', { exact: true }).click();
      await page.locator('#rule_template_id').click();
      await page.locator('.ant-select-dropdown:visible').getByText(templateName, { exact: true }).click();
      await expectText(page, '08:00-09:30', { within: '[data-testid=template-preview]' });
      await page.getByRole('button', { name: /^保\s?存$/ }).click();
      await page.waitForURL((url) => /\/manage\/resources\/resources-list\/[0-9a-f-]{36}$/.test(url.pathname));
      // The saved resource shows its QR code and the template's slots.
      await page.locator('[data-testid=resource-qr] img').waitFor();
      await page.getByRole('tab', { name: '预约规则' }).click();
      await expectText(page, '08:00-09:30', { within: '[data-testid=template-preview]' });
      await expectText(page, '09:30-11:00', { within: '[data-testid=template-preview]' });

      await page.getByRole('button', { name: /^返\s?回$/ }).click();
      await expectPath(page, `${BASE}/manage/resources/resources-list`);
      await page.locator('#resources_name').fill(resourceName);
      await page.getByRole('button', { name: /查\s?询/ }).click();
      const row = `.ant-table-row:has-text("${resourceName}")`;
      await expectText(page, templateName, { within: row });
      await expectText(page, '会议室', { within: row });
      assertNoPageErrors(page);
    },
  },
  {
    name: '(q) pop-up notices: confirmed one by one, then not shown again',
    async run({ browser, app, track }) {
      const admin = track(await openPage(browser)).page;
      await signInAt(admin, app, '/pc/home', accounts.admin);
      const stamp = Date.now();
      const untilRead = await publishNotice(admin, {
        note_category: '2',
        title: `弹窗一 ${stamp}`,
        popup_mode: '1',
        content: '<p>阅读一次后不再弹出。</p>',
      });
      const daily = await publishNotice(admin, {
        note_category: '2',
        title: `弹窗二 ${stamp}`,
        popup_mode: '2',
        popup_end_date: '2099-12-31',
        content: '<p>每天弹出一次。</p>',
      });
      assert.ok(untilRead && daily);
      try {
        const { page } = track(await openPage(browser));
        await signInAt(page, app, '/pc/home', accounts.student);
        const confirm = page.locator('.ant-modal button.ant-btn-primary');
        await confirm.waitFor();
        assert.match(await confirm.innerText(), /我已阅读 \(1\/2\)/);
        await confirm.click();
        await page.waitForFunction(() =>
          /\(2\/2\)/.test(document.querySelector('.ant-modal button.ant-btn-primary')?.textContent ?? ''),
        );
        await confirm.click();
        await page.locator('.ant-modal').waitFor({ state: 'hidden' });
        // A new visit the same day: both were read, neither shows.
        await page.evaluate(() => sessionStorage.clear());
        await page.reload();
        await page.locator('.yy-pc-header').waitFor();
        await page.waitForLoadState('networkidle');
        assert.equal(await page.locator('.ant-modal:visible').count(), 0, 'a read pop-up showed again');
        assertNoPageErrors(page);
      } finally {
        // Every later journey's users would meet these pop-ups on their first page: withdraw them.
        for (const id of [untilRead, daily]) {
          await graphql(admin, 'mutation($id: ID, $s: Int) { updateNoticeState(id: $id, state: $s) { errcode } }', {
            id,
            s: 2,
          });
        }
      }
    },
  },
  {
    name: '(r) script in a notice renders inert',
    async run({ browser, app, track }) {
      const admin = track(await openPage(browser)).page;
      await signInAt(admin, app, '/pc/home', accounts.admin);
      const id = await publishNotice(admin, {
        note_category: '1',
        title: `XSS ${Date.now()}`,
        content:
          '<p>inert</p><script>alert("script")</script><img src="/nope.png" onerror="alert(1)">' +
          '<a href="javascript:alert(2)" id="xss-link">link</a><iframe srcdoc="<script>alert(3)</script>"></iframe>' +
          '<svg onload="alert(4)"></svg><p onmouseover="alert(5)">hover me</p>',
      });
      const { page } = track(await openPage(browser));
      const dialogs = [];
      page.on('dialog', async (d) => {
        dialogs.push(d.message());
        await d.dismiss();
      });
      await signInAt(page, app, `/pc/announcementDetail/${id}`, accounts.student);
      await page.locator('.yy-notice-content').waitFor();
      await page.getByText('hover me').hover();
      await page
        .locator('#xss-link')
        .click()
        .catch(() => {});
      await page.waitForTimeout(500);
      const html = await page.locator('.yy-notice-content').innerHTML();
      assert.doesNotMatch(html, /<script|onerror|onload|onmouseover|javascript:|<iframe|<svg/i);
      assert.deepEqual(dialogs, [], 'a script ran');
    },
  },
  {
    name: '(s) a settings change shows after a reload',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await signInAt(page, app, '/manage/home', accounts.admin);
      const name = `端到端预约 ${Date.now() % 10000}`;
      const res = await graphql(
        page,
        'mutation($m: InputSysSettings!) { saveSysSettings(model: $m) { errcode msg } }',
        {
          m: { manage_setting: JSON.stringify({ sys_name: name }) },
        },
      );
      assert.equal(res.data?.saveSysSettings?.errcode, '0', JSON.stringify(res));
      await page.reload();
      await expectText(page, name, { within: 'header' });
      assertNoPageErrors(page);
    },
  },
  {
    name: "(t) the table widget's column choices survive a reload",
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await signInAt(page, app, '/manage/settings/operate-log', accounts.admin);
      const header = page.locator('.ant-table-thead');
      await expectText(page, 'IP 地址', { within: '.ant-table-thead' });
      await page.getByRole('button', { name: '列设置' }).click();
      await page.locator('.yy-colset').getByRole('checkbox', { name: 'IP 地址' }).uncheck();
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('.ant-table-thead')?.textContent?.includes('IP 地址'));
      await page.reload();
      await expectText(page, '模块', { within: '.ant-table-thead' });
      assert.ok(!(await header.innerText()).includes('IP 地址'), 'the hidden column came back after a reload');
      assertNoPageErrors(page);
    },
  },
  {
    name: '(u) an administrator imports a code table from Excel, keeping only the valid rows',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await signInAt(page, app, '/manage/home', accounts.admin);
      const found = await graphql(
        page,
        'query($f: CodesFilterMap) { findCodesAll(first: 10, offset: 0, filter: $f) { edges { node { id code } } } }',
        { f: { code: { eq: 'yy_floor' } } },
      );
      const codeId = found.data?.findCodesAll?.edges?.[0]?.node?.id;
      assert.ok(codeId, `no yy_floor code table: ${JSON.stringify(found)}`);

      // An .xlsx with one good row and one without a name.
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('items');
      sheet.addRow(['item_code', 'item_name', 'item_name_en']);
      sheet.addRow(['9F', '9层', '9th floor']);
      sheet.addRow(['10F', '', '10th floor']);
      const file = path.join(os.tmpdir(), `yuyue-import-${process.pid}.xlsx`);
      await workbook.xlsx.writeFile(file);

      await page.goto(`${app}${BASE}/manage/settings/code-item-Import/${codeId}`);
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByRole('radio', { name: '只导入正确的行' }).check();
      await page.getByRole('button', { name: '开始导入' }).click();
      const report = page.locator('.yy-import-report');
      await report.waitFor();
      const items = await graphql(page, 'query { findCodeItemsAll(code: "yy_floor") { item_code item_name } }');
      const codes = items.data.findCodeItemsAll.map((i) => i.item_code);
      assert.ok(codes.includes('9F'), `the valid row was not imported: ${codes.join(',')}`);
      assert.ok(!codes.includes('10F'), 'the row without a name was imported');
      fs.rmSync(file, { force: true });
      assertNoPageErrors(page);
    },
  },
  {
    name: '(v) an expiring access token is renewed silently, without leaving the page',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser));
      await signInAt(page, app, '/pc/home', accounts.student);
      const stored = () =>
        page.evaluate(() => {
          const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
          return key ? JSON.parse(localStorage.getItem(key)) : null;
        });
      const before = await stored();
      assert.ok(before?.access_token, 'no stored user after sign-in');
      // Make the token look about to expire: the client renews it in a hidden frame.
      await page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
        const user = JSON.parse(localStorage.getItem(key));
        user.expires_at = Math.floor(Date.now() / 1000) + 45;
        localStorage.setItem(key, JSON.stringify(user));
      });
      await page.reload();
      await page.locator('.yy-pc-header').waitFor();
      await page.waitForFunction(
        (old) => {
          const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
          const user = key ? JSON.parse(localStorage.getItem(key)) : null;
          return user && user.access_token !== old && user.expires_at > Date.now() / 1000 + 600;
        },
        before.access_token,
        { timeout: 20_000 },
      );
      assert.equal(new URL(page.url()).pathname, `${BASE}/pc/home`, 'the page changed during the renewal');
      const after = await stored();
      assert.equal(after.access_token.length, before.access_token.length);
      assertNoPageErrors(page);
    },
  },
];

// --- the run ---------------------------------------------------------------------------------

/**
 * This file's journeys, then each module's under e2e/journeys/ in file-name order; each marked
 * with its group (its file: "run.mjs" or the module's name), the unit a shard takes whole.
 */
async function allJourneys() {
  const dir = path.join(root, 'e2e/journeys');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.mjs'))
        .sort()
    : [];
  const modules = await Promise.all(files.map((f) => import(path.join(dir, f))));
  return [
    ...coreJourneys.map((j) => ({ ...j, group: 'run.mjs' })),
    ...modules.flatMap((m, i) => m.journeys.map((j) => ({ ...j, group: files[i] }))),
  ];
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const journeys = await allJourneys();
  const selected = journeys.filter((j) => !args.only || j.name.includes(args.only));
  if (args.shard) {
    // One shard of a sharded run, started by the run below: its journeys, its own server.
    const { index, count } = args.shard;
    return runJourneys(splitIntoShards(selected, count, journeys)[index] ?? [], args, { build: false });
  }
  const shards = splitIntoShards(selected, args.shards, journeys);
  if (shards.length <= 1) return runJourneys(selected, args, { build: true });
  return runShards(selected, shards, args);
}

/** Runs `selected` in order against one server and one browser of its own; exits when done. */
async function runJourneys(selected, args, { build }) {
  const results = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-e2e-'));
  const logFile = path.join(work, 'server.log');
  // the server's one-time codes go to a file the visitor journeys read (the test message channel)
  process.env.MESSAGE_CHANNEL = `file:${path.join(work, 'messages.jsonl')}`;
  let server = null;
  let portal = null;
  let browser = null;
  let shots = null;

  const writeReport = (extra = {}) => {
    const passed = results.filter((r) => r.ok).length;
    const failed = results.length - passed + (selected.length - results.length);
    if (args.json) {
      fs.mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
      fs.writeFileSync(args.json, `${JSON.stringify({ passed, failed, journeys: results, ...extra }, null, 2)}\n`);
    }
    return { passed, failed };
  };
  const cleanup = async () => {
    await browser?.close().catch(() => {});
    await new Promise((resolve) => (portal ? portal.close(resolve) : resolve()));
    await stopServer(server);
    // The server log stays for a failed run; the database never does.
    fs.rmSync(path.join(work, 'data'), { recursive: true, force: true });
  };
  const stop = async (code, message) => {
    if (message) console.error(message);
    await cleanup();
    process.exit(code);
  };
  let interruptedBy = null;
  const interrupted = (code, why) => {
    // In a sharded run a signal can come twice (to the process group, and from the run that
    // started this shard): the first one stops the run, and a second must not kill it mid-cleanup.
    if (interruptedBy) return;
    interruptedBy = why;
    writeReport({ error: why });
    void stop(code, why);
  };
  process.on('SIGINT', () => interrupted(130, 'interrupted'));
  process.on('SIGTERM', () => interrupted(143, 'terminated'));
  // However this process ends, the server must not outlive it.
  process.once('exit', () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  });
  const watchdog = setTimeout(() => {
    const { passed, failed } = writeReport({ error: 'the run did not finish in time' });
    void stop(1, `\nthe run did not finish within ${RUN_DEADLINE_MS / 1000} s: ${passed} passed, ${failed} failed`);
  }, RUN_DEADLINE_MS);
  watchdog.unref();

  try {
    if (build) buildWeb();
    if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium)`);

    const port = await freePort();
    const started = Date.now();
    server = await startServer({ port, dataDir: path.join(work, 'data'), logFile });
    portal = await startHostPortal(port);
    const app = `http://localhost:${port}`;
    const portalUrl = `http://localhost:${portal.address().port}`;
    console.log(`server ready at ${app}${BASE}/ in ${Date.now() - started} ms; host portal at ${portalUrl}/portal/`);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });

    for (const journey of selected) {
      if (interruptedBy) break;
      const pages = [];
      const contexts = [];
      const track = (opened) => {
        pages.push(opened.page);
        if (opened.context) contexts.push(opened.context);
        return opened;
      };
      const t0 = Date.now();
      let timer;
      try {
        await Promise.race([
          journey.run({ browser, app, portal: portalUrl, track }),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`did not finish within ${JOURNEY_MS / 1000} s`)), JOURNEY_MS);
          }),
        ]);
        results.push({ name: journey.name, ok: true, ms: Date.now() - t0 });
        console.log(`✓ ${journey.name} (${Date.now() - t0} ms)`);
        const slow = pages.flatMap((page) => requestReport(page).slow);
        if (slow.length) console.log(`    slow requests: ${slow.join(', ')}`);
      } catch (err) {
        let message = err instanceof Error ? err.message : String(err);
        const failedRequests = pages.flatMap((page) => page.failedRequests ?? []);
        if (failedRequests.length) message += `\nfailed requests: ${failedRequests.join(', ')}`;
        const consoleErrors = pages.flatMap((page) => page.consoleErrors ?? []);
        if (consoleErrors.length) message += `\nconsole errors: ${consoleErrors.join(' | ').slice(0, 2000)}`;
        for (const page of pages) {
          const { waiting, slow } = requestReport(page);
          if (waiting.length) message += `\nstill waiting for: ${waiting.join(', ')}`;
          if (slow.length) message += `\nslow requests: ${slow.join(', ')}`;
        }
        const screenshots = [];
        for (const [i, page] of pages.entries()) {
          if (page.isClosed()) continue;
          shots ??= fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-e2e-shots-'));
          const file = path.join(shots, `${journey.name.slice(1, 2)}-${i + 1}.png`);
          try {
            await page.screenshot({ path: file, fullPage: true, timeout: 5000 });
            screenshots.push(file);
          } catch {
            // a page that cannot be captured any more
          }
        }
        results.push({ name: journey.name, ok: false, ms: Date.now() - t0, error: message, screenshots });
        console.log(`✗ ${journey.name} (${Date.now() - t0} ms)`);
        console.log(`    ${message.split('\n').join('\n    ')}`);
        for (const file of screenshots) console.log(`    screenshot: ${file}`);
      } finally {
        clearTimeout(timer);
        for (const context of contexts) await context.close().catch(() => {});
      }
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.log(`✗ setup: ${message}`);
    writeReport({ error: message });
    if (fs.existsSync(logFile)) console.log(`server log: ${logFile} (last lines)\n${tail(logFile, 30)}`);
    await cleanup();
    process.exit(1);
  }

  const { passed, failed } = writeReport(interruptedBy ? { error: interruptedBy } : {});
  await cleanup();
  if (failed > 0) {
    console.log(`server log: ${logFile} (last lines)\n${tail(logFile, 20)}`);
  } else {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

/** Builds apps/web/dist when its sources changed (once, before any server starts). */
function buildWeb() {
  const built = spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (built.status !== 0) throw new Error('the web app did not build (scripts/build-web.mjs)');
}

/**
 * Splits `selected` into at most `count` shards of whole journey files, balanced by the files'
 * recorded durations (JOURNEY_FILE_SECONDS; a file not recorded counts its journeys at the
 * average): the longest files first, each to the shard with the least so far. Each shard keeps
 * the journeys' usual order. Deterministic, so a shard process finds the same split.
 */
function splitIntoShards(selected, count, journeys) {
  const groups = new Map();
  for (const journey of selected) groups.set(journey.group, [...(groups.get(journey.group) ?? []), journey]);
  const inFile = (group) => journeys.filter((j) => j.group === group).length;
  const recorded = Object.entries(JOURNEY_FILE_SECONDS).filter(([group]) => inFile(group) > 0);
  const recordedJourneys = recorded.reduce((n, [group]) => n + inFile(group), 0);
  const perJourney = recordedJourneys ? recorded.reduce((sum, [, seconds]) => sum + seconds, 0) / recordedJourneys : 1;
  // a file run in part (--only) weighs its part
  const weight = (group, members) =>
    group in JOURNEY_FILE_SECONDS
      ? (JOURNEY_FILE_SECONDS[group] * members.length) / Math.max(1, inFile(group))
      : members.length * perJourney;
  const shards = Array.from({ length: Math.min(count, groups.size) }, () => ({ seconds: 0, groups: new Set() }));
  const byWeight = [...groups.entries()]
    .map(([group, members]) => ({ group, seconds: weight(group, members) }))
    .sort((a, b) => b.seconds - a.seconds || a.group.localeCompare(b.group));
  for (const { group, seconds } of byWeight) {
    const lightest = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.seconds += seconds;
    lightest.groups.add(group);
  }
  return shards.map((shard) => selected.filter((j) => shard.groups.has(j.group)));
}

/**
 * Runs each shard in a process of this script at once, their output lines marked [1], [2], …,
 * and writes one report: every selected journey's result in the usual order, a journey that a
 * shard did not report (it stopped, or did not finish in time) counted as failed.
 */
async function runShards(selected, shards, args) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-e2e-shards-'));
  const started = Date.now();
  const children = [];
  let finishing = false;

  const merge = (extraError) => {
    const reports = children.map((child) => {
      try {
        return JSON.parse(fs.readFileSync(child.report, 'utf8'));
      } catch {
        return null;
      }
    });
    const byName = new Map(reports.flatMap((r) => r?.journeys ?? []).map((r) => [r.name, r]));
    const results = selected.filter((j) => byName.has(j.name)).map((j) => byName.get(j.name));
    const passed = results.filter((r) => r.ok).length;
    const failed = selected.length - passed;
    const errors = [
      ...children.flatMap((child, i) => {
        const report = reports[i];
        if (report?.error) return [`shard ${i + 1}: ${report.error}`];
        if (!report) return [`shard ${i + 1}: exited ${child.exit ?? 'early'} without a report`];
        return [];
      }),
      ...(extraError ? [extraError] : []),
    ];
    const report = {
      passed,
      failed,
      journeys: results,
      shards: children.map((child, i) => ({
        journeys: shards[i].length,
        files: [...new Set(shards[i].map((j) => j.group))],
        ms: child.ms ?? null,
        exit: child.exit ?? null,
      })),
      ...(errors.length ? { error: errors.join('; ') } : {}),
    };
    if (args.json) {
      fs.mkdirSync(path.dirname(path.resolve(args.json)), { recursive: true });
      fs.writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`);
    }
    return report;
  };
  const finish = async (code, why) => {
    if (finishing) return;
    finishing = true;
    // the shards write their reports as they stop; wait for them, but not for ever
    for (const child of children) if (child.exit === undefined) child.process.kill('SIGTERM');
    await Promise.race([Promise.all(children.map((c) => c.done)), sleep(30_000)]);
    for (const child of children) if (child.exit === undefined) child.process.kill('SIGKILL');
    const { passed, failed } = merge(why);
    console.log(`\n${passed} passed, ${failed} failed${why ? ` (${why})` : ''}`);
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void finish(130, 'interrupted'));
  process.on('SIGTERM', () => void finish(143, 'terminated'));
  // The shards keep the deadline themselves; this one only catches a shard that cannot stop.
  setTimeout(() => void finish(1, 'the run did not finish in time'), RUN_DEADLINE_MS + 40_000).unref();

  try {
    buildWeb();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.log(`✗ setup: ${message}`);
    if (args.json) {
      const failed = selected.length;
      fs.writeFileSync(args.json, `${JSON.stringify({ passed: 0, failed, journeys: [], error: message }, null, 2)}\n`);
    }
    process.exit(1);
  }

  console.log(
    `${selected.length} journeys in ${shards.length} shards: ` +
      shards.map((s, i) => `[${i + 1}] ${s.length} (${[...new Set(s.map((j) => j.group))].join(' ')})`).join('; '),
  );
  for (const [i, shard] of shards.entries()) {
    const report = path.join(work, `shard-${i + 1}.json`);
    const argv = [import.meta.filename, '--shard', `${i}/${shards.length}`, '--json', report];
    if (args.only) argv.push('--only', args.only);
    const child = spawn(process.execPath, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const entry = { process: child, report, journeys: shard.length, exit: undefined, ms: undefined };
    const tag = `[${i + 1}] `;
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${tag}${line}\n`));
    }
    entry.done = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        entry.exit = code ?? signal;
        entry.ms = Date.now() - started;
        resolve();
      }),
    );
    children.push(entry);
  }
  await Promise.all(children.map((c) => c.done));
  if (finishing) return;
  const report = merge();
  console.log(
    `\nshards took ${children.map((c, i) => `[${i + 1}] ${Math.round(c.ms / 1000)} s`).join(', ')}; ` +
      `${report.passed} passed, ${report.failed} failed`,
  );
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(report.failed > 0 || children.some((c) => c.exit !== 0) ? 1 : 0);
}

function tail(file, lines) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

await main();
