import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { longTermKeys, type LongTermVisitorInput } from './types.ts';

export const updateVisitorLongTermEntityDocument = /* GraphQL */ `
  mutation updateVisitorLongTermEntity($model: VisitorLongTermInput!) {
    updateVisitorLongTermEntity(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateVisitorLongTermEntity(args: { model: LongTermVisitorInput }): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ updateVisitorLongTermEntity: OperationResult }>('apps_yy_sys', updateVisitorLongTermEntityDocument, {
        ...args,
      })
    ).updateVisitorLongTermEntity,
  );
}

/** `updateVisitorLongTermEntity`; a refusal throws with the server's words; the lists reload. */
export function useUpdateVisitorLongTermEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorLongTermEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: longTermKeys.all });
    },
  });
}
