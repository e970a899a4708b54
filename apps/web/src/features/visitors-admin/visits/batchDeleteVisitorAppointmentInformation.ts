import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { visitorKeys } from '../../visitors/types.ts';
import { adminVisitKeys } from './types.ts';

export const batchDeleteVisitorAppointmentInformationDocument = /* GraphQL */ `
  mutation batchDeleteVisitorAppointmentInformation($ids: [String]!) {
    batchDeleteVisitorAppointmentInformation(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Deletes visits, all or none: their seats are freed and their passes revoked. */
export async function batchDeleteVisitorAppointmentInformation(ids: string[]): Promise<OperationResult> {
  const data = await gql<{ batchDeleteVisitorAppointmentInformation: OperationResult | null }>(
    'apps_yy_sys',
    batchDeleteVisitorAppointmentInformationDocument,
    { ids },
  );
  return assertOk(data.batchDeleteVisitorAppointmentInformation);
}

export function useBatchDeleteVisits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeleteVisitorAppointmentInformation,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminVisitKeys.all });
      await queryClient.invalidateQueries({ queryKey: visitorKeys.all });
    },
  });
}
