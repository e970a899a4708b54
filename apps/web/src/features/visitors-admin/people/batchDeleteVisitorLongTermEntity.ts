import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { longTermKeys } from './types.ts';

export const batchDeleteVisitorLongTermEntityDocument = /* GraphQL */ `
  mutation batchDeleteVisitorLongTermEntity($ids: [String!]!) {
    batchDeleteVisitorLongTermEntity(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function batchDeleteVisitorLongTermEntity(args: { ids: string[] }): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ batchDeleteVisitorLongTermEntity: OperationResult }>(
        'apps_yy_sys',
        batchDeleteVisitorLongTermEntityDocument,
        { ...args },
      )
    ).batchDeleteVisitorLongTermEntity,
  );
}

/** `batchDeleteVisitorLongTermEntity`; a refusal throws with the server's words; the lists reload. */
export function useBatchDeleteVisitorLongTermEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteVisitorLongTermEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: longTermKeys.all });
    },
  });
}
