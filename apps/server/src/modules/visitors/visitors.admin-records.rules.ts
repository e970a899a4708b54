import { instantOf, parseIsoDate } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { DEFAULT_REGISTER_FIELDS, type RegisterFieldSetting } from './visitors.settings.rules.ts';

/**
 * Pure rules of the visitor back office's records: the settings an administrator's form is
 * checked with, the import sheet's columns and duplicates, entries' sources and times, paging.
 */

/** The columns of the visitor import sheet, in order, with the label row under the header. */
export const VISITOR_IMPORT_COLUMNS = [
  'visitor_name',
  'phone',
  'card_type',
  'card_number',
  'gender',
  'email',
  'unit',
  'post',
  'person_type',
  'is_car',
  'car_product',
  'car_card_number',
  'remark',
] as const;
export type VisitorImportColumn = (typeof VISITOR_IMPORT_COLUMNS)[number];

/** The label row of the sheet (zh and en); a header made of the zh labels is read too. */
export const VISITOR_IMPORT_LABELS: Record<VisitorImportColumn, { zh: string; en: string }> = {
  visitor_name: { zh: '姓名', en: 'Name *' },
  phone: { zh: '手机号', en: 'Mobile phone *' },
  card_type: { zh: '证件类型', en: 'ID type (1 ID card, 2 passport, 3 other)' },
  card_number: { zh: '证件号码', en: 'ID number' },
  gender: { zh: '性别', en: 'Gender' },
  email: { zh: '邮箱', en: 'E-mail' },
  unit: { zh: '单位', en: 'Organisation' },
  post: { zh: '职务', en: 'Position' },
  person_type: { zh: '人员类型', en: 'Person type' },
  is_car: { zh: '是否驾车(0/1)', en: 'By car (0/1)' },
  car_product: { zh: '车辆品牌', en: 'Car make' },
  car_card_number: { zh: '车牌号', en: 'Plate number' },
  remark: { zh: '备注', en: 'Remark' },
};

/** The label of a cell of the label row: "姓名 Name *". */
export const importLabel = (c: VisitorImportColumn) => `${VISITOR_IMPORT_LABELS[c].zh} ${VISITOR_IMPORT_LABELS[c].en}`;

/**
 * The registration field settings an administrator's entry is checked with: every field shown
 * (an administrator may fill any), only the name and the phone required, labels the tenant's.
 */
export function adminFieldSettings(tenant: readonly RegisterFieldSetting[]): RegisterFieldSetting[] {
  const labels = new Map(tenant.map((s) => [s.field_name, s]));
  return DEFAULT_REGISTER_FIELDS.map((d) => ({
    ...d,
    field_label: labels.get(d.field_name)?.field_label || d.field_label,
    field_label_en: labels.get(d.field_name)?.field_label_en || d.field_label_en,
    is_valid: 1,
    is_required: d.field_name === 'visitor_name' || d.field_name === 'phone' ? 1 : 0,
  }));
}

/** Which column each header cell names (column names or zh labels); null without visitor_name and phone. */
export function importHeaderColumns(header: readonly string[]): Map<number, VisitorImportColumn> | null {
  const out = new Map<number, VisitorImportColumn>();
  header.forEach((raw, index) => {
    const text = raw.trim().replace(/\s*\*$/, '');
    const column = VISITOR_IMPORT_COLUMNS.find(
      (c) => c === text || VISITOR_IMPORT_LABELS[c].zh === text || importLabel(c) === raw.trim(),
    );
    if (column && ![...out.values()].includes(column)) out.set(index, column);
  });
  const found = [...out.values()];
  return found.includes('visitor_name') && found.includes('phone') ? out : null;
}

/** A sheet row's cells as a registration model: is_car as 0/1, a blank is_car as 0. */
export function importModel(cells: Partial<Record<VisitorImportColumn, string>>): Record<string, unknown> {
  const model: Record<string, unknown> = {};
  for (const column of VISITOR_IMPORT_COLUMNS) {
    const value = (cells[column] ?? '').trim();
    if (column === 'is_car')
      model.is_car =
        value === ''
          ? 0
          : /^(1|是|yes|true)$/i.test(value)
            ? 1
            : value === '0' || /^(否|no|false)$/i.test(value)
              ? 0
              : value;
    else model[column] = value;
  }
  return model;
}

/** A row's duplicate within the sheet: the first earlier row with the same key. */
export interface SheetDuplicate {
  row: number;
  field: 'phone' | 'card_number';
  other: number;
}

/**
 * Rows whose phone (or ID number) repeats an earlier row's, by their lookup keys (empty keys
 * never repeat). Each row is reported once, for the first field that repeats.
 */
export function sheetDuplicates(rows: readonly { row: number; phone: string; card: string }[]): SheetDuplicate[] {
  const phones = new Map<string, number>();
  const cards = new Map<string, number>();
  const out: SheetDuplicate[] = [];
  for (const r of rows) {
    const phoneAt = r.phone ? phones.get(r.phone) : undefined;
    const cardAt = r.card ? cards.get(r.card) : undefined;
    if (phoneAt !== undefined) out.push({ row: r.row, field: 'phone', other: phoneAt });
    else if (cardAt !== undefined) out.push({ row: r.row, field: 'card_number', other: cardAt });
    if (r.phone && !phones.has(r.phone)) phones.set(r.phone, r.row);
    if (r.card && !cards.has(r.card)) cards.set(r.card, r.row);
  }
  return out;
}

/** The names of data_source values (spec 9). */
export const DATA_SOURCE_NAMES: Record<number, { zh: string; en: string }> = {
  1: { zh: '页面添加', en: 'Page' },
  2: { zh: '导入', en: 'Import' },
  3: { zh: '同步', en: 'Sync' },
};

export const dataSourceName = (n: number) => DATA_SOURCE_NAMES[n] ?? { zh: String(n), en: String(n) };

/**
 * An entry's arrival time: "YYYY-MM-DD HH:mm[:ss]" in the tenant's zone, or ISO 8601 with a
 * zone; blank: now. Not in the future (a minute of clock drift allowed).
 */
export function arriveTimeOf(value: unknown, zone: string, now: number): Date {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return new Date(now);
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  let ms: number;
  if (local) {
    const date = parseIsoDate(local[1]!);
    const [h, m, s] = [Number(local[2]), Number(local[3]), Number(local[4] ?? 0)];
    if (!date || h > 23 || m > 59 || s > 59) throw new AppError('VISITOR_ENTRY_INVALID', { field: 'arrive_time' });
    ms = instantOf(date, { hour: h, minute: m, second: s }, zone);
  } else if (/^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    ms = Date.parse(text);
  } else {
    ms = Number.NaN;
  }
  if (!Number.isFinite(ms)) throw new AppError('VISITOR_ENTRY_INVALID', { field: 'arrive_time' });
  if (ms > now + 60_000) throw new AppError('VISITOR_ENTRY_TIME_FUTURE');
  return new Date(ms);
}

/** A "YYYY-MM-DD" filter value, or undefined when blank; INVALID_INPUT when malformed. */
export function dayOf(value: string | null | undefined, name: string): string | undefined {
  const text = (value ?? '').trim();
  if (!text) return undefined;
  if (!parseIsoDate(text)) throw new AppError('INVALID_INPUT', { detail: `${name}: YYYY-MM-DD` });
  return text;
}

/** Offset paging: first 1-200 (default 20), offset >= 0. */
export function pagingOf(first: unknown, offset: unknown): { limit: number; offset: number } {
  const f = typeof first === 'number' && Number.isInteger(first) && first > 0 ? Math.min(first, 200) : 20;
  const o = typeof offset === 'number' && Number.isInteger(offset) && offset > 0 ? offset : 0;
  return { limit: f, offset: o };
}

/** The ids of a batch: 1-500 distinct non-blank strings. */
export function batchIds(ids: unknown): string[] {
  const list = [
    ...new Set(
      (Array.isArray(ids) ? ids : [])
        .filter((i): i is string => typeof i === 'string' && i.trim() !== '')
        .map((i) => i.trim()),
    ),
  ];
  if (!list.length) throw new AppError('REQUIRED', { field: 'ids' });
  if (list.length > 500) throw new AppError('INVALID_INPUT', { detail: 'ids: at most 500' });
  return list;
}
