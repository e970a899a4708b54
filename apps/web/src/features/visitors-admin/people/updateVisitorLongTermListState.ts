import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { longTermKeys } from './types.ts';

export const updateVisitorLongTermListStateDocument = /* GraphQL */ `
  mutation updateVisitorLongTermListState($ids: [String!]!, $is_enable: Int!) {
    updateVisitorLongTermListState(ids: $ids, is_enable: $is_enable) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateVisitorLongTermListState(args: {
  ids: string[];
  is_enable: number;
}): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ updateVisitorLongTermListState: OperationResult }>(
        'apps_yy_sys',
        updateVisitorLongTermListStateDocument,
        { ...args },
      )
    ).updateVisitorLongTermListState,
  );
}

/** `updateVisitorLongTermListState`; a refusal throws with the server's words; the lists reload. */
export function useUpdateVisitorLongTermListState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorLongTermListState,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: longTermKeys.all });
    },
  });
}
