import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys, type VisitorOverallSettings } from './types.ts';

export const updateVisitorOverallSettingsEntityDocument = /* GraphQL */ `
  mutation updateVisitorOverallSettingsEntity($model: VisitorOverallSettingsInput!) {
    updateVisitorOverallSettingsEntity(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateVisitorOverallSettingsEntity(
  model: Partial<Omit<VisitorOverallSettings, 'id' | 'mod_time'>>,
): Promise<OperationResult> {
  return (
    await gql<{ updateVisitorOverallSettingsEntity: OperationResult }>(
      'apps_yy_sys',
      updateVisitorOverallSettingsEntityDocument,
      { model },
    )
  ).updateVisitorOverallSettingsEntity;
}

/** Changes the overall settings (only the fields given). */
export function useUpdateVisitorOverallSettingsEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorOverallSettingsEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.overall() });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
