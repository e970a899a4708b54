import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys, type VisitorDetailSetting } from './types.ts';

export const batchUpdateVisitorDetailSettingsDocument = /* GraphQL */ `
  mutation batchUpdateVisitorDetailSettings($models: [VisitorDetailSettingsInput!]!) {
    batchUpdateVisitorDetailSettings(models: $models) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function batchUpdateVisitorDetailSettings(
  models: Partial<Omit<VisitorDetailSetting, 'id' | 'visitor_type_name' | 'visitor_type_name_en'>>[] &
    { visitor_type: string }[],
): Promise<OperationResult> {
  return (
    await gql<{ batchUpdateVisitorDetailSettings: OperationResult }>(
      'apps_yy_sys',
      batchUpdateVisitorDetailSettingsDocument,
      { models },
    )
  ).batchUpdateVisitorDetailSettings;
}

/** Changes several visitor types' settings at once (all or nothing). */
export function useBatchUpdateVisitorDetailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchUpdateVisitorDetailSettings,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.details() });
    },
  });
}
