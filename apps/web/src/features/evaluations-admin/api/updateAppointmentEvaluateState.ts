import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS, useReloadEvaluations } from './mutate.ts';

export const updateAppointmentEvaluateStateDocument = /* GraphQL */ `
  mutation updateAppointmentEvaluateState($id: ID, $state: String) {
    updateAppointmentEvaluateState(id: $id, state: $state) { ${RESULT_FIELDS} }
  }
`;

/** Administrators hide ('0') an evaluation from users or show it again ('1'). */
export async function updateAppointmentEvaluateState(variables: {
  id: string;
  state: '0' | '1';
}): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ updateAppointmentEvaluateState: OperationResult | null }>(
        'apps_yy_sys',
        updateAppointmentEvaluateStateDocument,
        variables,
      )
    ).updateAppointmentEvaluateState,
  );
}

/** Hides or shows an evaluation; the evaluation queries reload. */
export function useUpdateAppointmentEvaluateState() {
  const reload = useReloadEvaluations();
  return useMutation({ mutationFn: updateAppointmentEvaluateState, onSuccess: reload });
}
