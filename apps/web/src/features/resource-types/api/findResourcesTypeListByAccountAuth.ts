import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { RESOURCES_TYPE_FIELDS, resourceTypeKeys, type ResourcesType, type ResourcesTypeFilter } from './types.ts';

export const findResourcesTypeListByAccountAuthDocument = /* GraphQL */ `
  query findResourcesTypeListByAccountAuth($adminAuthType: String, $filter: ResourcesTypeFilterMap) {
    findResourcesTypeListByAccountAuth(adminAuthType: $adminAuthType, filter: $filter) { ${RESOURCES_TYPE_FIELDS} }
  }
`;

export interface FindResourcesTypeListByAccountAuthVariables {
  /** "1" (or empty): every type for administrators; "0": the types the caller may book. */
  adminAuthType: string;
  filter?: ResourcesTypeFilter;
}

export async function findResourcesTypeListByAccountAuth(
  variables: FindResourcesTypeListByAccountAuthVariables,
): Promise<ResourcesType[]> {
  const data = await gql<{ findResourcesTypeListByAccountAuth: ResourcesType[] | null }>(
    'apps_yy_sys',
    findResourcesTypeListByAccountAuthDocument,
    { adminAuthType: variables.adminAuthType, filter: variables.filter ?? {} },
  );
  return data.findResourcesTypeListByAccountAuth ?? [];
}

export const findResourcesTypeListByAccountAuthQueryOptions = (
  variables: FindResourcesTypeListByAccountAuthVariables,
) =>
  queryOptions({
    queryKey: resourceTypeKeys.list('findResourcesTypeListByAccountAuth', variables),
    queryFn: () => findResourcesTypeListByAccountAuth(variables),
  });

/** Resource types by authorisation: all for administrators ("1"), or the bookable ones ("0"). */
export function useResourcesTypeListByAccountAuth(variables: FindResourcesTypeListByAccountAuthVariables) {
  return useQuery(findResourcesTypeListByAccountAuthQueryOptions(variables));
}
