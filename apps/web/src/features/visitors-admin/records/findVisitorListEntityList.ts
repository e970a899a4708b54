import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { Page, VisitorEntry, VisitorEntryFilter } from './types.ts';

export const findVisitorListEntityListDocument = /* GraphQL */ `
  query findVisitorListEntityList($first: Int, $offset: Int, $filter: VisitorListFilterMap) {
    findVisitorListEntityList(first: $first, offset: $offset, filter: $filter) {
      edges {
        node {
          id
          apply_id
          visitor_name
          arrive_time
          arrival_place
          arrival_place_name
          arrival_place_name_en
          data_source
          data_source_name
          data_source_name_en
          repeat
          recorded_by
        }
      }
      totalCount
    }
  }
`;

export interface FindVisitorEntriesVariables {
  first: number;
  offset: number;
  filter: VisitorEntryFilter;
}

export async function findVisitorListEntityList(v: FindVisitorEntriesVariables): Promise<Page<VisitorEntry>> {
  const data = await gql<{ findVisitorListEntityList: { edges: { node: VisitorEntry }[]; totalCount: number } }>(
    'apps_yy_sys',
    findVisitorListEntityListDocument,
    { ...v },
  );
  const list = data.findVisitorListEntityList;
  return { rows: list.edges.map((e) => e.node), totalCount: list.totalCount };
}

export const findVisitorListEntityListQueryOptions = (v: FindVisitorEntriesVariables) =>
  queryOptions({
    queryKey: ['findVisitorListEntityList', v],
    queryFn: () => findVisitorListEntityList(v),
    placeholderData: keepPreviousData,
  });

/** A page of the entries recorded at gates. */
export const useVisitorEntries = (v: FindVisitorEntriesVariables, enabled = true) =>
  useQuery({ ...findVisitorListEntityListQueryOptions(v), enabled });
