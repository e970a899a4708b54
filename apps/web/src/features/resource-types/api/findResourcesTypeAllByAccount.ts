import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { RESOURCES_TYPE_SCALARS, resourceTypeKeys, type ResourcesType, type ResourcesTypeFilter } from './types.ts';

/** The portal needs the type's own fields only; the child lists stay on the server. */
export const findResourcesTypeAllByAccountDocument = /* GraphQL */ `
  query findResourcesTypeAllByAccount($filter: ResourcesTypeFilterMap) {
    findResourcesTypeAllByAccount(filter: $filter) { ${RESOURCES_TYPE_SCALARS} }
  }
`;

export type BookableResourcesType = Omit<
  ResourcesType,
  'extendedProperties' | 'resourcesTypeAuthList' | 'userDisplayInfoConfigList' | 'appointmentNumberLimitRuleList'
>;

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
