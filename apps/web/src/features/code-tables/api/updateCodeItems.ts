import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import type { CodeItemModel } from './saveCodeItems.ts';

export const updateCodeItemsDocument = /* GraphQL */ `
  mutation updateCodeItems($model: InputCodeItems) {
    updateCodeItems(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateCodeItems(model: CodeItemModel & { id: string }): Promise<OperationResult> {
  return (await gql<{ updateCodeItems: OperationResult }>('apps_yy_sys', updateCodeItemsDocument, { model }))
    .updateCodeItems;
}

/** Updates an item (a changed code re-points its children); item lists and locations reload. */
export function useUpdateCodeItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCodeItems,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findCodeItemsAll'] });
      await queryClient.invalidateQueries({ queryKey: ['findLocationsAll'] });
    },
  });
}
