import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAppointmentTime } from '../../booking/api/updateAppointmentTime.ts';
import { adminAppointmentKeys } from '../types.ts';

/**
 * `updateAppointmentTime` from the back office (the booking feature owns the document): moves a
 * booking atomically, then reloads the administrators' booking queries.
 */
export function useUpdateAppointmentTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointmentTime,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAppointmentKeys.all }),
  });
}
