import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { adminAppointmentKeys } from '../types.ts';

export const updateAppointmentInformationStateDocument = /* GraphQL */ `
  mutation updateAppointmentInformationState($id: ID!, $state: String!, $reason: String, $dataSource: String) {
    updateAppointmentInformationState(id: $id, state: $state, reason: $reason, dataSource: $dataSource) {
      errcode
      msg
      msg_en
    }
  }
`;

export interface CancelArgs {
  id: string;
  reason: string;
}

/** Cancels a booking (state "1", reason required); an administrator may do so up to its start. */
export async function cancelAppointment({ id, reason }: CancelArgs): Promise<OperationResult> {
  const data = await gql<{ updateAppointmentInformationState: OperationResult | null }>(
    'apps_yy_sys',
    updateAppointmentInformationStateDocument,
    { id, state: '1', reason: reason.trim(), dataSource: '1' },
  );
  return assertOk(data.updateAppointmentInformationState);
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAppointmentKeys.all }),
  });
}
