import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { NOTICE_FIELDS, noticeKeys, type Connection, type Notice, type NoticeFilter } from './types.ts';

export const findNoticeAllDocument = /* GraphQL */ `
  query findNoticeAll($first: Int, $offset: Int, $after: String, $filter: NoticeFilterMap) {
    findNoticeAll(first: $first, offset: $offset, after: $after, filter: $filter) {
      edges { node { ${NOTICE_FIELDS} } cursor }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindNoticeAllVariables {
  first: number;
  offset: number;
  filter?: NoticeFilter;
}

export async function findNoticeAll(variables: FindNoticeAllVariables): Promise<Connection<Notice>> {
  const data = await gql<{ findNoticeAll: Connection<Notice> | null }>('apps_yy_sys', findNoticeAllDocument, {
    ...variables,
  });
  return data.findNoticeAll ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
}

export const findNoticeAllQueryOptions = (variables: FindNoticeAllVariables) =>
  queryOptions({
    queryKey: [...noticeKeys.all, 'findNoticeAll', variables],
    queryFn: () => findNoticeAll(variables),
    placeholderData: keepPreviousData,
  });

/** A page of notices: users get the published ones, administrators all. */
export function useNoticeAll(variables: FindNoticeAllVariables) {
  return useQuery(findNoticeAllQueryOptions(variables));
}
