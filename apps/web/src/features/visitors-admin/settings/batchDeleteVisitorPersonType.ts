import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';

export const batchDeleteVisitorPersonTypeDocument = /* GraphQL */ `
  mutation batchDeleteVisitorPersonType($ids: [ID!]!) {
    batchDeleteVisitorPersonType(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function batchDeleteVisitorPersonType(ids: string[]): Promise<OperationResult> {
  return (
    await gql<{ batchDeleteVisitorPersonType: OperationResult }>('apps_yy_sys', batchDeleteVisitorPersonTypeDocument, {
      ids,
    })
  ).batchDeleteVisitorPersonType;
}

/** Deletes person types (one or several). */
export function useBatchDeleteVisitorPersonType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteVisitorPersonType,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.personTypes() });
    },
  });
}
