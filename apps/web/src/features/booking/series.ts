import { addDays, daysBetween, isIsoDate, minutesOf } from './dates.ts';
import type { SeriesOccurrence, SeriesVariables } from './types.ts';

/** Most occurrences one request may book (the server's limit). */
export const SERIES_MAX_OCCURRENCES = 200;
/** Longest periodic range in days (the server's limit). */
export const SERIES_MAX_DAYS = 366;

/** Strategies of a periodic rule: '1' every day, '2' weekly, '3' monthly. */
export const PERIOD_STRATEGIES = ['1', '2', '3'] as const;
export type PeriodStrategy = (typeof PERIOD_STRATEGIES)[number];

/** What the periodic and batch setup collects. */
export interface SeriesForm {
  mode: 'periodic' | 'batch';
  strategy: PeriodStrategy;
  /** Weekly: "1" Monday .. "7" Sunday. */
  weekdays: string[];
  /** Monthly: "1".."31". */
  monthDays: string[];
  startDate: string;
  endDate: string;
  /** Batch: the chosen dates. */
  dates: string[];
  /** Fixed-slot resources: the slots booked on every date. */
  slotIds: string[];
  /** Free-time resources: the period booked on every date. */
  startTime: string;
  endTime: string;
}

export function emptySeriesForm(mode: SeriesForm['mode'], today: string): SeriesForm {
  return {
    mode,
    strategy: '2',
    weekdays: [],
    monthDays: [],
    startDate: today,
    endDate: addDays(today, 27),
    dates: [],
    slotIds: [],
    startTime: '',
    endTime: '',
  };
}

/**
 * The first problem of a setup as an i18n key under `booking.series.invalid` (with values),
 * or null when it can be previewed. `freeTime`: the resource books free periods, not slots.
 */
export function seriesProblem(
  form: SeriesForm,
  freeTime: boolean,
): { key: string; values?: Record<string, number> } | null {
  if (form.mode === 'periodic') {
    if (!isIsoDate(form.startDate) || !isIsoDate(form.endDate)) return { key: 'booking.series.invalid.range' };
    const span = daysBetween(form.startDate, form.endDate);
    if (span < 0) return { key: 'booking.series.invalid.range' };
    if (span + 1 > SERIES_MAX_DAYS) return { key: 'booking.series.invalid.tooLong', values: { max: SERIES_MAX_DAYS } };
    if (form.strategy === '2' && form.weekdays.length === 0) return { key: 'booking.series.invalid.weekdays' };
    if (form.strategy === '3' && form.monthDays.length === 0) return { key: 'booking.series.invalid.monthDays' };
  } else if (form.dates.length === 0) {
    return { key: 'booking.series.invalid.dates' };
  }
  if (freeTime) {
    const s = minutesOf(form.startTime);
    const e = minutesOf(form.endTime);
    if (s === null || e === null || e <= s) return { key: 'booking.series.invalid.time' };
  } else if (form.slotIds.length === 0) {
    return { key: 'booking.series.invalid.slots' };
  }
  return null;
}

/** The wire arguments of a setup (previewAppointmentSeries and saveAppointmentInformationAll). */
export function seriesVariables(form: SeriesForm, freeTime: boolean): SeriesVariables {
  const times: SeriesVariables = freeTime
    ? form.mode === 'periodic'
      ? { cyclicity_start_time: form.startTime, cyclicity_end_time: form.endTime }
      : { borrowStartTime: form.startTime, borrowEndTime: form.endTime }
    : { timeSlotIdList: [...form.slotIds] };
  if (form.mode === 'batch') return { ...times, borrowDateList: [...form.dates].sort() };
  return {
    ...times,
    is_cyclicity: '1',
    cyclicity_strategy: form.strategy,
    cyclicity_start_date: form.startDate,
    cyclicity_end_date: form.endDate,
    cyclicity_weekList: form.strategy === '2' ? [...form.weekdays].sort() : [],
    cyclicity_dayList: form.strategy === '3' ? [...form.monthDays].sort((a, b) => Number(a) - Number(b)) : [],
  };
}

/** The first date a setup books on (the model's appointment_date). */
export function firstSeriesDate(form: SeriesForm): string {
  return form.mode === 'batch' ? ([...form.dates].sort()[0] ?? '') : form.startDate;
}

/** Statuses of a series occurrence. */
export const OCCURRENCE_STATUSES = ['ok', 'conflict', 'closed', 'over_quota', 'blacklisted'] as const;

export interface SeriesSummary {
  total: number;
  ok: number;
  /** Occurrences that cannot be booked, by status. */
  problems: Record<string, number>;
}

export function summariseSeries(occurrences: readonly Pick<SeriesOccurrence, 'status'>[]): SeriesSummary {
  const problems: Record<string, number> = {};
  let ok = 0;
  for (const o of occurrences) {
    if (o.status === 'ok') ok++;
    else problems[o.status] = (problems[o.status] ?? 0) + 1;
  }
  return { total: occurrences.length, ok, problems };
}

/**
 * Whether a previewed series can be committed with a choice: 'all' needs every occurrence ok,
 * 'ok' at least one.
 */
export function canCommit(summary: SeriesSummary, commit: 'all' | 'ok'): boolean {
  return commit === 'all' ? summary.total > 0 && summary.ok === summary.total : summary.ok > 0;
}

/** The reason of an occurrence that cannot be booked, in the current language ('' when ok). */
export function occurrenceReason(o: Pick<SeriesOccurrence, 'reason' | 'reason_en'>, lang: 'zh' | 'en'): string {
  return (lang === 'en' ? o.reason_en || o.reason : o.reason || o.reason_en) ?? '';
}
