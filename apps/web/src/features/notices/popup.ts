/**
 * Which notices the pop-up shows (spec 4), as pure functions. Time is the browser's local
 * time: a pop-up end date "YYYY-MM-DD" is valid through 23:59:59.999 of that day on the
 * user's clock (users are in the tenant's zone; the server counts "today's" reads in the
 * tenant's zone).
 */
import { NOTICE_CATEGORY, NOTICE_STATE, POPUP_MODE } from '@yuyue/shared';

/** The fields of a notice the pop-up rules read. */
export interface PopupCandidate {
  id: string;
  note_category: string;
  state: number;
  popup_mode: string;
  popup_end_date: string;
  /** The signed-in user's reads of the notice, all days. */
  totalReadCounts: number | null;
  /** The signed-in user's reads of the notice today. */
  todayReadCounts: number | null;
}

/** What the pop-up asks the server for: up to 999 notices, offset -1, category '2' (spec 9). */
export const POPUP_QUERY = {
  first: 999,
  offset: -1,
  filter: { note_category: { eq: NOTICE_CATEGORY.popup } },
} as const;

/**
 * Whether a pop-up end date has passed at `now`: the date is valid through 23:59:59.999 local
 * time. No end date never passes; an unreadable one counts as passed.
 */
export function popupEndPassed(endDate: string | null | undefined, now: Date): boolean {
  const text = (endDate ?? '').trim();
  if (text === '') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) return true;
  const lastMoment = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  if (Number.isNaN(lastMoment.getTime())) return true;
  return now.getTime() > lastMoment.getTime();
}

/** Whether the pop-up shows one notice to the user at `now`. */
export function showsInPopup(notice: PopupCandidate, now: Date): boolean {
  if (notice.note_category !== NOTICE_CATEGORY.popup) return false;
  // Administrators' lists include drafts and withdrawn notices; the pop-up is for published ones.
  if (notice.state !== NOTICE_STATE.published) return false;
  if (notice.popup_mode === POPUP_MODE.untilRead) return (notice.totalReadCounts ?? 0) === 0;
  return (notice.todayReadCounts ?? 0) === 0 && !popupEndPassed(notice.popup_end_date, now);
}

/** The notices the pop-up steps through, in the order given (newest first from the server). */
export function selectPopupNotices<T extends PopupCandidate>(notices: readonly T[], now: Date): T[] {
  return notices.filter((n) => showsInPopup(n, now));
}

/** The confirm button's text for step `n` (1-based) of `total`: '我已阅读 (n/total)' / 'I have read it (n/total)'. */
export function popupConfirmText(lang: 'zh' | 'en', n: number, total: number): string {
  return lang === 'en' ? `I have read it (${n}/${total})` : `我已阅读 (${n}/${total})`;
}
