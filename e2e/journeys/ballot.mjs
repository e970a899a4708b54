// The ballot on a phone (390x844, issue 21): a court released by ballot whose window is open
// now; a student enters the ballot for a slot (the date and slots say so, the submit enters it,
// my appointments lists it in progress as "in the ballot"); the administrator, who entered the same
// slot through the API, draws now; the student sees the outcome, the entrants and the drawn
// position, in Chinese and in English. E2E_SHOTS=<dir> saves screenshots of each step.
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  badmintonTypeId,
  dateFromToday,
  expectPath,
  expectText,
  graphql,
  hhmm,
  makeHourlyCourt,
  openPage,
  signInAt,
  wallClock,
} from '../lib.mjs';
import { seriousViolations } from './accessibility.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DAYS = 7;
const WINDOW_MINUTES = 30;

async function shot(page, name) {
  if (!process.env.E2E_SHOTS) return;
  await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `ballot-${name}.png`), fullPage: true });
}

/** The booking centre's grid shows the searched court alone, its slots loaded. */
async function gridSettled(page) {
  await page.waitForFunction(
    () => document.querySelectorAll('.yy-tg tbody tr').length === 1 && !document.querySelector('.yy-tg-row-loading'),
  );
}

/**
 * A court whose dates open DAYS days ahead at a refresh time two minutes ago (tenant's zone), so
 * that one date's collection window (from its opening, WINDOW_MINUTES long) is open now.
 * Returns the court and that date.
 */
async function makeBallotCourt(admin, name) {
  const now = wallClock();
  const refresh = (now.minutes - 2 + 1440) % 1440;
  // before 00:02 the refresh time was yesterday's, which opened the date a day nearer
  const date = dateFromToday(now.minutes >= 2 ? DAYS : DAYS - 1);
  const court = await makeHourlyCourt(admin, {
    typeId: await badmintonTypeId(admin),
    name,
    days: DAYS,
    extra: { days_rule_refresh_time: hhmm(refresh), min_interval_minutes_cancel: 0 },
  });
  const saved = await graphql(
    admin,
    'mutation($m: InputBallotSetting) { saveBallotSetting(model: $m) { errcode msg } }',
    {
      m: {
        target_kind: 'resource',
        target_id: court.id,
        release_mode: 'ballot',
        window_minutes: WINDOW_MINUTES,
        weighted: false,
        max_wins_per_person: 0,
      },
    },
  );
  assert.equal(saved.data?.saveBallotSetting?.errcode, '0', JSON.stringify(saved));
  const info = await graphql(
    admin,
    'query($r: ID, $d: Date) { findBallotDateInfo(resourcesId: $r, date: $d) { release_mode phase closes_at } }',
    { r: court.id, d: date },
  );
  assert.equal(info.data?.findBallotDateInfo?.phase, 'collecting', JSON.stringify(info));
  return { court, date, closesAt: info.data.findBallotDateInfo.closes_at };
}

export const journeys = [
  {
    name: '(bal1) on a phone, a student enters a ballot, sees it pending, and after the draw sees the outcome and the entrants',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, PHONE)).page;
      await signInAt(admin, app, '/mobile/home', accounts.admin);
      const { court, date, closesAt } = await makeBallotCourt(admin, `抽签场地E2E${stamp}`);
      const drawnAt = closesAt.slice(11, 16);

      // The student picks the date: it says the ballot is open and when it is drawn.
      const page = track(await openPage(browser, PHONE)).page;
      await signInAt(page, app, `/mobile/chooseDate/${court.id}`, accounts.student);
      await page.getByRole('button', { name: date, exact: true }).click();
      await expectText(page, `抽签报名中，${drawnAt} 开奖`, { within: '.yy-ballot-notice' });
      await page.getByRole('button', { name: '10:00-11:00 可报名' }).click();
      await page.getByRole('button', { name: '10:00-11:00 已选择' }).waitFor();
      await shot(page, 'choose-zh');
      assert.deepEqual(await seriousViolations(page), [], 'axe on the date choice of a ballot');
      await page.getByRole('button', { name: '下一步' }).click();
      await expectPath(page, `${BASE}/mobile/applicationForm/${court.id}`);

      // The submit enters the ballot, and the answer says so with the draw's time (the server's words).
      await page.getByLabel('预约主题').fill(`抽签${stamp}`);
      await page.getByRole('button', { name: '参加抽签' }).click();
      await expectText(page, `已参加抽签，${closesAt.slice(0, 16)} 开奖`);
      await shot(page, 'entered-zh');

      // On a desktop (1280x800) the booking dialog says the same of the date, and submits as "enter the ballot".
      const desk = track(await openPage(browser, DESKTOP)).page;
      await signInAt(desk, app, `/pc/resources/${court.id}/appointment`, accounts.student);
      const dialog = desk.getByRole('dialog');
      const picker = dialog.locator('.ant-picker input');
      await picker.click();
      await picker.fill(date);
      await picker.press('Enter');
      await expectText(desk, `抽签报名中，${drawnAt} 开奖`, { within: '.ant-modal .yy-ballot-notice' });
      await expectText(desk, '已报名', { within: '.ant-modal .yy-slot-picker' });
      await shot(desk, 'desktop-dialog-zh');

      // The desktop booking centre's grid marks the court as released by ballot (text and icon) before any dialog.
      await desk.goto(`${app}${BASE}/pc/resources/${await badmintonTypeId(admin)}/list`);
      const keyword = desk.getByLabel('搜索资源名称', { exact: true });
      await keyword.fill(court.name);
      await keyword.press('Enter');
      await gridSettled(desk);
      const gridRow = desk.locator('.yy-tg tr', { hasText: court.name });
      await gridRow.locator('.yy-tg-ballot svg').waitFor();
      await expectText(desk, '抽签放号', { within: `.yy-tg tr:has-text("${court.name}") .yy-tg-ballot` });
      await expectText(desk, '抽签放号（开放后先报名、后抽签）', { within: '.yy-tg-legend' });
      await shot(desk, 'desktop-grid-zh');
      assert.deepEqual(await seriousViolations(desk), [], 'axe on the booking centre grid with a ballot');

      // The administrator enters the same slot: two entrants for one place.
      const entered = await graphql(
        admin,
        `
          mutation ($m: InputAppointmentInformation!, $s: [String]) {
            saveAppointmentInformationAll(model: $m, timeSlotIdList: $s) {
              code
              auditStatus
              messages
            }
          }
        `,
        { m: { resources_id: court.id, appointment_date: date, theme: '管理员报名' }, s: [court.slots['10:00']] },
      );
      assert.equal(entered.data?.saveAppointmentInformationAll?.auditStatus, '4', JSON.stringify(entered));

      // The back office lists the entries as "in the ballot" (their own status and search), with no approval to give.
      const office = track(await openPage(browser, DESKTOP)).page;
      await signInAt(office, app, '/manage/appointment/list', accounts.admin);
      // the list reads its search from the address (and drops it from there)
      await office.goto(`${app}${BASE}/manage/appointment/list?status=inBallot`);
      const entryRow = office.locator('.ant-table-row', { hasText: court.name }).first();
      await entryRow.waitFor();
      await expectText(office, '抽签中', { within: `.ant-table-row:has-text("${court.name}") .ant-tag` });
      assert.equal(await entryRow.getByRole('button', { name: /通\s*过|驳\s*回|改\s*期/ }).count(), 0);
      await shot(office, 'office-list-zh');
      assert.deepEqual(await seriousViolations(office), [], 'axe on the back-office list with entries');

      // My appointments, in progress: "in the ballot" (not "awaiting approval") with its draw time.
      await page.goto(`${app}${BASE}/mobile/myAppointment?tab=progress`);
      const card = page.getByRole('link', { name: new RegExp(court.name) });
      await card.waitFor();
      await expectText(page, `${drawnAt} 开奖`, { within: `a:has-text("${court.name}") .yy-ballot-tag` });
      await expectText(page, '抽签中', { within: `a:has-text("${court.name}") .adm-tag` });
      await shot(page, 'pending-zh');
      assert.deepEqual(await seriousViolations(page), [], 'axe on my appointments with an entry');
      await card.click();
      await expectText(page, '等待开奖', { within: '.yy-ballot-result' });

      // The administrator draws now; the student's detail shows the outcome, the entrants and the position.
      const drawn = await graphql(
        admin,
        'mutation($r: ID, $d: Date) { drawBallotNow(resourcesId: $r, date: $d) { entries_count winners_count } }',
        { r: court.id, d: date },
      );
      assert.deepEqual(drawn.data?.drawBallotNow, { entries_count: 2, winners_count: 1 }, JSON.stringify(drawn));
      await page.reload();
      const result = page.locator('.yy-ballot-result');
      await expectText(page, '抽签结果', { within: '.yy-ballot-result' });
      await expectText(page, '2 人', { within: '.yy-ballot-result' });
      const text = await result.innerText();
      assert.match(text, /已中签|未中签：名额已被先抽中的人占满/, text);
      assert.match(text, /第 [12] 位/, text);
      // the status beside the name: the winner's booking, or "not drawn" (never an approver's "rejected")
      const won = text.includes('已中签');
      await expectText(page, won ? '待履约' : '未中签', { within: '.yy-m-detail-status' });
      await shot(page, 'outcome-zh');
      assert.deepEqual(await seriousViolations(page), [], 'axe on the detail with the ballot result');

      // The same in English.
      await page.evaluate(() => window.localStorage.setItem('system-language', 'en'));
      await page.reload();
      await expectText(page, 'Ballot result', { within: '.yy-ballot-result' });
      await expectText(page, '2 entered', { within: '.yy-ballot-result' });
      assert.match(await result.innerText(), /Won a place|Not drawn: the places went to entries drawn earlier/);
      await shot(page, 'outcome-en');

      // After the draw the date books as usual: the notice says it was drawn.
      await page.goto(`${app}${BASE}/mobile/chooseDate/${court.id}`);
      await page.getByRole('button', { name: date, exact: true }).click();
      await expectText(page, 'Drawn: the places left book as usual', { within: '.yy-ballot-notice' });
      await shot(page, 'drawn-en');

      // On a desktop, my bookings list the outcome and the detail shows it.
      await desk.goto(`${app}${BASE}/pc/myAppointment`);
      const row = desk.locator('tr', { hasText: court.name });
      await row.locator('.yy-ballot-tag').waitFor();
      await shot(desk, 'desktop-list-zh');
      await row.getByRole('button', { name: '详情' }).click();
      await expectText(desk, '抽签结果', { within: '.ant-modal .yy-ballot-result' });
      await expectText(desk, '2 人', { within: '.ant-modal .yy-ballot-result' });
      await shot(desk, 'desktop-detail-zh');
      // The grid's ballot mark in English.
      await desk.evaluate(() => window.localStorage.setItem('system-language', 'en'));
      await desk.goto(`${app}${BASE}/pc/resources/${await badmintonTypeId(admin)}/list`);
      await desk.getByLabel('Search resource names', { exact: true }).fill(court.name);
      await desk.getByLabel('Search resource names', { exact: true }).press('Enter');
      await gridSettled(desk);
      await expectText(desk, 'By ballot', { within: `.yy-tg tr:has-text("${court.name}") .yy-tg-ballot` });
      await shot(desk, 'desktop-grid-en');
      assertNoPageErrors(desk);
      assertNoPageErrors(page);
      assertNoPageErrors(admin);
      assertNoPageErrors(office);
    },
  },
];
