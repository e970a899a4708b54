import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import type { CollectionFieldType, CollectionOption } from './findCollectionConfigAll.ts';

export const saveCollectionConfigDocument = /* GraphQL */ `
  mutation saveCollectionConfig($model: InputCollectionConfig) {
    saveCollectionConfig(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export interface CollectionConfigInput {
  id?: string;
  resource_type_id: string;
  field_name: string;
  label_zh: string;
  label_en: string;
  field_type: CollectionFieldType;
  options: CollectionOption[];
  required: boolean;
  enabled: boolean;
}

export async function saveCollectionConfig(model: CollectionConfigInput): Promise<OperationResult> {
  return (await gql<{ saveCollectionConfig: OperationResult }>('apps_yy_sys', saveCollectionConfigDocument, { model }))
    .saveCollectionConfig;
}

/** Creates or changes a collected field; the list reloads. */
export function useSaveCollectionConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCollectionConfig,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['findCollectionConfigAll'] })]),
  });
}
