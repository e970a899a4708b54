import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const deleteCodeItemsDocument = /* GraphQL */ `
  mutation deleteCodeItems($id: ID) {
    deleteCodeItems(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteCodeItems(id: string): Promise<OperationResult> {
  return (await gql<{ deleteCodeItems: OperationResult }>('apps_yy_sys', deleteCodeItemsDocument, { id }))
    .deleteCodeItems;
}

/** Deletes an item (refused while it has children); item lists, counts and locations reload. */
export function useDeleteCodeItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCodeItems,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findCodeItemsAll'] });
      await queryClient.invalidateQueries({ queryKey: ['findCodes'] });
      await queryClient.invalidateQueries({ queryKey: ['findCodesAll'] });
      await queryClient.invalidateQueries({ queryKey: ['findLocationsAll'] });
    },
  });
}
