import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { settingsKeys, type VisitorRegisterField } from './types.ts';

export const findVisitorRegistorFieldSettingEntityListDocument = /* GraphQL */ `
  query findVisitorRegistorFieldSettingEntityList {
    findVisitorRegistorFieldSettingEntityList {
      id
      field_name
      field_label
      field_label_en
      is_valid
      is_required
      sort
      mod_user_name
      mod_time
    }
  }
`;

export const findVisitorRegistorFieldSettingEntityListQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.registerFields(),
    queryFn: async () =>
      (
        await gql<{ findVisitorRegistorFieldSettingEntityList: VisitorRegisterField[] | null }>(
          'apps_yy_sys',
          findVisitorRegistorFieldSettingEntityListDocument,
        )
      ).findVisitorRegistorFieldSettingEntityList ?? [],
  });

/** Every registration field, in order. */
export const useFindVisitorRegistorFieldSettingEntityList = () =>
  useQuery(findVisitorRegistorFieldSettingEntityListQueryOptions());
