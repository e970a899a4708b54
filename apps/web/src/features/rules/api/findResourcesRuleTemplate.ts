import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { RULE_TEMPLATE_FIELDS, ruleTemplateKeys, type RuleTemplate } from '../types.ts';

export const findResourcesRuleTemplateDocument = /* GraphQL */ `
  query findResourcesRuleTemplate($id: ID!) {
    findResourcesRuleTemplate(id: $id) { ${RULE_TEMPLATE_FIELDS} }
  }
`;

export async function findResourcesRuleTemplate(id: string): Promise<RuleTemplate | null> {
  const data = await gql<{ findResourcesRuleTemplate: RuleTemplate | null }>(
    'apps_yy_sys',
    findResourcesRuleTemplateDocument,
    { id },
  );
  return data.findResourcesRuleTemplate;
}

export const findResourcesRuleTemplateQueryOptions = (id: string | null | undefined) =>
  queryOptions({
    queryKey: [...ruleTemplateKeys.all, 'findResourcesRuleTemplate', id ?? ''],
    queryFn: () => findResourcesRuleTemplate(id!),
    enabled: Boolean(id),
  });

/** One rule template with its rule lists; null when it does not exist. */
export function useResourcesRuleTemplate(id: string | null | undefined) {
  return useQuery(findResourcesRuleTemplateQueryOptions(id));
}
