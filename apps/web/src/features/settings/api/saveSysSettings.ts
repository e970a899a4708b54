import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const saveSysSettingsDocument = /* GraphQL */ `
  mutation saveSysSettings($model: InputSysSettings!) {
    saveSysSettings(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Merges the given keys into the tenant's manage_setting (keys not named keep their values). */
export async function saveSysSettings(patch: Record<string, unknown>): Promise<OperationResult> {
  const data = await gql<{ saveSysSettings: OperationResult }>('apps_yy_sys', saveSysSettingsDocument, {
    model: { manage_setting: JSON.stringify(patch) },
  });
  return data.saveSysSettings;
}

/**
 * Saves settings; on success every settings query reloads, so the layouts (name, logo,
 * colour) change at once without a redeploy.
 */
export function useSaveSysSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSysSettings,
    onSuccess: (result) => {
      if (result.errcode === '0') return queryClient.invalidateQueries({ queryKey: ['sysSettings'] });
    },
  });
}
