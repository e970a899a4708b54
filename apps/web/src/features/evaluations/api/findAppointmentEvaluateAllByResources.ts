import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { EVALUATION_FIELDS, evaluateKeys, type Connection, type Evaluation } from '../types.ts';

export const findAppointmentEvaluateAllByResourcesDocument = /* GraphQL */ `
  query findAppointmentEvaluateAllByResources($resourcesId: String!, $first: Int, $offset: Int) {
    findAppointmentEvaluateAllByResources(resourcesId: $resourcesId, first: $first, offset: $offset) {
      edges { node { ${EVALUATION_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

const EMPTY: Connection<Evaluation> = { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };

/**
 * A page of a resource's shown evaluations, newest first (venue reviews). Anonymous authors
 * come without account and name (both "").
 */
export async function findAppointmentEvaluateAllByResources(variables: {
  resourcesId: string;
  first: number;
  offset: number;
}): Promise<Connection<Evaluation>> {
  return (
    (
      await gql<{ findAppointmentEvaluateAllByResources: Connection<Evaluation> | null }>(
        'apps_yy_sys',
        findAppointmentEvaluateAllByResourcesDocument,
        { ...variables },
      )
    ).findAppointmentEvaluateAllByResources ?? EMPTY
  );
}

/** A resource's reviews page by page (lists that load more). */
export function useInfiniteResourceEvaluations(resourceId: string | null | undefined, pageSize = 10) {
  return useInfiniteQuery({
    queryKey: evaluateKeys.byResource(resourceId ?? '', pageSize),
    queryFn: ({ pageParam }) =>
      findAppointmentEvaluateAllByResources({ resourcesId: resourceId!, first: pageSize, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.pageInfo.hasNextPage ? pages.length * pageSize : undefined),
    enabled: Boolean(resourceId),
  });
}

/** One page of a resource's reviews (paged tables). */
export function useResourceEvaluationsPage(resourceId: string | null | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...evaluateKeys.byResource(resourceId ?? '', pageSize), 'page', page],
    queryFn: () =>
      findAppointmentEvaluateAllByResources({
        resourcesId: resourceId!,
        first: pageSize,
        offset: (page - 1) * pageSize,
      }),
    enabled: Boolean(resourceId),
  });
}
