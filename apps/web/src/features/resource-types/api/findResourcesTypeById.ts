import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { RESOURCES_TYPE_FIELDS, resourceTypeKeys, type ResourcesType } from './types.ts';

export const findResourcesTypeByIdDocument = /* GraphQL */ `
  query findResourcesTypeById($id: ID) {
    findResourcesTypeById(id: $id) { ${RESOURCES_TYPE_FIELDS} }
  }
`;

export async function findResourcesTypeById(id: string): Promise<ResourcesType | null> {
  return (
    await gql<{ findResourcesTypeById: ResourcesType | null }>('apps_yy_sys', findResourcesTypeByIdDocument, { id })
  ).findResourcesTypeById;
}

export const findResourcesTypeByIdQueryOptions = (id: string | null | undefined) =>
  queryOptions({
    queryKey: resourceTypeKeys.list('findResourcesTypeById', id ?? ''),
    queryFn: () => findResourcesTypeById(id!),
    enabled: Boolean(id),
  });

/** One resource type with its child lists (administrators: any; users: one they may book); null when missing. */
export function useResourcesTypeById(id: string | null | undefined) {
  return useQuery(findResourcesTypeByIdQueryOptions(id));
}
