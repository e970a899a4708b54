import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../../../features/code-tables/api/importCodeItems.ts';
import { fileProblem } from './CodeItemImport.tsx';
import { ImportReportView } from './ImportReportView.tsx';
import { prepareBackOfficeTest } from '../../../../../testing/back-office.ts';

beforeAll(prepareBackOfficeTest);

const failedReport: ImportReport = {
  errcode: '500',
  msg: '导入失败：2行有错误，未导入任何数据',
  msg_en: 'Import failed: 2 rows have errors; nothing was imported',
  total: 5,
  imported: 0,
  errors: [
    { row: 3, column: 'item_code', msg: 'item_code不能为空', msg_en: 'item_code cannot be empty' },
    { row: 3, column: 'item_name', msg: 'item_name不能为空', msg_en: 'item_name cannot be empty' },
    {
      row: 6,
      column: 'item_parent',
      msg: '上级编码“x”在文件和代码表中都不存在',
      msg_en: 'The parent code "x" exists neither in the file nor in the code table',
    },
  ],
};

describe('ImportReportView', () => {
  it('shows the outcome, the totals and one table row per refused cell', () => {
    render(<ImportReportView report={failedReport} />);
    const report = screen.getByRole('region', { name: '导入结果' });
    expect(within(report).getByRole('alert').textContent).toContain('导入失败：2行有错误');
    const stats = Array.from(report.querySelectorAll('.ant-statistic')).map((s) => s.textContent);
    expect(stats).toEqual(['总行数5', '已导入0', '错误行数2']);
    const rows = Array.from(report.querySelectorAll('tbody tr.ant-table-row')).map((tr) =>
      Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['3', 'item_code', 'item_code不能为空'],
      ['3', 'item_name', 'item_name不能为空'],
      ['6', 'item_parent', '上级编码“x”在文件和代码表中都不存在'],
    ]);
  });

  it('says every row passed when nothing was refused', () => {
    render(
      <ImportReportView
        report={{
          errcode: '0',
          msg: '导入成功，共导入2行',
          msg_en: 'Import succeeded',
          total: 2,
          imported: 2,
          errors: [],
        }}
      />,
    );
    expect(screen.getByText('导入成功，共导入2行')).toBeTruthy();
    expect(screen.getByText('所有行均已通过校验')).toBeTruthy();
    expect(document.querySelector('tbody')).toBeNull();
  });
});

describe('fileProblem', () => {
  it.each([
    [{ name: 'items.xlsx', size: 1000 }, null],
    [{ name: 'ITEMS.XLSX', size: 2 * 1024 * 1024 }, null],
    [{ name: 'items.xls', size: 1000 }, 'notXlsx'],
    [{ name: 'items.csv', size: 10 }, 'notXlsx'],
    [{ name: 'big.xlsx', size: 2 * 1024 * 1024 + 1 }, 'fileTooLarge'],
  ])('%j -> %s', (file, expected) => expect(fileProblem(file)).toBe(expected));
});
