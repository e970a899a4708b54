import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors.ts';
import { headerColumns, isLabelRow, SHEET_COLUMNS, type DirectoryKind } from './directory.data.rules.ts';

/**
 * Sheets of the directory (exceljs): the import templates, reading an uploaded sheet, and the
 * exports. An export has the template's two header rows (column keys, then labels), so an
 * exported sheet imports back as it is.
 */

export const MAX_IMPORT_ROWS: Record<DirectoryKind, number> = { departments: 5000, posts: 5000, users: 2000 };

/** The text of a cell, whatever exceljs read it as (numbers, rich text, formulas, hyperlinks). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}

/** One data row of a sheet: its sheet row number and its cells by column key (trimmed). */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

/**
 * Reads an uploaded sheet of `kind`: row 1 the header (column keys or labels), the label row
 * under it skipped, blank rows skipped.
 */
export async function readDirectorySheet(kind: DirectoryKind, data: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('CODE_IMPORT_NOT_XLSX');
  }
  const sheet = workbook.worksheets[0];
  const required = SHEET_COLUMNS[kind]
    .filter((c) => c.required)
    .map((c) => c.key)
    .join(', ');
  if (!sheet) throw new AppError('DIRECTORY_IMPORT_NO_HEADER', { columns: required });
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    header[col - 1] = cellText(cell.value);
  });
  const columns = headerColumns(
    kind,
    Array.from(header, (h) => h ?? ''),
  );
  if (!columns) throw new AppError('DIRECTORY_IMPORT_NO_HEADER', { columns: required });
  const rows: SheetRow[] = [];
  const max = MAX_IMPORT_ROWS[kind];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const sheetRow = sheet.getRow(r);
    const cells: Record<string, string> = {};
    for (const [index, key] of columns) cells[key] = cellText(sheetRow.getCell(index + 1).value).trim();
    if (Object.values(cells).every((t) => t === '')) continue;
    if (r === 2 && isLabelRow(kind, cells)) continue;
    rows.push({ row: r, cells });
    if (rows.length > max) throw new AppError('CODE_IMPORT_TOO_MANY_ROWS', { max });
  }
  return rows;
}

/** A sheet of `kind`: the column keys, the label row, then `rows` (every cell as text). */
export async function writeDirectorySheet(
  kind: DirectoryKind,
  rows: readonly Record<string, string>[],
): Promise<Buffer> {
  const columns = SHEET_COLUMNS[kind].filter((c) => kind !== 'users' || c.key !== 'password');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Yuyue';
  const sheet = workbook.addWorksheet(kind);
  sheet.columns = columns.map((c) => ({ header: c.key, key: c.key, width: c.width ?? 18 }));
  sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, `${c.zh} / ${c.en}`])));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF808080' } };
  for (const c of columns) sheet.getColumn(c.key).numFmt = '@';
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, row[c.key] ?? ''])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The import template of `kind` (with the password column for users). */
export async function directoryTemplate(kind: DirectoryKind): Promise<Buffer> {
  const columns = SHEET_COLUMNS[kind];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Yuyue';
  const sheet = workbook.addWorksheet(kind);
  sheet.columns = columns.map((c) => ({ header: c.key, key: c.key, width: c.width ?? 18 }));
  sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, `${c.zh} / ${c.en}`])));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(2).font = { italic: true, color: { argb: 'FF808080' } };
  for (const c of columns) sheet.getColumn(c.key).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
