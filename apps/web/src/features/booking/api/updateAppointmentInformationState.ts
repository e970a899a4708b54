import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../result.ts';
import { bookingKeys } from '../keys.ts';

export const updateAppointmentInformationStateDocument = /* GraphQL */ `
  mutation updateAppointmentInformationState($id: ID!, $state: String!, $reason: String, $dataSource: String) {
    updateAppointmentInformationState(id: $id, state: $state, reason: $reason, dataSource: $dataSource) {
      errcode
      msg
      msg_en
    }
  }
`;

/** Cancels one booking (state "1") with a reason (required by the server); rejects with its zh/en reason. */
export async function cancelAppointment({ id, reason }: { id: string; reason: string }): Promise<OperationResult> {
  const data = await gql<{ updateAppointmentInformationState: OperationResult | null }>(
    'apps_yy_sys',
    updateAppointmentInformationStateDocument,
    { id, state: '1', reason, dataSource: '1' },
  );
  return assertOk(data.updateAppointmentInformationState);
}

/** Cancelling one booking as a mutation; every booking query reloads after it. */
export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
