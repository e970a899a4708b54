import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';

export const addVisitorInfoDocument = /* GraphQL */ `
  mutation addVisitorInfo($model: VisitorRegistrationInput!) {
    addVisitorInfo(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export type AddVisitorInfoArgs = { model: Record<string, unknown> };

export async function addVisitorInfo(args: AddVisitorInfoArgs): Promise<OperationResult> {
  return assertOk(
    (await gql<{ addVisitorInfo: OperationResult }>('apps_yy_sys', addVisitorInfoDocument, { ...args })).addVisitorInfo,
  );
}

/** `addVisitorInfo`; a refusal throws with the server's words; lists reload. */
export function useAddVisitorInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addVisitorInfo,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findVisitorRegistrationEntityList'] });
    },
  });
}
