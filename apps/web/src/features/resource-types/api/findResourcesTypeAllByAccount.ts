import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { NumberLimitRule } from '../../rules/types.ts';
import { RESOURCES_TYPE_SCALARS, resourceTypeKeys, type ResourcesType, type ResourcesTypeFilter } from './types.ts';

/**
 * The portal needs the type's own fields and its per-person limits (shown with a resource's
 * rules, as they count every resource of the type); the other child lists stay on the server.
 */
export const findResourcesTypeAllByAccountDocument = /* GraphQL */ `
  query findResourcesTypeAllByAccount($filter: ResourcesTypeFilterMap) {
    findResourcesTypeAllByAccount(filter: $filter) {
      ${RESOURCES_TYPE_SCALARS}
      appointmentNumberLimitRuleList { appointment_number_rule appointment_number_limit
        timeperiod_number_begin_date timeperiod_number_end_date }
    }
  }
`;

export type BookableResourcesType = Omit<
  ResourcesType,
  'extendedProperties' | 'resourcesTypeAuthList' | 'userDisplayInfoConfigList' | 'appointmentNumberLimitRuleList'
> & { appointmentNumberLimitRuleList: NumberLimitRule[] | null };

export async function findResourcesTypeAllByAccount(
  filter: ResourcesTypeFilter = {},
): Promise<BookableResourcesType[]> {
  const data = await gql<{ findResourcesTypeAllByAccount: BookableResourcesType[] | null }>(
    'apps_yy_sys',
    findResourcesTypeAllByAccountDocument,
    { filter },
  );
  return data.findResourcesTypeAllByAccount ?? [];
}

export const findResourcesTypeAllByAccountQueryOptions = (filter: ResourcesTypeFilter = {}) =>
  queryOptions({
    queryKey: resourceTypeKeys.list('findResourcesTypeAllByAccount', filter),
    queryFn: () => findResourcesTypeAllByAccount(filter),
    staleTime: 60_000,
  });

/** The enabled types the signed-in user may book (portal header and home pages). */
export function useResourcesTypeAllByAccount(filter: ResourcesTypeFilter = {}) {
  return useQuery(findResourcesTypeAllByAccountQueryOptions(filter));
}
