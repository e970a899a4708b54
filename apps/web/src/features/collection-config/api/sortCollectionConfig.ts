import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const sortCollectionConfigDocument = /* GraphQL */ `
  mutation sortCollectionConfig($ids: [ID]) {
    sortCollectionConfig(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function sortCollectionConfig(ids: string[]): Promise<OperationResult> {
  return (await gql<{ sortCollectionConfig: OperationResult }>('apps_yy_sys', sortCollectionConfigDocument, { ids }))
    .sortCollectionConfig;
}

/** Orders one resource type's fields as listed; the list reloads. */
export function useSortCollectionConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sortCollectionConfig,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['findCollectionConfigAll'] })]),
  });
}
