import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';

export interface PersonTypeModel {
  id?: string;
  item_code?: string;
  item_name: string;
  item_name_en?: string;
  item_index?: number;
}

export const saveVisitorPersonTypeDocument = /* GraphQL */ `
  mutation saveVisitorPersonType($model: VisitorPersonTypeInput!) {
    saveVisitorPersonType(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function saveVisitorPersonType(model: PersonTypeModel): Promise<OperationResult> {
  return (
    await gql<{ saveVisitorPersonType: OperationResult }>('apps_yy_sys', saveVisitorPersonTypeDocument, { model })
  ).saveVisitorPersonType;
}

/** Adds a person type. */
export function useSaveVisitorPersonType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitorPersonType,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.personTypes() });
    },
  });
}
