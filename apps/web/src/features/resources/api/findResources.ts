import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { RESOURCE_DETAIL_FIELDS, resourceKeys, type ResourceDetail } from '../types.ts';

export const findResourcesDocument = /* GraphQL */ `
  query findResources($id: ID!) {
    findResources(id: $id) { ${RESOURCE_DETAIL_FIELDS} }
  }
`;

export async function findResources(id: string): Promise<ResourceDetail | null> {
  const data = await gql<{ findResources: ResourceDetail | null }>('apps_yy_sys', findResourcesDocument, { id });
  return data.findResources;
}

export const findResourcesQueryOptions = (id: string | null | undefined) =>
  queryOptions({
    queryKey: [...resourceKeys.all, 'findResources', id ?? ''],
    queryFn: () => findResources(id!),
    enabled: Boolean(id),
  });

/** One resource with all its lists (rules of its template when it uses one); null when not found. */
export function useResources(id: string | null | undefined) {
  return useQuery(findResourcesQueryOptions(id));
}
