import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import type { RuleInput } from '../form.ts';
import { ruleTemplateKeys } from '../types.ts';

export const saveResourcesRuleTemplateDocument = /* GraphQL */ `
  mutation saveResourcesRuleTemplate($model: InputResourcesRuleTemplate!) {
    saveResourcesRuleTemplate(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export interface RuleTemplateModel extends RuleInput {
  id?: string;
  template_name: string;
  template_name_en: string;
  remark: string;
}

export async function saveResourcesRuleTemplate(model: RuleTemplateModel): Promise<OperationResult> {
  const data = await gql<{ saveResourcesRuleTemplate: OperationResult | null }>(
    'apps_yy_sys',
    saveResourcesRuleTemplateDocument,
    { model },
  );
  return assertOk(data.saveResourcesRuleTemplate);
}

/** Creates a rule template; template queries and the resources (which show its rules) reload. */
export function useSaveResourcesRuleTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResourcesRuleTemplate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ruleTemplateKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['resources'] });
    },
  });
}
