import type { CountRequest } from './api/countAppointments.ts';
import { statusFilter } from './status.ts';
import type { AppointmentFilter, VacancyRate } from './types.ts';

/**
 * Status groups the statistics count. `valid`: valid bookings to be performed (approved or not
 * needing approval, whether or not their time has passed); the others as the list's statuses.
 */
export const STAT_CATEGORIES = [
  'valid',
  'pending',
  'performed',
  'noShow',
  'cancelled',
  'rejected',
  'terminated',
] as const;
export type StatCategory = (typeof STAT_CATEGORIES)[number];

export function categoryFilter(c: StatCategory): AppointmentFilter {
  return statusFilter(c === 'valid' ? 'upcoming' : c);
}

/** Counts of one group of bookings (a resource type, a resource): the total and each category. */
export type Counts = { total: number } & Record<StatCategory, number>;

/** A group of bookings to count: a key and the filter selecting it (a type, a resource, or all). */
export interface CountGroup {
  key: string;
  filter: AppointmentFilter;
}

/** The count requests of each group: its total and each category (keys `<group>|total`, `<group>|<category>`). */
export function countRequestsOf(
  groups: CountGroup[],
  categories: readonly StatCategory[] = STAT_CATEGORIES,
): CountRequest[] {
  return groups.flatMap((g) => [
    { key: `${g.key}|total`, filter: g.filter },
    ...categories.map((c) => ({ key: `${g.key}|${c}`, filter: { ...categoryFilter(c), ...g.filter } })),
  ]);
}

/** One group per id of a column (resource types, resources). */
export function groupsBy(column: 'resources_type_id' | 'resources_id', ids: string[]): CountGroup[] {
  return ids.map((id) => ({ key: id, filter: { [column]: { eq: id } } }));
}

/** The counts of `id` from countAppointments' answer (missing ones 0). */
export function countsOf(answer: Record<string, number>, id: string): Counts {
  const out = { total: answer[`${id}|total`] ?? 0 } as Counts;
  for (const c of STAT_CATEGORIES) out[c] = answer[`${id}|${c}`] ?? 0;
  return out;
}

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
