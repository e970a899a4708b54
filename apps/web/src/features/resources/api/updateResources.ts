import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import type { ResourceInput } from '../form.ts';
import { resourceKeys } from '../types.ts';

export const updateResourcesDocument = /* GraphQL */ `
  mutation updateResources($model: InputResources!) {
    updateResources(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateResources(model: ResourceInput & { id: string }): Promise<OperationResult> {
  const data = await gql<{ updateResources: OperationResult | null }>('apps_yy_sys', updateResourcesDocument, {
    model,
  });
  return assertOk(data.updateResources);
}

/** Updates a resource; lists sent replace the stored ones. Resource queries reload. */
export function useUpdateResources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResources,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
