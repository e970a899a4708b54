import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from '../../notices/api/result.ts';

export const saveVisitorListDocument = /* GraphQL */ `
  mutation saveVisitorList($model: VisitorListInput!) {
    saveVisitorList(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export type SaveVisitorListArgs = {
  model: { visitor_name?: string; apply_id?: string; arrive_time?: string; arrival_place: string };
};

export async function saveVisitorList(args: SaveVisitorListArgs): Promise<OperationResult> {
  return assertOk(
    (await gql<{ saveVisitorList: OperationResult }>('apps_yy_sys', saveVisitorListDocument, { ...args }))
      .saveVisitorList,
  );
}

/** `saveVisitorList`; a refusal throws with the server's words; lists reload. */
export function useSaveVisitorList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVisitorList,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['findVisitorListEntityList'] });
      await queryClient.invalidateQueries({ queryKey: ['findVisitorListSummary'] });
    },
  });
}
