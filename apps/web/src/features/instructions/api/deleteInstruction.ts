import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const deleteInstructionDocument = /* GraphQL */ `
  mutation deleteInstruction($id: ID) {
    deleteInstruction(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteInstruction(id: string): Promise<OperationResult> {
  return (await gql<{ deleteInstruction: OperationResult }>('apps_yy_sys', deleteInstructionDocument, { id }))
    .deleteInstruction;
}

/** Deletes an instruction; the lists reload. */
export function useDeleteInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInstruction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['findInstructionAll'] }),
        queryClient.invalidateQueries({ queryKey: ['findInstruction'] }),
      ]),
  });
}
