import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';
import type { AdminModel } from './saveVisitorAdminPermissionsEntity.ts';

export const updateVisitorAdminPermissionsEntityDocument = /* GraphQL */ `
  mutation updateVisitorAdminPermissionsEntity($model: VisitorAdminPermissionsInput!) {
    updateVisitorAdminPermissionsEntity(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateVisitorAdminPermissionsEntity(model: AdminModel): Promise<OperationResult> {
  return (
    await gql<{ updateVisitorAdminPermissionsEntity: OperationResult }>(
      'apps_yy_sys',
      updateVisitorAdminPermissionsEntityDocument,
      { model },
    )
  ).updateVisitorAdminPermissionsEntity;
}

/** Changes an administrator's permission, scope or state. */
export function useUpdateVisitorAdminPermissionsEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorAdminPermissionsEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
