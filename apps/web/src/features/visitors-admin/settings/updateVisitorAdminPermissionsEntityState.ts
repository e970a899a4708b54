import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';

export const updateVisitorAdminPermissionsEntityStateDocument = /* GraphQL */ `
  mutation updateVisitorAdminPermissionsEntityState($ids: [ID!]!, $is_enable: Int!) {
    updateVisitorAdminPermissionsEntityState(ids: $ids, is_enable: $is_enable) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateVisitorAdminPermissionsEntityState(vars: {
  ids: string[];
  is_enable: number;
}): Promise<OperationResult> {
  return (
    await gql<{ updateVisitorAdminPermissionsEntityState: OperationResult }>(
      'apps_yy_sys',
      updateVisitorAdminPermissionsEntityStateDocument,
      vars,
    )
  ).updateVisitorAdminPermissionsEntityState;
}

/** Enables or disables administrators. */
export function useUpdateVisitorAdminPermissionsEntityState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorAdminPermissionsEntityState,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
