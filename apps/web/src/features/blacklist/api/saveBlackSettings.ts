import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS, useReloadBlacklist } from './mutate.ts';

export const saveBlackSettingsDocument = /* GraphQL */ `
  mutation saveBlackSettings($model: InputBlackSettings!) {
    saveBlackSettings(model: $model) { ${RESULT_FIELDS} }
  }
`;

export interface SaveBlackSettingsModel {
  is_enable: '0' | '1';
  no_show_times: number;
  no_show_days: number;
  ban_days: number;
}

/** Administrators set the black-settings rule (it applies to no-shows marked from then on). */
export async function saveBlackSettings(model: SaveBlackSettingsModel): Promise<OperationResult> {
  return assertOk(
    (await gql<{ saveBlackSettings: OperationResult | null }>('apps_yy_sys', saveBlackSettingsDocument, { model }))
      .saveBlackSettings,
  );
}

/** Saves the black-settings rule; the blacklist queries reload. */
export function useSaveBlackSettings() {
  const reload = useReloadBlacklist();
  return useMutation({ mutationFn: saveBlackSettings, onSuccess: reload });
}
