import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from './result.ts';
import { noticeKeys } from './types.ts';

export const saveNoticeDocument = /* GraphQL */ `
  mutation saveNotice($model: InputNotice) {
    saveNotice(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

export interface SaveNoticeModel {
  id?: string;
  note_category: string;
  title: string;
  title_en: string;
  resource_type_id: string;
  resource_type_name: string;
  content: string;
  content_en: string;
  /** "YYYY-MM-DD HH:mm:ss" or empty. */
  release_time: string;
  popup_mode: string;
  /** "YYYY-MM-DD" or empty. */
  popup_end_date: string;
}

export async function saveNotice(model: SaveNoticeModel): Promise<OperationResult> {
  return assertOk(
    (await gql<{ saveNotice: OperationResult | null }>('apps_yy_sys', saveNoticeDocument, { model })).saveNotice,
  );
}

/** Creates or updates a notice; every notice query reloads. */
export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
