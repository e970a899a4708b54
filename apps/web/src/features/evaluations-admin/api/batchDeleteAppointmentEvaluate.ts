import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS, useReloadEvaluations } from './mutate.ts';

export const batchDeleteAppointmentEvaluateDocument = /* GraphQL */ `
  mutation batchDeleteAppointmentEvaluate($ids: [String]!) {
    batchDeleteAppointmentEvaluate(ids: $ids) { ${RESULT_FIELDS} }
  }
`;

/** Most evaluations one batch delete takes (the server's limit). */
export const EVALUATE_DELETE_MAX = 200;

/** Administrators delete evaluations, all or nothing. */
export async function batchDeleteAppointmentEvaluate(ids: string[]): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ batchDeleteAppointmentEvaluate: OperationResult | null }>(
        'apps_yy_sys',
        batchDeleteAppointmentEvaluateDocument,
        { ids },
      )
    ).batchDeleteAppointmentEvaluate,
  );
}

/** Deletes evaluations; the evaluation queries reload. */
export function useBatchDeleteAppointmentEvaluate() {
  const reload = useReloadEvaluations();
  return useMutation({ mutationFn: batchDeleteAppointmentEvaluate, onSuccess: reload });
}
