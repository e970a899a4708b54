import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const saveCodeItemsDocument = /* GraphQL */ `
  mutation saveCodeItems($model: InputCodeItems) {
    saveCodeItems(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export interface CodeItemModel {
  id?: string;
  codes_id: string;
  item_code: string;
  item_name: string;
  item_name_en?: string;
  item_description?: string;
  item_index?: number;
  /** The parent's item_code; '' for a root. */
  item_parent?: string;
}

export async function saveCodeItems(model: CodeItemModel): Promise<OperationResult> {
  return (await gql<{ saveCodeItems: OperationResult }>('apps_yy_sys', saveCodeItemsDocument, { model })).saveCodeItems;
}

/** Adds an item to a code table; item lists and counts reload. */
export function useSaveCodeItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCodeItems,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findCodeItemsAll'] });
      await queryClient.invalidateQueries({ queryKey: ['findCodes'] });
      await queryClient.invalidateQueries({ queryKey: ['findCodesAll'] });
    },
  });
}
