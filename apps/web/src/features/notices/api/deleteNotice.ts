import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from './result.ts';
import { noticeKeys } from './types.ts';

export const deleteNoticeDocument = /* GraphQL */ `
  mutation deleteNotice($id: ID) {
    deleteNotice(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteNotice(id: string): Promise<OperationResult> {
  return assertOk(
    (await gql<{ deleteNotice: OperationResult | null }>('apps_yy_sys', deleteNoticeDocument, { id })).deleteNotice,
  );
}

/** Deletes a notice; every notice query reloads. */
export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
