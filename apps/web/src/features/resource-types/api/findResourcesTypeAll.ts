import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { RESOURCES_TYPE_FIELDS, resourceTypeKeys, type ResourcesType, type ResourcesTypeFilter } from './types.ts';

export const findResourcesTypeAllDocument = /* GraphQL */ `
  query findResourcesTypeAll($filter: ResourcesTypeFilterMap) {
    findResourcesTypeAll(filter: $filter) { ${RESOURCES_TYPE_FIELDS} }
  }
`;

export async function findResourcesTypeAll(filter: ResourcesTypeFilter = {}): Promise<ResourcesType[]> {
  const data = await gql<{ findResourcesTypeAll: ResourcesType[] | null }>(
    'apps_yy_sys',
    findResourcesTypeAllDocument,
    {
      filter,
    },
  );
  return data.findResourcesTypeAll ?? [];
}

export const findResourcesTypeAllQueryOptions = (filter: ResourcesTypeFilter = {}) =>
  queryOptions({
    queryKey: resourceTypeKeys.list('findResourcesTypeAll', filter),
    queryFn: () => findResourcesTypeAll(filter),
  });

/** Every resource type of the tenant, by order then name (administrators). */
export function useResourcesTypeAll(filter: ResourcesTypeFilter = {}) {
  return useQuery(findResourcesTypeAllQueryOptions(filter));
}
