import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';

export const updateVisitorInfoDocument = /* GraphQL */ `
  mutation updateVisitorInfo($id: String!, $model: VisitorRegistrationInput!) {
    updateVisitorInfo(id: $id, model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export type UpdateVisitorInfoArgs = { id: string; model: Record<string, unknown> };

export async function updateVisitorInfo(args: UpdateVisitorInfoArgs): Promise<OperationResult> {
  return assertOk(
    (await gql<{ updateVisitorInfo: OperationResult }>('apps_yy_sys', updateVisitorInfoDocument, { ...args }))
      .updateVisitorInfo,
  );
}

/** `updateVisitorInfo`; a refusal throws with the server's words; lists reload. */
export function useUpdateVisitorInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorInfo,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findVisitorRegistrationEntityList'] });
    },
  });
}
