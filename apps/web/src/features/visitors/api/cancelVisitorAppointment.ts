import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { visitorKeys, type OperationResult } from '../types.ts';

export const cancelVisitorAppointmentDocument = /* GraphQL */ `
  mutation cancelVisitorAppointment($id: String!, $reason: String) {
    cancelVisitorAppointment(id: $id, reason: $reason) {
      errcode
      msg
      msg_en
    }
  }
`;

/** Cancels a visit before it starts (reason required); its quota is freed and its pass revoked. */
export async function cancelVisitorAppointment(v: { id: string; reason: string }): Promise<OperationResult> {
  const data = await gql<{ cancelVisitorAppointment: OperationResult | null }>(
    'apps_yy_sys',
    cancelVisitorAppointmentDocument,
    v,
  );
  return assertOk(data.cancelVisitorAppointment);
}

export function useCancelVisitorAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVisitorAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitorKeys.all }),
  });
}
