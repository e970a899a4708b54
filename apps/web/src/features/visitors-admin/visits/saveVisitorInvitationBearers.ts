import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { adminVisitKeys, type InvitationBearer } from './types.ts';

export const saveVisitorInvitationBearersDocument = /* GraphQL */ `
  mutation saveVisitorInvitationBearers($models: [VisitorInvitationBearerInput!]!) {
    saveVisitorInvitationBearers(models: $models) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Adds departments, posts or users as invitation bearers (one already listed is kept). */
export async function saveVisitorInvitationBearers(
  models: Pick<InvitationBearer, 'bearer_type' | 'bearer_id'>[],
): Promise<OperationResult> {
  const data = await gql<{ saveVisitorInvitationBearers: OperationResult | null }>(
    'apps_yy_sys',
    saveVisitorInvitationBearersDocument,
    { models },
  );
  return assertOk(data.saveVisitorInvitationBearers);
}

export function useSaveInvitationBearers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitorInvitationBearers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminVisitKeys.all }),
  });
}
