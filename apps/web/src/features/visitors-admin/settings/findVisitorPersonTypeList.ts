import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { settingsKeys, type VisitorPersonType } from './types.ts';

export const findVisitorPersonTypeListDocument = /* GraphQL */ `
  query findVisitorPersonTypeList {
    findVisitorPersonTypeList {
      id
      item_code
      item_name
      item_name_en
      item_index
      create_time
    }
  }
`;

export const findVisitorPersonTypeListQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.personTypes(),
    queryFn: async () =>
      (
        await gql<{ findVisitorPersonTypeList: VisitorPersonType[] | null }>(
          'apps_yy_sys',
          findVisitorPersonTypeListDocument,
        )
      ).findVisitorPersonTypeList ?? [],
  });

/** The visitor person types (code table yy_visitor_person_type). */
export const useFindVisitorPersonTypeList = () => useQuery(findVisitorPersonTypeListQueryOptions());
