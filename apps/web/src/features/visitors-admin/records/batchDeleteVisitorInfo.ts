import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';

export const batchDeleteVisitorInfoDocument = /* GraphQL */ `
  mutation batchDeleteVisitorInfo($ids: [String!]!, $cancelVisits: Boolean) {
    batchDeleteVisitorInfo(ids: $ids, cancelVisits: $cancelVisits) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export type BatchDeleteVisitorInfoArgs = { ids: string[]; cancelVisits: boolean };

export async function batchDeleteVisitorInfo(args: BatchDeleteVisitorInfoArgs): Promise<OperationResult> {
  return assertOk(
    (await gql<{ batchDeleteVisitorInfo: OperationResult }>('apps_yy_sys', batchDeleteVisitorInfoDocument, { ...args }))
      .batchDeleteVisitorInfo,
  );
}

/** `batchDeleteVisitorInfo`; a refusal throws with the server's words; lists reload. */
export function useBatchDeleteVisitorInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteVisitorInfo,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findVisitorRegistrationEntityList'] });
    },
  });
}
