import type { VacancyRate } from './types.ts';

/**
 * Status groups the statistics count (findAppointmentStatistics; `inBallot` and `noShow` are the
 * server's `in_ballot` and `no_show`). `valid`: valid bookings to be performed (approved or not
 * needing approval, whether or not their time has passed); `inBallot`: entries in a release ballot
 * (audit_status '4', holding nothing until the draw); the others as the list's statuses.
 */
export const STAT_CATEGORIES = [
  'valid',
  'pending',
  'inBallot',
  'performed',
  'noShow',
  'cancelled',
  'rejected',
  'terminated',
] as const;
export type StatCategory = (typeof STAT_CATEGORIES)[number];

/** Counts of one group of bookings (a resource type, a resource): the total and each category. */
export type Counts = { total: number } & Record<StatCategory, number>;

/** Vacancy as a percentage with two decimals, the server's precision ("—" when the resource had no capacity). */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${(Math.round(rate * 10000) / 100).toFixed(2)}%`;
}

/** The vacancy rows with a capacity, emptiest first (the chart's order), then by name. */
export function vacancyForChart(rows: VacancyRate[], name: (r: VacancyRate) => string): VacancyRate[] {
  return rows
    .filter((r) => r.rate !== null)
    .sort((a, b) => (b.rate ?? 0) - (a.rate ?? 0) || name(a).localeCompare(name(b)));
}

/** Mean vacancy weighted by capacity: 1 - booked / capacity over every listed resource; null without capacity. */
export function overallVacancy(rows: VacancyRate[]): number | null {
  const capacity = rows.reduce((s, r) => s + r.capacity, 0);
  const booked = rows.reduce((s, r) => s + r.booked, 0);
  return capacity > 0 ? (capacity - booked) / capacity : null;
}
