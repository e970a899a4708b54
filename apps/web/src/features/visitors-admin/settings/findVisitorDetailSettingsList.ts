import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { settingsKeys, type VisitorDetailSetting } from './types.ts';

export const findVisitorDetailSettingsListDocument = /* GraphQL */ `
  query findVisitorDetailSettingsList {
    findVisitorDetailSettingsList {
      id
      visitor_type
      visitor_type_name
      visitor_type_name_en
      is_invite_school_flow_path
      is_enable_second_level
      invite_school_flow_path
      is_enable
    }
  }
`;

export const findVisitorDetailSettingsListQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.details(),
    queryFn: async () =>
      (
        await gql<{ findVisitorDetailSettingsList: VisitorDetailSetting[] | null }>(
          'apps_yy_sys',
          findVisitorDetailSettingsListDocument,
        )
      ).findVisitorDetailSettingsList ?? [],
  });

/** Every visitor type's settings. */
export const useFindVisitorDetailSettingsList = () => useQuery(findVisitorDetailSettingsListQueryOptions());
