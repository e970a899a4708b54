// Visitor back office, visits: with a second level for applications, a visitor registers and
// applies (host: the student), the student approves as host; the administrator finds the visit
// on the visits page, sees its approval trail, approves it there, and sees it counted on the
// statistics page (approved +1, the day's row in the table); shows the visitor's numbers whole and
// finds that view in the visitor operate log (masked there). The second level is put back.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  dateFromToday,
  expectOutcome,
  expectPath,
  expectText,
  graphql,
  openPage,
  signInAt,
  submitLogin,
} from '../lib.mjs';

const PHONE = { width: 360, height: 780 };
const HOST_PHONE = '13800000000';

async function codeSentTo(phone) {
  const file = (process.env.MESSAGE_CHANNEL ?? '').slice('file:'.length);
  assert.ok(file, 'the journeys run the server with MESSAGE_CHANNEL=file:<path>');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
    const code = /\d{6}/.exec(
      lines
        .map((l) => JSON.parse(l))
        .filter((m) => m.to === phone)
        .at(-1)?.text ?? '',
    )?.[0];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was sent to ${phone}`);
}

function idNumber(seed) {
  const base = `110105198502${String(1 + (seed % 28)).padStart(2, '0')}${String(seed % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...base].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return base + '10X98765432'[sum % 11];
}

const DETAIL = `mutation($m: VisitorDetailSettingsInput!) { updateVisitorDetailSettings(model: $m) { errcode msg } }`;

/** The number on a statistics card. */
async function cardValue(page, title) {
  const card = page.locator('.ant-statistic').filter({ hasText: title });
  return Number((await card.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
}

export const journeys = [
  {
    name: '(vv1) the administrator approves a visit at the second level, sees it in the statistics, and finds a view of its numbers whole in the visitor operate log',
    async run({ browser, app, track }) {
      const seed = Date.now() % 100_000_000;
      const phone = `136${String(seed).padStart(8, '0')}`;
      const name = `二级访客${seed % 10_000}`;
      const password = 'Guest-2026b';
      const today = dateFromToday(0);

      const admin = track(await openPage(browser, { width: 1280, height: 800 })).page;
      await signInAt(admin, app, '/manage/visitorManagement/statistics', accounts.admin);
      await admin.locator('.ant-statistic').first().waitFor();
      await admin.waitForLoadState('networkidle');
      const approvedBefore = await cardValue(admin, '审批通过');
      const set = await graphql(admin, DETAIL, {
        m: { visitor_type: '1', is_invite_school_flow_path: 1, is_enable_second_level: 1, invite_school_flow_path: '' },
      });
      assert.equal(set.data?.updateVisitorDetailSettings?.errcode, '0', JSON.stringify(set));
      try {
        // ---- a visitor registers and applies, naming the student as host
        const page = track(await openPage(browser, PHONE)).page;
        await page.goto(`${app}${BASE}/mobile/visitor/register?tenantKey=demo`);
        await page.fill('#yy-v-reg-visitor_name', name);
        await page.fill('#yy-v-reg-phone', phone);
        await page.getByRole('button', { name: '获取验证码' }).click();
        await expectText(page, '秒后重发');
        await page.fill('#yy-v-reg-code', await codeSentTo(phone));
        if (await page.locator('#yy-v-reg-card_number').count())
          await page.fill('#yy-v-reg-card_number', idNumber(seed));
        await page.fill('#yy-v-reg-password', password);
        await page.fill('#yy-v-reg-confirm', password);
        await page.getByRole('button', { name: '注册', exact: true }).click();
        await expectText(page, '注册成功');
        await page.getByRole('button', { name: '去登录' }).click();
        await submitLogin(page, { account: phone, password });
        await expectPath(page, `${BASE}/mobile/visitor/home`);
        const config = await graphql(
          page,
          `
            {
              findVisitorCategoryConfig {
                areas {
                  id
                  resources_name
                }
              }
            }
          `,
        );
        const library = config.data.findVisitorCategoryConfig.areas.find((a) => a.resources_name === '图书馆');
        assert.ok(library, 'the demo tenant offers the library to visitors');
        const fields = await graphql(
          page,
          `
            {
              findVisitorValidFieldInfo {
                field_name
                field_type
                is_appointment_required_info
                data_range
              }
            }
          `,
        );
        const infoList = (fields.data?.findVisitorValidFieldInfo ?? [])
          .filter((f) => f.is_appointment_required_info === 1)
          .map((f) => ({
            field_name: f.field_name,
            value:
              f.field_type === 'select'
                ? (f.data_range?.[0] ?? '')
                : ({
                    phone: '13900000009',
                    email: 'guest@example.com',
                    number: '1',
                    date: today,
                    idcard: idNumber(seed + 1),
                  }[f.field_type] ?? '无'),
          }));
        const saved = await graphql(
          page,
          `
            mutation ($m: VisitorAppointmentInput!) {
              saveVisitorAppointment(model: $m) {
                errcode
                msg
                ids
              }
            }
          `,
          {
            m: {
              in_school_date: today,
              in_school_area: library.id,
              in_school_reason: '学术交流',
              accept_visit_name: accounts.student.name,
              accept_visit_phone: HOST_PHONE,
              infoList,
            },
          },
        );
        assert.equal(saved.data?.saveVisitorAppointment?.errcode, '0', JSON.stringify(saved));
        const id = saved.data.saveVisitorAppointment.ids[0];

        // ---- the host approves (step 1): the visit now awaits the second level
        const host = track(await openPage(browser, PHONE)).page;
        await signInAt(host, app, '/mobile/home', accounts.student);
        const first = await graphql(
          host,
          `
            mutation ($id: String!) {
              auditVisitorAppointment(id: $id, state: "2") {
                errcode
                msg
              }
            }
          `,
          { id },
        );
        assert.equal(first.data?.auditVisitorAppointment?.errcode, '0', JSON.stringify(first));

        // ---- the administrator finds it, reads the trail and approves it
        await admin.goto(`${app}${BASE}/manage/visitorManagement/visitorAppointmentManage`);
        await admin.getByRole('textbox', { name: '访客姓名' }).fill(name);
        await admin.getByRole('button', { name: /查\s*询/ }).click();
        const row = admin.locator('.ant-table-row', { hasText: name });
        await row.waitFor();
        await expectText(admin, '待二级审批', { within: `.ant-table-row:has-text("${name}")` });
        await row.getByRole('button', { name: /详\s*情/ }).click();
        const drawer = admin.getByRole('dialog');
        await expectText(admin, '被访人审批 · 通过', { within: '.ant-drawer' });
        await drawer.getByRole('button', { name: /通\s*过/ }).click();
        await expectOutcome(admin, '二级审批 · 通过', { within: '.ant-drawer', refusalIn: drawer });
        // ---- the numbers shown whole, on purpose: the view is written to the visitor operate log
        await expectText(admin, `${phone.slice(0, 3)}****${phone.slice(-4)}`, { within: '.ant-drawer' });
        await drawer.getByRole('button', { name: '查看完整号码' }).click();
        await expectText(admin, '此次查看已记入访客操作日志', { within: '.ant-drawer' });
        await expectText(admin, phone, { within: '.ant-drawer' });
        await admin.keyboard.press('Escape');
        await expectText(admin, '已通过', { within: `.ant-table-row:has-text("${name}")` });

        // ---- counted in the statistics
        await admin.goto(`${app}${BASE}/manage/visitorManagement/statistics`);
        await admin.locator('.ant-statistic').first().waitFor();
        await admin.waitForLoadState('networkidle');
        assert.equal(await cardValue(admin, '审批通过'), approvedBefore + 1, 'the approval is not counted');
        const dayRow = admin.locator('table:has(caption:has-text("按时间")) tr', { hasText: today });
        const approvedCell = Number(await dayRow.locator('td').nth(2).innerText());
        assert.ok(approvedCell >= 1, `the day ${today} shows ${approvedCell} approved`);

        // ---- the visitor operate log names the unmasked view: who, what (in words), the masked visitor
        await admin.goto(`${app}${BASE}/manage/visitorManagement/visitorOperateLog`);
        const logged = admin.locator('.ant-table-row', { hasText: '查看完整号码' }).first();
        await logged.waitFor();
        await expectText(admin, `${phone.slice(0, 3)}****${phone.slice(-4)}`, {
          within: '.ant-table-row:has-text("查看完整号码")',
        });
        assert.ok(!(await admin.content()).includes(phone), 'the operate log shows the whole phone');
        assertNoPageErrors(admin);
      } finally {
        await graphql(admin, DETAIL, {
          m: { visitor_type: '1', is_invite_school_flow_path: 1, is_enable_second_level: 0 },
        });
      }
    },
  },
];
