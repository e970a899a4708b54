import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const saveReviewAddressDocument = /* GraphQL */ `
  mutation saveReviewAddress($model: InputReviewAddress) {
    saveReviewAddress(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export interface ReviewAddressInput {
  id?: string;
  name: string;
  name_en: string;
  url: string;
  resource_type_id: string;
  description: string;
  enabled: boolean;
}

export async function saveReviewAddress(model: ReviewAddressInput): Promise<OperationResult> {
  return (await gql<{ saveReviewAddress: OperationResult }>('apps_yy_sys', saveReviewAddressDocument, { model }))
    .saveReviewAddress;
}

/** Creates or changes a review address; the list reloads. */
export function useSaveReviewAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReviewAddress,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['findReviewAddressAll'] })]),
  });
}
