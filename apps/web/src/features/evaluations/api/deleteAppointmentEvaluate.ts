import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS } from '../types.ts';
import { useReloadAfterEvaluate } from './saveAppointmentEvaluate.ts';

export const deleteAppointmentEvaluateDocument = /* GraphQL */ `
  mutation deleteAppointmentEvaluate($id: ID) {
    deleteAppointmentEvaluate(id: $id) { ${RESULT_FIELDS} }
  }
`;

/** Deletes the user's own evaluation; the booking may then be evaluated again. */
export async function deleteAppointmentEvaluate(id: string): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ deleteAppointmentEvaluate: OperationResult | null }>(
        'apps_yy_sys',
        deleteAppointmentEvaluateDocument,
        {
          id,
        },
      )
    ).deleteAppointmentEvaluate,
  );
}

/** Deletes an evaluation; the reviews, averages and bookings reload. */
export function useDeleteAppointmentEvaluate() {
  const reload = useReloadAfterEvaluate();
  return useMutation({ mutationFn: deleteAppointmentEvaluate, onSuccess: reload });
}
