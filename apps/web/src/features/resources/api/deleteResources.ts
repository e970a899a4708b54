import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { resourceKeys } from '../types.ts';

export const deleteResourcesDocument = /* GraphQL */ `
  mutation deleteResources($id: ID!) {
    deleteResources(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function deleteResources(id: string): Promise<OperationResult> {
  const data = await gql<{ deleteResources: OperationResult | null }>('apps_yy_sys', deleteResourcesDocument, { id });
  return assertOk(data.deleteResources);
}

export function useDeleteResources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResources,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
