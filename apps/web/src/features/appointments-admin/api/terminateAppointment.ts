import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { adminAppointmentKeys } from '../types.ts';

export const terminateAppointmentDocument = /* GraphQL */ `
  mutation terminateAppointment($id: ID!, $reason: String) {
    terminateAppointment(id: $id, reason: $reason) {
      errcode
      msg
      msg_en
    }
  }
`;

export interface TerminateArgs {
  id: string;
  reason?: string;
}

/** Terminates an application awaiting approval (appointment_state '3'); the server allows its booker. */
export async function terminateAppointment({ id, reason }: TerminateArgs): Promise<OperationResult> {
  const data = await gql<{ terminateAppointment: OperationResult | null }>(
    'apps_yy_sys',
    terminateAppointmentDocument,
    { id, reason: reason?.trim() ?? '' },
  );
  return assertOk(data.terminateAppointment);
}

export function useTerminateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: terminateAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAppointmentKeys.all }),
  });
}
