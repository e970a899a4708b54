import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { visitorKeys, type OperationResult, type VisitInput } from '../types.ts';

export const updateVisitorAppointmentDocument = /* GraphQL */ `
  mutation updateVisitorAppointment($model: VisitorAppointmentInput!) {
    updateVisitorAppointment(model: $model) {
      errcode
      msg
      msg_en
    }
  }
`;

/** Changes a visit not yet approved (its visitor or inviting host); a refusal is thrown with its zh/en reason. */
export async function updateVisitorAppointment(model: VisitInput & { id: string }): Promise<OperationResult> {
  const data = await gql<{ updateVisitorAppointment: OperationResult | null }>(
    'apps_yy_sys',
    updateVisitorAppointmentDocument,
    { model },
  );
  return assertOk(data.updateVisitorAppointment);
}

export function useUpdateVisitorAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitorKeys.all }),
  });
}
