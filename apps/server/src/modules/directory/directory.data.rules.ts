import { wouldCreateCycle } from './directory.rules.ts';

/**
 * Rules of the directory's Excel import and export (docs/GLOSSARY.md "Directory import"):
 * the columns of each sheet, what a cell may hold, how positions are written, the initial
 * password of an imported user, and the order departments are written in.
 */

export type DirectoryKind = 'departments' | 'posts' | 'users';
export const DIRECTORY_KINDS: readonly DirectoryKind[] = ['departments', 'posts', 'users'];

/** A column of a sheet: its key (the template's header), zh and en labels, and whether it is required. */
export interface DataColumn {
  key: string;
  zh: string;
  en: string;
  required?: boolean;
  width?: number;
}

export const SHEET_COLUMNS: Record<DirectoryKind, readonly DataColumn[]> = {
  departments: [
    { key: 'code', zh: '部门编码', en: 'Code', required: true },
    { key: 'name', zh: '部门名称', en: 'Name', required: true, width: 24 },
    { key: 'parent_code', zh: '上级部门编码', en: 'Parent code' },
    { key: 'order', zh: '排序', en: 'Order', width: 10 },
    { key: 'disabled', zh: '停用(1/0)', en: 'Disabled (1/0)', width: 12 },
    { key: 'description', zh: '说明', en: 'Description', width: 30 },
  ],
  posts: [
    { key: 'code', zh: '岗位编码', en: 'Code', required: true },
    { key: 'name', zh: '岗位名称', en: 'Name', required: true, width: 24 },
    { key: 'formal', zh: '正式岗位(1/0)', en: 'Formal (1/0)', width: 14 },
    { key: 'disabled', zh: '停用(1/0)', en: 'Disabled (1/0)', width: 12 },
    { key: 'description', zh: '说明', en: 'Description', width: 30 },
  ],
  users: [
    { key: 'account', zh: '账号', en: 'Account', required: true },
    { key: 'name', zh: '姓名', en: 'Name', required: true },
    { key: 'phone', zh: '手机号', en: 'Phone' },
    { key: 'email', zh: '邮箱', en: 'Email', width: 24 },
    { key: 'sex', zh: '性别', en: 'Sex', width: 8 },
    { key: 'positions', zh: '职位(部门编码:岗位编码;...)', en: 'Positions (dept:post;...)', width: 30 },
    { key: 'disabled', zh: '停用(1/0)', en: 'Disabled (1/0)', width: 12 },
    { key: 'password', zh: '初始密码', en: 'Initial password', width: 16 },
  ],
};

/** The zh and en texts of a kind, for file names and the operate log. */
export const KIND_WORDS: Record<DirectoryKind, { zh: string; en: string; module: 'department' | 'post' | 'user' }> = {
  departments: { zh: '部门', en: 'departments', module: 'department' },
  posts: { zh: '岗位', en: 'posts', module: 'post' },
  users: { zh: '用户', en: 'users', module: 'user' },
};

/** How a column is named in a refusal: zh label and en label. */
export function columnWords(column: DataColumn): string {
  return `${column.zh}`;
}

/**
 * Which column each header cell is: its key, its zh label, or `<zh> <en>` / `<en>`. Null
 * when a required column is missing.
 */
export function headerColumns(kind: DirectoryKind, header: readonly string[]): Map<number, string> | null {
  const columns = SHEET_COLUMNS[kind];
  const names = new Map<string, string>();
  for (const c of columns) {
    for (const n of [c.key, c.zh, c.en, `${c.zh} ${c.en}`]) names.set(n.trim().toLowerCase(), c.key);
  }
  const found = new Map<number, string>();
  header.forEach((h, i) => {
    const key = names.get(h.trim().toLowerCase());
    if (key && ![...found.values()].includes(key)) found.set(i, key);
  });
  const keys = new Set(found.values());
  return columns.every((c) => !c.required || keys.has(c.key)) ? found : null;
}

/** Whether a row is the template's label row (every cell empty or a column's label). */
export function isLabelRow(kind: DirectoryKind, cells: Record<string, string>): boolean {
  const labels = new Set(SHEET_COLUMNS[kind].flatMap((c) => [c.zh, c.en, `${c.zh} / ${c.en}`]));
  return Object.values(cells).every((t) => t === '' || labels.has(t));
}

/** A refusal of one cell: an error code of the catalogue and its parameters. */
export interface CellProblem {
  field: string;
  code: string;
  params: Record<string, string | number>;
}

const CODE = /^[A-Za-z0-9_.-]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{2,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LIMITS: Record<string, number> = {
  code: 64,
  name: 100,
  parent_code: 64,
  description: 1000,
  account: 64,
  email: 200,
  sex: 16,
  positions: 1000,
  password: 128,
};

/** A yes/no cell: 1/0, 是/否, true/false, yes/no, y/n; '' is undefined; anything else null. */
export function flagOf(text: string): boolean | undefined | null {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  if (['1', '是', 'true', 'yes', 'y'].includes(t)) return true;
  if (['0', '否', 'false', 'no', 'n'].includes(t)) return false;
  return null;
}

/** The problems of a row's cells (required, length, code format, flags, numbers, phone, email). */
export function cellProblems(kind: DirectoryKind, cells: Record<string, string>): CellProblem[] {
  const problems: CellProblem[] = [];
  for (const c of SHEET_COLUMNS[kind]) {
    const value = cells[c.key] ?? '';
    const column = columnWords(c);
    const refuse = (code: string, params: Record<string, string | number> = {}) =>
      problems.push({ field: c.key, code, params: { column, column_en: c.en, ...params } });
    if (value === '') {
      if (c.required) refuse('DIRECTORY_IMPORT_CELL_REQUIRED');
      continue;
    }
    const max = LIMITS[c.key];
    if (max && value.length > max) refuse('DIRECTORY_IMPORT_CELL_TOO_LONG', { max });
    else if ((c.key === 'code' || c.key === 'parent_code') && !CODE.test(value))
      refuse('DIRECTORY_IMPORT_CELL_BAD_CODE');
    else if (c.key === 'account' && /\s/.test(value))
      refuse('DIRECTORY_IMPORT_BAD_VALUE', { detail: '不能含空格 no spaces' });
    else if ((c.key === 'disabled' || c.key === 'formal') && flagOf(value) === null) {
      refuse('DIRECTORY_IMPORT_BAD_VALUE', { detail: '1/0' });
    } else if (c.key === 'order' && !/^-?\d{1,7}$/.test(value)) refuse('DIRECTORY_IMPORT_CELL_NOT_INTEGER');
    else if (c.key === 'phone' && !PHONE.test(value)) refuse('DIRECTORY_IMPORT_BAD_VALUE', { detail: value });
    else if (c.key === 'email' && !EMAIL.test(value)) refuse('DIRECTORY_IMPORT_BAD_VALUE', { detail: value });
    else if (c.key === 'password' && value.length < 8) {
      refuse('DIRECTORY_IMPORT_BAD_VALUE', { detail: '至少8个字符 at least 8 characters' });
    }
  }
  return problems;
}

/** The rows (by index) that repeat an earlier row's key, with the earlier row's index. */
export function repeatedKeys(keys: readonly string[]): Map<number, number> {
  const first = new Map<string, number>();
  const repeats = new Map<number, number>();
  keys.forEach((k, i) => {
    const at = first.get(k);
    if (at === undefined) first.set(k, i);
    else repeats.set(i, at);
  });
  return repeats;
}

/** A user's position as a sheet writes it: a department code and/or a post code. */
export interface PositionCodes {
  dept: string;
  post: string;
}

/**
 * Reads a positions cell: entries separated by `;` (or `；`, `,`, `，`, new lines), each
 * `deptCode:postCode` (`：` too); either code may be empty, not both. Null when malformed.
 */
export function parsePositions(text: string): { positions: PositionCodes[] } | { bad: string } {
  const positions: PositionCodes[] = [];
  for (const raw of text.split(/[;；,，\n]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const parts = entry.split(/[:：]/).map((p) => p.trim());
    if (parts.length > 2) return { bad: entry };
    const [dept = '', post = ''] = parts;
    if ((!dept && !post) || (dept && !CODE.test(dept)) || (post && !CODE.test(post))) return { bad: entry };
    positions.push({ dept, post });
  }
  return { positions };
}

/** Writes positions the way `parsePositions` reads them. */
export function formatPositions(positions: readonly { dept: string; post: string }[]): string {
  return positions.map((p) => (p.post ? `${p.dept}:${p.post}` : p.dept)).join('; ');
}

/**
 * The password a new imported user gets: the sheet's `password` cell, or none when it is empty
 * (no password signs in: an administrator sets one on the users page, or the user signs in
 * through the deployment's identity provider). Never a rule made from the account, which anyone
 * knowing an account could guess.
 */
export function initialPassword(cell: string): string | null {
  return cell || null;
}

/** A department row of an import: its code and the code of the parent it names ('' for none). */
export interface DeptPlanRow {
  index: number;
  code: string;
  parentCode: string;
}

/**
 * Checks the parents of the department rows against the existing departments
 * (`existing`: code -> parent code) and each other; `failedCodes`: codes of rows already
 * refused for their cells (code -> row), whose children are refused too. Returns the rows refused (index -> why:
 * `parent_missing`, `cycle`, or `parent_failed` with the parent row's index) and the order the
 * accepted rows are written in (parents before children).
 */
export function planDepartments(
  rows: readonly DeptPlanRow[],
  existing: ReadonlyMap<string, string>,
  failedCodes: ReadonlyMap<string, number> = new Map(),
): {
  refused: Map<number, { why: 'parent_missing' | 'cycle' } | { why: 'parent_failed'; parent: number }>;
  order: number[];
} {
  const refused = new Map<number, { why: 'parent_missing' | 'cycle' } | { why: 'parent_failed'; parent: number }>();
  const byCode = new Map(rows.map((r) => [r.code, r]));
  for (const r of rows) {
    if (!r.parentCode || byCode.has(r.parentCode)) continue;
    const failed = failedCodes.get(r.parentCode);
    if (failed !== undefined) refused.set(r.index, { why: 'parent_failed', parent: failed });
    else if (!existing.has(r.parentCode)) refused.set(r.index, { why: 'parent_missing' });
  }
  // Refuse rows on a cycle of the resulting tree until none is left (each pass refuses one cycle).
  for (;;) {
    const links = new Map(existing);
    for (const r of rows) if (!refused.has(r.index) && r.parentCode) links.set(r.code, r.parentCode);
    const cyclic = rows.find(
      (r) =>
        !refused.has(r.index) &&
        r.parentCode &&
        wouldCreateCycle(
          r.code,
          r.parentCode,
          [...links].map(([id, parent]) => ({ id, parent })),
        ),
    );
    if (!cyclic) break;
    refused.set(cyclic.index, { why: 'cycle' });
  }
  // A row whose parent row was refused is refused too.
  let changed = true;
  while (changed) {
    changed = false;
    for (const r of rows) {
      const parent = byCode.get(r.parentCode);
      if (!refused.has(r.index) && parent && refused.has(parent.index)) {
        refused.set(r.index, { why: 'parent_failed', parent: parent.index });
        changed = true;
      }
    }
  }
  const depth = (r: DeptPlanRow): number => {
    let d = 0;
    for (let p = byCode.get(r.parentCode); p && d <= rows.length; p = byCode.get(p.parentCode)) d++;
    return d;
  };
  const order = rows
    .filter((r) => !refused.has(r.index))
    .map((r) => ({ index: r.index, depth: depth(r) }))
    .sort((a, b) => a.depth - b.depth || a.index - b.index)
    .map((r) => r.index);
  return { refused, order };
}
