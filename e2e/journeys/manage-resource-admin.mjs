// The back office for a resource administrator (desktop 1366x900): a user holding a resource's
// owning department (not a tenant administrator) opens /manage, sees only home, the bookings list
// and the sign desk, finds a booking of the venue they manage (not of another venue) and is
// refused the rest of the back office. E2E_SHOTS=<dir> also saves a screenshot there.
import assert from 'node:assert/strict';
import { BASE, accounts, assertNoPageErrors, expectPath, expectText, graphql, openPage, signInAt } from '../lib.mjs';
import { setUpResourceAdmin, shot } from './resource-admins.mjs';

const SHANGHAI_MS = 8 * 3_600_000;
/** Tomorrow in the demo tenant's zone (Asia/Shanghai), "YYYY-MM-DD". */
const tomorrow = () => new Date(Date.now() + SHANGHAI_MS + 86_400_000).toISOString().slice(0, 10);

const SAVE = `mutation($m: InputAppointmentInformation!, $s: [String]) {
  saveAppointmentInformationAll(model: $m, timeSlotIdList: $s) { code messages }
}`;

/** Books the venue's one slot tomorrow as the signed-in page's user. */
async function bookSlot(page, venue, theme) {
  const found = await graphql(page, 'query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id } } }', {
    id: venue.id,
  });
  const slot = found.data?.findResources?.resourcesTimeSlot?.[0]?.id;
  assert.ok(slot, `no slot: ${JSON.stringify(found)}`);
  const saved = await graphql(page, SAVE, {
    m: { resources_id: venue.id, appointment_date: tomorrow(), state: 0, person_times: 1, wemeet_enable: 0, theme },
    s: [slot],
  });
  assert.equal(saved.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(saved));
}

export const journeys = [
  {
    name: '(mra1) on a desktop, a resource administrator opens the back office: the bookings of their venue only, the rest refused',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser)).page;
      await signInAt(admin, app, '/pc/home', accounts.admin);
      const { keeper, managed, other } = await setUpResourceAdmin(admin, stamp);
      await bookSlot(admin, managed, `管理预约${stamp}`);
      await bookSlot(admin, other, `别处预约${stamp}`);

      const page = track(await openPage(browser)).page;
      await signInAt(page, app, '/manage/home', keeper);
      const sidebar = page.locator('#yy-manage-sidebar');
      await sidebar.getByRole('menuitem', { name: '预约列表' }).waitFor({ timeout: 10_000 });
      const entries = (await sidebar.locator('.ant-menu-title-content').allInnerTexts()).map((s) => s.trim());
      assert.deepEqual(entries, ['首页', '预约列表', '签到签退']);

      await sidebar.getByRole('menuitem', { name: '预约列表' }).click();
      await expectPath(page, `${BASE}/manage/appointment/list`);
      await expectText(page, managed.name, { within: '.ant-table' });
      await expectText(page, `管理预约${stamp}`, { within: '.ant-table' });
      assert.equal(await page.locator('.ant-table').getByText(other.name).count(), 0, 'an unmanaged venue is listed');
      assert.equal(await page.getByRole('button', { name: '批量删除' }).count(), 0, 'batch delete is offered');
      await shot(page, 'manage-resource-admin-list-1366');

      // The sign desk opens too (its list is scoped by the server as well).
      await sidebar.getByRole('menuitem', { name: '签到签退' }).click();
      await expectPath(page, `${BASE}/manage/sign`);
      await expectText(page, '签到签退', { within: '.yy-manage-breadcrumb' });
      await page.locator('.ant-table').waitFor({ timeout: 10_000 });
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'manage-resource-admin-sign-390');
      assertNoPageErrors(page);

      await page.goto(`${app}${BASE}/manage/resources/resources-list`);
      await expectPath(page, `${BASE}/error/401`);
    },
  },
];
