import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { resourceTypeKeys, type ResourcesTypeModel } from './types.ts';

export const saveResourcesTypeDocument = /* GraphQL */ `
  mutation saveResourcesType($model: InputResourcesType!) {
    saveResourcesType(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Creates a resource type with its child lists; a refusal throws with the server's zh/en texts. */
export async function saveResourcesType(model: ResourcesTypeModel): Promise<OperationResult> {
  return assertOk(
    (await gql<{ saveResourcesType: OperationResult | null }>('apps_yy_sys', saveResourcesTypeDocument, { model }))
      .saveResourcesType,
  );
}

/** Creates a resource type with its child lists; every resource type query reloads. */
export function useSaveResourcesType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResourcesType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceTypeKeys.all }),
  });
}
