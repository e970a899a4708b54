import { useQueryClient } from '@tanstack/react-query';
import { blacklistKeys } from '../types.ts';

export const RESULT_FIELDS = 'errcode msg msg_en ids';

/** After a change, every blacklist query reloads. */
export function useReloadBlacklist() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: blacklistKeys.all });
}
