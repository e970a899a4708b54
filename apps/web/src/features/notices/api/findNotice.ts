import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { NOTICE_FIELDS, noticeKeys, type Notice } from './types.ts';

export const findNoticeDocument = /* GraphQL */ `
  query findNotice($id: ID) {
    findNotice(id: $id) { ${NOTICE_FIELDS} }
  }
`;

export const findNoticeQueryOptions = (id: string | undefined) =>
  queryOptions({
    queryKey: [...noticeKeys.all, 'findNotice', id],
    queryFn: async () =>
      (await gql<{ findNotice: Notice | null }>('apps_yy_sys', findNoticeDocument, { id })).findNotice,
    enabled: Boolean(id),
  });

/** One notice the user may see (null when it does not exist or is not published). */
export function useNotice(id: string | undefined) {
  return useQuery(findNoticeQueryOptions(id));
}
