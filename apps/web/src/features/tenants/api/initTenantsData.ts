import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

export const initTenantsDataDocument = /* GraphQL */ `
  mutation initTenantsData($model: InputTenants) {
    initTenantsData(model: $model) {
      errcode
      msg
      msg_en
    }
  }
`;

export interface InitTenantModel {
  sys_name?: string;
  sys_name_en?: string;
  bilingual?: '0' | '1';
  theme_color?: string;
}

export function useInitTenantsData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (model: InitTenantModel) =>
      (await gql<{ initTenantsData: OperationResult }>('apps_yy_sys', initTenantsDataDocument, { model }))
        .initTenantsData,
    onSuccess: () => client.invalidateQueries({ queryKey: ['checkTenantStatus'] }),
  });
}
