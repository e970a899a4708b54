import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../result.ts';
import { bookingKeys } from '../keys.ts';

export const cancelAppointmentSeriesDocument = /* GraphQL */ `
  mutation cancelAppointmentSeries($seriesId: String!, $reason: String) {
    cancelAppointmentSeries(seriesId: $seriesId, reason: $reason) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/**
 * Cancels every occurrence of a periodic or batch booking that may still be cancelled (reason
 * required); msg/msg_en say how many were cancelled and left, ids which.
 */
export async function cancelAppointmentSeries({
  seriesId,
  reason,
}: {
  seriesId: string;
  reason: string;
}): Promise<OperationResult> {
  const data = await gql<{ cancelAppointmentSeries: OperationResult | null }>(
    'apps_yy_sys',
    cancelAppointmentSeriesDocument,
    { seriesId, reason },
  );
  return assertOk(data.cancelAppointmentSeries);
}

export function useCancelAppointmentSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointmentSeries,
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
