import ExcelJS from 'exceljs';
import { CODE_IMPORT_MAX_ROWS, CODE_ITEM_COLUMNS, type CodeItemColumn } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { headerColumns, type ImportRow } from './code-tables.rules.ts';

/** Header labels under the column names: what each column holds, in zh and en. */
const columnLabels: Record<CodeItemColumn, string> = {
  item_code: '编码 Code *',
  item_name: '名称 Name *',
  item_name_en: '英文名称 English name',
  item_parent: '上级编码 Parent code',
  item_description: '描述 Description',
  item_index: '排序 Order',
};

/** The text of a cell, whatever exceljs read it as (numbers, rich text, formulas, hyperlinks). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}

/**
 * Reads the first worksheet of an .xlsx: row 1 is the header (column names or their zh
 * labels), a second row of labels (as exported) is skipped, blank rows are skipped.
 */
export async function readImportSheet(data: Buffer): Promise<ImportRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('CODE_IMPORT_NOT_XLSX');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('CODE_IMPORT_NO_HEADER');
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    header[col - 1] = cellText(cell.value);
  });
  const columns = headerColumns(Array.from(header, (h) => h ?? ''));
  if (!columns) throw new AppError('CODE_IMPORT_NO_HEADER');
  const rows: ImportRow[] = [];
  const labels = new Set(Object.values(columnLabels));
  for (let r = 2; r <= sheet.rowCount; r++) {
    const sheetRow = sheet.getRow(r);
    const cells: ImportRow['cells'] = {};
    for (const [index, column] of columns) cells[column] = cellText(sheetRow.getCell(index + 1).value).trim();
    const texts = Object.values(cells);
    if (texts.every((t) => t === '')) continue;
    if (r === 2 && texts.every((t) => t === '' || labels.has(t))) continue;
    rows.push({ row: r, cells });
    if (rows.length > CODE_IMPORT_MAX_ROWS)
      throw new AppError('CODE_IMPORT_TOO_MANY_ROWS', { max: CODE_IMPORT_MAX_ROWS });
  }
  return rows;
}

/** An .xlsx of items: column names, a row of labels, then one row per item (none: a template). */
export async function writeItemsSheet(
  title: string,
  items: readonly Record<CodeItemColumn, string | number>[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Yuyue';
  const sheet = workbook.addWorksheet(title.replace(/[*?:\\/[\]]/g, '_').slice(0, 31) || 'items');
  sheet.columns = CODE_ITEM_COLUMNS.map((key) => ({ header: key, key, width: key === 'item_description' ? 40 : 22 }));
  sheet.addRow(Object.fromEntries(CODE_ITEM_COLUMNS.map((c) => [c, columnLabels[c]])));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF808080' } };
  for (const item of items) sheet.addRow(item);
  // Codes stay text (a code "01" must not become the number 1).
  for (const key of ['item_code', 'item_parent'] as const) sheet.getColumn(key).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
