// Import a department sheet: the administrator opens the directory (/manage/console/directory),
// uploads a sheet of two new departments (the second under the first, named by code) and one bad
// row, reads the per-row report, and finds the new departments nested in the tree; selecting one
// shows its people. E2E_SHOTS=<dir> saves the page and the report at 1440 px in Chinese and English
// and the page at phone width.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { accounts, assertNoPageErrors, expectText, openPage, signInAt } from '../lib.mjs';

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const DIRECTORY = '/manage/console/directory';

async function shot(page, name) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `directory-${name}.png`), fullPage: true });
}

async function sheet(rows) {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('departments');
  ws.addRow(['code', 'name', 'parent_code', 'order']);
  ws.addRow(['部门编码 / Code', '部门名称 / Name', '上级部门编码 / Parent code', '排序 / Order']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Uploads a sheet in the open import dialog and waits for its report. */
async function importSheet(page, content, startLabel) {
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'departments.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: content,
  });
  await expectText(page, 'departments.xlsx', { within: '.ant-modal' });
  await dialog.getByRole('button', { name: startLabel }).click();
  const report = dialog.getByTestId('import-report');
  await report.waitFor();
  return { dialog, report };
}

export const journeys = [
  {
    name: '(dir1) import a department sheet with a bad row: the per-row report, the new departments in the tree',
    async run({ browser, app, track }) {
      const seed = String(Date.now() % 1_000_000_000);
      const a = `j${seed}-a`;
      const b = `j${seed}-b`;
      const { page } = track(await openPage(browser, DESK));
      await signInAt(page, app, DIRECTORY, accounts.admin);
      // the page's chunk and first lists may take a while on a busy machine
      await page.locator('.yy-dir-tree .ant-tree').waitFor({ timeout: 60_000 });
      await expectText(page, '组织机构与人员');

      await page
        .locator('.yy-dir-tree')
        .getByRole('button', { name: /导\s*入/ })
        .click();
      await expectText(page, '导入部门', { within: '.ant-modal' });
      const content = await sheet([
        [b, `旅程系${seed}`, a, 2], // parent is the next row
        [a, `旅程学院${seed}`, 'demo', 1],
        ['bad code', '坏编码', '', ''],
      ]);
      const { dialog, report } = await importSheet(page, content, /开始导入/);
      await expectText(page, '已导入：新增2行，更新0行；1行有错误未导入', { within: '[data-testid=import-report]' });
      const rows = await report.locator('tbody tr').allInnerTexts();
      assert.equal(rows.length, 1, rows.join('\n'));
      assert.match(rows[0], /^5\s+code\s+部门编码只能包含字母、数字、下划线、连字符和点/);
      await shot(page, 'import-report-zh');
      await dialog.getByRole('button', { name: /close|关闭/i }).click();

      // the new departments in the tree, the second under the first
      await page.getByLabel('搜索部门').fill(seed);
      const tree = page.locator('.yy-dir-tree .ant-tree');
      const parent = tree.getByText(`旅程学院${seed} (${a})`);
      const child = tree.getByText(`旅程系${seed} (${b})`);
      await parent.waitFor();
      await child.waitFor();
      const nodes = await tree
        .locator('.ant-tree-treenode')
        .evaluateAll((els) =>
          els.map((el) => ({ text: el.textContent, indent: el.querySelectorAll('.ant-tree-indent-unit').length })),
        );
      const ofA = nodes.find((n) => n.text.includes(a));
      const ofB = nodes.find((n) => n.text.includes(b));
      assert.ok(ofA && ofB && ofB.indent === ofA.indent + 1, JSON.stringify(nodes));
      await child.click();
      await expectText(page, `旅程系${seed}（${b}）的人员`);
      await shot(page, 'page-zh');

      // English
      await page.evaluate(() => localStorage.setItem('system-language', 'en'));
      await page.reload();
      await page.locator('.yy-dir-tree .ant-tree').waitFor({ timeout: 60_000 });
      await expectText(page, 'Organisation and people');
      await page.getByLabel('Search departments').fill(seed);
      await page.locator('.yy-dir-tree .ant-tree').getByText(`(${b})`).waitFor();
      await shot(page, 'page-en');
      if (process.env.E2E_SHOTS) {
        await page
          .locator('.yy-dir-tree')
          .getByRole('button', { name: /Import/ })
          .click();
        const again = await importSheet(page, await sheet([['bad code', 'x', '', '']]), /Import$/);
        await expectText(page, 'Import failed', { within: '[data-testid=import-report]' });
        await shot(page, 'import-report-en');
        await again.dialog.getByRole('button', { name: /close/i }).click();
        await page.setViewportSize(PHONE);
        await page.reload();
        await page.locator('.yy-dir-tree .ant-tree').waitFor({ timeout: 60_000 });
        await shot(page, 'phone-en');
      }
      await page.evaluate(() => localStorage.setItem('system-language', 'zh'));
      assertNoPageErrors(page);
    },
  },
];
