import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { bookingKeys } from '../keys.ts';
import { type ResourceFilter, type SlotAvailability } from '../types.ts';

export const findResourceTypeSlotAvailabilityDocument = /* GraphQL */ `
  query findResourceTypeSlotAvailability($resourcesTypeId: String!, $date: Date!, $filter: ResourcesFilterMap) {
    findResourceTypeSlotAvailability(resourcesTypeId: $resourcesTypeId, date: $date, filter: $filter) {
      resources_id
      resources_name
      resources_name_en
      resources_number
      available_number
      time_slot_rule
      need_approve
      slots {
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
  }
`;

/** A resource of a type with its fixed slots on the date (free-time resources: no slots). */
export interface ResourceAvailability {
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  resources_number: string;
  available_number: number | null;
  /** "1" fixed slots, "2" free time. */
  time_slot_rule: string;
  need_approve: string;
  slots: SlotAvailability[] | null;
}

export interface FindResourceTypeSlotAvailabilityVariables {
  resourcesTypeId: string;
  /** "YYYY-MM-DD". */
  date: string;
  /** Resource columns (campus_code, need_approve, id in ...); empty: every resource of the type the caller may see. */
  filter?: ResourceFilter;
}

/** Every resource of a type the caller may see, in display order, with its slots on a date: one request. */
export async function findResourceTypeSlotAvailability(
  variables: FindResourceTypeSlotAvailabilityVariables,
): Promise<ResourceAvailability[]> {
  const data = await gql<{ findResourceTypeSlotAvailability: ResourceAvailability[] | null }>(
    'apps_yy_sys',
    findResourceTypeSlotAvailabilityDocument,
    { filter: {}, ...variables },
  );
  return data.findResourceTypeSlotAvailability ?? [];
}

export const findResourceTypeSlotAvailabilityQueryOptions = (variables: FindResourceTypeSlotAvailabilityVariables) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'typeSlots', variables],
    queryFn: () => findResourceTypeSlotAvailability(variables),
    enabled: Boolean(variables.resourcesTypeId && variables.date),
  });

/** The slot states of every resource of a type on a date (reloaded after any booking change). */
export function useResourceTypeSlotAvailability(variables: FindResourceTypeSlotAvailabilityVariables) {
  return useQuery(findResourceTypeSlotAvailabilityQueryOptions(variables));
}
