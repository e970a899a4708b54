import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../result.ts';
import { bookingKeys } from '../keys.ts';

export const deleteAppointmentInformationDocument = /* GraphQL */ `
  mutation deleteAppointmentInformation($id: ID!) {
    deleteAppointmentInformation(id: $id) {
      errcode
      msg
      msg_en
    }
  }
`;

/** The booker deletes a finished (cancelled, rejected, terminated, performed, missed or ended) record. */
export async function deleteAppointmentInformation(id: string): Promise<OperationResult> {
  const data = await gql<{ deleteAppointmentInformation: OperationResult | null }>(
    'apps_yy_sys',
    deleteAppointmentInformationDocument,
    { id },
  );
  return assertOk(data.deleteAppointmentInformation);
}

export function useDeleteAppointmentInformation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointmentInformation,
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
