import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../result.ts';
import { bookingKeys } from '../keys.ts';

export const updateAppointmentTimeDocument = /* GraphQL */ `
  mutation updateAppointmentTime(
    $id: ID!
    $appointment_date: Date!
    $timeSlotId: String
    $start_time: String
    $end_time: String
  ) {
    updateAppointmentTime(
      id: $id
      appointment_date: $appointment_date
      timeSlotId: $timeSlotId
      start_time: $start_time
      end_time: $end_time
    ) {
      errcode
      msg
      msg_en
    }
  }
`;

export interface UpdateAppointmentTimeVariables {
  id: string;
  /** "YYYY-MM-DD". */
  appointment_date: string;
  /** A fixed slot, or start_time/end_time of a free period. */
  timeSlotId?: string;
  start_time?: string;
  end_time?: string;
}

/** Moves a booking to another slot of the same resource, atomically; rejects with the zh/en reason. */
export async function updateAppointmentTime(variables: UpdateAppointmentTimeVariables): Promise<OperationResult> {
  const data = await gql<{ updateAppointmentTime: OperationResult | null }>(
    'apps_yy_sys',
    updateAppointmentTimeDocument,
    { ...variables },
  );
  return assertOk(data.updateAppointmentTime);
}

export function useUpdateAppointmentTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAppointmentTime,
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
