import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { bookingKeys } from '../keys.ts';
import { BOOKABLE_RESOURCE_DETAIL_FIELDS, type BookableResourceDetail } from '../types.ts';

/** The booking side of `findResources`: what the venue detail and the time choice show. */
export const findBookableResourceDocument = /* GraphQL */ `
  query findResources($id: ID!) {
    findResources(id: $id) { ${BOOKABLE_RESOURCE_DETAIL_FIELDS} }
  }
`;

export async function findBookableResource(id: string): Promise<BookableResourceDetail | null> {
  const data = await gql<{ findResources: BookableResourceDetail | null }>(
    'apps_yy_sys',
    findBookableResourceDocument,
    { id },
  );
  return data.findResources;
}

export const findBookableResourceQueryOptions = (id: string | null | undefined) =>
  queryOptions({
    queryKey: bookingKeys.resource(id ?? ''),
    queryFn: () => findBookableResource(id!),
    enabled: Boolean(id),
    staleTime: 30_000,
  });

/** One resource the signed-in user may see, with its slots, pictures and rules; null when not found. */
export function useBookableResource(id: string | null | undefined) {
  return useQuery(findBookableResourceQueryOptions(id));
}
