import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import {
  EVALUATION_FIELDS,
  evaluationKeys,
  type Connection,
  type Evaluation,
  type EvaluationFilter,
} from '../types.ts';

export const findAppointmentEvaluateAllDocument = /* GraphQL */ `
  query findAppointmentEvaluateAll(
    $first: Int
    $offset: Int
    $filter: AppointmentEvaluateFilterMap
    $createTime: [String]
  ) {
    findAppointmentEvaluateAll(first: $first, offset: $offset, filter: $filter, createTime: $createTime) {
      edges { node { ${EVALUATION_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindAppointmentEvaluateAllVariables {
  first: number;
  offset: number;
  filter: EvaluationFilter;
  /** [from, to] "YYYY-MM-DD" of the date written (an empty end is open); [] for any. */
  createTime?: string[];
}

/** Administrators: every evaluation of the tenant with its author, newest first. */
export async function findAppointmentEvaluateAll(
  variables: FindAppointmentEvaluateAllVariables,
): Promise<Connection<Evaluation>> {
  const data = await gql<{ findAppointmentEvaluateAll: Connection<Evaluation> | null }>(
    'apps_yy_sys',
    findAppointmentEvaluateAllDocument,
    { ...variables },
  );
  return (
    data.findAppointmentEvaluateAll ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 }
  );
}

export const findAppointmentEvaluateAllQueryOptions = (variables: FindAppointmentEvaluateAllVariables) =>
  queryOptions({
    queryKey: evaluationKeys.list(variables),
    queryFn: () => findAppointmentEvaluateAll(variables),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** A page of the tenant's evaluations (administrators). */
export function useAppointmentEvaluateAll(variables: FindAppointmentEvaluateAllVariables) {
  return useQuery(findAppointmentEvaluateAllQueryOptions(variables));
}
