import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { longTermKeys, type LongTermVisitorInput } from './types.ts';

export const saveVisitorLongTermEntityDocument = /* GraphQL */ `
  mutation saveVisitorLongTermEntity($model: VisitorLongTermInput!) {
    saveVisitorLongTermEntity(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function saveVisitorLongTermEntity(args: { model: LongTermVisitorInput }): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ saveVisitorLongTermEntity: OperationResult }>('apps_yy_sys', saveVisitorLongTermEntityDocument, {
        ...args,
      })
    ).saveVisitorLongTermEntity,
  );
}

/** `saveVisitorLongTermEntity`; a refusal throws with the server's words; the lists reload. */
export function useSaveVisitorLongTermEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitorLongTermEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: longTermKeys.all });
    },
  });
}
