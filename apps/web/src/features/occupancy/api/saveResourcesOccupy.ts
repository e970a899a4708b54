import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { occupancyKeys, type ResourcesOccupyModel } from './types.ts';

export const saveResourcesOccupyDocument = /* GraphQL */ `
  mutation saveResourcesOccupy($model: InputResourcesOccupy!) {
    saveResourcesOccupy(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Blocks a period of a resource; a refusal throws with the server's zh/en texts. */
export async function saveResourcesOccupy(model: ResourcesOccupyModel): Promise<OperationResult> {
  return assertOk(
    (await gql<{ saveResourcesOccupy: OperationResult | null }>('apps_yy_sys', saveResourcesOccupyDocument, { model }))
      .saveResourcesOccupy,
  );
}

/** Blocks a period of a resource; the occupancy list reloads. */
export function useSaveResourcesOccupy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResourcesOccupy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: occupancyKeys.all }),
  });
}
