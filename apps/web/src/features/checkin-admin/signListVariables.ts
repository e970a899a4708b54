/**
 * The /manage/sign list's search (pure): the filter bar's values as findAppointmentSignAll's
 * variables. Dates "YYYY-MM-DD"; the server takes one date or a [from, to] range.
 */
import type { FindAppointmentSignAllVariables } from '../checkin/api/findAppointmentSignAll.ts';

/** Sign states one can search for: '0' to check in, '1' checked in, '2' checked out, '3' no-show. */
export const SIGN_STATE_FILTERS = ['0', '1', '2', '3'] as const;
export type SignStateFilter = (typeof SIGN_STATE_FILTERS)[number];

export interface SignListFilters {
  /** First and last date, "YYYY-MM-DD" (both or neither). */
  from?: string;
  to?: string;
  resources_type_id?: string;
  resources_id?: string;
  signState?: SignStateFilter;
  /** Part of the booker's account or name. */
  keyword?: string;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The variables of one page of the list. A lone date searches that day; dates given in reverse are swapped. */
export function signListVariables(f: SignListFilters, page: number, pageSize: number): FindAppointmentSignAllVariables {
  const dates = [f.from, f.to].filter((d): d is string => Boolean(d && DATE_RE.test(d)));
  const range = dates.length === 2 && dates[0]! > dates[1]! ? [dates[1]!, dates[0]!] : dates;
  const keyword = f.keyword?.trim();
  return {
    first: pageSize,
    offset: (Math.max(1, page) - 1) * pageSize,
    filter: {
      ...(f.resources_type_id ? { resources_type_id: { eq: f.resources_type_id } } : {}),
      ...(f.resources_id ? { resources_id: { eq: f.resources_id } } : {}),
    },
    ...(range.length ? { appointmentDate: range } : {}),
    ...(f.signState ? { signState: f.signState } : {}),
    ...(keyword ? { keyword: keyword.slice(0, 100) } : {}),
  };
}

/** "YYYY-MM-DD" of a moment in the browser's zone (the back office runs on campus time). */
export function isoDay(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The list opens on today's bookings. */
export function todayFilters(now: number): SignListFilters {
  const today = isoDay(now);
  return { from: today, to: today };
}
