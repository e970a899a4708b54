import { parseIsoDate } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { splitIds } from './visitors.areas.rules.ts';
import { hmOf, parseHm, parseWeekdays } from './visitors.passes.rules.ts';

/**
 * Pure rules of the visitor back office's people slice: long-term visitors' values, what of a
 * change revokes their pass, and the retention period's cut-off.
 */

/** At most this many long-term visitors per batch call. */
export const LONG_TERM_BATCH_MAX = 100;

/** A long-term visitor's input (VisitorLongTermInput). */
export interface LongTermInput {
  id?: string | null;
  user_name?: string | null;
  user_id?: string | null;
  person_type?: string | null;
  dept?: string | null;
  phone?: string | null;
  permission?: string | null;
  valid_from?: string | null;
  valid_to?: string | null;
  weekdays?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  is_enable?: number | null;
}

/** Checked values of a long-term visitor (phone still plain: the service seals it). */
export interface LongTermValues {
  user_name: string;
  user_id: string;
  person_type: string;
  dept: string;
  phone: string;
  permission: string;
  valid_from: string;
  valid_to: string;
  weekdays: string;
  start_time: string;
  end_time: string;
  is_enable: number;
}

const FIELD_NAMES: Record<string, [string, string]> = {
  user_name: ['姓名', 'name'],
  user_id: ['账号', 'account'],
  person_type: ['人员类型', 'person type'],
  dept: ['单位/部门', 'unit or department'],
  permission: ['通行区域', 'areas'],
  valid_from: ['开始日期', 'start date'],
  valid_to: ['结束日期', 'end date'],
  weekdays: ['通行星期', 'weekdays'],
  start_time: ['开始时间', 'start time'],
  end_time: ['结束时间', 'end time'],
  is_enable: ['启用', 'enabled'],
};

/** VISITOR_LONG_TERM_FIELD_INVALID naming the field in both languages. */
export function invalid(field: string, detail = ''): AppError {
  const [zh, en] = FIELD_NAMES[field] ?? [field, field];
  return new AppError('VISITOR_LONG_TERM_FIELD_INVALID', {
    field: detail ? `${zh}（${detail}）` : zh,
    field_en: detail ? `${en} (${detail})` : en,
  });
}

function text(value: unknown, field: string, max: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') throw invalid(field);
  const t = value.trim();
  if (t.length > max) throw invalid(field, `≤ ${max}`);
  return t;
}

/**
 * The values a long-term visitor is stored with: `input` over `current` (a change) or the
 * defaults (a new one). Throws VISITOR_LONG_TERM_FIELD_INVALID naming the field at fault.
 */
export function longTermValues(input: LongTermInput, current?: LongTermValues): LongTermValues {
  const pick = <K extends keyof LongTermValues>(k: K, fallback: LongTermValues[K]): unknown =>
    input[k] === undefined || input[k] === null ? (current ? current[k] : fallback) : input[k];
  const user_name = text(pick('user_name', ''), 'user_name', 50);
  if (!user_name) throw new AppError('REQUIRED', { field: '姓名 / name' });
  const valid_from = text(pick('valid_from', ''), 'valid_from', 10);
  const valid_to = text(pick('valid_to', ''), 'valid_to', 10);
  if (!parseIsoDate(valid_from)) throw invalid('valid_from', 'YYYY-MM-DD');
  if (!parseIsoDate(valid_to)) throw invalid('valid_to', 'YYYY-MM-DD');
  if (valid_to < valid_from) throw invalid('valid_to', '≥ valid_from');
  const weekdays = parseWeekdays(text(pick('weekdays', '1,2,3,4,5,6,7'), 'weekdays', 20));
  if (!weekdays) throw invalid('weekdays', '1-7');
  const start = parseHm(text(pick('start_time', '00:00'), 'start_time', 5));
  const end = parseHm(text(pick('end_time', '24:00'), 'end_time', 5));
  if (start === null || start >= 1440) throw invalid('start_time', 'HH:mm');
  if (end === null || end <= start) throw invalid('end_time', '> start_time');
  const areas = splitIds(text(pick('permission', ''), 'permission', 2000)).map((a) => a.toLowerCase());
  if (areas.some((a) => !isUuid(a))) throw invalid('permission');
  if (areas.length > 16) throw invalid('permission', '≤ 16');
  const enable = pick('is_enable', 1);
  if (enable !== 0 && enable !== 1) throw invalid('is_enable', '0/1');
  return {
    user_name,
    user_id: text(pick('user_id', ''), 'user_id', 100),
    person_type: text(pick('person_type', ''), 'person_type', 100),
    dept: text(pick('dept', ''), 'dept', 200),
    phone: typeof input.phone === 'string' ? input.phone.trim() : '',
    permission: areas.join(','),
    valid_from,
    valid_to,
    weekdays: weekdays.join(','),
    start_time: hmOf(start),
    end_time: hmOf(end),
    is_enable: enable,
  };
}

/** Whether a change touches what a pass says or whether it admits: dates, areas, weekdays, hours, enabled. */
export function passChanged(before: LongTermValues, after: LongTermValues): boolean {
  return (['valid_from', 'valid_to', 'permission', 'weekdays', 'start_time', 'end_time', 'is_enable'] as const).some(
    (k) => before[k] !== after[k],
  );
}

/** 'current' | 'future' | 'expired' of a validity window on `today` (ISO dates compare as text). */
export function validityOf(row: { valid_from: string; valid_to: string }, today: string) {
  if (today < row.valid_from) return 'future' as const;
  if (today > row.valid_to) return 'expired' as const;
  return 'current' as const;
}

/** The retention period: whole days, 1..3650, default 180. */
export function retentionDaysOf(value: number | null | undefined): number {
  return Number.isInteger(value) && value! >= 1 && value! <= 3650 ? value! : 180;
}

/** The instant before which visits ended are anonymised: `now` minus the retention period. */
export function retentionCutoff(now: number, days: number): Date {
  return new Date(now - retentionDaysOf(days) * 86_400_000);
}

/** A name anonymised: its first character and a star for each other (王** ), or '*' for an empty one. */
export function anonymisedName(name: string): string {
  const chars = [...name.trim()];
  if (!chars.length) return '*';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}
