import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { BLACK_SETTINGS_FIELDS, blacklistKeys, type BlackSettings } from '../types.ts';

export const findBlackSettingsDocument = /* GraphQL */ `
  query findBlackSettings {
    findBlackSettings { ${BLACK_SETTINGS_FIELDS} }
  }
`;

/** The tenant's black-settings rule (the default one until an administrator saves one). */
export async function findBlackSettings(): Promise<BlackSettings | null> {
  return (await gql<{ findBlackSettings: BlackSettings | null }>('apps_yy_sys', findBlackSettingsDocument))
    .findBlackSettings;
}

export const findBlackSettingsQueryOptions = () =>
  queryOptions({ queryKey: blacklistKeys.settings, queryFn: findBlackSettings, retry: false });

/** The black-settings rule (administrators). */
export function useBlackSettings() {
  return useQuery(findBlackSettingsQueryOptions());
}
