import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorKeys, type InfoField } from '../types.ts';
import { INFO_FIELD_FIELDS } from './fields.ts';

export const findVisitorValidFieldInfoDocument = /* GraphQL */ `
  query findVisitorValidFieldInfo {
    findVisitorValidFieldInfo { ${INFO_FIELD_FIELDS} }
  }
`;

/** The information fields a visitor fills in (/mobile/visitor/addinfo), in order. */
export async function findVisitorValidFieldInfo(): Promise<InfoField[]> {
  const data = await gql<{ findVisitorValidFieldInfo: InfoField[] | null }>(
    'apps_yy_sys',
    findVisitorValidFieldInfoDocument,
  );
  return data.findVisitorValidFieldInfo ?? [];
}

export const findVisitorValidFieldInfoQueryOptions = () =>
  queryOptions({ queryKey: visitorKeys.validFields(), queryFn: findVisitorValidFieldInfo });

/** `enabled` false: not asked (information collection is off). */
export const useVisitorValidFieldInfo = (enabled = true) =>
  useQuery({ ...findVisitorValidFieldInfoQueryOptions(), enabled });
