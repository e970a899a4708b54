import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { resourceTypeKeys } from './types.ts';

export const deleteResourcesTypeDocument = /* GraphQL */ `
  mutation deleteResourcesType($id: ID!) {
    deleteResourcesType(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Deletes a resource type; the server refuses while it still has resources (zh/en message). */
export async function deleteResourcesType(id: string): Promise<OperationResult> {
  return assertOk(
    (await gql<{ deleteResourcesType: OperationResult | null }>('apps_yy_sys', deleteResourcesTypeDocument, { id }))
      .deleteResourcesType,
  );
}

/** Deletes a resource type; every resource type query reloads. */
export function useDeleteResourcesType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResourcesType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceTypeKeys.all }),
  });
}
