/**
 * The desktop booking dialog's request: what its first step chose (a normal booking's date and
 * slots or free period, or a periodic or batch setup) joined with the form into the wire's
 * variables. The rules themselves are the booking feature's (features/booking/*), shared with
 * the phone screens.
 */
import type { CollectionConfig } from '../../../features/collection-config/api/findCollectionConfigAll.ts';
import { applicationModel, type ApplicationValues } from '../../../features/booking/form.ts';
import { firstSeriesDate, seriesVariables, type SeriesForm } from '../../../features/booking/series.ts';
import { freeTimeProblem, type Explained } from '../../../features/booking/slots.ts';
import type { AppointmentInput, ClosedPeriod, SeriesVariables } from '../../../features/booking/types.ts';

export type BookingMode = 'normal' | 'periodic' | 'batch';

/** What the first step holds: one date's slots (or free period), or a series setup. */
export type TimeSelection =
  | { mode: 'normal'; date: string; slotIds: string[]; startTime: string; endTime: string }
  | { mode: 'periodic' | 'batch'; series: SeriesForm };

/** The first date the request books (the model's appointment_date). */
export function selectionDate(selection: TimeSelection): string {
  return selection.mode === 'normal' ? selection.date : firstSeriesDate(selection.series);
}

/**
 * Why a normal choice cannot be sent (an i18n key with values), or null: no slot picked, or a
 * free period that is unreadable, too short or long, or over a closed period of the day.
 */
export function normalChoiceProblem(
  selection: Extract<TimeSelection, { mode: 'normal' }>,
  freeTime: boolean,
  limits: { min: number; max: number },
  closed: readonly ClosedPeriod[],
  lang: 'zh' | 'en',
): Explained | null {
  if (!selection.date) return { key: 'pcBooking.validation.dateRequired' };
  if (!freeTime) return selection.slotIds.length ? null : { key: 'pcBooking.validation.slotRequired' };
  return freeTimeProblem(
    selection.startTime,
    selection.endTime,
    limits,
    closed.filter((c) => !c.book_date || c.book_date === selection.date),
    lang,
  );
}

/**
 * The variables of previewAppointmentSeries / saveAppointmentInformationAll for a choice and a form;
 * `offersMeeting`: the resource offers online meetings (the form's ask for one is kept only then).
 */
export function requestVariables(
  resourceId: string,
  selection: TimeSelection,
  freeTime: boolean,
  values: ApplicationValues,
  configs: readonly CollectionConfig[],
  offersMeeting = false,
): SeriesVariables & { model: AppointmentInput } {
  if (selection.mode === 'normal') {
    const free = freeTime ? { startTime: selection.startTime, endTime: selection.endTime } : {};
    return {
      model: applicationModel(values, configs, { resourceId, date: selection.date, offersMeeting, ...free }),
      timeSlotIdList: freeTime ? [] : [...selection.slotIds],
    };
  }
  return {
    model: applicationModel(values, configs, { resourceId, date: firstSeriesDate(selection.series), offersMeeting }),
    ...seriesVariables(selection.series, freeTime),
  };
}
