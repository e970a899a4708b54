import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import type { RuleTemplateModel } from './saveResourcesRuleTemplate.ts';
import { ruleTemplateKeys } from '../types.ts';

export const updateResourcesRuleTemplateDocument = /* GraphQL */ `
  mutation updateResourcesRuleTemplate($model: InputResourcesRuleTemplate!) {
    updateResourcesRuleTemplate(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export async function updateResourcesRuleTemplate(model: RuleTemplateModel & { id: string }): Promise<OperationResult> {
  const data = await gql<{ updateResourcesRuleTemplate: OperationResult | null }>(
    'apps_yy_sys',
    updateResourcesRuleTemplateDocument,
    { model },
  );
  return assertOk(data.updateResourcesRuleTemplate);
}

/** Updates a rule template (every resource using it follows); template queries and the resources (which show its rules) reload. */
export function useUpdateResourcesRuleTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResourcesRuleTemplate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ruleTemplateKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['resources'] });
    },
  });
}
