import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { RESOURCES_TYPE_FIELDS, resourceTypeKeys, type ResourcesType } from './types.ts';

export const findResourcesTypeDocument = /* GraphQL */ `
  query findResourcesType($id: ID) {
    findResourcesType(id: $id) { ${RESOURCES_TYPE_FIELDS} }
  }
`;

export async function findResourcesType(id: string): Promise<ResourcesType | null> {
  return (await gql<{ findResourcesType: ResourcesType | null }>('apps_yy_sys', findResourcesTypeDocument, { id }))
    .findResourcesType;
}

export const findResourcesTypeQueryOptions = (id: string | null | undefined) =>
  queryOptions({
    queryKey: resourceTypeKeys.list('findResourcesType', id ?? ''),
    queryFn: () => findResourcesType(id!),
    enabled: Boolean(id),
  });

/** One resource type with its child lists (administrators: any; users: one they may book); null when missing. */
export function useResourcesType(id: string | null | undefined) {
  return useQuery(findResourcesTypeQueryOptions(id));
}
