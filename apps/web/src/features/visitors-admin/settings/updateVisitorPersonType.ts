import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';
import type { PersonTypeModel } from './saveVisitorPersonType.ts';

export const updateVisitorPersonTypeDocument = /* GraphQL */ `
  mutation updateVisitorPersonType($model: VisitorPersonTypeInput!) {
    updateVisitorPersonType(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateVisitorPersonType(model: PersonTypeModel): Promise<OperationResult> {
  return (
    await gql<{ updateVisitorPersonType: OperationResult }>('apps_yy_sys', updateVisitorPersonTypeDocument, { model })
  ).updateVisitorPersonType;
}

/** Changes a person type (by id). */
export function useUpdateVisitorPersonType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorPersonType,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.personTypes() });
    },
  });
}
