import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from './result.ts';
import { noticeKeys } from './types.ts';

export const updateNoticeStateDocument = /* GraphQL */ `
  mutation updateNoticeState($id: ID, $state: Int) {
    updateNoticeState(id: $id, state: $state) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateNoticeState(variables: { id: string; state: number }): Promise<OperationResult> {
  return assertOk(
    (await gql<{ updateNoticeState: OperationResult | null }>('apps_yy_sys', updateNoticeStateDocument, variables))
      .updateNoticeState,
  );
}

/** Publishes (1) or withdraws (2) a notice; every notice query reloads. */
export function useUpdateNoticeState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNoticeState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
