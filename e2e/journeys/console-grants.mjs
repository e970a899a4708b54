// The application centre grants a back office (desktop 1440x900): a tenant administrator creates
// a user without rights (unique account), who has no back office; the administrator grants them
// the venue administrator role (resourceAdmin) for one seeded venue from
// /manage/console/govern/rolepermission; the user's next load shows the back office with the
// bookings list; the administrator revokes the grant (batch revoke); the user's next load has no
// back office. E2E_SHOTS=<dir> also saves screenshots of the four console pages in zh and en.
import assert from 'node:assert/strict';
import { BASE, accounts, assertNoPageErrors, expectPath, expectText, graphql, openPage, signInAt } from '../lib.mjs';
import { iam, ok, shot } from './resource-admins.mjs';

const DESKTOP = { width: 1440, height: 900 };

/** Waits until the page shows no back office: no sidebar, and an error or no-permission page instead. */
async function expectNoBackOffice(page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('#yy-manage-sidebar') &&
      (location.pathname.includes('/error/') || /没有访问权限|权限|401/.test(document.body.innerText)),
    undefined,
    { timeout: 45_000 },
  );
}

/** The console's grant dialog: the user found by account, the venue as scope, confirmed. */
async function grantVenueAdmin(admin, user, venue) {
  await admin
    .getByRole('button', { name: /授\s*权$/ })
    .first()
    .click();
  const dialog = admin.getByRole('dialog', { name: '授予角色' });
  await dialog.waitFor();
  const who = dialog.getByRole('combobox', { name: '授权对象' });
  await who.fill(user.account);
  await admin.locator('.ant-select-item-option', { hasText: `(${user.account})` }).click();
  const scope = dialog.getByRole('combobox', { name: '授权范围 · 场馆', exact: true });
  await scope.fill(venue.name);
  await admin.locator('.ant-select-item-option', { hasText: venue.name }).first().click();
  await admin.keyboard.press('Escape').catch(() => undefined);
  await dialog.getByRole('button', { name: '下一步' }).click();
  const confirm = admin.locator('.ant-modal-confirm');
  await expectText(admin, user.account, { within: '.ant-modal-confirm' });
  await confirm.getByRole('button', { name: /^授\s*权$/ }).click();
  await admin.locator('.ant-message-success').first().waitFor();
}

/** Narrows the holders' list to `account` (other journeys' grants may share the list). */
async function findHolder(admin, account) {
  await admin.getByRole('textbox', { name: '名称或账号' }).fill(account);
  await admin.getByRole('button', { name: /查\s*询$/ }).click();
  await expectText(admin, `(${account})`, { within: '.ant-table' });
}

export const journeys = [
  {
    name: '(con1) the console grants a user the venue administrator role: their back office appears on the next load and goes on revoking',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, DESKTOP)).page;
      await signInAt(admin, app, '/manage/console', accounts.admin);
      await expectText(admin, '场馆预约', { timeout: 30_000 });
      await admin.locator('.yy-console-role').first().waitFor();
      await expectText(admin, '项授权', { within: '.yy-console' });
      await shot(admin, 'console-home-1440-zh');

      // a user without rights, and a seeded venue
      const user = { account: `cg${stamp}`, password: 'Granted@123456', name: `授权老师${stamp}` };
      ok(
        await iam(admin, 'mutation($m: InputUser!) { saveUser(model: $m) { errcode msg ids } }', {
          m: { ...user, role: 'user' },
        }),
        'saveUser',
      );
      const found = await graphql(
        admin,
        '{ findResourcesAll(first: 1, offset: 0, filter: {}) { edges { node { id resources_name } } } }',
      );
      const node = found.data?.findResourcesAll?.edges?.[0]?.node;
      assert.ok(node, `no seeded venue: ${JSON.stringify(found)}`);
      const venue = { id: node.id, name: node.resources_name };

      const page = track(await openPage(browser, DESKTOP)).page;
      await signInAt(page, app, '/pc/home', user);
      await page.goto(`${app}${BASE}/manage/appointment/list`);
      await expectNoBackOffice(page);

      // the grant, from the role authorization page
      await admin.goto(`${app}${BASE}/manage/console/govern/rolepermission?app=booking&role=resourceAdmin`);
      await expectText(admin, '「场馆管理员」的授权对象');
      await grantVenueAdmin(admin, user, venue);
      await findHolder(admin, user.account);
      const row = admin.locator('.ant-table-row', { hasText: `(${user.account})` });
      await expectText(admin, venue.name, { within: '.ant-table-row' });
      assert.match(await row.innerText(), /用户/);
      await shot(admin, 'console-rolepermission-1440-zh');

      // the user's next load: the back office with the bookings list
      await page.goto(`${app}${BASE}/manage/appointment/list`);
      const sidebar = page.locator('#yy-manage-sidebar');
      await sidebar.getByRole('menuitem', { name: '预约列表' }).waitFor({ timeout: 45_000 });
      await expectPath(page, `${BASE}/manage/appointment/list`);
      await page.locator('.ant-table').first().waitFor();
      assert.equal(await sidebar.getByText('应用中心').count(), 0, 'the application centre is offered');
      await shot(page, 'console-granted-user-bookings-1440-zh');

      // the administrator revokes (batch revoke of the selected row)
      await row.locator('.ant-checkbox-input').check();
      await admin.getByRole('button', { name: '批量撤销' }).click();
      await admin
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /^撤\s*销$/ })
        .click();
      await admin.locator('.ant-message-success').last().waitFor();
      await admin.locator('.ant-table-row', { hasText: `(${user.account})` }).waitFor({ state: 'detached' });

      // the user's next load: no back office
      await page.goto(`${app}${BASE}/manage/appointment/list`);
      await expectNoBackOffice(page);
      assertNoPageErrors(page);

      // the other console pages, then all four in English
      await admin.goto(`${app}${BASE}/manage/console/authorize/staff`);
      await expectText(admin, '人员身份授权：', { timeout: 30_000 });
      await admin.locator('.ant-table').waitFor();
      await shot(admin, 'console-staff-1440-zh');
      // a department of this run with a combination (any post) granted the approver role
      const dept = ok(
        await iam(admin, 'mutation($m: InputDepartment!) { editDepartment(model: $m) { errcode msg ids } }', {
          m: { name: `授权部门${stamp}`, code: `CG${stamp}` },
        }),
        'editDepartment',
      ).ids[0];
      const triple = ok(
        await iam(admin, 'mutation($m: InputTriple!) { addTriple(model: $m) { errcode msg ids } }', { m: { dept } }),
        'addTriple',
      ).ids[0];
      const granted = await iam(
        admin,
        'mutation($t: ID!) { grantPermission(type: "triple", target: $t, permission: "approver") { revokeId } }',
        { t: triple },
      );
      assert.ok(granted.data?.grantPermission?.revokeId, JSON.stringify(granted));
      await admin.goto(`${app}${BASE}/manage/console/authorize/dept_post?dept=${dept}`);
      await expectText(admin, '分级授权：', { timeout: 30_000 });
      await expectText(admin, `授权部门${stamp} 的部门岗位组合`, { timeout: 30_000 });
      await expectText(admin, '预约审批人 · 全部', { within: '.yy-console-main', timeout: 30_000 });
      await shot(admin, 'console-deptpost-1440-zh');

      await admin.evaluate(() => localStorage.setItem('system-language', 'en'));
      for (const [path, text, name] of [
        ['/manage/console', 'Venue booking', 'console-home-1440-en'],
        [
          '/manage/console/govern/rolepermission?app=booking&role=resourceAdmin',
          'Holders of',
          'console-rolepermission-1440-en',
        ],
        ['/manage/console/authorize/staff', 'Staff identities:', 'console-staff-1440-en'],
        [`/manage/console/authorize/dept_post?dept=${dept}`, 'Booking approver · All', 'console-deptpost-1440-en'],
      ]) {
        await admin.goto(`${app}${BASE}${path}`);
        await expectText(admin, text, { timeout: 30_000 });
        await admin.waitForLoadState('networkidle');
        await shot(admin, name);
      }
      await admin.evaluate(() => localStorage.setItem('system-language', 'zh'));
      assertNoPageErrors(admin);
    },
  },
];
