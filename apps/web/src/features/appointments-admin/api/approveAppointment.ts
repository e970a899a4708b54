import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { adminAppointmentKeys } from '../types.ts';

export const approveAppointmentDocument = /* GraphQL */ `
  mutation approveAppointment($id: ID!, $reason: String) {
    approveAppointment(id: $id, reason: $reason) {
      errcode
      msg
      msg_en
    }
  }
`;

export interface ApproveArgs {
  id: string;
  reason?: string;
}

/** Approves a booking awaiting approval (reason optional); a refusal throws with the server's texts. */
export async function approveAppointment({ id, reason }: ApproveArgs): Promise<OperationResult> {
  const data = await gql<{ approveAppointment: OperationResult | null }>('apps_yy_sys', approveAppointmentDocument, {
    id,
    reason: reason?.trim() ?? '',
  });
  return assertOk(data.approveAppointment);
}

export function useApproveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAppointmentKeys.all }),
  });
}
