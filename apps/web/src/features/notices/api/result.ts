import { RequestError } from '../../../lib/graphql.ts';
import type { OperationResult } from '../../../lib/operation-result.ts';

/** A refused mutation (errcode other than "0") as an error carrying the server's zh/en texts. */
export function assertOk(result: OperationResult | null | undefined): OperationResult {
  if (!result || result.errcode !== '0') {
    throw new RequestError(result?.msg || '系统异常', 'graphql', undefined, result?.errcode, result?.msg_en);
  }
  return result;
}
