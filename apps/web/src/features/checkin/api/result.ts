import type { QueryClient } from '@tanstack/react-query';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { bookingKeys } from '../../booking/keys.ts';
import { checkinKeys } from '../types.ts';

/** The OperationResult of a check-in mutation: which booking it changed. */
export interface SignResult extends OperationResult {
  appointmentId?: string | null;
}

export const SIGN_RESULT_FIELDS = 'errcode msg msg_en ids appointmentId';

/** A check-in, check-out or marking changes a booking's state: its check-in and booking queries reload. */
export async function refreshAfterSign(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: checkinKeys.all }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  ]);
}
