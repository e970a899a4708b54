import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import {
  likeKeys,
  RESOURCES_LIKE_FIELDS,
  type Connection,
  type ResourcesLike,
  type ResourcesLikeFilter,
} from '../types.ts';
import { deleteResourcesLike } from './deleteResourcesLike.ts';
import { saveResourcesLike } from './saveResourcesLike.ts';

export const findResourcesLikeAllForAccountDocument = /* GraphQL */ `
  query findResourcesLikeAllForAccount($first: Int, $offset: Int, $filter: ResourcesLikeFilterMap) {
    findResourcesLikeAllForAccount(first: $first, offset: $offset, filter: $filter) {
      edges { node { ${RESOURCES_LIKE_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindLikesVariables {
  first: number;
  offset: number;
  filter?: ResourcesLikeFilter;
}

/** The user's favourite resources (deleted resources left out), newest first. */
export async function findResourcesLikeAllForAccount(
  variables: FindLikesVariables,
): Promise<Connection<ResourcesLike>> {
  return (
    (
      await gql<{ findResourcesLikeAllForAccount: Connection<ResourcesLike> | null }>(
        'apps_yy_sys',
        findResourcesLikeAllForAccountDocument,
        { ...variables },
      )
    ).findResourcesLikeAllForAccount ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 }
  );
}

/** A page of the user's favourites. */
export function useResourcesLikes(variables: FindLikesVariables, enabled = true) {
  return useQuery({
    queryKey: likeKeys.list(variables),
    queryFn: () => findResourcesLikeAllForAccount(variables),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Whether one resource is among the user's favourites. */
export function useIsFavourite(resourceId: string | null | undefined) {
  return useQuery({
    queryKey: likeKeys.one(resourceId ?? ''),
    queryFn: async () =>
      (await findResourcesLikeAllForAccount({ first: 1, offset: 0, filter: { resources_id: { eq: resourceId! } } }))
        .totalCount > 0,
    enabled: Boolean(resourceId),
  });
}

/**
 * Adds (`favourite` true) or removes a resource from the favourites; the answer shows at once
 * and is rolled back when the server refuses. Every favourite query reloads afterwards.
 */
export function useSetFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ resourceId, favourite }: { resourceId: string; favourite: boolean }) =>
      favourite ? saveResourcesLike(resourceId) : deleteResourcesLike(resourceId),
    onMutate: async ({ resourceId, favourite }) => {
      await client.cancelQueries({ queryKey: likeKeys.one(resourceId) });
      const before = client.getQueryData<boolean>(likeKeys.one(resourceId));
      client.setQueryData(likeKeys.one(resourceId), favourite);
      return { before };
    },
    onError: (_err, { resourceId }, context) => {
      client.setQueryData(likeKeys.one(resourceId), context?.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: likeKeys.all }),
  });
}
