import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';
import type { InfoFieldModel } from './saveVisitorInfoFieldSettingsEntity.ts';

export const batchUpdateVisitorInfoFieldSettingsEntityDocument = /* GraphQL */ `
  mutation batchUpdateVisitorInfoFieldSettingsEntity($models: [VisitorInfoFieldSettingsInput!]!) {
    batchUpdateVisitorInfoFieldSettingsEntity(models: $models) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function batchUpdateVisitorInfoFieldSettingsEntity(models: InfoFieldModel[]): Promise<OperationResult> {
  return (
    await gql<{ batchUpdateVisitorInfoFieldSettingsEntity: OperationResult }>(
      'apps_yy_sys',
      batchUpdateVisitorInfoFieldSettingsEntityDocument,
      { models },
    )
  ).batchUpdateVisitorInfoFieldSettingsEntity;
}

/** Changes several information fields (e.g. their order) at once. */
export function useBatchUpdateVisitorInfoFieldSettingsEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchUpdateVisitorInfoFieldSettingsEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.infoFields() });
    },
  });
}
