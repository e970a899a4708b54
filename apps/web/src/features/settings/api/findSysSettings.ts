import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const findSysSettingsDocument = /* GraphQL */ `
  query findSysSettings {
    findSysSettings {
      id
      manage_setting
    }
  }
`;

export interface SysSettingsRow {
  id: string;
  manage_setting: string;
}

/** The settings row (its id names the theme page route `/manage/settings/theme/{id}`). */
export const findSysSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['sysSettings', 'row'],
    queryFn: async () =>
      (await gql<{ findSysSettings: SysSettingsRow | null }>('apps_yy_sys', findSysSettingsDocument)).findSysSettings,
  });

export const useFindSysSettings = () => useQuery(findSysSettingsQueryOptions());
