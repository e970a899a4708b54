import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorKeys, type InfoField } from '../types.ts';
import { INFO_FIELD_FIELDS } from './fields.ts';

export const findVisitorInfoFieldSettingsEntityListDocument = /* GraphQL */ `
  query findVisitorInfoFieldSettingsEntityList {
    findVisitorInfoFieldSettingsEntityList { ${INFO_FIELD_FIELDS} }
  }
`;

/** Every information field setting, in order (a visit application asks for those it marks). */
export async function findVisitorInfoFieldSettingsEntityList(): Promise<InfoField[]> {
  const data = await gql<{ findVisitorInfoFieldSettingsEntityList: InfoField[] | null }>(
    'apps_yy_sys',
    findVisitorInfoFieldSettingsEntityListDocument,
  );
  return data.findVisitorInfoFieldSettingsEntityList ?? [];
}

export const findVisitorInfoFieldSettingsEntityListQueryOptions = () =>
  queryOptions({ queryKey: visitorKeys.infoFields(), queryFn: findVisitorInfoFieldSettingsEntityList });

/** `enabled` false: not asked (information collection is off). */
export const useVisitorInfoFieldSettings = (enabled = true) =>
  useQuery({ ...findVisitorInfoFieldSettingsEntityListQueryOptions(), enabled });
