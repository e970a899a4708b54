import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const deleteLocationDocument = /* GraphQL */ `
  mutation deleteLocation($id: ID) {
    deleteLocation(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteLocation(id: string): Promise<OperationResult> {
  return (await gql<{ deleteLocation: OperationResult }>('apps_yy_sys', deleteLocationDocument, { id })).deleteLocation;
}

/** Removes an item's location; location lists reload. */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['findLocationsAll'] }),
  });
}
