import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { settingsKeys, type VisitorOverallSettings } from './types.ts';

export const findVisitorOverallSettingsEntityDocument = /* GraphQL */ `
  query findVisitorOverallSettingsEntity {
    findVisitorOverallSettingsEntity {
      id
      sys_name
      banner_img
      welcome_content
      is_welcome_setting
      is_visitor_qr_code
      is_visitor_infor
      is_invite_school_flow_path
      apply_school_resources
      retention_days
      mod_time
    }
  }
`;

export const findVisitorOverallSettingsEntityQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.overall(),
    queryFn: async () =>
      (
        await gql<{ findVisitorOverallSettingsEntity: VisitorOverallSettings | null }>(
          'apps_yy_sys',
          findVisitorOverallSettingsEntityDocument,
        )
      ).findVisitorOverallSettingsEntity,
  });

/** The tenant's overall visitor settings (with the retention period). */
export const useFindVisitorOverallSettingsEntity = () => useQuery(findVisitorOverallSettingsEntityQueryOptions());
