import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { resourceTypeKeys } from './types.ts';

export const updateResourcesTypeStateDocument = /* GraphQL */ `
  mutation updateResourcesTypeState($id: ID!, $state: Int!) {
    updateResourcesTypeState(id: $id, state: $state) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Enables (1) or disables (0) a resource type. */
export async function updateResourcesTypeState(variables: { id: string; state: 0 | 1 }): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ updateResourcesTypeState: OperationResult | null }>(
        'apps_yy_sys',
        updateResourcesTypeStateDocument,
        variables,
      )
    ).updateResourcesTypeState,
  );
}

/** Enables or disables a resource type; every resource type query reloads. */
export function useUpdateResourcesTypeState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResourcesTypeState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceTypeKeys.all }),
  });
}
