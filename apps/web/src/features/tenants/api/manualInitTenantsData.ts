import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { MessagesResult } from '../../../lib/operation-result.ts';

export const manualInitTenantsDataDocument = /* GraphQL */ `
  mutation manualInitTenantsData {
    manualInitTenantsData {
      code
      name
      messages
      messages_en
    }
  }
`;

export function useManualInitTenantsData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await gql<{ manualInitTenantsData: MessagesResult }>('apps_yy_sys', manualInitTenantsDataDocument))
        .manualInitTenantsData,
    onSuccess: () => client.invalidateQueries({ queryKey: ['checkTenantStatus'] }),
  });
}
