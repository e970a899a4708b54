import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertOk } from '../../notices/api/result.ts';
import { SIGN_RESULT_FIELDS, refreshAfterSign, type SignResult } from './result.ts';

export const updateAppointmentPerformStateDocument = /* GraphQL */ `
  mutation updateAppointmentPerformState($id: ID!, $appointment_state: String!, $reason: String) {
    updateAppointmentPerformState(id: $id, appointment_state: $appointment_state, reason: $reason) {
      ${SIGN_RESULT_FIELDS}
    }
  }
`;

/** What staff mark a booking: performed (honoured) or a no-show (missed). */
export type PerformMark = 'performed' | 'missed';

export interface PerformStateInput {
  id: string;
  mark: PerformMark;
  /** An optional note, at most 500 characters. */
  reason?: string;
}

/**
 * Staff mark a booking performed ('1': once its check-in has opened, or correcting a no-show)
 * or a no-show ('2': once it has started; its slot is freed and the blacklist rule applies).
 */
export async function updateAppointmentPerformState({ id, mark, reason }: PerformStateInput): Promise<SignResult> {
  const data = await gql<{ updateAppointmentPerformState: SignResult | null }>(
    'apps_yy_sys',
    updateAppointmentPerformStateDocument,
    { id, appointment_state: mark === 'missed' ? '2' : '1', reason: reason?.trim() || null },
  );
  return assertOk(data.updateAppointmentPerformState) as SignResult;
}

/** Marks a booking honoured or missed; check-in and booking queries reload. */
export function useUpdateAppointmentPerformState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointmentPerformState,
    onSuccess: () => refreshAfterSign(queryClient),
  });
}
