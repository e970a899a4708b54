import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { publicBookingKeys, type PublicResourceSlotChart } from '../types.ts';

export const findPublicResourceSlotChartDocument = /* GraphQL */ `
  query findPublicResourceSlotChart($resourcesId: String!, $date: Date, $tenantKey: String) {
    findPublicResourceSlotChart(resourcesId: $resourcesId, date: $date, tenantKey: $tenantKey) {
      resources_id
      resources_name
      resources_name_en
      resources_number
      campus_name
      campus_name_en
      building_name
      building_name_en
      floor_name
      floor_name_en
      available_number
      time_slot_rule
      date
      today
      dates
      slots {
        id
        kssj
        jssj
        state
        bookable
        capacity
        remaining
        reason_cn
        reason_en
      }
      booked_periods {
        start_time
        end_time
        count
      }
    }
  }
`;

/** A resource's public booking chart for a date (empty: today), without sign-in. */
export async function findPublicResourceSlotChart(
  resourcesId: string,
  date = '',
  tenantKey = '',
): Promise<PublicResourceSlotChart | null> {
  const data = await gql<{ findPublicResourceSlotChart: PublicResourceSlotChart | null }>(
    'public',
    findPublicResourceSlotChartDocument,
    { resourcesId, date: date || null, tenantKey: tenantKey || null },
  );
  return data.findPublicResourceSlotChart;
}

export const findPublicResourceSlotChartQueryOptions = (resourcesId: string, date = '', tenantKey = '') =>
  queryOptions({
    queryKey: publicBookingKeys.chart(resourcesId, date, tenantKey),
    queryFn: () => findPublicResourceSlotChart(resourcesId, date, tenantKey),
    enabled: Boolean(resourcesId),
    retry: false,
  });

/**
 * The chart, read again every `pollMs` (a screen at the venue door stays current); the previous
 * date's chart stays shown while another date loads.
 */
export function usePublicResourceSlotChart(resourcesId: string, date = '', tenantKey = '', pollMs = 60_000) {
  return useQuery({
    ...findPublicResourceSlotChartQueryOptions(resourcesId, date, tenantKey),
    refetchInterval: pollMs,
    placeholderData: keepPreviousData,
  });
}
