import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import {
  NOTIFICATION_MAIL_FIELDS,
  notificationMailKeys,
  type Connection,
  type NotificationMail,
  type NotificationMailFilter,
} from '../types.ts';

export const findNotificationMailAllDocument = /* GraphQL */ `
  query findNotificationMailAll($first: Int, $offset: Int, $filter: NotificationMailFilterMap) {
    findNotificationMailAll(first: $first, offset: $offset, filter: $filter) {
      edges { node { ${NOTIFICATION_MAIL_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindNotificationMailAllVariables {
  first: number;
  offset: number;
  filter: NotificationMailFilter;
}

/** Administrators: the tenant's e-mail outbox, newest first. */
export async function findNotificationMailAll(
  variables: FindNotificationMailAllVariables,
): Promise<Connection<NotificationMail>> {
  const data = await gql<{ findNotificationMailAll: Connection<NotificationMail> | null }>(
    'apps_yy_sys',
    findNotificationMailAllDocument,
    { ...variables },
  );
  return (
    data.findNotificationMailAll ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 }
  );
}

export const findNotificationMailAllQueryOptions = (variables: FindNotificationMailAllVariables) =>
  queryOptions({
    queryKey: notificationMailKeys.list(variables),
    queryFn: () => findNotificationMailAll(variables),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** A page of the e-mail outbox. */
export function useNotificationMailAll(variables: FindNotificationMailAllVariables) {
  return useQuery(findNotificationMailAllQueryOptions(variables));
}
