import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';

export interface RegisterFieldChange {
  field_name: string;
  is_valid?: number;
  is_required?: number;
  sort?: number;
}

export const batchUpdateVisitorRegistorFieldSettingEntityDocument = /* GraphQL */ `
  mutation batchUpdateVisitorRegistorFieldSettingEntity($models: [VisitorRegistorFieldSettingInput!]!) {
    batchUpdateVisitorRegistorFieldSettingEntity(models: $models) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function batchUpdateVisitorRegistorFieldSettingEntity(
  models: RegisterFieldChange[],
): Promise<OperationResult> {
  return (
    await gql<{ batchUpdateVisitorRegistorFieldSettingEntity: OperationResult }>(
      'apps_yy_sys',
      batchUpdateVisitorRegistorFieldSettingEntityDocument,
      { models },
    )
  ).batchUpdateVisitorRegistorFieldSettingEntity;
}

/** Changes several registration fields (shown, required, order) at once. */
export function useBatchUpdateVisitorRegistorFieldSettingEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchUpdateVisitorRegistorFieldSettingEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.registerFields() });
    },
  });
}
