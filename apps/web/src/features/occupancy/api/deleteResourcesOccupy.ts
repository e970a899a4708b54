import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { occupancyKeys } from './types.ts';

export const deleteResourcesOccupyDocument = /* GraphQL */ `
  mutation deleteResourcesOccupy($id: ID!) {
    deleteResourcesOccupy(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Removes a blocked period. */
export async function deleteResourcesOccupy(id: string): Promise<OperationResult> {
  return assertOk(
    (await gql<{ deleteResourcesOccupy: OperationResult | null }>('apps_yy_sys', deleteResourcesOccupyDocument, { id }))
      .deleteResourcesOccupy,
  );
}

/** Removes a blocked period; the occupancy list reloads. */
export function useDeleteResourcesOccupy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResourcesOccupy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: occupancyKeys.all }),
  });
}
