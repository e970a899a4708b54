import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { RESULT_FIELDS, useReloadEvaluations } from './mutate.ts';

export const replyAppointmentEvaluateDocument = /* GraphQL */ `
  mutation replyAppointmentEvaluate($id: ID, $reply_content: String) {
    replyAppointmentEvaluate(id: $id, reply_content: $reply_content) { ${RESULT_FIELDS} }
  }
`;

/** Administrators reply to an evaluation (1-1000 characters; a new reply replaces the old one). */
export async function replyAppointmentEvaluate(variables: {
  id: string;
  reply_content: string;
}): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ replyAppointmentEvaluate: OperationResult | null }>('apps_yy_sys', replyAppointmentEvaluateDocument, {
        id: variables.id,
        reply_content: variables.reply_content.trim(),
      })
    ).replyAppointmentEvaluate,
  );
}

/** Replies to an evaluation; the evaluation queries reload. */
export function useReplyAppointmentEvaluate() {
  const reload = useReloadEvaluations();
  return useMutation({ mutationFn: replyAppointmentEvaluate, onSuccess: reload });
}
