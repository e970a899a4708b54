import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { settingsKeys } from './types.ts';

export interface InfoFieldModel {
  id?: string;
  field_name?: string;
  field_label?: string;
  field_label_en?: string;
  field_type?: string;
  data_range?: string[];
  is_visitor_valid_info?: number;
  is_visitor_required_info?: number;
  is_appointment_valid_info?: number;
  is_appointment_required_info?: number;
  is_show_school_info?: number;
  is_show_visit_record?: number;
  sort?: number;
}

export const saveVisitorInfoFieldSettingsEntityDocument = /* GraphQL */ `
  mutation saveVisitorInfoFieldSettingsEntity($model: VisitorInfoFieldSettingsInput!) {
    saveVisitorInfoFieldSettingsEntity(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function saveVisitorInfoFieldSettingsEntity(model: InfoFieldModel): Promise<OperationResult> {
  return (
    await gql<{ saveVisitorInfoFieldSettingsEntity: OperationResult }>(
      'apps_yy_sys',
      saveVisitorInfoFieldSettingsEntityDocument,
      { model },
    )
  ).saveVisitorInfoFieldSettingsEntity;
}

/** Adds an information field. */
export function useSaveVisitorInfoFieldSettingsEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitorInfoFieldSettingsEntity,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.infoFields() });
    },
  });
}
