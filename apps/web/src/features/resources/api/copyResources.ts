import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { resourceKeys } from '../types.ts';

export const copyResourcesDocument = /* GraphQL */ `
  mutation copyResources($id: ID!) {
    copyResources(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Copies a resource with all its settings (disabled, name suffixed); ids holds the copy. */
export async function copyResources(id: string): Promise<OperationResult> {
  const data = await gql<{ copyResources: OperationResult | null }>('apps_yy_sys', copyResourcesDocument, { id });
  return assertOk(data.copyResources);
}

export function useCopyResources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyResources,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
