import { useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { EVALUATION_FIELDS, evaluateKeys, type Connection, type Evaluation, type EvaluationFilter } from '../types.ts';

export const findAppointmentEvaluateAllForAccountDocument = /* GraphQL */ `
  query findAppointmentEvaluateAllForAccount($first: Int, $offset: Int, $filter: AppointmentEvaluateFilterMap) {
    findAppointmentEvaluateAllForAccount(first: $first, offset: $offset, filter: $filter) {
      edges { node { ${EVALUATION_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface FindMyEvaluationsVariables {
  first: number;
  offset: number;
  filter?: EvaluationFilter;
}

/** The signed-in user's own evaluations (hidden ones too), newest first. */
export async function findAppointmentEvaluateAllForAccount(
  variables: FindMyEvaluationsVariables,
): Promise<Connection<Evaluation>> {
  return (
    (
      await gql<{ findAppointmentEvaluateAllForAccount: Connection<Evaluation> | null }>(
        'apps_yy_sys',
        findAppointmentEvaluateAllForAccountDocument,
        { ...variables },
      )
    ).findAppointmentEvaluateAllForAccount ?? {
      edges: [],
      pageInfo: { hasNextPage: false, endCursor: null },
      totalCount: 0,
    }
  );
}

/** The user's evaluation of one booking; null when it has none. */
export function useMyEvaluationOf(appointmentId: string | null | undefined) {
  const variables = { first: 1, offset: 0, filter: { appointment_id: { eq: appointmentId ?? '' } } };
  return useQuery({
    queryKey: evaluateKeys.mine(variables),
    queryFn: async () => (await findAppointmentEvaluateAllForAccount(variables)).edges[0]?.node ?? null,
    enabled: Boolean(appointmentId),
  });
}
