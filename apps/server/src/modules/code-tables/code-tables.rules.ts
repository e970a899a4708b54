import {
  CODE_DESCRIPTION_MAX,
  CODE_ITEM_COLUMNS,
  CODE_MAX,
  CODE_NAME_MAX,
  codePattern,
  type CodeImportMode,
  type CodeItemColumn,
  type ErrorCode,
  type ErrorParams,
} from '@yuyue/shared';

/** What the tree rules need of an item: its code, name and parent link. */
export interface TreeLink {
  item_code: string;
  item_name: string;
  item_parent: string;
}

/**
 * True when the item is a root of its table's tree. The original marks a root by a parent equal
 * to its own name (spec 3 "Tree items"); an empty parent or one equal to its own code are
 * roots too, since neither can name another item.
 */
export function isRoot(item: TreeLink): boolean {
  return item.item_parent === '' || item.item_parent === item.item_name || item.item_parent === item.item_code;
}

/** The `item_parent` to store: roots keep their own name there (the original's marking). */
export function storedParent(item: { item_code: string; item_name: string; item_parent?: string }): string {
  const parent = item.item_parent ?? '';
  return isRoot({ ...item, item_parent: parent }) ? item.item_name : parent;
}

/**
 * Depth of every item of one table, by item_code: roots are 1, their children 2... An item whose
 * parent is missing counts as a root; items on or below a cycle (which the services never
 * let happen) get 0.
 */
export function levelsOf(items: readonly TreeLink[]): Map<string, number> {
  const byCode = new Map(items.map((i) => [i.item_code, i]));
  const levels = new Map<string, number>();
  const levelOf = (start: TreeLink): number => {
    const path: TreeLink[] = [];
    const seen = new Set<string>();
    let node: TreeLink | undefined = start;
    let base = 0;
    while (node) {
      const known = levels.get(node.item_code);
      if (known !== undefined) {
        base = known;
        break;
      }
      if (seen.has(node.item_code)) {
        for (const n of path) levels.set(n.item_code, 0);
        return 0;
      }
      seen.add(node.item_code);
      path.push(node);
      node = isRoot(node) ? undefined : byCode.get(node.item_parent);
    }
    if (base === 0 && node) {
      for (const n of path) levels.set(n.item_code, 0);
      return 0;
    }
    for (let i = path.length - 1, level = base + 1; i >= 0; i--, level++) levels.set(path[i]!.item_code, level);
    return levels.get(start.item_code)!;
  };
  for (const item of items) levelOf(item);
  return levels;
}

/**
 * Whether making `parentCode` the parent of `itemCode` would close a cycle: the parent is the
 * item itself or one of its descendants.
 */
export function wouldCycle(items: readonly TreeLink[], itemCode: string, parentCode: string): boolean {
  const byCode = new Map(items.map((i) => [i.item_code, i]));
  const seen = new Set<string>();
  let code: string | undefined = parentCode;
  while (code !== undefined && !seen.has(code)) {
    if (code === itemCode) return true;
    seen.add(code);
    const node = byCode.get(code);
    code = node && !isRoot(node) ? node.item_parent : undefined;
  }
  return false;
}

/** Orders items parents-first (depth-first, siblings by index then code): exports read like the tree. */
export function treeOrder<T extends TreeLink & { item_index: number }>(items: readonly T[]): T[] {
  const codes = new Set(items.map((i) => i.item_code));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const item of items) {
    if (isRoot(item) || !codes.has(item.item_parent)) roots.push(item);
    else children.set(item.item_parent, [...(children.get(item.item_parent) ?? []), item]);
  }
  const bySort = (a: T, b: T) =>
    a.item_index - b.item_index || (a.item_code < b.item_code ? -1 : a.item_code > b.item_code ? 1 : 0);
  const out: T[] = [];
  const seen = new Set<string>();
  const visit = (item: T) => {
    if (seen.has(item.item_code)) return;
    seen.add(item.item_code);
    out.push(item);
    for (const child of (children.get(item.item_code) ?? []).sort(bySort)) visit(child);
  };
  for (const root of roots.sort(bySort)) visit(root);
  // Items on a cycle are reachable from no root; keep them, at the end.
  for (const item of [...items].sort(bySort)) visit(item);
  return out;
}

// ---- Import ----

/** One data row of an import spreadsheet, as read: cell texts by column, and its sheet row number. */
export interface ImportRow {
  row: number;
  cells: Partial<Record<CodeItemColumn, string>>;
}

/** An item as the import writes it. */
export interface ImportedItem {
  row: number;
  item_code: string;
  item_name: string;
  item_name_en: string;
  item_parent: string;
  item_description: string;
  item_index: number;
}

/** A refusal of one cell, as a catalogue code (the service turns it into zh/en texts). */
export interface RowError {
  row: number;
  column: CodeItemColumn;
  code: ErrorCode;
  params: ErrorParams;
}

export interface ImportPlan {
  /** Rows that pass every check, parents before children. */
  valid: ImportedItem[];
  /** Every problem found, by row then column. */
  errors: RowError[];
  /** Data rows read. */
  total: number;
}

const limits: Partial<Record<CodeItemColumn, number>> = {
  item_code: CODE_MAX,
  item_name: CODE_NAME_MAX,
  item_name_en: CODE_NAME_MAX,
  item_parent: CODE_MAX,
  item_description: CODE_DESCRIPTION_MAX,
};

/** Checks each cell on its own; returns the row as an item, or null with its errors. */
function readRow(row: ImportRow, errors: RowError[]): ImportedItem | null {
  const before = errors.length;
  const cell = (c: CodeItemColumn) => (row.cells[c] ?? '').trim();
  const fail = (column: CodeItemColumn, code: ErrorCode, params: ErrorParams = {}) =>
    errors.push({ row: row.row, column, code, params: { column, ...params } });
  for (const column of ['item_code', 'item_name'] as const) {
    if (cell(column) === '') fail(column, 'IMPORT_CELL_REQUIRED');
  }
  for (const column of CODE_ITEM_COLUMNS) {
    const max = limits[column];
    if (max !== undefined && cell(column).length > max) fail(column, 'IMPORT_CELL_TOO_LONG', { max });
  }
  const code = cell('item_code');
  if (code !== '' && code.length <= CODE_MAX && !codePattern.test(code)) fail('item_code', 'IMPORT_CELL_BAD_CODE');
  const indexText = cell('item_index');
  const index = indexText === '' ? 0 : Number(indexText);
  if (!Number.isInteger(index) || Math.abs(index) > 1_000_000) fail('item_index', 'IMPORT_CELL_NOT_INTEGER');
  if (errors.length > before) return null;
  const item = {
    row: row.row,
    item_code: code,
    item_name: cell('item_name'),
    item_name_en: cell('item_name_en'),
    item_parent: cell('item_parent'),
    item_description: cell('item_description'),
    item_index: index,
  };
  return { ...item, item_parent: storedParent(item) };
}

/**
 * Validates an import against the items already in the table. A row whose code is already in
 * the table updates that item. Checks: required cells, lengths, code characters, integer
 * index, no code twice in the file, the parent exists in the file or the table, and no
 * cycles in the tree that would result. In mode `valid` a row whose parent is only in a bad
 * row is bad too (its parent would not be imported); in mode `all` any error means nothing
 * is imported, but every row is still checked so the report names them all.
 */
export function planImport(
  rows: readonly ImportRow[],
  existing: readonly TreeLink[],
  mode: CodeImportMode,
): ImportPlan {
  const errors: RowError[] = [];
  const firstRowOf = new Map<string, number>();
  const read: ImportedItem[] = [];
  for (const row of rows) {
    const item = readRow(row, errors);
    const code = (row.cells.item_code ?? '').trim();
    if (code !== '') {
      const first = firstRowOf.get(code);
      if (first !== undefined) {
        errors.push({
          row: row.row,
          column: 'item_code',
          code: 'IMPORT_DUPLICATE_CODE',
          params: { code, first },
        });
        continue;
      }
      firstRowOf.set(code, row.row);
    }
    if (item) read.push(item);
  }

  const tableCodes = new Set(existing.map((e) => e.item_code));
  const inFile = new Set(firstRowOf.keys());
  // Rows whose parent is absent everywhere.
  let candidates = read.filter((item) => {
    if (isRoot(item) || inFile.has(item.item_parent) || tableCodes.has(item.item_parent)) return true;
    errors.push({
      row: item.row,
      column: 'item_parent',
      code: 'IMPORT_PARENT_MISSING',
      params: { code: item.item_parent },
    });
    return false;
  });

  // A row whose parent is a bad row of the file: the parent is not imported (or, if the
  // table has that code, would keep its old links; still reported, the file meant its row).
  for (let changed = true; changed;) {
    changed = false;
    const good = new Set(candidates.map((c) => c.item_code));
    candidates = candidates.filter((item) => {
      if (isRoot(item) || !inFile.has(item.item_parent) || good.has(item.item_parent)) return true;
      errors.push({
        row: item.row,
        column: 'item_parent',
        code: 'IMPORT_PARENT_ROW_INVALID',
        params: { code: item.item_parent },
      });
      changed = true;
      return false;
    });
  }

  // Cycles in the tree the import would produce: the file's rows over the table's items.
  const merged = new Map<string, TreeLink>(existing.map((e) => [e.item_code, e]));
  for (const item of candidates) merged.set(item.item_code, item);
  const onCycle = new Map<string, string[]>();
  for (const item of candidates) {
    if (onCycle.has(item.item_code)) continue;
    const path: string[] = [];
    const seen = new Set<string>();
    let node: TreeLink | undefined = item;
    while (node && !isRoot(node) && !seen.has(node.item_code)) {
      seen.add(node.item_code);
      path.push(node.item_code);
      node = merged.get(node.item_parent);
    }
    if (node && !isRoot(node) && node.item_code === item.item_code) {
      const cycle = [...path, item.item_code];
      for (const code of path) onCycle.set(code, cycle);
    }
  }
  candidates = candidates.filter((item) => {
    const cycle = onCycle.get(item.item_code);
    if (!cycle) return true;
    errors.push({
      row: item.row,
      column: 'item_parent',
      code: 'IMPORT_CYCLE',
      params: { path: cycle.join(' → ') },
    });
    return false;
  });
  // A row below a row on a cycle lost its parent too.
  for (let changed = true; changed;) {
    changed = false;
    const good = new Set(candidates.map((c) => c.item_code));
    candidates = candidates.filter((item) => {
      if (isRoot(item) || good.has(item.item_parent) || !inFile.has(item.item_parent)) return true;
      errors.push({
        row: item.row,
        column: 'item_parent',
        code: 'IMPORT_PARENT_ROW_INVALID',
        params: { code: item.item_parent },
      });
      changed = true;
      return false;
    });
  }

  errors.sort((a, b) => a.row - b.row || CODE_ITEM_COLUMNS.indexOf(a.column) - CODE_ITEM_COLUMNS.indexOf(b.column));
  const valid = mode === 'all' && errors.length > 0 ? [] : treeOrder(candidates);
  return { valid, errors, total: rows.length };
}

/** Reads the header row: which sheet column holds which item column. Accepts the zh labels too. */
export function headerColumns(header: readonly string[]): Map<number, CodeItemColumn> | null {
  const aliases: Record<string, CodeItemColumn> = {
    编码: 'item_code',
    代码: 'item_code',
    名称: 'item_name',
    英文名称: 'item_name_en',
    上级编码: 'item_parent',
    描述: 'item_description',
    排序: 'item_index',
  };
  const out = new Map<number, CodeItemColumn>();
  header.forEach((text, i) => {
    const key = text.trim().replace(/\s*[(（].*$/, '');
    const column = (CODE_ITEM_COLUMNS as readonly string[]).includes(key.toLowerCase())
      ? (key.toLowerCase() as CodeItemColumn)
      : aliases[key];
    if (column && ![...out.values()].includes(column)) out.set(i, column);
  });
  const found = [...out.values()];
  return found.includes('item_code') && found.includes('item_name') ? out : null;
}

/** Count of rows (not cells) with at least one error. */
export function failedRows(errors: readonly { row: number }[]): number {
  return new Set(errors.map((e) => e.row)).size;
}

// ---- Filters ----

/** `findCodeItemsAll` arguments, normalised: empty strings mean "no condition". */
export interface CodeItemsQuery {
  codeId?: string;
  codePrefix?: string;
  parent?: string;
}

export function codeItemsQueryOf(args: {
  code_id?: string | null;
  code?: string | null;
  item_parent?: string | null;
}): CodeItemsQuery {
  const v = (s: string | null | undefined) => (s && s.trim() !== '' ? s.trim() : undefined);
  return { codeId: v(args.code_id), codePrefix: v(args.code), parent: v(args.item_parent) };
}

/** Children of `parent` among items: non-root items whose parent is that code. */
export function childrenOf<T extends TreeLink>(items: readonly T[], parent: string): T[] {
  return items.filter((i) => i.item_parent === parent && !isRoot(i));
}
