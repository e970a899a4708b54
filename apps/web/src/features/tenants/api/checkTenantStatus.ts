import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const checkTenantStatusDocument = /* GraphQL */ `
  query checkTenantStatus {
    checkTenantStatus {
      errcode
      msg
      msg_en
    }
  }
`;

/** The tenant check the guard runs first (spec 2.5); keyed by token so a new token checks again. */
export const checkTenantStatusQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['checkTenantStatus', token],
    queryFn: async () =>
      (await gql<{ checkTenantStatus: OperationResult }>('apps_yy_sys', checkTenantStatusDocument)).checkTenantStatus,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export const useCheckTenantStatus = (token: string | null) => useQuery(checkTenantStatusQueryOptions(token));
