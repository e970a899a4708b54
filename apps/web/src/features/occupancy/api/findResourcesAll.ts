import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { Connection } from '../../notices/api/types.ts';
import { occupancyKeys } from './types.ts';

/**
 * `findResourcesAll` with the few fields a resource picker shows (the resources feature owns
 * the full document for its own screens).
 */
export const findResourcesAllForPickerDocument = /* GraphQL */ `
  query findResourcesAll($filter: ResourcesFilterMap, $first: Int, $offset: Int) {
    findResourcesAll(filter: $filter, first: $first, offset: $offset) {
      edges {
        node {
          id
          resources_name
          resources_name_en
          resources_number
          resources_type_id
          resources_type_name
          state
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

/** A resource as a picker lists it. */
export interface ResourceOption {
  id: string;
  resources_name: string;
  resources_name_en: string;
  resources_number: string;
  resources_type_id: string;
  resources_type_name: string;
  state: number;
}

/** The server's page limit of findResourcesAll. */
const PICKER_MAX = 500;

export async function findResourcesForPicker(): Promise<ResourceOption[]> {
  const data = await gql<{ findResourcesAll: Connection<ResourceOption> | null }>(
    'apps_yy_sys',
    findResourcesAllForPickerDocument,
    { filter: {}, first: PICKER_MAX, offset: 0 },
  );
  return data.findResourcesAll?.edges.map((e) => e.node) ?? [];
}

export const findResourcesForPickerQueryOptions = () =>
  queryOptions({
    queryKey: [...occupancyKeys.all, 'findResourcesAll'],
    queryFn: findResourcesForPicker,
    staleTime: 60_000,
  });

/** The tenant's resources (up to 500, by order then name) for the occupancy form's picker. */
export function useResourcesForPicker() {
  return useQuery(findResourcesForPickerQueryOptions());
}
