import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { resourceKeys } from '../types.ts';

export const updateResourcesStateDocument = /* GraphQL */ `
  mutation updateResourcesState($id: ID!, $state: Int!) {
    updateResourcesState(id: $id, state: $state) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** state: 1 enabled, 0 disabled. */
export async function updateResourcesState(variables: { id: string; state: number }): Promise<OperationResult> {
  const data = await gql<{ updateResourcesState: OperationResult | null }>(
    'apps_yy_sys',
    updateResourcesStateDocument,
    variables,
  );
  return assertOk(data.updateResourcesState);
}

export function useUpdateResourcesState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResourcesState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
