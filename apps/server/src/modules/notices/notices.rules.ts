import {
  NOTICE_PAGE_DEFAULT,
  NOTICE_PAGE_MAX,
  NOTICE_STATE,
  formatDateTime,
  instantOf,
  isoDateOf,
  parseIsoDate,
} from '@yuyue/shared';

/** One column's condition, normalised: an empty `eq` or `in` means no condition. */
export interface ColumnCondition {
  eq?: string;
  in?: string[];
  /** Substring match, case-insensitive. */
  like?: string;
}

export const noticeFilterColumns = [
  'note_category',
  'title',
  'resource_type_id',
  'state',
  'popup_mode',
  'created_user',
] as const;
export type NoticeFilter = Partial<Record<(typeof noticeFilterColumns)[number], ColumnCondition>>;

export const noticeReadFilterColumns = ['notice_id', 'read_user_id', 'read_user_name', 'read_date'] as const;
export type NoticeReadFilter = Partial<Record<(typeof noticeReadFilterColumns)[number], ColumnCondition>>;

/** A filter map (`{column: {eq, in, like}}`) restricted to the given columns, without no-op conditions. */
export function normaliseFilter<C extends string>(
  input: unknown,
  columns: readonly C[],
): Partial<Record<C, ColumnCondition>> {
  const out: Partial<Record<C, ColumnCondition>> = {};
  if (!input || typeof input !== 'object') return out;
  for (const column of columns) {
    const raw = (input as Record<string, unknown>)[column];
    if (!raw || typeof raw !== 'object') continue;
    const { eq, in: list, like } = raw as { eq?: unknown; in?: unknown; like?: unknown };
    const condition: ColumnCondition = {};
    if ((typeof eq === 'string' && eq !== '') || typeof eq === 'number') condition.eq = String(eq);
    if (Array.isArray(list)) {
      const values = list.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
      if (values.length) condition.in = values;
    }
    if (typeof like === 'string' && like !== '') condition.like = like;
    if (Object.keys(condition).length) out[column] = condition;
  }
  return out;
}

/**
 * Rows to skip and to return. A negative `offset` (the pop-up sends -1) counts as 0; without an
 * offset the `after` cursor applies; `first` is capped at NOTICE_PAGE_MAX.
 */
export function pageOf(args: { first?: number | null; offset?: number | null; after?: string | null }): {
  limit: number;
  offset: number;
} {
  const first = args.first ?? NOTICE_PAGE_DEFAULT;
  const limit = first <= 0 ? NOTICE_PAGE_DEFAULT : Math.min(first, NOTICE_PAGE_MAX);
  if (args.offset !== null && args.offset !== undefined) return { limit, offset: Math.max(0, args.offset) };
  if (args.after) {
    const n = Number(Buffer.from(args.after, 'base64').toString('utf8'));
    if (Number.isInteger(n) && n >= 0) return { limit, offset: n };
  }
  return { limit, offset: 0 };
}

const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A release time as an instant: "" is none (null); "YYYY-MM-DD HH:mm[:ss]" and "YYYY-MM-DD"
 * (midnight) are read in the tenant's zone; a string of 10 or 13 digits is epoch seconds or ms.
 * Undefined when unreadable.
 */
export function parseReleaseTime(value: string, timeZone: string): Date | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  if (/^\d{13}$/.test(text)) return new Date(Number(text));
  if (/^\d{10}$/.test(text)) return new Date(Number(text) * 1000);
  const day = parseIsoDate(text);
  if (day) return new Date(instantOf(day, { hour: 0, minute: 0 }, timeZone));
  const m = DATE_TIME_RE.exec(text);
  const date = m ? parseIsoDate(m[1]!) : null;
  if (!m || !date) return undefined;
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  const second = Number(m[4] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return new Date(instantOf(date, { hour, minute, second }, timeZone));
}

/** A pop-up end date: "" is none (null), "YYYY-MM-DD" (or a date-time, whose day counts) kept; undefined when unreadable. */
export function parsePopupEndDate(value: string): string | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  const day = text.length > 10 && DATE_TIME_RE.test(text) ? text.slice(0, 10) : text;
  return parseIsoDate(day) ? day : undefined;
}

/** The state a notice gets and the release time it keeps when it is set to `state` at `now`. */
export function releaseOnStateChange(
  state: number,
  releaseTime: Date | null,
  now: Date,
): { state: number; release_time: Date | null } {
  if (state === NOTICE_STATE.published && releaseTime === null) return { state, release_time: now };
  return { state, release_time: releaseTime };
}

/** Whether a user (not an administrator) may see a notice: published, not deleted, released. */
export function visibleToUser(notice: { state: number; del: number; release_time: Date | null }, now: Date): boolean {
  return (
    notice.del === 0 &&
    notice.state === NOTICE_STATE.published &&
    (notice.release_time === null || notice.release_time.getTime() <= now.getTime())
  );
}

/** The caller's and everyone's read counts of one notice. */
export interface ReadCounts {
  mine: number;
  mineToday: number;
  all: number;
  allToday: number;
  readers: number;
}

export const noReads: ReadCounts = { mine: 0, mineToday: 0, all: 0, allToday: 0, readers: 0 };

export interface NoticeRowLike {
  id: string;
  note_category: string;
  title: string;
  title_en: string;
  resource_type_id: string;
  resource_type_name: string;
  content: string;
  content_en: string;
  release_time: Date | null;
  state: number;
  popup_mode: string;
  popup_end_date: string | null;
  created_user: string;
  created_user_name: string;
  del: number;
  create_time: Date;
}

/** A notice in the contract's shape: times "YYYY-MM-DD HH:mm:ss" and dates "YYYY-MM-DD" in the tenant's zone. */
export function toWireNotice(row: NoticeRowLike, counts: ReadCounts, timeZone: string) {
  return {
    id: row.id,
    note_category: row.note_category,
    title: row.title,
    title_en: row.title_en,
    resource_type_id: row.resource_type_id,
    resource_type_name: row.resource_type_name,
    content: row.content,
    content_en: row.content_en,
    release_time: row.release_time ? formatDateTime(row.release_time.getTime(), timeZone) : '',
    state: row.state,
    popup_mode: row.popup_mode,
    popup_end_date: row.popup_end_date ?? '',
    created_user: row.created_user,
    created_user_name: row.created_user_name,
    del: row.del,
    create_time: formatDateTime(row.create_time.getTime(), timeZone),
    totalReadCounts: counts.mine,
    todayReadCounts: counts.mineToday,
    allTotalReadCounts: counts.all,
    allTodayReadCounts: counts.allToday,
    readerCounts: counts.readers,
  };
}

/** A read record in the contract's shape. */
export function toWireRead(
  row: {
    id: string;
    notice_id: string;
    read_user_id: string;
    read_user_name: string;
    read_date: string;
    read_time: Date;
    tenant_id: string;
  },
  timeZone: string,
) {
  return {
    id: row.id,
    notice_id: row.notice_id,
    read_user_id: row.read_user_id,
    read_user_name: row.read_user_name,
    read_date: row.read_date,
    read_time: formatDateTime(row.read_time.getTime(), timeZone),
    tenant_id: row.tenant_id,
  };
}

/** "Today" for read counts: the date of `now` in the tenant's zone. */
export function readDateOf(now: Date, timeZone: string): string {
  return isoDateOf(now.getTime(), timeZone);
}
