import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';

export const batchDeleteVisitorListDocument = /* GraphQL */ `
  mutation batchDeleteVisitorList($ids: [String!]!) {
    batchDeleteVisitorList(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export type BatchDeleteVisitorListArgs = { ids: string[] };

export async function batchDeleteVisitorList(args: BatchDeleteVisitorListArgs): Promise<OperationResult> {
  return assertOk(
    (await gql<{ batchDeleteVisitorList: OperationResult }>('apps_yy_sys', batchDeleteVisitorListDocument, { ...args }))
      .batchDeleteVisitorList,
  );
}

/** `batchDeleteVisitorList`; a refusal throws with the server's words; lists reload. */
export function useBatchDeleteVisitorList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteVisitorList,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findVisitorListEntityList'] });
      await queryClient.invalidateQueries({ queryKey: ['findVisitorListSummary'] });
    },
  });
}
