import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';

export interface AdminModel {
  id?: string;
  admin_user?: string;
  permission?: string;
  scope_areas?: string;
  scope_types?: string;
  is_enable?: number;
}

export const saveVisitorAdminPermissionsEntityDocument = /* GraphQL */ `
  mutation saveVisitorAdminPermissionsEntity($model: VisitorAdminPermissionsInput!) {
    saveVisitorAdminPermissionsEntity(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function saveVisitorAdminPermissionsEntity(model: AdminModel): Promise<OperationResult> {
  return (
    await gql<{ saveVisitorAdminPermissionsEntity: OperationResult }>(
      'apps_yy_sys',
      saveVisitorAdminPermissionsEntityDocument,
      { model },
    )
  ).saveVisitorAdminPermissionsEntity;
}

/** Makes a directory user a visitor administrator or gate staff. */
export function useSaveVisitorAdminPermissionsEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitorAdminPermissionsEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
