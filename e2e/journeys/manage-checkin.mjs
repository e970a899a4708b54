// Back-office check-in and blacklist: an administrator puts a user on the blacklist and
// pardons them (y3); the check-in list shows the student's booking and marking it a no-show
// changes its state (y4).
import assert from 'node:assert/strict';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  expectOutcome,
  expectText,
  graphql,
  submitLogin,
  expectPath,
  hhmm,
  openPage,
  wallClock,
} from '../lib.mjs';
import { iam, ok } from './resource-admins.mjs';

/** A 1366x900 page (its clock reads the tenant's zone, as every journey's does). */
const openDesktop = (browser) => openPage(browser, { width: 1366, height: 900 });

async function signInAt(page, app, pathname, who) {
  await page.goto(`${app}${BASE}${pathname}`);
  await submitLogin(page, who);
  await expectPath(page, `${BASE}${pathname}`);
}

/** Lifts the student's ban in force, if a run before this one left one (the journey adds its own). */
async function pardonStudent(admin) {
  const found = await graphql(
    admin,
    `
      query ($f: BlackListFilterMap) {
        findBlackListAll(first: 20, offset: 0, filter: $f) {
          edges {
            node {
              id
            }
          }
        }
      }
    `,
    { f: { user_account: { eq: accounts.student.account }, ban_state: { eq: '1' } } },
  );
  for (const { node } of found.data?.findBlackListAll?.edges ?? []) {
    const done = await graphql(admin, 'mutation ($id: ID!) { pardonBlackList(id: $id, reason: "e2e") { errcode } }', {
      id: node.id,
    });
    assert.equal(done.data?.pardonBlackList?.errcode, '0', JSON.stringify(done));
  }
}

const SAVE_RESOURCE = `mutation ($m: InputResources!) { saveResources(model: $m) { errcode msg ids } }`;
const SAVE_BOOKING = `mutation ($m: InputAppointmentInformation!) {
  saveAppointmentInformationAll(model: $m) { code messages auditStatus appointmentId }
}`;

export const journeys = [
  {
    name: '(y3) an administrator puts a user on the blacklist through the page, sees the entry and pardons it',
    async run({ browser, app, track }) {
      const { page } = track(await openDesktop(browser));
      await signInAt(page, app, '/manage/black/black-list', accounts.admin);
      // A user of the journey's own: the student may be banned at any moment by another
      // journey's no-show or by the no-show job, which would turn this entry into a refusal.
      const stamp = Date.now().toString(36);
      const banned = { account: `bl${stamp}`, name: `禁约测试${stamp}` };
      ok(
        await iam(page, 'mutation($m: InputUser!) { saveUser(model: $m) { errcode msg ids } }', {
          m: { ...banned, password: 'Banned@123456', role: 'user' },
        }),
        'saveUser',
      );
      const reason = `端到端黑名单${stamp}`;

      await page.getByRole('button', { name: '加入黑名单' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '截止到某天' });
      await dialog.getByRole('combobox', { name: '用户' }).fill(banned.account);
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: `${banned.name} (${banned.account})` })
        .click();
      await dialog.getByLabel('原因', { exact: true }).fill(reason);
      await dialog.getByText('禁约天数', { exact: true }).first().click();
      await dialog.getByRole('spinbutton', { name: '禁约天数' }).fill('3');
      await dialog.getByRole('button', { name: '下一步' }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await expectText(page, `将 ${banned.name} (${banned.account}) 加入黑名单`, { within: '.ant-modal-confirm' });
      await confirm.getByRole('button', { name: '加入黑名单' }).click();
      await expectOutcome(page, reason, { within: '.ant-table', refusalIn: dialog });

      const row = page.locator('.ant-table-row').filter({ hasText: reason });
      await expectText(page, '禁约中', { within: `.ant-table-row:has-text("${reason}")` });
      await expectText(page, '管理员添加', { within: `.ant-table-row:has-text("${reason}")` });

      // The user's one entry is the one just made, in force.
      const ban = await graphql(
        page,
        `
          query ($f: BlackListFilterMap) {
            findBlackListAll(first: 5, offset: 0, filter: $f) {
              edges {
                node {
                  reason
                  ban_state
                }
              }
            }
          }
        `,
        { f: { user_account: { eq: banned.account } } },
      );
      assert.deepEqual(
        ban.data?.findBlackListAll?.edges.map((e) => e.node),
        [{ reason, ban_state: '1' }],
        JSON.stringify(ban),
      );

      await row.getByRole('button', { name: /^解\s?除$/ }).click();
      const pardon = page.locator('.ant-modal').filter({ hasText: '解除原因' });
      await pardon.getByRole('button', { name: /^解\s?除$/ }).click();
      await expectText(page, '请填写解除原因', { within: '.ant-modal' });
      await pardon.getByLabel('解除原因').fill('核实后解除');
      await pardon.getByRole('button', { name: /^解\s?除$/ }).click();
      await expectOutcome(page, '已解除', { within: `.ant-table-row:has-text("${reason}")`, refusalIn: pardon });
      await expectText(page, '核实后解除', { within: `.ant-table-row:has-text("${reason}")` });
      assertNoPageErrors(page);
    },
  },
  {
    name: "(y4) the check-in list shows the student's booking; marking it a no-show with a reason changes its state",
    async run({ browser, app, track }) {
      const admin = track(await openDesktop(browser)).page;
      await signInAt(admin, app, '/manage/home', accounts.admin);
      await pardonStudent(admin);
      // A room of its own that admits bookings up to two hours after their start, so that the
      // student can book a period that has started (a no-show can only be marked then).
      const types = await graphql(admin, '{ findResourcesTypeAll { id resources_name } }');
      const meeting = types.data?.findResourcesTypeAll?.find((ty) => ty.resources_name === '会议室');
      assert.ok(meeting, JSON.stringify(types));
      const name = `签到测试室${Date.now().toString(36)}`;
      const saved = await graphql(admin, SAVE_RESOURCE, {
        m: {
          resources_type_id: meeting.id,
          resources_number: name,
          resources_name: name,
          resources_name_en: name,
          capacity: 4,
          available_number: 1,
          state: 1,
          rule_source: '0',
          time_slot_rule: '2',
          appointment_date_days: 7,
          timeslot_latest_rule: '1',
          timeslot_latest_deviation_minutes: 120,
          need_approve: '0',
          resourcesConfig: { pertimeslot_min_minutes: 5, pertimeslot_max_minutes: 240 },
        },
      });
      assert.equal(saved.data?.saveResources?.errcode, '0', JSON.stringify(saved));
      const resourceId = saved.data.saveResources.ids[0];

      try {
        const student = track(await openDesktop(browser)).page;
        await signInAt(student, app, '/pc/home', accounts.student);
        const now = wallClock();
        const start = Math.max(0, now.minutes - (now.minutes % 5) - 5);
        const end = Math.min(start + 30, 23 * 60 + 59);
        const theme = `端到端签到${Date.now().toString(36)}`;
        const booked = await graphql(student, SAVE_BOOKING, {
          m: {
            resources_id: resourceId,
            appointment_date: now.date,
            start_time: hhmm(start),
            end_time: hhmm(end),
            theme,
            phone: '13800000000',
            person_times: 1,
            state: 0,
          },
        });
        assert.equal(booked.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(booked));

        await admin.goto(`${app}${BASE}/manage/sign`);
        await admin.getByRole('combobox', { name: /^资源\s*:?$/ }).fill(name);
        await admin.locator('.ant-select-item-option').filter({ hasText: name }).click();
        await admin.getByRole('button', { name: /查\s?询/ }).click();
        await expectText(admin, name, { within: '.ant-table' });
        const row = `.ant-table-row:has-text("${name}")`;
        await expectText(admin, accounts.student.name, { within: row });
        await expectText(admin, '待签到', { within: row });
        await admin.locator(row).getByRole('button', { name: '标记违约' }).click();
        const dialog = admin.locator('.ant-modal').filter({ hasText: '标记为违约' });
        await expectText(admin, name, { within: '.ant-modal' });
        await dialog.getByLabel('备注说明').fill('开场后未到场');
        await dialog.getByRole('button', { name: '标记违约' }).click();
        await expectOutcome(admin, '违约', { within: `${row} .ant-tag`, refusalIn: dialog });
        await expectText(admin, '开场后未到场', { within: row });
        await expectText(admin, '工作人员标记', { within: row });
        assert.equal(await admin.locator(row).getByRole('button', { name: '标记违约' }).count(), 0);

        const list = await graphql(
          admin,
          `
            query ($f: AppointmentSignFilterMap) {
              findAppointmentSignAll(first: 5, offset: 0, filter: $f) {
                edges {
                  node {
                    theme
                    appointment_state
                    sign_state
                    remark
                  }
                }
              }
            }
          `,
          { f: { resources_id: { eq: resourceId } } },
        );
        const node = list.data?.findAppointmentSignAll?.edges.find((e) => e.node.theme === theme)?.node;
        assert.deepEqual(
          node && { a: node.appointment_state, s: node.sign_state, r: node.remark },
          { a: '2', s: '3', r: '开场后未到场' },
          JSON.stringify(list),
        );
        assertNoPageErrors(student);
        assertNoPageErrors(admin);
      } finally {
        // The room leaves the catalogue other journeys see.
        await graphql(admin, 'mutation ($id: ID!) { updateResourcesState(id: $id, state: 0) { errcode } }', {
          id: resourceId,
        });
        await pardonStudent(admin);
      }
    },
  },
];
