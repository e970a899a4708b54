import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { Codes } from './types.ts';

export const findCodesAllDocument = /* GraphQL */ `
  query findCodesAll($first: Int, $offset: Int, $filter: CodesFilterMap) {
    findCodesAll(first: $first, offset: $offset, filter: $filter) {
      edges {
        node {
          id
          code
          name
          name_en
          description
          order
          create_time
          items_count
        }
      }
      pageInfo {
        hasNextPage
      }
      totalCount
    }
  }
`;

export interface FindCodesAllVariables {
  first: number;
  offset: number;
  filter: { keyword?: string };
}

export async function findCodesAll(variables: FindCodesAllVariables): Promise<{ rows: Codes[]; totalCount: number }> {
  const data = await gql<{ findCodesAll: { edges: { node: Codes }[]; totalCount: number } }>(
    'apps_yy_sys',
    findCodesAllDocument,
    { ...variables },
  );
  return { rows: data.findCodesAll.edges.map((e) => e.node), totalCount: data.findCodesAll.totalCount };
}

export const findCodesAllQueryOptions = (variables: FindCodesAllVariables) =>
  queryOptions({
    queryKey: ['findCodesAll', variables],
    queryFn: () => findCodesAll(variables),
    placeholderData: keepPreviousData,
  });

/** A page of the tenant's code tables. */
export const useFindCodesAll = (variables: FindCodesAllVariables) => useQuery(findCodesAllQueryOptions(variables));
