import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { visitorKeys, type OperationResult, type VisitInput } from '../types.ts';

export const saveVisitorAppointmentDocument = /* GraphQL */ `
  mutation saveVisitorAppointment($model: VisitorAppointmentInput!) {
    saveVisitorAppointment(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** A visitor's application (ids: the visit's id); a refusal is thrown with its zh/en reason. */
export async function saveVisitorAppointment(model: VisitInput): Promise<OperationResult> {
  const data = await gql<{ saveVisitorAppointment: OperationResult | null }>(
    'apps_yy_sys',
    saveVisitorAppointmentDocument,
    { model },
  );
  return assertOk(data.saveVisitorAppointment);
}

export function useSaveVisitorAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitorAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitorKeys.all }),
  });
}
