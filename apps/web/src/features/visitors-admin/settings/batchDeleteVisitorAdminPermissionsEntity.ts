import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';

export const batchDeleteVisitorAdminPermissionsEntityDocument = /* GraphQL */ `
  mutation batchDeleteVisitorAdminPermissionsEntity($ids: [ID!]!) {
    batchDeleteVisitorAdminPermissionsEntity(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function batchDeleteVisitorAdminPermissionsEntity(ids: string[]): Promise<OperationResult> {
  return (
    await gql<{ batchDeleteVisitorAdminPermissionsEntity: OperationResult }>(
      'apps_yy_sys',
      batchDeleteVisitorAdminPermissionsEntityDocument,
      { ids },
    )
  ).batchDeleteVisitorAdminPermissionsEntity;
}

/** Deletes administrators (one or several). */
export function useBatchDeleteVisitorAdminPermissionsEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteVisitorAdminPermissionsEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
