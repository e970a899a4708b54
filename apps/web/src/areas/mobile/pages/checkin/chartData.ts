/**
 * The booking overview chart's figures (pure): a resource's confirmed bookings counted per day
 * of a range, or per time slot, split by check-in outcome.
 */
import { addDays, bookingDate, daysBetween } from '../../../../features/booking/dates.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';

/** attended: checked in or out; waiting: still to check in; missed: no-show. */
export const OUTCOMES = ['attended', 'waiting', 'missed'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export function outcomeOf(s: Pick<AppointmentSign, 'sign_state'>): Outcome | null {
  switch (s.sign_state) {
    case '1':
    case '2':
      return 'attended';
    case '0':
      return 'waiting';
    case '3':
      return 'missed';
    default:
      return null;
  }
}

export interface ChartFigures {
  /** The x axis: dates "YYYY-MM-DD" or slots "HH:mm-HH:mm". */
  labels: string[];
  counts: Record<Outcome, number[]>;
  total: number;
}

function count(labels: string[], signs: readonly AppointmentSign[], keyOf: (s: AppointmentSign) => string) {
  const index = new Map(labels.map((l, i) => [l, i]));
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, labels.map(() => 0)])) as Record<Outcome, number[]>;
  let total = 0;
  for (const s of signs) {
    const i = index.get(keyOf(s));
    const o = outcomeOf(s);
    if (i === undefined || !o) continue;
    counts[o][i]! += 1;
    total += 1;
  }
  return { labels, counts, total };
}

/** Bookings per day of [from, to] (every day of the range, empty ones too). */
export function perDay(signs: readonly AppointmentSign[], from: string, to: string): ChartFigures {
  const days = Math.max(0, daysBetween(from, to)) + 1;
  const labels = Array.from({ length: days }, (_, i) => addDays(from, i));
  return count(labels, signs, (s) => bookingDate(s.appointment_date));
}

/** Bookings per time slot over the range, slots in order of their start. */
export function perSlot(signs: readonly AppointmentSign[]): ChartFigures {
  const slot = (s: AppointmentSign) => `${s.start_time}-${s.end_time}`;
  const labels = [...new Set(signs.map(slot))].sort();
  return count(labels, signs, slot);
}

/** The range of `days` days ending on `date`. */
export function rangeEnding(date: string, days: number): { from: string; to: string } {
  return { from: addDays(date, -(days - 1)), to: date };
}
