import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';

export const batchUpdateVisitorInfoDocument = /* GraphQL */ `
  mutation batchUpdateVisitorInfo($ids: [String!]!, $is_valid: Int, $person_type: String) {
    batchUpdateVisitorInfo(ids: $ids, is_valid: $is_valid, person_type: $person_type) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export type BatchUpdateVisitorInfoArgs = { ids: string[]; is_valid?: number; person_type?: string };

export async function batchUpdateVisitorInfo(args: BatchUpdateVisitorInfoArgs): Promise<OperationResult> {
  return assertOk(
    (await gql<{ batchUpdateVisitorInfo: OperationResult }>('apps_yy_sys', batchUpdateVisitorInfoDocument, { ...args }))
      .batchUpdateVisitorInfo,
  );
}

/** `batchUpdateVisitorInfo`; a refusal throws with the server's words; lists reload. */
export function useBatchUpdateVisitorInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchUpdateVisitorInfo,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findVisitorRegistrationEntityList'] });
    },
  });
}
