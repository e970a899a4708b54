import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import type { ResourceInput } from '../form.ts';
import { resourceKeys } from '../types.ts';

export const saveResourcesDocument = /* GraphQL */ `
  mutation saveResources($model: InputResources!) {
    saveResources(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function saveResources(model: ResourceInput): Promise<OperationResult> {
  const data = await gql<{ saveResources: OperationResult | null }>('apps_yy_sys', saveResourcesDocument, { model });
  return assertOk(data.saveResources);
}

/** Creates a resource (the server makes its QR code); resource queries reload. */
export function useSaveResources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResources,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
