import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { ruleTemplateKeys } from '../types.ts';

export const deleteResourcesRuleTemplateDocument = /* GraphQL */ `
  mutation deleteResourcesRuleTemplate($id: ID!) {
    deleteResourcesRuleTemplate(id: $id) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Deletes a rule template; the server refuses (with its message) while resources use it. */
export async function deleteResourcesRuleTemplate(id: string): Promise<OperationResult> {
  const data = await gql<{ deleteResourcesRuleTemplate: OperationResult | null }>(
    'apps_yy_sys',
    deleteResourcesRuleTemplateDocument,
    { id },
  );
  return assertOk(data.deleteResourcesRuleTemplate);
}

export function useDeleteResourcesRuleTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResourcesRuleTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleTemplateKeys.all }),
  });
}
