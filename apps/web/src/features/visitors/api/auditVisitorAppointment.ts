import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { visitorKeys, type OperationResult } from '../types.ts';

export const auditVisitorAppointmentDocument = /* GraphQL */ `
  mutation auditVisitorAppointment($id: String!, $state: String!, $reason: String) {
    auditVisitorAppointment(id: $id, state: $state, reason: $reason) {
      errcode
      msg
      msg_en
    }
  }
`;

/** Approves ('2') or rejects ('3', with a reason) a visit awaiting the caller. */
export async function auditVisitorAppointment(v: {
  id: string;
  state: '2' | '3';
  reason?: string;
}): Promise<OperationResult> {
  const data = await gql<{ auditVisitorAppointment: OperationResult | null }>(
    'apps_yy_sys',
    auditVisitorAppointmentDocument,
    { id: v.id, state: v.state, reason: v.reason ?? null },
  );
  return assertOk(data.auditVisitorAppointment);
}

export function useAuditVisitorAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: auditVisitorAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitorKeys.all }),
  });
}
