import { gql } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';
import { assertOk } from './result.ts';

export const saveNoticeReadEntityDocument = /* GraphQL */ `
  mutation saveNoticeReadEntity($model: InputNoticeReadEntity) {
    saveNoticeReadEntity(model: $model) {
      errcode
      msg
      msg_en
      ids
    }
  }
`;

/** Records that the signed-in user read a notice (the server takes the reader from the token). */
export async function saveNoticeReadEntity(model: {
  notice_id: string;
  read_user_id: string;
  read_user_name: string;
}): Promise<OperationResult> {
  return assertOk(
    (
      await gql<{ saveNoticeReadEntity: OperationResult | null }>('apps_yy_sys', saveNoticeReadEntityDocument, {
        model,
      })
    ).saveNoticeReadEntity,
  );
}
