import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { CodeItem } from './types.ts';

/** The contract's document (api-contract 4), plus the English name and the table's code. */
export const findCodeItemsAllDocument = /* GraphQL */ `
  query findCodeItemsAll($code_id: String, $code: String, $item_parent: String) {
    findCodeItemsAll(code_id: $code_id, code: $code, item_parent: $item_parent) {
      id
      codes_id
      item_code
      item_name
      item_name_en
      item_description
      item_index
      item_level
      item_parent
      create_time
      code
    }
  }
`;

export interface FindCodeItemsAllVariables {
  code_id?: string;
  code?: string;
  item_parent?: string;
}

export const findCodeItemsAllQueryOptions = (variables: FindCodeItemsAllVariables, enabled = true) =>
  queryOptions({
    queryKey: ['findCodeItemsAll', variables],
    queryFn: async () =>
      (
        await gql<{ findCodeItemsAll: CodeItem[] | null }>('apps_yy_sys', findCodeItemsAllDocument, {
          code_id: variables.code_id ?? '',
          code: variables.code ?? '',
          item_parent: variables.item_parent ?? '',
        })
      ).findCodeItemsAll ?? [],
    enabled,
  });

/** Items of the selected code tables (by id or code prefix), parents first. */
export const useFindCodeItemsAll = (variables: FindCodeItemsAllVariables, enabled = true) =>
  useQuery(findCodeItemsAllQueryOptions(variables, enabled));
