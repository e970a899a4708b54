// Resource administrators on a phone (390x844): a user holding a resource's owning
// department/post (not a tenant administrator) finds the booking overview in the personal
// centre and sees there only the resources they manage; a plain user has no such entry.
// E2E_SHOTS=<dir> also saves screenshots (phone and desktop) there.
import fs from 'node:fs';
import path from 'node:path';
import { BASE, accounts, assertNoPageErrors, expectPath, expectText, graphql, openPage, signInAt } from '../lib.mjs';

const PHONE = { width: 390, height: 844 };

/** Saves a screenshot as `<name>.png` in E2E_SHOTS when set. */
export async function shot(page, name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Runs an operation on the directory endpoint (iam) with the signed-in page's access token. */
export function iam(page, query, variables = {}) {
  return page.evaluate(
    async ([q, v]) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      const token = JSON.parse(localStorage.getItem(key)).access_token;
      const res = await fetch('/bus/graphql/iam', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return res.json();
    },
    [query, variables],
  );
}

export function ok(result, what) {
  const value = Object.values(result.data ?? {})[0];
  if (!value || (value.errcode && value.errcode !== '0')) throw new Error(`${what}: ${JSON.stringify(result)}`);
  return value;
}

/**
 * As the signed-in administrator's page: a department and post, a user holding them (`keeper`,
 * role user), and two one-slot (09:00-10:00) venues, `managed` administered by that department
 * and `other` by another. Returns the keeper's credentials and the venues' ids and names.
 */
export async function setUpResourceAdmin(admin, stamp) {
  const deptCode = `RA${stamp}`;
  const dept = ok(
    await iam(admin, 'mutation($m: InputDepartment!) { editDepartment(model: $m) { errcode msg ids } }', {
      m: { name: `场馆科${stamp}`, code: deptCode },
    }),
    'editDepartment',
  ).ids[0];
  const post = ok(
    await iam(admin, 'mutation($m: InputPost!) { editPost(model: $m) { errcode msg ids } }', {
      m: { name: `场馆管理${stamp}`, code: `${deptCode}-P` },
    }),
    'editPost',
  ).ids[0];
  const keeper = { account: `ra${stamp}`, password: 'Keeper@123456', name: `场馆老师${stamp}` };
  ok(
    await iam(admin, 'mutation($m: InputUser!) { saveUser(model: $m) { errcode msg ids } }', {
      m: { ...keeper, role: 'user', positions: [{ dept, post, active: true }] },
    }),
    'saveUser',
  );
  const types = await graphql(admin, '{ findResourcesTypeAllByAccount { id resources_name } }');
  const type = types.data.findResourcesTypeAllByAccount.find((t) => t.resources_name === '羽毛球场');
  const venue = (name, admin_dept) => ({
    resources_name: name,
    resources_name_en: name,
    resources_type_id: type.id,
    available_number: 1,
    admin_dept,
    appointment_date_days: 7,
    days_rule_refresh_time: '00:00',
    resourcesTimeSlot: [{ kssj: '09:00', jssj: '10:00' }],
  });
  const save = 'mutation($m: InputResources!) { saveResources(model: $m) { errcode msg ids } }';
  const make = async (name, adminDept) => ({
    id: ok(await graphql(admin, save, { m: venue(name, adminDept) }), 'saveResources').ids[0],
    name,
  });
  return {
    keeper,
    managed: await make(`管理场地${stamp}`, deptCode),
    other: await make(`别处场地${stamp}`, 'ELSEWHERE'),
  };
}

export const journeys = [
  {
    name: '(ra1) on a phone, a resource administrator opens the booking overview of the resources they manage only',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, PHONE)).page;
      await signInAt(admin, app, '/mobile/home', accounts.admin);

      const { keeper, managed, other } = await setUpResourceAdmin(admin, stamp);

      // The resource administrator: the entry is in the personal centre, the overview lists
      // the managed venue and not the other one.
      const page = track(await openPage(browser, PHONE)).page;
      await signInAt(page, app, '/mobile/personcenter', keeper);
      await page.locator('.adm-list-item', { hasText: '预约概览' }).click();
      await expectPath(page, `${BASE}/mobile/ordered/resources`);
      await expectText(page, managed.name);
      if ((await page.getByText(other.name).count()) !== 0) throw new Error('an unmanaged venue is listed');
      await shot(page, 'resource-admin-overview-phone');
      await page.setViewportSize({ width: 1366, height: 900 });
      await shot(page, 'resource-admin-overview-desktop');
      assertNoPageErrors(page);

      // A plain user: no booking overview in the personal centre.
      const student = track(await openPage(browser, PHONE)).page;
      await signInAt(student, app, '/mobile/personcenter', accounts.student);
      await expectText(student, accounts.student.account);
      await student.waitForLoadState('networkidle');
      if ((await student.locator('.adm-list-item', { hasText: '预约概览' }).count()) !== 0) {
        throw new Error('a plain user sees the booking overview entry');
      }
      assertNoPageErrors(student);
    },
  },
];
