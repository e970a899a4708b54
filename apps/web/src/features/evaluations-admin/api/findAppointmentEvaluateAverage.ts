import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { EVALUATION_AVERAGE_FIELDS, evaluationKeys, type EvaluationAverage } from '../types.ts';

export const findAppointmentEvaluateAverageDocument = /* GraphQL */ `
  query findAppointmentEvaluateAverage($resourcesIdList: [String]) {
    findAppointmentEvaluateAverage(resourcesIdList: $resourcesIdList) { ${EVALUATION_AVERAGE_FIELDS} }
  }
`;

/** The server's limit of ids per call. */
export const AVERAGE_IDS_MAX = 500;

/** Count and mean scores of the shown evaluations of each resource (at most 500 ids). */
export async function findAppointmentEvaluateAverage(resourcesIdList: readonly string[]): Promise<EvaluationAverage[]> {
  if (!resourcesIdList.length) return [];
  return (
    (
      await gql<{ findAppointmentEvaluateAverage: EvaluationAverage[] | null }>(
        'apps_yy_sys',
        findAppointmentEvaluateAverageDocument,
        { resourcesIdList: resourcesIdList.slice(0, AVERAGE_IDS_MAX) },
      )
    ).findAppointmentEvaluateAverage ?? []
  );
}

export const findAppointmentEvaluateAverageQueryOptions = (ids: readonly string[], enabled = true) =>
  queryOptions({
    queryKey: evaluationKeys.averages(ids),
    queryFn: () => findAppointmentEvaluateAverage(ids),
    enabled: enabled && ids.length > 0,
    retry: false,
  });

/** The mean scores of the resources asked for. */
export function useAppointmentEvaluateAverage(ids: readonly string[], enabled = true) {
  return useQuery(findAppointmentEvaluateAverageQueryOptions(ids, enabled));
}
