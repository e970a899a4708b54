import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';

export const batchDeleteVisitorInfoFieldSettingsEntityDocument = /* GraphQL */ `
  mutation batchDeleteVisitorInfoFieldSettingsEntity($ids: [ID!]!) {
    batchDeleteVisitorInfoFieldSettingsEntity(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function batchDeleteVisitorInfoFieldSettingsEntity(ids: string[]): Promise<OperationResult> {
  return (
    await gql<{ batchDeleteVisitorInfoFieldSettingsEntity: OperationResult }>(
      'apps_yy_sys',
      batchDeleteVisitorInfoFieldSettingsEntityDocument,
      { ids },
    )
  ).batchDeleteVisitorInfoFieldSettingsEntity;
}

/** Deletes information fields (one or several). */
export function useBatchDeleteVisitorInfoFieldSettingsEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteVisitorInfoFieldSettingsEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.infoFields() });
    },
  });
}
