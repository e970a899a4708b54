import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { adminAppointmentKeys } from '../types.ts';

export const batchDeleteAppointmentInformationDocument = /* GraphQL */ `
  mutation batchDeleteAppointmentInformation($ids: [String]!) {
    batchDeleteAppointmentInformation(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/**
 * Deletes booking records, all or nothing (administrators; one id deletes one record): refused
 * when one is unknown or still to come.
 */
export async function batchDeleteAppointmentInformation(ids: string[]): Promise<OperationResult> {
  const data = await gql<{ batchDeleteAppointmentInformation: OperationResult | null }>(
    'apps_yy_sys',
    batchDeleteAppointmentInformationDocument,
    { ids },
  );
  return assertOk(data.batchDeleteAppointmentInformation);
}

export function useBatchDeleteAppointmentInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteAppointmentInformation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAppointmentKeys.all }),
  });
}
