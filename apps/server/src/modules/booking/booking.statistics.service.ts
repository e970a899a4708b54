import { withTenant } from '../../db/client.ts';
import { type RequestContext, requireUser } from '../../platform/context.ts';
import { vacancyRate } from './booking.lifecycle.rules.ts';
import { vacancyTable } from './booking.lifecycle.service.ts';
import {
  bookingCountsByResource,
  statisticsCategories,
  statisticsResources,
  statisticsTypes,
  type StatusCounts,
} from './booking.statistics.repository.ts';

/** One line of the statistics: the bookings of a resource, a type or all, and their vacancy. */
export interface StatisticsItem extends StatusCounts {
  id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  /** Vacancy over the enabled fixed-slot resources it covers (findAppointmentVacancyRateTable's figures). */
  capacity: number;
  booked: number;
  rate: number | null;
}

const zero = (): StatusCounts => ({
  total: 0,
  valid: 0,
  pending: 0,
  in_ballot: 0,
  performed: 0,
  no_show: 0,
  cancelled: 0,
  rejected: 0,
  terminated: 0,
});

function add(into: StatusCounts, c: StatusCounts) {
  into.total += c.total;
  for (const k of statisticsCategories) into[k] += c[k];
}

/**
 * `findAppointmentStatistics(startDate, endDate)` (administrators): over the bookings dated
 * startDate..endDate (inclusive, "YYYY-MM-DD", at most 366 days; deleted records excepted), the
 * counts per status group of the whole tenant, of each resource type and of each resource, with
 * the vacancy (capacity, booked, rate) of findAppointmentVacancyRateTable summed likewise. A
 * constant number of statements: the vacancy table's reads, then the types, the resources and
 * one grouped count.
 */
export async function bookingStatistics(ctx: RequestContext, args: { startDate?: unknown; endDate?: unknown }) {
  const { tenant } = requireUser(ctx);
  // Validates the range (VACANCY_RANGE_INVALID) and gives each fixed-slot resource's vacancy.
  const vacancy = await vacancyTable(ctx, args);
  const from = String(args.startDate).trim();
  const to = String(args.endDate).trim();
  const { types, list, counts } = await withTenant(ctx.db, tenant.id, async (tx) => ({
    types: await statisticsTypes(tx, tenant.id),
    list: await statisticsResources(tx, tenant.id),
    counts: await bookingCountsByResource(tx, tenant.id, from, to),
  }));
  const vacancyOf = new Map(vacancy.map((v) => [v.id, v]));
  const item = (row: { id: string; resources_name: string; resources_name_en: string }, typeId: string) => ({
    ...row,
    resources_type_id: typeId,
    ...zero(),
    capacity: 0,
    booked: 0,
    rate: null as number | null,
  });
  const summary: StatisticsItem = item({ id: '', resources_name: '', resources_name_en: '' }, '');
  const byType = new Map(types.map((t) => [t.id, item(t, t.id)]));
  const byResource = new Map(list.map((r) => [r.id, item(r, r.resources_type_id)]));
  for (const c of counts) {
    add(summary, c);
    const ty = byType.get(c.resources_type_id);
    if (ty) add(ty, c);
    const res = byResource.get(c.resources_id);
    if (res) add(res, c);
  }
  for (const res of byResource.values()) {
    const v = vacancyOf.get(res.id);
    if (!v) continue;
    res.capacity = v.capacity;
    res.booked = v.booked;
    res.rate = v.rate;
    for (const sum of [byType.get(res.resources_type_id), summary]) {
      if (!sum) continue;
      sum.capacity += v.capacity;
      sum.booked += v.booked;
    }
  }
  for (const sum of [summary, ...byType.values()]) sum.rate = vacancyRate(sum.capacity, sum.booked);
  return { startDate: from, endDate: to, summary, types: [...byType.values()], resources: [...byResource.values()] };
}
