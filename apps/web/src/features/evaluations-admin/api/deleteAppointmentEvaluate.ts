import { useMutation } from '@tanstack/react-query';
import { deleteAppointmentEvaluate } from '../../evaluations/api/deleteAppointmentEvaluate.ts';
import { useReloadEvaluations } from './mutate.ts';

/**
 * Administrators delete an evaluation (the operation authors use: the server lets a tenant
 * administrator delete any); the back office's evaluation queries reload.
 */
export function useDeleteAppointmentEvaluate() {
  const reload = useReloadEvaluations();
  return useMutation({ mutationFn: deleteAppointmentEvaluate, onSuccess: reload });
}
