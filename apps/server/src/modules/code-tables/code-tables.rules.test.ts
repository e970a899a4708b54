import { describe, expect, it } from 'vitest';
import {
  childrenOf,
  headerColumns,
  isRoot,
  levelsOf,
  planImport,
  storedParent,
  treeOrder,
  wouldCycle,
  type ImportRow,
  type TreeLink,
} from './code-tables.rules.ts';

const link = (item_code: string, item_parent = '', item_name = `${item_code}-name`): TreeLink => ({
  item_code,
  item_name,
  item_parent,
});

describe('isRoot', () => {
  it.each([
    ['empty parent', link('a', ''), true],
    ['parent equal to its own name (spec 3)', link('a', '甲', '甲'), true],
    ['parent equal to its own code', link('a', 'a'), true],
    ['parent is another code', link('a', 'b'), false],
  ])('%s', (_, item, expected) => expect(isRoot(item)).toBe(expected));
});

describe('storedParent', () => {
  it.each([
    [{ item_code: 'a', item_name: '甲', item_parent: '' }, '甲'],
    [{ item_code: 'a', item_name: '甲', item_parent: 'a' }, '甲'],
    [{ item_code: 'a', item_name: '甲' }, '甲'],
    [{ item_code: 'a', item_name: '甲', item_parent: 'b' }, 'b'],
  ])('%j stores %s', (item, expected) => expect(storedParent(item)).toBe(expected));
});

describe('levelsOf', () => {
  it.each<[string, TreeLink[], Record<string, number>]>([
    ['roots are level 1', [link('a'), link('b')], { a: 1, b: 1 }],
    ['children below', [link('c', 'b'), link('b', 'a'), link('a')], { a: 1, b: 2, c: 3 }],
    ['a missing parent counts as a root', [link('x', 'nowhere')], { x: 1 }],
    ['a cycle is level 0', [link('p', 'q'), link('q', 'p'), link('r', 'p')], { p: 0, q: 0, r: 0 }],
  ])('%s', (_, items, expected) => expect(Object.fromEntries(levelsOf(items))).toEqual(expected));
});

describe('wouldCycle', () => {
  const tree = [link('a'), link('b', 'a'), link('c', 'b')];
  it.each([
    ['itself', 'a', 'a', true],
    ['a descendant', 'a', 'c', true],
    ['an ancestor', 'c', 'a', false],
    ['a sibling subtree', 'b', 'a', false],
    ['an unknown code', 'a', 'zzz', false],
  ])('parent %s', (_, item, parent, expected) => expect(wouldCycle(tree, item, parent)).toBe(expected));
});

describe('treeOrder and childrenOf', () => {
  const items = [
    { ...link('gym', 'main'), item_index: 1 },
    { ...link('east', '东', '东'), item_index: 2 },
    { ...link('library', 'east'), item_index: 1 },
    { ...link('main', '主', '主'), item_index: 1 },
    { ...link('admin', 'main'), item_index: 2 },
  ];
  it('orders parents first, siblings by index', () => {
    expect(treeOrder(items).map((i) => i.item_code)).toEqual(['main', 'gym', 'admin', 'east', 'library']);
  });
  it('children exclude roots', () => {
    expect(childrenOf(items, 'main').map((i) => i.item_code)).toEqual(['gym', 'admin']);
    expect(childrenOf([link('main', 'main')], 'main')).toEqual([]);
  });
});

describe('headerColumns', () => {
  it.each<[string, string[], Record<number, string> | null]>([
    ['column names', ['item_code', 'item_name', 'item_parent'], { 0: 'item_code', 1: 'item_name', 2: 'item_parent' }],
    [
      'zh labels and case',
      ['编码', 'ITEM_NAME', '上级编码（可空）'],
      { 0: 'item_code', 1: 'item_name', 2: 'item_parent' },
    ],
    ['unknown columns ignored', ['x', 'item_name', 'item_code'], { 1: 'item_name', 2: 'item_code' }],
    ['missing item_name', ['item_code', 'item_parent'], null],
  ])('%s', (_, header, expected) => {
    const got = headerColumns(header);
    expect(got ? Object.fromEntries(got) : null).toEqual(expected);
  });
});

const row = (n: number, item_code: string, item_name: string, item_parent = '', extra = {}): ImportRow => ({
  row: n,
  cells: { item_code, item_name, item_parent, ...extra },
});

describe('planImport', () => {
  const table = [link('main', '主校区', '主校区')];
  const cases: {
    name: string;
    rows: ImportRow[];
    mode: 'all' | 'valid';
    valid: string[];
    errors: [number, string, string][];
  }[] = [
    {
      name: 'good rows, parents in file or table',
      rows: [row(2, 'gym', '体育馆', 'main'), row(3, 'east', '东校区'), row(4, 'library', '图书馆', 'east')],
      mode: 'all',
      valid: ['east', 'library', 'gym'],
      errors: [],
    },
    {
      name: 'required cells',
      rows: [row(2, '', '无编码'), row(3, 'x', ''), row(4, 'ok', '好')],
      mode: 'valid',
      valid: ['ok'],
      errors: [
        [2, 'item_code', 'IMPORT_CELL_REQUIRED'],
        [3, 'item_name', 'IMPORT_CELL_REQUIRED'],
      ],
    },
    {
      name: 'mode all imports nothing on an error',
      rows: [row(2, '', '无编码'), row(3, 'ok', '好')],
      mode: 'all',
      valid: [],
      errors: [[2, 'item_code', 'IMPORT_CELL_REQUIRED']],
    },
    {
      name: 'duplicate codes in the file',
      rows: [row(2, 'a', '甲'), row(3, 'a', '乙')],
      mode: 'valid',
      valid: ['a'],
      errors: [[3, 'item_code', 'IMPORT_DUPLICATE_CODE']],
    },
    {
      name: 'bad code characters, long names, non-integer index',
      rows: [row(2, 'a b', '甲'), row(3, 'c', 'x'.repeat(101)), row(4, 'd', '丁', '', { item_index: '1.5' })],
      mode: 'valid',
      valid: [],
      errors: [
        [2, 'item_code', 'IMPORT_CELL_BAD_CODE'],
        [3, 'item_name', 'IMPORT_CELL_TOO_LONG'],
        [4, 'item_index', 'IMPORT_CELL_NOT_INTEGER'],
      ],
    },
    {
      name: 'parent missing everywhere',
      rows: [row(2, 'a', '甲', 'nowhere')],
      mode: 'valid',
      valid: [],
      errors: [[2, 'item_parent', 'IMPORT_PARENT_MISSING']],
    },
    {
      name: 'parent row bad: the child is refused too (mode valid)',
      rows: [row(2, 'p', ''), row(3, 'c', '子', 'p'), row(4, 'g', '孙', 'c')],
      mode: 'valid',
      valid: [],
      errors: [
        [2, 'item_name', 'IMPORT_CELL_REQUIRED'],
        [3, 'item_parent', 'IMPORT_PARENT_ROW_INVALID'],
        [4, 'item_parent', 'IMPORT_PARENT_ROW_INVALID'],
      ],
    },
    {
      name: 'a cycle in the file',
      rows: [row(2, 'a', '甲', 'b'), row(3, 'b', '乙', 'a'), row(4, 'c', '丙', 'a'), row(5, 'd', '丁')],
      mode: 'valid',
      valid: ['d'],
      errors: [
        [2, 'item_parent', 'IMPORT_CYCLE'],
        [3, 'item_parent', 'IMPORT_CYCLE'],
        [4, 'item_parent', 'IMPORT_PARENT_ROW_INVALID'],
      ],
    },
    {
      name: 'a cycle through the table (a root moved below its own child)',
      rows: [row(2, 'gym', '体育馆', 'main'), row(3, 'main', '主校区', 'gym')],
      mode: 'valid',
      valid: [],
      errors: [
        [2, 'item_parent', 'IMPORT_CYCLE'],
        [3, 'item_parent', 'IMPORT_CYCLE'],
      ],
    },
    {
      name: 'a row with a code already in the table updates it',
      rows: [row(2, 'main', '主校区（新）')],
      mode: 'all',
      valid: ['main'],
      errors: [],
    },
  ];
  it.each(cases)('$name', ({ rows, mode, valid, errors }) => {
    const plan = planImport(rows, table, mode);
    expect(plan.total).toBe(rows.length);
    expect(plan.valid.map((v) => v.item_code)).toEqual(valid);
    expect(plan.errors.map((e) => [e.row, e.column, e.code])).toEqual(errors);
  });

  it('stores roots with their own name as parent and reads the index', () => {
    const plan = planImport([row(2, 'a', '甲', '', { item_index: '3', item_name_en: 'A' })], [], 'all');
    expect(plan.valid[0]).toMatchObject({ item_parent: '甲', item_index: 3, item_name_en: 'A' });
  });
});
