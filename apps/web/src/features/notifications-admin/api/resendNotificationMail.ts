import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { notificationMailKeys } from '../types.ts';

export const resendNotificationMailDocument = /* GraphQL */ `
  mutation resendNotificationMail($ids: [String]) {
    resendNotificationMail(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Queues failed e-mails again with fresh attempts; all or nothing. */
export async function resendNotificationMail(ids: string[]): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ resendNotificationMail: OperationResult | null }>('apps_yy_sys', resendNotificationMailDocument, {
        ids,
      })
    ).resendNotificationMail,
  );
}

/** Resends failed e-mails; the outbox reloads. */
export function useResendNotificationMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendNotificationMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationMailKeys.all }),
  });
}
