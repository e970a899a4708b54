import type { SeriesForm, SeriesSummary } from './series.ts';

/** A chosen fixed slot. */
export interface ChosenSlot {
  id: string;
  kssj: string;
  jssj: string;
}

/**
 * What the time choice hands to the application form: the mode, the date and slots (or free
 * period) of a normal booking, or the periodic/batch setup with its previewed summary and the
 * commit choice. Kept in session storage, so a reload of the form keeps it.
 */
export interface BookingDraft {
  resourceId: string;
  mode: 'normal' | 'periodic' | 'batch';
  date: string;
  slots: ChosenSlot[];
  startTime: string;
  endTime: string;
  series: SeriesForm | null;
  seriesCommit: 'all' | 'ok';
  summary: SeriesSummary | null;
}

/**
 * What a normal booking's choice reads as ("2026-03-02 09:00-10:00、10:00-11:00"), or '' while
 * nothing is chosen. `date` overrides the draft's (the date strip's current date).
 */
export function normalChoiceText(
  draft: Pick<BookingDraft, 'date' | 'slots' | 'startTime' | 'endTime'>,
  freeTime: boolean,
  date = draft.date,
): string {
  if (freeTime) return draft.startTime && draft.endTime ? `${date} ${draft.startTime}-${draft.endTime}` : '';
  return draft.slots.length ? `${date} ${draft.slots.map((s) => `${s.kssj}-${s.jssj}`).join('、')}` : '';
}

/** How many bookings a previewed series makes with its commit choice. */
export function seriesCount(summary: SeriesSummary, commit: 'all' | 'ok'): number {
  return commit === 'ok' ? summary.ok : summary.total;
}

const key = (resourceId: string) => `yy-booking-draft:${resourceId}`;

export function saveDraft(draft: BookingDraft): void {
  try {
    window.sessionStorage.setItem(key(draft.resourceId), JSON.stringify(draft));
  } catch {
    // storage full or disabled: the form will ask to choose the time again
  }
}

export function loadDraft(resourceId: string): BookingDraft | null {
  try {
    const raw = window.sessionStorage.getItem(key(resourceId));
    const draft = raw ? (JSON.parse(raw) as BookingDraft) : null;
    return draft && draft.resourceId === resourceId ? draft : null;
  } catch {
    return null;
  }
}

export function clearDraft(resourceId: string): void {
  window.sessionStorage.removeItem(key(resourceId));
}
