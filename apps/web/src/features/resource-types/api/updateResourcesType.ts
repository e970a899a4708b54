import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { resourceTypeKeys, type ResourcesTypeModel } from './types.ts';

export const updateResourcesTypeDocument = /* GraphQL */ `
  mutation updateResourcesType($model: InputResourcesType!) {
    updateResourcesType(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Updates a resource type; child lists given replace the stored ones; a refusal throws with the server's zh/en texts. */
export async function updateResourcesType(model: ResourcesTypeModel): Promise<OperationResult> {
  return assertOk(
    (await gql<{ updateResourcesType: OperationResult | null }>('apps_yy_sys', updateResourcesTypeDocument, { model }))
      .updateResourcesType,
  );
}

/** Updates a resource type; child lists given replace the stored ones; every resource type query reloads. */
export function useUpdateResourcesType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResourcesType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceTypeKeys.all }),
  });
}
