import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { ResourcesFilter } from '../listVariables.ts';
import { RESOURCE_ROW_FIELDS, resourceKeys, type Connection, type ResourceRow } from '../types.ts';

export const findResourcesAllDocument = /* GraphQL */ `
  query findResourcesAll($first: Int, $offset: Int, $filter: ResourcesFilterMap) {
    findResourcesAll(first: $first, offset: $offset, filter: $filter) {
      edges { node { ${RESOURCE_ROW_FIELDS} } cursor }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindResourcesAllVariables {
  first: number;
  offset: number;
  filter: ResourcesFilter;
}

export async function findResourcesAll(variables: FindResourcesAllVariables): Promise<Connection<ResourceRow>> {
  const data = await gql<{ findResourcesAll: Connection<ResourceRow> | null }>(
    'apps_yy_sys',
    findResourcesAllDocument,
    { ...variables },
  );
  return data.findResourcesAll ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
}

export const findResourcesAllQueryOptions = (variables: FindResourcesAllVariables) =>
  queryOptions({
    queryKey: [...resourceKeys.all, 'findResourcesAll', variables],
    queryFn: () => findResourcesAll(variables),
    placeholderData: keepPreviousData,
  });

/** A page of the tenant's resources for the back office, by order then name. */
export function useResourcesAll(variables: FindResourcesAllVariables) {
  return useQuery(findResourcesAllQueryOptions(variables));
}
