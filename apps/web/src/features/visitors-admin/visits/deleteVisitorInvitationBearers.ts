import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { adminVisitKeys } from './types.ts';

export const deleteVisitorInvitationBearersDocument = /* GraphQL */ `
  mutation deleteVisitorInvitationBearers($ids: [String!]!) {
    deleteVisitorInvitationBearers(ids: $ids) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Deletes invitation bearers. */
export async function deleteVisitorInvitationBearers(ids: string[]): Promise<OperationResult> {
  const data = await gql<{ deleteVisitorInvitationBearers: OperationResult | null }>(
    'apps_yy_sys',
    deleteVisitorInvitationBearersDocument,
    { ids },
  );
  return assertOk(data.deleteVisitorInvitationBearers);
}

export function useDeleteBearers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVisitorInvitationBearers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminVisitKeys.all }),
  });
}
