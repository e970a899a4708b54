import { RESULT_OK } from '@yuyue/shared';

/** A successful `OperationResult` (`errcode "0"`), with optional ids. */
export function ok(extra: { ids?: string[]; appointmentId?: string } = {}) {
  return { errcode: RESULT_OK, msg: '操作成功', msg_en: 'Success', ...extra };
}

/** A `code/messages` result; the contract carries `messages` and `messages_en` as lists of strings. */
export function messagesResult(code: string, name: string, messages: { zh: string; en: string }) {
  return { code, name, messages: [messages.zh], messages_en: [messages.en] };
}

/**
 * A successful `code/messages` result: `{"code":"0","messages":[]}`, as the original answers
 * (api-contract 4). Success says nothing more; a caller shows its own words.
 */
export function okMessages(name: string) {
  return { code: RESULT_OK, name, messages: [] as string[], messages_en: [] as string[] };
}

/** Offset paging into the contract's connection shape. */
export function connection<T extends { id: string }>(rows: T[], totalCount: number, offset: number) {
  const edges = rows.map((node, i) => ({ node, cursor: Buffer.from(String(offset + i + 1)).toString('base64') }));
  return {
    edges,
    totalCount,
    pageInfo: {
      hasNextPage: offset + rows.length < totalCount,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
