import { useQueryClient } from '@tanstack/react-query';
import { evaluationKeys } from '../types.ts';

export const RESULT_FIELDS = 'errcode msg msg_en ids';

/** After a change, every evaluation query of the back office reloads. */
export function useReloadEvaluations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
}
