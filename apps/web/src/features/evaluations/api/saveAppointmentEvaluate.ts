import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { bookingKeys } from '../../booking/keys.ts';
import { evaluationKeys } from '../../evaluations-admin/types.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS, evaluateKeys, type EvaluationInput } from '../types.ts';

export const saveAppointmentEvaluateDocument = /* GraphQL */ `
  mutation saveAppointmentEvaluate($model: InputAppointmentEvaluate) {
    saveAppointmentEvaluate(model: $model) { ${RESULT_FIELDS} }
  }
`;

/**
 * Evaluates a performed booking of the user (once per booking), or replaces the user's own
 * evaluation (`id`). A refusal (not the booker, not performed, already evaluated...) is thrown
 * with the server's zh/en reason; `ids` holds the evaluation's id.
 */
export async function saveAppointmentEvaluate(model: EvaluationInput): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ saveAppointmentEvaluate: OperationResult | null }>('apps_yy_sys', saveAppointmentEvaluateDocument, {
        model,
      })
    ).saveAppointmentEvaluate,
  );
}

/** Reloads what an evaluation changes: reviews, averages, and the booking's `is_evaluate`. */
export function useReloadAfterEvaluate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: evaluateKeys.all }),
      client.invalidateQueries({ queryKey: evaluationKeys.all }),
      client.invalidateQueries({ queryKey: bookingKeys.all }),
    ]);
}

/** Saves an evaluation; the reviews, averages and bookings reload. */
export function useSaveAppointmentEvaluate() {
  const reload = useReloadAfterEvaluate();
  return useMutation({ mutationFn: saveAppointmentEvaluate, onSuccess: reload });
}
