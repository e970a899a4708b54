import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors.ts';
import {
  importHeaderColumns,
  importLabel,
  importModel,
  VISITOR_IMPORT_COLUMNS,
  VISITOR_IMPORT_LABELS,
  type VisitorImportColumn,
} from './visitors.admin-records.rules.ts';

/** Sheets of the visitor back office (exceljs): the import template and reading it, and exports. */

const MAX_ROWS = 5000;

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
 * Reads the visitor import sheet: row 1 the header (column names or zh labels), a label row
 * under it skipped, blank rows skipped. Returns the rows' registration models and sheet row numbers.
 */
export async function readVisitorSheet(data: Buffer): Promise<{ models: Record<string, unknown>[]; rows: number[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('CODE_IMPORT_NOT_XLSX');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('VISITOR_IMPORT_NO_HEADER');
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    header[col - 1] = cellText(cell.value);
  });
  const columns = importHeaderColumns(Array.from(header, (h) => h ?? ''));
  if (!columns) throw new AppError('VISITOR_IMPORT_NO_HEADER');
  const labels = new Set(VISITOR_IMPORT_COLUMNS.flatMap((c) => [importLabel(c), VISITOR_IMPORT_LABELS[c].zh]));
  const models: Record<string, unknown>[] = [];
  const rows: number[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const sheetRow = sheet.getRow(r);
    const cells: Partial<Record<VisitorImportColumn, string>> = {};
    for (const [index, column] of columns) cells[column] = cellText(sheetRow.getCell(index + 1).value).trim();
    const texts = Object.values(cells);
    if (texts.every((t) => t === '')) continue;
    if (r === 2 && texts.every((t) => t === '' || labels.has(t))) continue;
    models.push(importModel(cells));
    rows.push(r);
    if (models.length > MAX_ROWS) throw new AppError('CODE_IMPORT_TOO_MANY_ROWS', { max: MAX_ROWS });
  }
  return { models, rows };
}

/** One column of an exported sheet: its key, its header (zh and en) and width. */
export interface SheetColumn {
  key: string;
  zh: string;
  en: string;
  width?: number;
}

/** An .xlsx with a bilingual header row and one row per record; numbers kept as text. */
export async function writeSheet(
  title: string,
  columns: readonly SheetColumn[],
  rows: readonly Record<string, unknown>[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Yuyue';
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: `${c.zh} ${c.en}`, key: c.key, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, row[c.key] ?? ''])));
  for (const c of columns) sheet.getColumn(c.key).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import template: column names, the label row, nothing else. */
export async function visitorTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Yuyue';
  const sheet = workbook.addWorksheet('visitors');
  sheet.columns = VISITOR_IMPORT_COLUMNS.map((key) => ({ header: key, key, width: key === 'remark' ? 30 : 20 }));
  sheet.addRow(Object.fromEntries(VISITOR_IMPORT_COLUMNS.map((c) => [c, importLabel(c)])));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF808080' } };
  for (const key of ['phone', 'card_number', 'card_type'] as const) sheet.getColumn(key).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
