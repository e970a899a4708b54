import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import type { CodesModel } from './saveCodes.ts';

export const updateCodesDocument = /* GraphQL */ `
  mutation updateCodes($model: InputCodes) {
    updateCodes(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateCodes(model: CodesModel & { id: string }): Promise<OperationResult> {
  return (await gql<{ updateCodes: OperationResult }>('apps_yy_sys', updateCodesDocument, { model })).updateCodes;
}

/** Updates a code table; the lists and the table reload. */
export function useUpdateCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCodes,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findCodesAll'] });
      await queryClient.invalidateQueries({ queryKey: ['findCodes'] });
      await queryClient.invalidateQueries({ queryKey: ['findCodeItemsAll'] });
    },
  });
}
