import { describe, expect, it } from 'vitest';
import {
  COLUMN_SETTINGS_VERSION,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  applySettings,
  canHide,
  clampWidth,
  defaultSettings,
  isCustomised,
  mergeSettings,
  moveBy,
  readStored,
  reorder,
  setVisible,
  setWidth,
  storageKeyOf,
  writeStored,
  type ColumnDefault,
} from './columnSettings.ts';

const defaults: ColumnDefault[] = [{ key: 'name', width: 120 }, { key: 'type' }, { key: 'state', hidden: true }];
const keys = (s: { key: string }[]) => s.map((c) => c.key);

describe('defaultSettings', () => {
  it('follows the declaration: order, widths, hidden columns', () => {
    expect(defaultSettings(defaults)).toEqual([
      { key: 'name', visible: true, width: 120 },
      { key: 'type', visible: true },
      { key: 'state', visible: false },
    ]);
  });
});

describe('mergeSettings', () => {
  it('applies stored v1.0 order, visibility and widths', () => {
    const stored = {
      version: '1.0',
      columns: [
        { key: 'state', visible: true, width: 90 },
        { key: 'name', visible: false, width: 200 },
        { key: 'type', visible: true },
      ],
    };
    expect(mergeSettings(defaults, stored)).toEqual([
      { key: 'state', visible: true, width: 90 },
      { key: 'name', visible: false, width: 200 },
      { key: 'type', visible: true },
    ]);
  });

  it('ignores entries of another version, or not shaped as settings', () => {
    const reordered = [
      { key: 'type', visible: true },
      { key: 'name', visible: true },
    ];
    expect(mergeSettings(defaults, { version: '0.9', columns: reordered })).toEqual(defaultSettings(defaults));
    expect(mergeSettings(defaults, { columns: reordered })).toEqual(defaultSettings(defaults));
    expect(mergeSettings(defaults, { version: '1.0', columns: 'x' })).toEqual(defaultSettings(defaults));
    expect(mergeSettings(defaults, null)).toEqual(defaultSettings(defaults));
    expect(mergeSettings(defaults, 'junk')).toEqual(defaultSettings(defaults));
  });

  it('drops removed and malformed columns, adds new ones after their predecessor', () => {
    const stored = {
      version: COLUMN_SETTINGS_VERSION,
      columns: [
        { key: 'type', visible: false },
        { key: 'gone', visible: true },
        { key: 'name', visible: true, width: 'wide' },
        { key: 'type', visible: true },
      ],
    };
    const withNew: ColumnDefault[] = [{ key: 'name' }, { key: 'added' }, { key: 'type' }, { key: 'first' }];
    const merged = mergeSettings(withNew, stored);
    // 'name' was malformed (string width) so it is treated as new; duplicates keep the first.
    expect(keys(merged)).toEqual(['name', 'added', 'type', 'first']);
    expect(merged.find((s) => s.key === 'type')?.visible).toBe(false);
    expect(keys(mergeSettings([{ key: 'new' }, ...defaults], { version: '1.0', columns: [] }))).toEqual([
      'new',
      'name',
      'type',
      'state',
    ]);
  });

  it('inserts a new column after the stored position of its predecessor', () => {
    const stored = {
      version: '1.0',
      columns: [
        { key: 'type', visible: true },
        { key: 'name', visible: true },
      ],
    };
    expect(keys(mergeSettings([{ key: 'name' }, { key: 'added' }, { key: 'type' }], stored))).toEqual([
      'type',
      'name',
      'added',
    ]);
  });

  it('clamps stored widths and keeps one column visible', () => {
    const stored = {
      version: '1.0',
      columns: [
        { key: 'name', visible: false, width: 3 },
        { key: 'type', visible: false, width: 99999 },
        { key: 'state', visible: false },
      ],
    };
    const merged = mergeSettings(defaults, stored);
    expect(merged[0]).toEqual({ key: 'name', visible: true, width: MIN_COLUMN_WIDTH });
    expect(merged[1]).toEqual({ key: 'type', visible: false, width: MAX_COLUMN_WIDTH });
  });
});

describe('reorder and moveBy', () => {
  const base = defaultSettings(defaults);
  it('moves a column to the place of another, both directions', () => {
    expect(keys(reorder(base, 'name', 'state'))).toEqual(['type', 'state', 'name']);
    expect(keys(reorder(base, 'state', 'name'))).toEqual(['state', 'name', 'type']);
  });
  it('changes nothing for unknown keys and does not mutate its input', () => {
    expect(keys(reorder(base, 'name', 'nope'))).toEqual(['name', 'type', 'state']);
    reorder(base, 'name', 'state');
    expect(keys(base)).toEqual(['name', 'type', 'state']);
  });
  it('steps one place, stopping at the ends', () => {
    expect(keys(moveBy(base, 'name', 1))).toEqual(['type', 'name', 'state']);
    expect(keys(moveBy(base, 'type', -1))).toEqual(['type', 'name', 'state']);
    expect(keys(moveBy(base, 'name', -1))).toEqual(['name', 'type', 'state']);
    expect(keys(moveBy(base, 'state', 1))).toEqual(['name', 'type', 'state']);
  });
});

describe('setVisible', () => {
  it('hides and shows columns', () => {
    const hidden = setVisible(defaultSettings(defaults), 'type', false);
    expect(hidden.map((s) => s.visible)).toEqual([true, false, false]);
    expect(setVisible(hidden, 'state', true).map((s) => s.visible)).toEqual([true, false, true]);
  });
  it('refuses to hide the last visible column', () => {
    const one = setVisible(defaultSettings(defaults), 'type', false);
    expect(canHide(one, 'name')).toBe(false);
    expect(setVisible(one, 'name', false).find((s) => s.key === 'name')?.visible).toBe(true);
  });
});

describe('widths', () => {
  it('clamps to the minimum of 50, rounds, and caps', () => {
    expect(clampWidth(10)).toBe(50);
    expect(clampWidth(-300)).toBe(50);
    expect(clampWidth(Number.NaN)).toBe(50);
    expect(clampWidth(123.6)).toBe(124);
    expect(clampWidth(1e9)).toBe(MAX_COLUMN_WIDTH);
    expect(setWidth(defaultSettings(defaults), 'type', 20)[1]).toEqual({ key: 'type', visible: true, width: 50 });
  });
});

describe('reset and applySettings', () => {
  it('knows when settings differ from the defaults', () => {
    expect(isCustomised(defaultSettings(defaults), defaults)).toBe(false);
    expect(isCustomised(moveBy(defaultSettings(defaults), 'name', 1), defaults)).toBe(true);
    expect(isCustomised(mergeSettings(defaults, null), defaults)).toBe(false);
  });
  it('renders visible columns in the chosen order with chosen widths', () => {
    const columns = [{ key: 'name', width: 120 }, { key: 'type', width: '20%' }, { key: 'state' }];
    const settings = setWidth(
      reorder(setVisible(defaultSettings(defaults), 'state', true), 'state', 'name'),
      'type',
      80,
    );
    expect(applySettings(columns, settings)).toEqual([
      { key: 'state' },
      { key: 'name', width: 120 },
      { key: 'type', width: 80 },
    ]);
  });
});

describe('storage', () => {
  it('stores under the route path with version 1.0 and removes on reset', () => {
    const key = storageKeyOf('/manage/notice/notice-list');
    expect(key).not.toBe(storageKeyOf('/manage/notice/notice-list', 'second'));
    writeStored(key, moveBy(defaultSettings(defaults), 'name', 1));
    const stored = readStored(key) as { version: string; columns: { key: string }[] };
    expect(stored.version).toBe('1.0');
    expect(keys(mergeSettings(defaults, stored))).toEqual(['type', 'name', 'state']);
    writeStored(key, null);
    expect(readStored(key)).toBeNull();
  });
  it('reads unparseable entries as absent', () => {
    window.localStorage.setItem(storageKeyOf('/x'), '{not json');
    expect(readStored(storageKeyOf('/x'))).toBeNull();
  });
});
