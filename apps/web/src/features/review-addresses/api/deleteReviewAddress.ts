import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const deleteReviewAddressDocument = /* GraphQL */ `
  mutation deleteReviewAddress($id: ID) {
    deleteReviewAddress(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteReviewAddress(id: string): Promise<OperationResult> {
  return (await gql<{ deleteReviewAddress: OperationResult }>('apps_yy_sys', deleteReviewAddressDocument, { id }))
    .deleteReviewAddress;
}

/** Deletes a review address; the list reloads. */
export function useDeleteReviewAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReviewAddress,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['findReviewAddressAll'] })]),
  });
}
