import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../result.ts';
import { bookingKeys } from '../keys.ts';

export const terminateAppointmentDocument = /* GraphQL */ `
  mutation terminateAppointment($id: ID!, $reason: String) {
    terminateAppointment(id: $id, reason: $reason) {
      errcode
      msg
      msg_en
    }
  }
`;

/** The booker terminates an application awaiting approval (slot freed). */
export async function terminateAppointment({ id, reason }: { id: string; reason?: string }): Promise<OperationResult> {
  const data = await gql<{ terminateAppointment: OperationResult | null }>(
    'apps_yy_sys',
    terminateAppointmentDocument,
    {
      id,
      reason: reason ?? '',
    },
  );
  return assertOk(data.terminateAppointment);
}

export function useTerminateAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: terminateAppointment,
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
