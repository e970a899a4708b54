import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { EVALUATION_FIELDS, evaluationKeys, type Evaluation } from '../types.ts';

export const findAppointmentEvaluateDocument = /* GraphQL */ `
  query findAppointmentEvaluate($id: ID) {
    findAppointmentEvaluate(id: $id) { ${EVALUATION_FIELDS} }
  }
`;

/** One evaluation, whole (administrators), or null when it does not exist. */
export async function findAppointmentEvaluate(id: string): Promise<Evaluation | null> {
  return (
    await gql<{ findAppointmentEvaluate: Evaluation | null }>('apps_yy_sys', findAppointmentEvaluateDocument, { id })
  ).findAppointmentEvaluate;
}

export const findAppointmentEvaluateQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: evaluationKeys.one(id ?? ''),
    queryFn: () => findAppointmentEvaluate(id!),
    enabled: Boolean(id),
    retry: false,
  });

/** One evaluation as it is now (the detail drawer). */
export function useAppointmentEvaluate(id: string | null) {
  return useQuery(findAppointmentEvaluateQueryOptions(id));
}
