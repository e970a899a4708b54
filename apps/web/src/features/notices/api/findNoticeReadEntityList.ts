import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { noticeKeys, type Connection, type StringFilter } from './types.ts';

export const findNoticeReadEntityListDocument = /* GraphQL */ `
  query findNoticeReadEntityList($first: Int, $offset: Int, $after: String, $filter: NoticeReadEntityFilterMap) {
    findNoticeReadEntityList(first: $first, offset: $offset, after: $after, filter: $filter) {
      edges {
        node {
          id
          notice_id
          read_user_id
          read_user_name
          read_date
          read_time
          tenant_id
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

export interface NoticeRead {
  id: string;
  notice_id: string;
  read_user_id: string;
  read_user_name: string;
  read_date: string;
  read_time: string;
  tenant_id: string;
}

export interface FindNoticeReadsVariables {
  first: number;
  offset: number;
  filter: {
    notice_id?: StringFilter;
    read_user_id?: StringFilter;
    read_user_name?: StringFilter;
    read_date?: StringFilter;
  };
}

export const findNoticeReadEntityListQueryOptions = (variables: FindNoticeReadsVariables, enabled = true) =>
  queryOptions({
    queryKey: [...noticeKeys.all, 'findNoticeReadEntityList', variables],
    queryFn: async () =>
      (
        await gql<{ findNoticeReadEntityList: Connection<NoticeRead> | null }>(
          'apps_yy_sys',
          findNoticeReadEntityListDocument,
          { ...variables },
        )
      ).findNoticeReadEntityList,
    enabled,
    placeholderData: keepPreviousData,
  });

/** Read records of notices (administrators). */
export function useNoticeReadEntityList(variables: FindNoticeReadsVariables, enabled = true) {
  return useQuery(findNoticeReadEntityListQueryOptions(variables, enabled));
}
