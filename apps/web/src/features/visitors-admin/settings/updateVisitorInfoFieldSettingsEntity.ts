import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';
import type { InfoFieldModel } from './saveVisitorInfoFieldSettingsEntity.ts';

export const updateVisitorInfoFieldSettingsEntityDocument = /* GraphQL */ `
  mutation updateVisitorInfoFieldSettingsEntity($model: VisitorInfoFieldSettingsInput!) {
    updateVisitorInfoFieldSettingsEntity(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateVisitorInfoFieldSettingsEntity(model: InfoFieldModel): Promise<OperationResult> {
  return (
    await gql<{ updateVisitorInfoFieldSettingsEntity: OperationResult }>(
      'apps_yy_sys',
      updateVisitorInfoFieldSettingsEntityDocument,
      { model },
    )
  ).updateVisitorInfoFieldSettingsEntity;
}

/** Changes an information field (by id). */
export function useUpdateVisitorInfoFieldSettingsEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorInfoFieldSettingsEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.infoFields() });
    },
  });
}
