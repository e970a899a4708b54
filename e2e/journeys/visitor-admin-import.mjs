// Import a visitor sheet: the administrator opens the visitor records, downloads nothing but
// builds a sheet like the template (two good rows, a bad phone, a row repeating a phone, a phone
// already registered), uploads it, reads the per-row report, and finds only the good rows in the
// list with their numbers masked (data_source 2, import). The cars and the campus entry summary
// pages open with their figures; an entry recorded by hand shows in the summary. axe (WCAG 2
// A/AA) on the records page. E2E_SHOTS=<dir> saves the three pages at 1280 px in Chinese and English.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { BASE, accounts, assertNoPageErrors, expectText, graphql, openPage, signInAt } from '../lib.mjs';
import { seriousViolations } from './accessibility.mjs';

const DESK = { width: 1280, height: 800 };
const RECORDS = '/manage/visitorManagement/visitorInfo';
const CARS = '/manage/visitorManagement/visitorCars';
const ENTRIES = '/manage/visitorManagement/visitorList';

async function shot(page, name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `visitor-admin-${name}.png`), fullPage: true });
}

/** Shoots the page in Chinese and in English, then back to Chinese. */
async function shootBoth(page, name, ready) {
  if (!process.env.E2E_SHOTS) return;
  await shot(page, `${name}-zh`);
  await page.evaluate(() => localStorage.setItem('system-language', 'en'));
  await page.reload();
  await ready();
  await page.waitForLoadState('networkidle');
  await shot(page, `${name}-en`);
  await page.evaluate(() => localStorage.setItem('system-language', 'zh'));
  await page.reload();
  await ready();
}

async function sheet(rows) {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('visitors');
  ws.addRow(['visitor_name', 'phone', 'unit', 'person_type']);
  ws.addRow(['姓名 Name *', '手机号 Mobile phone *', '单位 Organisation', '人员类型 Person type']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const journeys = [
  {
    name: '(vr1) import a visitor sheet: the per-row report, only the good rows imported and masked; cars and the campus entry summary',
    async run({ browser, app, track }) {
      const seed = String(Date.now() % 100_000_000).padStart(8, '0');
      const phone = (n) => `13${n}${seed}`.slice(0, 11);
      const { page } = track(await openPage(browser, DESK));
      await signInAt(page, app, RECORDS, accounts.admin);
      await expectText(page, '访客信息');
      const table = page.locator('.ant-table');
      await table.first().waitFor();

      // a visitor already registered: the sheet's fifth row repeats their phone
      const taken = phone(5);
      const added = await graphql(
        page,
        'mutation($m: VisitorRegistrationInput!) { addVisitorInfo(model: $m) { errcode msg } }',
        { m: { visitor_name: '已登记者', phone: taken } },
      );
      assert.equal(added.data?.addVisitorInfo?.errcode, '0', JSON.stringify(added));

      const content = await sheet([
        ['导入访客甲', phone(6), '甲单位', '家长'],
        ['导入访客乙', phone(7), '乙单位', ''],
        ['坏号码', '12345', '', ''],
        ['重复行', phone(6), '', ''],
        ['库中已有', taken, '', ''],
      ]);
      await page
        .getByRole('button', { name: /导\s*入/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'visitors.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: content,
      });
      await expectText(page, 'visitors.xlsx', { within: '.ant-modal' });
      await dialog.getByRole('button', { name: /开始导入/ }).click();
      const report = dialog.getByTestId('import-report');
      await report.waitFor();
      await expectText(page, '导入结果：共 5 行，导入 2 行，3 行有错误', { within: '[data-testid=import-report]' });
      const reportRows = await report.locator('tbody tr').allInnerTexts();
      assert.equal(reportRows.length, 3, reportRows.join('\n'));
      assert.match(reportRows[0], /^5\s+手机号/);
      assert.match(reportRows[1], /^6\s+手机号\s+手机号与第3行重复/);
      assert.match(reportRows[2], /^7\s+手机号\s+手机号已登记为访客/);
      await shot(page, 'import-report-zh');
      await dialog.getByRole('button', { name: /close|关闭/i }).click();

      // only the good rows, numbers masked, source "import"
      await page.getByLabel('姓名').first().fill('导入访客');
      await page.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) => r.textContent).join('|') !==
            '' &&
          ![...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].some((r) =>
            r.textContent.includes('已登记者'),
          ),
        null,
        { timeout: 10_000 },
      );
      const listed = await page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
      assert.equal(listed.length, 2, listed.join('\n'));
      for (const row of listed) {
        assert.match(row, /导入/);
        assert.match(row, /13\d\*{4}\d{4}/);
        assert.ok(!row.includes(phone(6)) && !row.includes(phone(7)), `a whole phone in the list: ${row}`);
      }
      assert.deepEqual(await seriousViolations(page), [], 'axe on the records page');
      await shootBoth(page, 'records', () => table.first().waitFor());

      // the cars page and the campus entry summary
      await page.goto(`${app}${BASE}${CARS}`);
      await expectText(page, '访客车辆');
      await page.locator('.ant-table').first().waitFor();
      await shootBoth(page, 'cars', () => page.locator('.ant-table').first().waitFor());

      await page.goto(`${app}${BASE}${ENTRIES}`);
      await expectText(page, '当前在校');
      const onCampus = async () =>
        Number(
          (await page.locator('.yy-vrec-summary .ant-statistic-content-value').first().innerText()).replace(/\D/g, ''),
        );
      const before = await onCampus();
      const areas = await graphql(page, '{ findVisitorCategoryConfig { areas { id resources_name } } }');
      const area = areas.data.findVisitorCategoryConfig.areas[0];
      assert.ok(area, 'the demo tenant has a visitor area');
      await page.getByRole('button', { name: /登记进入/ }).click();
      const entry = page.getByRole('dialog');
      await entry.getByLabel('访客').fill('手工登记访客');
      await entry.getByRole('combobox', { name: '进入地点' }).click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: area.resources_name })
        .first()
        .click();
      await entry.getByRole('button', { name: /保\s*存/ }).click();
      await expectText(page, '手工登记访客', { within: '.ant-table' });
      await page.waitForFunction(
        (n) =>
          Number(
            document.querySelector('.yy-vrec-summary .ant-statistic-content-value')?.textContent?.replace(/\D/g, ''),
          ) === n,
        before + 1,
        { timeout: 10_000 },
      );
      await shootBoth(page, 'entries', () => page.locator('.yy-vrec-summary').waitFor());
      assertNoPageErrors(page);
    },
  },
];
