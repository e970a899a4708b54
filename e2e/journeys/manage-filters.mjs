// Back office: the bookings list searched by booker and department, and the statistics page
// drawn from one query (desktop viewport 1366x900). SHOTS_DIR=<dir> keeps screenshots of both.
import assert from 'node:assert/strict';
import path from 'node:path';
import { BASE, accounts, assertNoPageErrors, expectText, graphql, nextWorkday, openPage, signInAt } from '../lib.mjs';

const SAVE = `mutation($m: InputAppointmentInformation!) {
  saveAppointmentInformationAll(model: $m) { code messages }
}`;

async function shot(page, name) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`) });
}

export const journeys = [
  {
    name: "(mf1) an administrator finds a student's booking by part of the name, then sees the statistics from one query",
    async run({ browser, app, track }) {
      const student = track(await openPage(browser)).page;
      await signInAt(student, app, '/pc/home', accounts.student);
      const found = await graphql(
        student,
        '{ findResourcesAllByAccount(first: 100, offset: 0) { id need_approve time_slot_rule } }',
      );
      const room = found.data?.findResourcesAllByAccount?.find((r) => r.time_slot_rule === '2');
      assert.ok(room, `no free-time resource in the demo: ${JSON.stringify(found)}`);
      const hour = 8 + Math.floor(Math.random() * 4);
      const theme = `筛选${Date.now().toString(36)}`;
      const saved = await graphql(student, SAVE, {
        m: {
          resources_id: room.id,
          // the demo's meeting room takes bookings Monday to Friday
          appointment_date: nextWorkday(),
          start_time: `0${hour}:00`.slice(-5),
          end_time: `0${hour}:30`.slice(-5),
          theme,
          state: 0,
        },
      });
      assert.equal(saved.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(saved));

      const admin = track(await openPage(browser, { width: 1366, height: 900 })).page;
      await signInAt(admin, app, '/manage/appointment/list', accounts.admin);
      const lists = [];
      admin.on('request', (req) => {
        const body = req.postDataJSON?.();
        if (body?.operationName === 'findAppointmentInformationAllForAppointMent') lists.push(body.variables.filter);
      });
      await admin.getByRole('textbox', { name: '预约人' }).fill(accounts.student.name.slice(1));
      await admin.getByRole('button', { name: /查\s?询/ }).click();
      await expectText(admin, theme, { within: '.ant-table' });
      assert.deepEqual(lists.at(-1), { booker: { like: accounts.student.name.slice(1) } });
      await shot(admin, 'manage-appointment-list-1366');
      await admin.getByRole('textbox', { name: '预约人' }).fill('没有这个人');
      await admin.getByRole('button', { name: /查\s?询/ }).click();
      await admin.locator('.ant-table .ant-empty').waitFor({ timeout: 10_000 });

      const stats = [];
      admin.on('request', (req) => {
        const op = req.postDataJSON?.()?.operationName;
        if (op) stats.push(op);
      });
      await admin.goto(`${app}${BASE}/manage/appointment/venues-statistics?tab=resources`);
      await expectText(admin, '查看预约', { within: '.ant-table' });
      await admin.locator('.yy-chart canvas').first().waitFor({ timeout: 10_000 });
      await shot(admin, 'manage-statistics-resources-1366');
      await admin.getByRole('tab', { name: '场馆类型分析' }).click();
      await expectText(admin, '羽毛球场', { within: '.ant-table' });
      await admin.locator('.yy-chart canvas').nth(1).waitFor({ timeout: 10_000 });
      await admin.waitForTimeout(400); // the tab's ink bar settles
      assert.equal(stats.filter((op) => op === 'findAppointmentStatistics').length, 1, stats.join(','));
      assert.ok(!stats.includes('countAppointments'), stats.join(','));
      await shot(admin, 'manage-statistics-1366');
      assertNoPageErrors(admin);
    },
  },
];
