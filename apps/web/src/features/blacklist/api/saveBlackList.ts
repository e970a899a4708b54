import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS, useReloadBlacklist } from './mutate.ts';

export const saveBlackListDocument = /* GraphQL */ `
  mutation saveBlackList($model: InputBlackList!) {
    saveBlackList(model: $model) { ${RESULT_FIELDS} }
  }
`;

/** A user to put on the blacklist: the reason, and the end (through end_time "YYYY-MM-DD", or days from now). */
export interface SaveBlackListModel {
  user_account: string;
  reason: string;
  reason_en?: string;
  end_time?: string;
  days?: number;
}

/** Administrators put a user on the blacklist (refused while a ban is in force for them). */
export async function saveBlackList(model: SaveBlackListModel): Promise<OperationResult> {
  return assertOk(
    (await gql<{ saveBlackList: OperationResult | null }>('apps_yy_sys', saveBlackListDocument, { model }))
      .saveBlackList,
  );
}

/** Adds a blacklist entry; the blacklist reloads. */
export function useSaveBlackList() {
  const reload = useReloadBlacklist();
  return useMutation({ mutationFn: saveBlackList, onSuccess: reload });
}
