import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const deleteCodesDocument = /* GraphQL */ `
  mutation deleteCodes($id: ID, $cascade: Boolean) {
    deleteCodes(id: $id, cascade: $cascade) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteCodes(args: { id: string; cascade?: boolean }): Promise<OperationResult> {
  return (
    await gql<{ deleteCodes: OperationResult }>('apps_yy_sys', deleteCodesDocument, {
      id: args.id,
      cascade: args.cascade ?? false,
    })
  ).deleteCodes;
}

/** Deletes a code table (with its items only when `cascade`); lists reload. */
export function useDeleteCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCodes,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findCodesAll'] });
      await queryClient.invalidateQueries({ queryKey: ['findCodeItemsAll'] });
      await queryClient.invalidateQueries({ queryKey: ['findLocationsAll'] });
    },
  });
}
