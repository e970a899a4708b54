import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const deleteOperateLogDocument = /* GraphQL */ `
  mutation deleteOperateLog($id: ID) {
    deleteOperateLog(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteOperateLog(id: string): Promise<OperationResult> {
  return (await gql<{ deleteOperateLog: OperationResult }>('apps_yy_sys', deleteOperateLogDocument, { id }))
    .deleteOperateLog;
}

/** Deletes operate-log entries (the server logs the deletion); the log lists reload. */
export function useDeleteOperateLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOperateLog,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['findOperateLogAll'] }),
  });
}
