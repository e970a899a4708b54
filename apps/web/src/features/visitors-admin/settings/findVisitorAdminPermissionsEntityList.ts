import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { settingsKeys, type VisitorAdmin } from './types.ts';

export const findVisitorAdminPermissionsEntityListDocument = /* GraphQL */ `
  query findVisitorAdminPermissionsEntityList($keyword: String) {
    findVisitorAdminPermissionsEntityList(keyword: $keyword) {
      id
      admin_user
      admin_user_name
      permission
      scope_areas
      scope_types
      is_enable
      mod_user
      mod_time
    }
  }
`;

export const findVisitorAdminPermissionsEntityListQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: settingsKeys.admins(keyword),
    queryFn: async () =>
      (
        await gql<{ findVisitorAdminPermissionsEntityList: VisitorAdmin[] | null }>(
          'apps_yy_sys',
          findVisitorAdminPermissionsEntityListDocument,
          { keyword },
        )
      ).findVisitorAdminPermissionsEntityList ?? [],
  });

/** Visitor administrators and gate staff matching a keyword (account or name). */
export const useFindVisitorAdminPermissionsEntityList = (keyword: string) =>
  useQuery(findVisitorAdminPermissionsEntityListQueryOptions(keyword));
