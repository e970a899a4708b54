// The ballot's back office on a desktop (1280x800, issue 21): the administrator sets a court to
// ballot mode on its resource page; three students enter the same slot through the API while the
// window is open; the administrator draws now on the draws page (confirmed first), opens the
// draw (seed, places, entries in drawn order with outcomes), replays it and sees "verified";
// the same in English; axe on the page with the draw open. E2E_SHOTS=<dir> saves screenshots
// (zh and en at 1280 px, and the draw on a phone at 390 px).
import assert from 'node:assert/strict';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  badmintonTypeId,
  dateFromToday,
  expectText,
  graphql,
  hhmm,
  makeHourlyCourt,
  openPage,
  signInAt,
  wallClock,
} from '../lib.mjs';
import { seriousViolations } from './accessibility.mjs';
import { iam, ok, shot } from './resource-admins.mjs';

const DESKTOP = { width: 1280, height: 800 };
const DAYS = 7;

const ENTER = `mutation ($m: InputAppointmentInformation!, $s: [String]) {
  saveAppointmentInformationAll(model: $m, timeSlotIdList: $s) { code auditStatus messages }
}`;

/** Signs a user in on a page of their own and enters the court's slot on `date` through the API. */
async function enter(browser, app, track, who, court, date, slot) {
  const page = track(await openPage(browser, DESKTOP)).page;
  await signInAt(page, app, '/pc/home', who);
  const entered = await graphql(page, ENTER, {
    m: { resources_id: court.id, appointment_date: date, theme: `抽签${who.account}` },
    s: [court.slots[slot]],
  });
  const answer = entered.data?.saveAppointmentInformationAll;
  assert.equal(answer?.code, '0', JSON.stringify(entered));
  assert.equal(answer?.auditStatus, '4', `not entered in the ballot: ${JSON.stringify(entered)}`);
}

export const journeys = [
  {
    name: '(bal2) on a desktop, the administrator sets a court to ballot, draws now, opens the draw and replays it: verified',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, DESKTOP)).page;
      await signInAt(admin, app, '/manage/home', accounts.admin);
      // dates open DAYS ahead at a refresh time two minutes ago: one date's window opens now
      const now = wallClock();
      const date = dateFromToday(now.minutes >= 2 ? DAYS : DAYS - 1);
      const court = await makeHourlyCourt(admin, {
        typeId: await badmintonTypeId(admin),
        name: `抽签后台E2E${stamp}`,
        days: DAYS,
        extra: { days_rule_refresh_time: hhmm((now.minutes - 2 + 1440) % 1440) },
      });
      const students = [1, 2].map((n) => ({
        account: `bal${stamp}${n}`,
        password: 'Ballot@123456',
        name: `抽签同学${n}`,
      }));
      for (const s of students) {
        ok(
          await iam(admin, 'mutation($m: InputUser!) { saveUser(model: $m) { errcode msg ids } }', {
            m: { ...s, role: 'user' },
          }),
          'saveUser',
        );
      }

      // The resource page: its release section, set to ballot with a 30-minute window.
      await admin.goto(`${app}${BASE}/manage/resources/resources-list/${court.id}`);
      const release = admin.getByTestId('ballot-release');
      await expectText(admin, '当前生效的设置：默认设置（先到先得）', { within: '[data-testid=ballot-release]' });
      await release.getByRole('radio', { name: /^抽签/ }).check();
      await release.getByLabel('报名时长（分钟）').fill('30');
      await release.getByRole('button', { name: '保存发放设置' }).click();
      // (its toast lasts 3 s, too short to wait for on a busy machine: the setting in force says it)
      await expectText(admin, '当前生效的设置：本资源自己的设置', { within: '[data-testid=ballot-release]' });
      await release.scrollIntoViewIfNeeded();
      await shot(admin, 'ballot-admin-release-1280-zh');
      const info = await graphql(
        admin,
        'query($r: ID, $d: Date) { findBallotDateInfo(resourcesId: $r, date: $d) { phase } }',
        { r: court.id, d: date },
      );
      assert.equal(info.data?.findBallotDateInfo?.phase, 'collecting', JSON.stringify(info));

      // Three students enter the one place of 10:00-11:00.
      await Promise.all(
        [accounts.student, ...students].map((who) => enter(browser, app, track, who, court, date, '10:00')),
      );

      // The draws page: draw now, confirmed.
      await admin.goto(`${app}${BASE}/manage/appointment/ballot-draws`);
      await admin.getByRole('button', { name: '立即抽签' }).click();
      const dialog = admin.locator('.ant-modal').filter({ hasText: '提前截止某个资源某天的报名' });
      await dialog.getByRole('combobox', { name: '资源' }).fill(court.name);
      await admin.locator('.ant-select-item-option').filter({ hasText: court.name }).click();
      const day = dialog.getByLabel('预约日期');
      await day.fill(date);
      await day.press('Enter');
      await expectText(admin, '报名状态：正在报名', { within: '[data-testid=ballot-phase]' });
      await dialog.getByRole('button', { name: '立即抽签' }).click();
      const confirm = admin.locator('.ant-modal-confirm');
      await expectText(admin, `将提前截止“${court.name}” ${date} 的报名并立即抽签`, { within: '.ant-modal-confirm' });
      await confirm.getByRole('button', { name: '立即抽签' }).click();
      // (its toast, 抽签完成：3 份报名，1 人中签, lasts 3 s: too short to wait for on a busy machine;
      // the opened draw below says the same)
      // The draw opens: seed, places, three entries in drawn order, one winner.
      const drawer = admin.locator('.ant-drawer');
      await expectText(admin, `抽签详情 · ${court.name}`, { within: '.ant-drawer' });
      const seed = (await drawer.getByTestId('ballot-seed').innerText()).trim();
      assert.match(seed, /^[0-9a-f]{64}$/);
      await expectText(admin, '10:00-11:00 × 1', { within: '.ant-drawer' });
      await expectText(admin, 'admin（提前抽签）', { within: '.ant-drawer' });
      const rows = drawer.locator('.ant-table-tbody tr.ant-table-row');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 3);
      const positions = await rows.locator('td:first-child').allInnerTexts();
      assert.deepEqual(positions, ['1', '2', '3']);
      assert.equal(await drawer.locator('.ant-table-tbody').getByText('中签', { exact: true }).count(), 1);
      assert.equal(await drawer.locator('.ant-table-tbody').getByText('名额已满', { exact: true }).count(), 2);

      await drawer.getByRole('button', { name: /复\s*核/ }).click();
      await expectText(admin, '复核一致', { within: '[data-testid=ballot-replay]' });
      assert.deepEqual(await seriousViolations(admin), [], 'axe on the draws page with the draw open');
      await shot(admin, 'ballot-admin-draw-1280-zh');
      const drawId = new URL(admin.url()).searchParams.get('draw');
      assert.ok(drawId, 'the open draw is not in the address');

      // The list holds the draw.
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });
      const listed = admin.locator('.ant-table-tbody tr').filter({ hasText: court.name });
      await listed.waitFor();
      assert.match(await listed.innerText(), new RegExp(date));
      await shot(admin, 'ballot-admin-list-1280-zh');

      // In English, opened from its address.
      await admin.evaluate(() => window.localStorage.setItem('system-language', 'en'));
      await admin.goto(`${app}${BASE}/manage/appointment/ballot-draws?draw=${drawId}`);
      await expectText(admin, `Draw · ${court.name}`, { within: '.ant-drawer' });
      await expectText(admin, 'admin (drawn early)', { within: '.ant-drawer' });
      await drawer.getByRole('button', { name: 'Replay' }).click();
      await expectText(admin, 'Verified', { within: '[data-testid=ballot-replay]' });
      await expectText(admin, 'No place left', { within: '.ant-drawer .ant-table-tbody' });
      await shot(admin, 'ballot-admin-draw-1280-en');
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });
      await expectText(admin, court.name, { within: '.ant-table-tbody' });
      await shot(admin, 'ballot-admin-list-1280-en');
      await admin.goto(`${app}${BASE}/manage/appointment/ballot-draws?draw=${drawId}`);
      // on a phone
      await admin.setViewportSize({ width: 390, height: 844 });
      await admin.reload();
      await drawer.getByTestId('ballot-seed').waitFor();
      await shot(admin, 'ballot-admin-draw-390-en');
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });
      await shot(admin, 'ballot-admin-list-390-en');
      assertNoPageErrors(admin);
    },
  },
];
