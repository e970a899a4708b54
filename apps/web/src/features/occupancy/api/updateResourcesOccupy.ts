import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { occupancyKeys, type ResourcesOccupyModel } from './types.ts';

export const updateResourcesOccupyDocument = /* GraphQL */ `
  mutation updateResourcesOccupy($model: InputResourcesOccupy!) {
    updateResourcesOccupy(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Changes a blocked period; a refusal throws with the server's zh/en texts. */
export async function updateResourcesOccupy(model: ResourcesOccupyModel): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ updateResourcesOccupy: OperationResult | null }>('apps_yy_sys', updateResourcesOccupyDocument, {
        model,
      })
    ).updateResourcesOccupy,
  );
}

/** Changes a blocked period; the occupancy list reloads. */
export function useUpdateResourcesOccupy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResourcesOccupy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: occupancyKeys.all }),
  });
}
