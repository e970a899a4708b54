import { and, asc, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import { appointments } from './booking.tables.ts';

/**
 * Status groups the statistics count, as the back office's status search selects them (codes:
 * docs/GLOSSARY.md). They overlap (a rejected booking may also be cancelled): each is counted on
 * its own. `valid`: valid bookings to be performed, approved or needing no approval; `in_ballot`:
 * entries in a release ballot (audit_status '4'), which hold nothing until the draw.
 */
export const statisticsCategories = [
  'valid',
  'pending',
  'in_ballot',
  'performed',
  'no_show',
  'cancelled',
  'rejected',
  'terminated',
] as const;
export type StatisticsCategory = (typeof statisticsCategories)[number];

export type StatusCounts = { total: number } & Record<StatisticsCategory, number>;

function categoryWhere(c: StatisticsCategory): SQL {
  const a = appointments;
  switch (c) {
    case 'valid':
      return sql`${a.state} = '0' and ${a.audit_status} in ('0', '2') and ${a.appointment_state} = '0'`;
    case 'pending':
      return sql`${a.state} = '0' and ${a.audit_status} = '1' and ${a.appointment_state} = '0'`;
    case 'in_ballot':
      return sql`${a.state} = '0' and ${a.audit_status} = '4'`;
    case 'performed':
      return sql`${a.state} = '0' and ${a.appointment_state} = '1'`;
    case 'no_show':
      return sql`${a.state} = '0' and ${a.appointment_state} = '2'`;
    case 'cancelled':
      return sql`${a.state} = '1'`;
    case 'rejected':
      return sql`${a.audit_status} = '3'`;
    case 'terminated':
      return sql`${a.appointment_state} = '3'`;
  }
}

const counted = (c: StatisticsCategory) => sql<number>`count(*) filter (where ${categoryWhere(c)})`.mapWith(Number);

/**
 * The tenant's bookings (deleted records excepted) dated from..to ("YYYY-MM-DD", inclusive) counted
 * per resource (and its type) and status group: one statement, whatever the number of resources.
 */
export async function bookingCountsByResource(
  tx: Executor,
  tenantId: string,
  from: string,
  to: string,
): Promise<({ resources_id: string; resources_type_id: string } & StatusCounts)[]> {
  const a = appointments;
  return tx
    .select({
      resources_id: a.resources_id,
      resources_type_id: a.resources_type_id,
      total: count(),
      valid: counted('valid'),
      pending: counted('pending'),
      in_ballot: counted('in_ballot'),
      performed: counted('performed'),
      no_show: counted('no_show'),
      cancelled: counted('cancelled'),
      rejected: counted('rejected'),
      terminated: counted('terminated'),
    })
    .from(a)
    .where(and(eq(a.tenant_id, tenantId), eq(a.del, 0), gte(a.appointment_date, from), lte(a.appointment_date, to)))
    .groupBy(a.resources_id, a.resources_type_id);
}

/** The tenant's resource types (not deleted), in display order. */
export async function statisticsTypes(tx: Executor, tenantId: string) {
  const t = resourcesTypes;
  return tx
    .select({ id: t.id, resources_name: t.resources_name, resources_name_en: t.resources_name_en })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.del, 0)))
    .orderBy(asc(t.order), asc(t.resources_name), asc(t.id));
}

/** The tenant's resources (not deleted, enabled or not), in display order. */
export async function statisticsResources(tx: Executor, tenantId: string) {
  const r = resources;
  return tx
    .select({
      id: r.id,
      resources_name: r.resources_name,
      resources_name_en: r.resources_name_en,
      resources_type_id: r.resources_type_id,
    })
    .from(r)
    .where(and(eq(r.tenant_id, tenantId), eq(r.del, 0)))
    .orderBy(asc(r.order), asc(r.resources_name), asc(r.id));
}
