import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { adminAppointmentKeys } from '../types.ts';

export const rejectAppointmentDocument = /* GraphQL */ `
  mutation rejectAppointment($id: ID!, $reason: String!) {
    rejectAppointment(id: $id, reason: $reason) {
      errcode
      msg
      msg_en
    }
  }
`;

export interface RejectArgs {
  id: string;
  reason: string;
}

/** Rejects a booking awaiting approval (reason required: the server refuses an empty one); frees its slot. */
export async function rejectAppointment({ id, reason }: RejectArgs): Promise<OperationResult> {
  const data = await gql<{ rejectAppointment: OperationResult | null }>('apps_yy_sys', rejectAppointmentDocument, {
    id,
    reason: reason.trim(),
  });
  return assertOk(data.rejectAppointment);
}

export function useRejectAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAppointmentKeys.all }),
  });
}
