import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { bookingKeys } from '../keys.ts';
import { BOOKABLE_RESOURCE_FIELDS, type BookableResource, type ResourceFilter } from '../types.ts';

export const findResourcesAllByAccountDocument = /* GraphQL */ `
  query findResourcesAllByAccount(
    $first: Int
    $offset: Int
    $typeId: String
    $resourceName: String
    $bookDate: String
    $bookStartTime: String
    $bookEndTime: String
    $order_by: String
    $cur_language: String
    $filter: ResourcesFilterMap
  ) {
    findResourcesAllByAccount(
      first: $first
      offset: $offset
      typeId: $typeId
      resourceName: $resourceName
      bookDate: $bookDate
      bookStartTime: $bookStartTime
      bookEndTime: $bookEndTime
      order_by: $order_by
      cur_language: $cur_language
      filter: $filter
    ) { ${BOOKABLE_RESOURCE_FIELDS} }
  }
`;

/**
 * Arguments of the search (empty strings mean "not given"). bookDate "YYYY-MM-DD" fills each
 * resource's closed periods; with bookStartTime and bookEndTime ("HH:mm") only resources open
 * for that whole period are listed. order_by: "<column> [asc|desc]" of order, hits,
 * resources_name, resources_number, capacity, available_number, create_time.
 */
export interface FindResourcesAllByAccountVariables {
  first?: number;
  offset?: number;
  typeId?: string;
  resourceName?: string;
  bookDate?: string;
  bookStartTime?: string;
  bookEndTime?: string;
  order_by?: string;
  cur_language?: string;
  filter?: ResourceFilter;
}

export async function findResourcesAllByAccount(
  variables: FindResourcesAllByAccountVariables,
): Promise<BookableResource[]> {
  const data = await gql<{ findResourcesAllByAccount: BookableResource[] | null }>(
    'apps_yy_sys',
    findResourcesAllByAccountDocument,
    { ...variables },
  );
  return data.findResourcesAllByAccount ?? [];
}

export const findResourcesAllByAccountQueryOptions = (variables: FindResourcesAllByAccountVariables) =>
  queryOptions({
    queryKey: bookingKeys.resources(variables),
    queryFn: () => findResourcesAllByAccount(variables),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** The resources the signed-in user may see and book, narrowed by the search. */
export function useResourcesAllByAccount(variables: FindResourcesAllByAccountVariables, enabled = true) {
  return useQuery({ ...findResourcesAllByAccountQueryOptions(variables), enabled });
}
