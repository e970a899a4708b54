// Signing out on every area and device, and signing in from another address of the server.
import assert from 'node:assert/strict';
import {
  BASE,
  NAVIGATION_MS,
  accounts,
  assertNoPageErrors,
  expectPath,
  menuItem,
  openPage,
  signInAt,
} from '../lib.mjs';

/** The access token the signed-in page holds. */
function storedToken(page) {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? JSON.parse(localStorage.getItem(key)).access_token : null;
  });
}

/** The HTTP status of a GraphQL call made with `token` (from here: the login page's CSP allows no fetch). */
async function statusWith(app, token) {
  const res = await fetch(`${app}/bus/graphql/apps_yy_sys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ checkTenantStatus { errcode } }' }),
  });
  return res.status;
}

/**
 * After a sign-out: the login form shows, a protected page asks to sign in again, and the
 * token the page held is refused.
 */
async function expectSignedOut(page, app, token, protectedPath) {
  // The way there is several navigations (end session, the app's start page, its sign-in):
  // wait for where it ends, the login form, rather than for one navigation that a later one aborts.
  await page.locator('input[name=password]').waitFor({ timeout: NAVIGATION_MS });
  assert.match(new URL(page.url()).pathname, /^\/sso\/interaction\//);
  await page.goto(`${app}${BASE}${protectedPath}`);
  await page.waitForURL((url) => url.pathname.startsWith('/sso/interaction/'), { waitUntil: 'domcontentloaded' });
  await page.locator('input[name=password]').waitFor();
  assert.equal(await statusWith(app, token), 401, 'the access token still works after sign-out');
}

export const journeys = [
  {
    name: '(so1) a user signs out from the desktop user menu and must sign in again',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser, { width: 1366, height: 900 }));
      await signInAt(page, app, '/pc/home', accounts.student);
      const token = await storedToken(page);
      assert.ok(token, 'no token after sign-in');
      await page.locator('.yy-pc-header .yy-pc-user').hover();
      await (await menuItem(page, '注销登录')).click();
      await expectSignedOut(page, app, token, '/pc/myAppointment');
      assertNoPageErrors(page);
    },
  },
  {
    name: '(so2) a user signs out on the phone from the person centre and must sign in again',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser, { width: 390, height: 844 }));
      await signInAt(page, app, '/mobile/personcenter', accounts.student);
      const token = await storedToken(page);
      await page.getByText('注销登录', { exact: true }).click();
      await page.getByRole('dialog').getByText('注销登录', { exact: true }).click();
      await expectSignedOut(page, app, token, '/mobile/home');
      assertNoPageErrors(page);
    },
  },
  {
    name: '(so3) an administrator signs out from the back office avatar menu and must sign in again',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser, { width: 1366, height: 900 }));
      await signInAt(page, app, '/manage/home', accounts.admin);
      const token = await storedToken(page);
      await page.locator('button.yy-manage-user').click();
      await (await menuItem(page, '注销登录')).click();
      await expectSignedOut(page, app, token, '/manage/home');
      assertNoPageErrors(page);
    },
  },
  {
    name: '(so4) a user who opened the server at 127.0.0.1 signs in and is back on the page',
    async run({ browser, app, track }) {
      const { page } = track(await openPage(browser, { width: 1366, height: 900 }));
      const loopback = app.replace('//localhost:', '//127.0.0.1:');
      assert.notEqual(loopback, app, `the server is not on localhost: ${app}`);
      await signInAt(page, loopback, '/pc/home', accounts.student);
      await expectPath(page, `${BASE}/pc/home`);
      assert.equal(new URL(page.url()).hostname, '127.0.0.1');
      await page.locator('.yy-pc-header .yy-pc-user').waitFor();
      assertNoPageErrors(page);
    },
  },
];
