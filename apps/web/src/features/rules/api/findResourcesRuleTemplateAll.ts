import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import {
  RULE_TEMPLATE_FIELDS,
  ruleTemplateKeys,
  type Connection,
  type RuleTemplate,
  type StringFilter,
} from '../types.ts';

export const findResourcesRuleTemplateAllDocument = /* GraphQL */ `
  query findResourcesRuleTemplateAll($first: Int, $offset: Int, $filter: ResourcesRuleTemplateFilterMap) {
    findResourcesRuleTemplateAll(first: $first, offset: $offset, filter: $filter) {
      edges { node { ${RULE_TEMPLATE_FIELDS} } cursor }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface RuleTemplateFilter {
  id?: StringFilter;
  template_name?: StringFilter;
  time_slot_rule?: StringFilter;
  need_approve?: StringFilter;
}

export interface FindResourcesRuleTemplateAllVariables {
  first: number;
  offset: number;
  filter?: RuleTemplateFilter;
}

export async function findResourcesRuleTemplateAll(
  variables: FindResourcesRuleTemplateAllVariables,
): Promise<Connection<RuleTemplate>> {
  const data = await gql<{ findResourcesRuleTemplateAll: Connection<RuleTemplate> | null }>(
    'apps_yy_sys',
    findResourcesRuleTemplateAllDocument,
    { ...variables },
  );
  return (
    data.findResourcesRuleTemplateAll ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 }
  );
}

export const findResourcesRuleTemplateAllQueryOptions = (variables: FindResourcesRuleTemplateAllVariables) =>
  queryOptions({
    queryKey: [...ruleTemplateKeys.all, 'findResourcesRuleTemplateAll', variables],
    queryFn: () => findResourcesRuleTemplateAll(variables),
    placeholderData: keepPreviousData,
  });

/** A page of the tenant's rule templates, by name (administrators). */
export function useResourcesRuleTemplateAll(variables: FindResourcesRuleTemplateAllVariables) {
  return useQuery(findResourcesRuleTemplateAllQueryOptions(variables));
}
