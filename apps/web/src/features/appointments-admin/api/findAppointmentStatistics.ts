import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { Counts } from '../stats.ts';
import { adminAppointmentKeys } from '../types.ts';

const ITEM = `id resources_name resources_name_en resources_type_id total valid pending in_ballot performed no_show
      cancelled rejected terminated capacity booked rate`;

export const findAppointmentStatisticsDocument = /* GraphQL */ `
  query findAppointmentStatistics($startDate: String!, $endDate: String!) {
    findAppointmentStatistics(startDate: $startDate, endDate: $endDate) {
      summary { ${ITEM} }
      types { ${ITEM} }
      resources { ${ITEM} }
    }
  }
`;

/** A line of the statistics as the server sends it. */
interface WireItem extends Omit<Counts, 'noShow' | 'inBallot'> {
  id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  no_show: number;
  in_ballot: number;
  capacity: number;
  booked: number;
  rate: number | null;
}

/** A resource, a resource type or the whole tenant: its bookings by status group and its vacancy. */
export interface StatisticsItem extends Counts {
  id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  /** Vacancy of the enabled fixed-slot resources it covers; rate null without capacity. */
  capacity: number;
  booked: number;
  rate: number | null;
}

export interface AppointmentStatistics {
  summary: StatisticsItem;
  types: StatisticsItem[];
  resources: StatisticsItem[];
}

const itemOf = ({ no_show, in_ballot, ...rest }: WireItem): StatisticsItem => ({
  ...rest,
  noShow: no_show,
  inBallot: in_ballot,
});

/** Bookings dated from..to ("YYYY-MM-DD", inclusive) counted for the tenant, each type and each resource: one request. */
export async function findAppointmentStatistics(startDate: string, endDate: string): Promise<AppointmentStatistics> {
  const data = await gql<{
    findAppointmentStatistics: { summary: WireItem; types: WireItem[] | null; resources: WireItem[] | null } | null;
  }>('apps_yy_sys', findAppointmentStatisticsDocument, { startDate, endDate });
  const s = data.findAppointmentStatistics;
  if (!s) throw new Error('findAppointmentStatistics: no data');
  return {
    summary: itemOf(s.summary),
    types: (s.types ?? []).map(itemOf),
    resources: (s.resources ?? []).map(itemOf),
  };
}

/**
 * The statistics of a range; off while there is none. The tabs share one answer per range for
 * a minute (the page's refresh button asks again at once).
 */
export function useAppointmentStatistics(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: adminAppointmentKeys.statistics(range?.from ?? '', range?.to ?? ''),
    queryFn: () => findAppointmentStatistics(range!.from, range!.to),
    enabled: range !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
