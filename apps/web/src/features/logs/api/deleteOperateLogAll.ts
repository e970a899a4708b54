import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const deleteOperateLogAllDocument = /* GraphQL */ `
  mutation deleteOperateLogAll($ids: [ID]) {
    deleteOperateLogAll(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteOperateLogAll(ids: string[]): Promise<OperationResult> {
  return (await gql<{ deleteOperateLogAll: OperationResult }>('apps_yy_sys', deleteOperateLogAllDocument, { ids }))
    .deleteOperateLogAll;
}

/** Deletes operate-log entries (the server logs the deletion); the log lists reload. */
export function useDeleteOperateLogAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOperateLogAll,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['findOperateLogAll'] }),
  });
}
