import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import {
  BLACKLIST_ENTRY_FIELDS,
  blacklistKeys,
  type BlackListEntry,
  type BlackListFilter,
  type Connection,
} from '../types.ts';

export const findBlackListAllDocument = /* GraphQL */ `
  query findBlackListAll($first: Int, $offset: Int, $filter: BlackListFilterMap) {
    findBlackListAll(first: $first, offset: $offset, filter: $filter) {
      edges { node { ${BLACKLIST_ENTRY_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindBlackListAllVariables {
  first: number;
  offset: number;
  filter: BlackListFilter;
}

/** Administrators: the tenant's blacklist entries (removed ones excepted), newest first. */
export async function findBlackListAll(variables: FindBlackListAllVariables): Promise<Connection<BlackListEntry>> {
  const data = await gql<{ findBlackListAll: Connection<BlackListEntry> | null }>(
    'apps_yy_sys',
    findBlackListAllDocument,
    { ...variables },
  );
  return data.findBlackListAll ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
}

export const findBlackListAllQueryOptions = (variables: FindBlackListAllVariables) =>
  queryOptions({
    queryKey: blacklistKeys.list(variables),
    queryFn: () => findBlackListAll(variables),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** A page of blacklist entries. */
export function useBlackListAll(variables: FindBlackListAllVariables) {
  return useQuery(findBlackListAllQueryOptions(variables));
}
