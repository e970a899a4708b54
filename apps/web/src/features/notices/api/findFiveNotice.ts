import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { NOTICE_FIELDS, noticeKeys, type Notice } from './types.ts';

export const findFiveNoticeDocument = /* GraphQL */ `
  query findFiveNotice {
    findFiveNotice { ${NOTICE_FIELDS} }
  }
`;

export const findFiveNoticeQueryOptions = () =>
  queryOptions({
    queryKey: [...noticeKeys.all, 'findFiveNotice'],
    queryFn: async () =>
      (await gql<{ findFiveNotice: Notice[] | null }>('apps_yy_sys', findFiveNoticeDocument)).findFiveNotice ?? [],
  });

/** The five newest published notices, for the home pages. */
export function useFiveNotices() {
  return useQuery(findFiveNoticeQueryOptions());
}
