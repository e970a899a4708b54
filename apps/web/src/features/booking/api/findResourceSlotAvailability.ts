import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { bookingKeys } from '../keys.ts';
import { type SlotAvailability } from '../types.ts';

export const findResourceSlotAvailabilityDocument = /* GraphQL */ `
  query findResourceSlotAvailability($resourcesId: String!, $date: Date!) {
    findResourceSlotAvailability(resourcesId: $resourcesId, date: $date) {
      id
      kssj
      jssj
      state
      rule
      opens_at
      capacity
      remaining
      reason_cn
      reason_en
    }
  }
`;

/** The fixed slots of a resource on a date ("YYYY-MM-DD") as the caller sees them; [] for free-time resources. */
export async function findResourceSlotAvailability(resourcesId: string, date: string): Promise<SlotAvailability[]> {
  const data = await gql<{ findResourceSlotAvailability: SlotAvailability[] | null }>(
    'apps_yy_sys',
    findResourceSlotAvailabilityDocument,
    { resourcesId, date },
  );
  return data.findResourceSlotAvailability ?? [];
}

export const findResourceSlotAvailabilityQueryOptions = (resourcesId: string, date: string) =>
  queryOptions({
    queryKey: bookingKeys.slots(resourcesId, date),
    queryFn: () => findResourceSlotAvailability(resourcesId, date),
    enabled: Boolean(resourcesId && date),
  });

/** Slot states of one resource and date, reloaded after any booking change (bookingKeys.all). */
export function useResourceSlotAvailability(resourcesId: string | null | undefined, date: string | null | undefined) {
  return useQuery(findResourceSlotAvailabilityQueryOptions(resourcesId ?? '', date ?? ''));
}
