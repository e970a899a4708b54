import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS, useReloadBlacklist } from './mutate.ts';

export const deleteBlackListDocument = /* GraphQL */ `
  mutation deleteBlackList($id: ID!) {
    deleteBlackList(id: $id) { ${RESULT_FIELDS} }
  }
`;

/** Administrators remove an entry: a ban in force ends, and the entry leaves the list. */
export async function deleteBlackList(id: string): Promise<OperationResult> {
  return assertOk(
    (await gql<{ deleteBlackList: OperationResult | null }>('apps_yy_sys', deleteBlackListDocument, { id }))
      .deleteBlackList,
  );
}

/** Removes a blacklist entry; the blacklist reloads. */
export function useDeleteBlackList() {
  const reload = useReloadBlacklist();
  return useMutation({ mutationFn: deleteBlackList, onSuccess: reload });
}
