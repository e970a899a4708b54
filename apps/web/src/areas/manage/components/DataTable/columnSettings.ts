/**
 * The user's column choices of a data table (spec 2.6): order, visibility and width per column,
 * stored per route path in local storage under version 1.0 (spec 9). Pure functions, except
 * the two that read and write local storage.
 */

/** The stored format's version; entries of any other version are ignored. */
export const COLUMN_SETTINGS_VERSION = '1.0';
/** Width of the index column (spec 9). */
export const INDEX_COLUMN_WIDTH = 50;
/** No column can be dragged narrower than this. */
export const MIN_COLUMN_WIDTH = 50;
/** Widths beyond this are taken as a mistake and clamped. */
export const MAX_COLUMN_WIDTH = 2000;
const STORAGE_PREFIX = 'yy-table-columns:';

/** One column's state; `width` absent means the column's own (or the table's automatic) width. */
export interface ColumnSetting {
  key: string;
  visible: boolean;
  width?: number;
}

export interface StoredColumnSettings {
  version: typeof COLUMN_SETTINGS_VERSION;
  columns: ColumnSetting[];
}

/** What a table declares about a column before any user choice. */
export interface ColumnDefault {
  key: string;
  width?: number;
  hidden?: boolean;
}

/** A width the table can use: at least MIN_COLUMN_WIDTH, at most MAX_COLUMN_WIDTH, whole pixels. */
export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return MIN_COLUMN_WIDTH;
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(width)));
}

/** The settings of a table nobody has customised. */
export function defaultSettings(defaults: readonly ColumnDefault[]): ColumnSetting[] {
  return defaults.map((d) => ({
    key: d.key,
    visible: !d.hidden,
    ...(d.width === undefined ? {} : { width: clampWidth(d.width) }),
  }));
}

function isColumnSetting(value: unknown): value is ColumnSetting {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    typeof v.visible === 'boolean' &&
    (v.width === undefined || (typeof v.width === 'number' && Number.isFinite(v.width)))
  );
}

/**
 * The settings to use given what is stored (anything: parsed JSON or null). A stored entry of
 * another version, or not shaped as settings, is ignored. Otherwise the stored order, visibility
 * and widths apply to the columns the table still has: stored columns the table no longer has
 * vanish, and new columns appear right after the column that precedes them in the table's
 * declaration (or first). At least one column always stays visible.
 */
export function mergeSettings(defaults: readonly ColumnDefault[], stored: unknown): ColumnSetting[] {
  const base = defaultSettings(defaults);
  if (typeof stored !== 'object' || stored === null) return base;
  const entry = stored as Partial<StoredColumnSettings>;
  if (entry.version !== COLUMN_SETTINGS_VERSION || !Array.isArray(entry.columns)) return base;

  const known = new Map(base.map((s) => [s.key, s]));
  const result: ColumnSetting[] = [];
  const seen = new Set<string>();
  for (const item of entry.columns) {
    if (!isColumnSetting(item) || !known.has(item.key) || seen.has(item.key)) continue;
    seen.add(item.key);
    result.push({
      key: item.key,
      visible: item.visible,
      ...(item.width === undefined ? {} : { width: clampWidth(item.width) }),
    });
  }
  base.forEach((column, index) => {
    if (seen.has(column.key)) return;
    const previous = index > 0 ? base[index - 1]!.key : null;
    const at = previous === null ? 0 : result.findIndex((s) => s.key === previous) + 1;
    result.splice(at, 0, column);
    seen.add(column.key);
  });
  if (result.length > 0 && !result.some((s) => s.visible)) result[0] = { ...result[0]!, visible: true };
  return result;
}

/** Moves the column `from` to where the column `to` is (drag and drop, or one step up/down). */
export function reorder(settings: readonly ColumnSetting[], from: string, to: string): ColumnSetting[] {
  const fromIndex = settings.findIndex((s) => s.key === from);
  const toIndex = settings.findIndex((s) => s.key === to);
  if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex) return [...settings];
  const next = [...settings];
  const [moved] = next.splice(fromIndex, 1);
  next.splice(toIndex, 0, moved!);
  return next;
}

/** Moves a column one place up (-1) or down (+1); nothing happens at either end. */
export function moveBy(settings: readonly ColumnSetting[], key: string, step: -1 | 1): ColumnSetting[] {
  const index = settings.findIndex((s) => s.key === key);
  const target = settings[index + step];
  return index < 0 || !target ? [...settings] : reorder(settings, key, target.key);
}

/** Whether the column may be hidden: not when it is the last one visible. */
export function canHide(settings: readonly ColumnSetting[], key: string): boolean {
  return settings.some((s) => s.visible && s.key !== key);
}

/** Shows or hides a column; hiding the last visible column is refused (nothing changes). */
export function setVisible(settings: readonly ColumnSetting[], key: string, visible: boolean): ColumnSetting[] {
  if (!visible && !canHide(settings, key)) return [...settings];
  return settings.map((s) => (s.key === key ? { ...s, visible } : s));
}

/** Sets a column's width, clamped to the allowed range. */
export function setWidth(settings: readonly ColumnSetting[], key: string, width: number): ColumnSetting[] {
  return settings.map((s) => (s.key === key ? { ...s, width: clampWidth(width) } : s));
}

/** Whether the settings differ from the table's defaults (the reset button is then useful). */
export function isCustomised(settings: readonly ColumnSetting[], defaults: readonly ColumnDefault[]): boolean {
  return JSON.stringify(settings) !== JSON.stringify(defaultSettings(defaults));
}

/** The columns to render: visible ones in the chosen order, with the chosen widths. */
export function applySettings<C extends { key: string; width?: number | string }>(
  columns: readonly C[],
  settings: readonly ColumnSetting[],
): C[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const out: C[] = [];
  for (const s of settings) {
    const column = byKey.get(s.key);
    if (!column || !s.visible) continue;
    out.push(s.width === undefined ? column : { ...column, width: s.width });
  }
  return out;
}

/** The local-storage key of a table: its route path, plus an id when a page has several tables. */
export function storageKeyOf(pathname: string, tableId?: string): string {
  return `${STORAGE_PREFIX}${pathname}${tableId ? `#${tableId}` : ''}`;
}

/** The stored entry (parsed), or null when absent or unreadable. */
export function readStored(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Stores the settings, or removes the entry when `settings` is null (reset); a full storage only loses the choice. */
export function writeStored(key: string, settings: readonly ColumnSetting[] | null): void {
  try {
    if (settings === null) window.localStorage.removeItem(key);
    else {
      const entry: StoredColumnSettings = { version: COLUMN_SETTINGS_VERSION, columns: [...settings] };
      window.localStorage.setItem(key, JSON.stringify(entry));
    }
  } catch (err) {
    console.warn('[data-table] failed to store column settings', err);
  }
}
