import { OPERATE_LOG_PAGE_DEFAULT, OPERATE_LOG_PAGE_MAX, formatDateTime, instantOf, parseIsoDate } from '@yuyue/shared';

/** One column's condition, normalised: an empty `eq` or `in` means no condition. */
export interface ColumnCondition {
  eq?: string;
  in?: string[];
  /** Substring match, case-insensitive. */
  like?: string;
}

export const operateLogFilterColumns = [
  'operate_user_id',
  'operate_user_name',
  'operate_module',
  'operate_type',
] as const;
export type OperateLogFilterColumn = (typeof operateLogFilterColumns)[number];
export type OperateLogFilter = Partial<Record<OperateLogFilterColumn, ColumnCondition>>;

/** The filter map of `findOperateLogAll`, without the conditions that select everything. */
export function normaliseFilter(input: unknown): OperateLogFilter {
  const out: OperateLogFilter = {};
  if (!input || typeof input !== 'object') return out;
  for (const column of operateLogFilterColumns) {
    const raw = (input as Record<string, unknown>)[column];
    if (!raw || typeof raw !== 'object') continue;
    const { eq, in: list, like } = raw as { eq?: unknown; in?: unknown; like?: unknown };
    const condition: ColumnCondition = {};
    if (typeof eq === 'string' && eq !== '') condition.eq = eq;
    if (Array.isArray(list)) {
      const values = list.filter((v): v is string => typeof v === 'string');
      if (values.length) condition.in = values;
    }
    if (typeof like === 'string' && like !== '') condition.like = like;
    if (Object.keys(condition).length) out[column] = condition;
  }
  return out;
}

/** Rows to skip and to return: `offset` wins over the `after` cursor; `first` is capped. */
export function pageOf(args: { first?: number | null; offset?: number | null; after?: string | null }): {
  limit: number;
  offset: number;
} {
  const first = args.first ?? OPERATE_LOG_PAGE_DEFAULT;
  const limit = first <= 0 ? OPERATE_LOG_PAGE_DEFAULT : Math.min(first, OPERATE_LOG_PAGE_MAX);
  if (args.offset !== null && args.offset !== undefined && args.offset >= 0) return { limit, offset: args.offset };
  if (args.after) {
    const n = Number(Buffer.from(args.after, 'base64').toString('utf8'));
    if (Number.isInteger(n) && n >= 0) return { limit, offset: n };
  }
  return { limit, offset: 0 };
}

const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A bound of `operateTime` as an instant: "YYYY-MM-DD" is that day's start (or, for an end
 * bound, the next day's start), "YYYY-MM-DD HH:mm[:ss]" that second (an end bound includes
 * the whole second). Undefined for an empty bound; null when unreadable.
 */
export function boundOf(value: string | null | undefined, timeZone: string, end: boolean): number | undefined | null {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const date = parseIsoDate(text);
  if (date) {
    if (!end) return instantOf(date, { hour: 0, minute: 0 }, timeZone);
    const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
    return instantOf(
      { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
      { hour: 0, minute: 0 },
      timeZone,
    );
  }
  const m = DATE_TIME_RE.exec(text);
  const day = m ? parseIsoDate(m[1]!) : null;
  if (!m || !day) return null;
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  const second = Number(m[4] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const at = instantOf(day, { hour, minute, second }, timeZone);
  return end ? at + 1000 : at;
}

/** `operateTime` [start, end] as a half-open range of instants; null when a bound is unreadable. */
export function timeRangeOf(
  operateTime: readonly (string | null)[] | null | undefined,
  timeZone: string,
): { from?: Date; to?: Date } | null {
  if (!operateTime || operateTime.length === 0) return {};
  const from = boundOf(operateTime[0], timeZone, false);
  const to = boundOf(operateTime[1], timeZone, true);
  if (from === null || to === null) return null;
  return { from: from === undefined ? undefined : new Date(from), to: to === undefined ? undefined : new Date(to) };
}

/** An operate-log entry as the contract shows it. */
export interface WireOperateLog {
  id: string;
  operate_user_id: string;
  operate_user_name: string;
  id_address: string;
  operate_module: string;
  operate_type: string;
  operate_content: string;
  operate_object: string;
  /** "YYYY-MM-DD HH:mm:ss" in the tenant's time zone. */
  operate_time: string;
}

/** An operate-log row in the contract's shape: the time in the tenant's zone. */
export function toWireLog(
  row: Omit<WireOperateLog, 'operate_time'> & { operate_time: Date },
  timeZone: string,
): WireOperateLog {
  return {
    id: row.id,
    operate_user_id: row.operate_user_id,
    operate_user_name: row.operate_user_name,
    id_address: row.id_address,
    operate_module: row.operate_module,
    operate_type: row.operate_type,
    operate_content: row.operate_content,
    operate_object: row.operate_object,
    operate_time: formatDateTime(row.operate_time.getTime(), timeZone),
  };
}
