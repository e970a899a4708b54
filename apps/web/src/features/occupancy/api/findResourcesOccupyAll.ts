import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { Connection } from '../../notices/api/types.ts';
import { occupancyKeys, type ResourcesOccupy, type ResourcesOccupyFilter } from './types.ts';

export const findResourcesOccupyAllDocument = /* GraphQL */ `
  query findResourcesOccupyAll($first: Int, $offset: Int, $filter: ResourcesOccupyFilterMap) {
    findResourcesOccupyAll(first: $first, offset: $offset, filter: $filter) {
      edges {
        node {
          id
          resources_id
          resources_name
          resources_name_en
          resources_type_id
          start_time
          end_time
          reason_cn
          reason_en
          created_user
          created_user_name
          create_time
        }
        cursor
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      totalCount
    }
  }
`;

export interface FindResourcesOccupyAllVariables {
  first: number;
  offset: number;
  filter: ResourcesOccupyFilter;
}

export async function findResourcesOccupyAll(
  variables: FindResourcesOccupyAllVariables,
): Promise<Connection<ResourcesOccupy>> {
  const data = await gql<{ findResourcesOccupyAll: Connection<ResourcesOccupy> | null }>(
    'apps_yy_sys',
    findResourcesOccupyAllDocument,
    { ...variables },
  );
  return data.findResourcesOccupyAll ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
}

export const findResourcesOccupyAllQueryOptions = (variables: FindResourcesOccupyAllVariables) =>
  queryOptions({
    queryKey: [...occupancyKeys.all, 'findResourcesOccupyAll', variables],
    queryFn: () => findResourcesOccupyAll(variables),
    placeholderData: keepPreviousData,
  });

/** A page of blocked periods, latest start first (first at most 200). */
export function useResourcesOccupyAll(variables: FindResourcesOccupyAllVariables) {
  return useQuery(findResourcesOccupyAllQueryOptions(variables));
}
