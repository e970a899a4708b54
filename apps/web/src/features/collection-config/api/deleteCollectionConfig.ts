import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const deleteCollectionConfigDocument = /* GraphQL */ `
  mutation deleteCollectionConfig($id: ID) {
    deleteCollectionConfig(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteCollectionConfig(id: string): Promise<OperationResult> {
  return (await gql<{ deleteCollectionConfig: OperationResult }>('apps_yy_sys', deleteCollectionConfigDocument, { id }))
    .deleteCollectionConfig;
}

/** Deletes a collected field; the list reloads. */
export function useDeleteCollectionConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollectionConfig,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['findCollectionConfigAll'] })]),
  });
}
