import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';
import { adminVisitKeys } from './types.ts';

export const updateVisitorInvitationBearerStateDocument = /* GraphQL */ `
  mutation updateVisitorInvitationBearerState($ids: [String!]!, $is_enable: Int!) {
    updateVisitorInvitationBearerState(ids: $ids, is_enable: $is_enable) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Enables (1) or disables (0) invitation bearers. */
export async function updateVisitorInvitationBearerState(v: {
  ids: string[];
  is_enable: 0 | 1;
}): Promise<OperationResult> {
  const data = await gql<{ updateVisitorInvitationBearerState: OperationResult | null }>(
    'apps_yy_sys',
    updateVisitorInvitationBearerStateDocument,
    { ...v },
  );
  return assertOk(data.updateVisitorInvitationBearerState);
}

export function useUpdateBearerState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVisitorInvitationBearerState,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminVisitKeys.all }),
  });
}
