import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { longTermKeys, type LongTermVisitor, type LongTermVisitorFilter } from './types.ts';

export const findVisitorLongTermEntityListDocument = /* GraphQL */ `
  query findVisitorLongTermEntityList($first: Int, $offset: Int, $filter: VisitorLongTermFilterMap) {
    findVisitorLongTermEntityList(first: $first, offset: $offset, filter: $filter) {
      edges {
        node {
          id
          user_name
          user_id
          person_type
          dept
          phone
          permission
          valid_from
          valid_to
          weekdays
          start_time
          end_time
          data_source
          is_enable
        }
      }
      totalCount
    }
  }
`;

export interface FindLongTermVariables {
  first: number;
  offset: number;
  filter: LongTermVisitorFilter;
}

export async function findVisitorLongTermEntityList(v: FindLongTermVariables) {
  const data = await gql<{
    findVisitorLongTermEntityList: { edges: { node: LongTermVisitor }[]; totalCount: number };
  }>('apps_yy_sys', findVisitorLongTermEntityListDocument, { ...v });
  const list = data.findVisitorLongTermEntityList;
  return { rows: list.edges.map((e) => e.node), totalCount: list.totalCount };
}

export const findVisitorLongTermEntityListQueryOptions = (v: FindLongTermVariables) =>
  queryOptions({
    queryKey: longTermKeys.list(v),
    queryFn: () => findVisitorLongTermEntityList(v),
    placeholderData: keepPreviousData,
  });

/** A page of long-term visitors (within the administrator's scope). */
export const useLongTermVisitors = (v: FindLongTermVariables) => useQuery(findVisitorLongTermEntityListQueryOptions(v));
