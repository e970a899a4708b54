import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { RESOURCES_TYPE_SCALARS, resourceTypeKeys, type ResourcesTypeFilter } from './types.ts';
import type { BookableResourcesType } from './findResourcesTypeAllByAccount.ts';

export const findResourcesTypeAllWithResourcesByAccountDocument = /* GraphQL */ `
  query findResourcesTypeAllWithResourcesByAccount($filter: ResourcesTypeFilterMap) {
    findResourcesTypeAllWithResourcesByAccount(filter: $filter) {
      ${RESOURCES_TYPE_SCALARS}
      resourcesList { id resources_name resources_name_en resources_type_id state order }
    }
  }
`;

/** A resource as listed under its type. */
export interface TypeResource {
  id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  state: number;
  order: number;
}

export type ResourcesTypeWithResources = BookableResourcesType & { resourcesList: TypeResource[] | null };

export async function findResourcesTypeAllWithResourcesByAccount(
  filter: ResourcesTypeFilter = {},
): Promise<ResourcesTypeWithResources[]> {
  const data = await gql<{ findResourcesTypeAllWithResourcesByAccount: ResourcesTypeWithResources[] | null }>(
    'apps_yy_sys',
    findResourcesTypeAllWithResourcesByAccountDocument,
    { filter },
  );
  return data.findResourcesTypeAllWithResourcesByAccount ?? [];
}

export const findResourcesTypeAllWithResourcesByAccountQueryOptions = (filter: ResourcesTypeFilter = {}) =>
  queryOptions({
    queryKey: resourceTypeKeys.list('findResourcesTypeAllWithResourcesByAccount', filter),
    queryFn: () => findResourcesTypeAllWithResourcesByAccount(filter),
  });

/** The bookable types, each with the resources of it the user may see (types without any are left out). */
export function useResourcesTypeAllWithResourcesByAccount(filter: ResourcesTypeFilter = {}) {
  return useQuery(findResourcesTypeAllWithResourcesByAccountQueryOptions(filter));
}
