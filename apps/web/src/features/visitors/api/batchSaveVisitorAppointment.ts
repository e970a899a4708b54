import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { visitorKeys, type OperationResult, type VisitInput } from '../types.ts';

export const batchSaveVisitorAppointmentDocument = /* GraphQL */ `
  mutation batchSaveVisitorAppointment($models: [VisitorAppointmentInput!]!) {
    batchSaveVisitorAppointment(models: $models) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** A host invites several visitors, all or none; a refusal is thrown with its zh/en reason. */
export async function batchSaveVisitorAppointment(models: VisitInput[]): Promise<OperationResult> {
  const data = await gql<{ batchSaveVisitorAppointment: OperationResult | null }>(
    'apps_yy_sys',
    batchSaveVisitorAppointmentDocument,
    { models },
  );
  return assertOk(data.batchSaveVisitorAppointment);
}

export function useBatchSaveVisitorAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchSaveVisitorAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitorKeys.all }),
  });
}
