import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS, useReloadBlacklist } from './mutate.ts';

export const pardonBlackListDocument = /* GraphQL */ `
  mutation pardonBlackList($id: ID!, $reason: String!) {
    pardonBlackList(id: $id, reason: $reason) { ${RESULT_FIELDS} }
  }
`;

/** Administrators pardon a ban in force: it ends now; the entry is kept with the reason. */
export async function pardonBlackList(variables: { id: string; reason: string }): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ pardonBlackList: OperationResult | null }>('apps_yy_sys', pardonBlackListDocument, {
        id: variables.id,
        reason: variables.reason.trim(),
      })
    ).pardonBlackList,
  );
}

/** Pardons a ban in force; the blacklist reloads. */
export function usePardonBlackList() {
  const reload = useReloadBlacklist();
  return useMutation({ mutationFn: pardonBlackList, onSuccess: reload });
}
