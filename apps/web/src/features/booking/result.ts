import { RequestError } from '../../lib/graphql.ts';
import { pick } from '../../lib/i18n.ts';
import { messagesText } from '../../lib/operation-result.ts';
import type { CheckResult } from './types.ts';

export { assertOk } from '../notices/api/result.ts';

/** A refused check or submit (code other than "0") as an error carrying the server's zh/en texts. */
export function assertCode<T extends CheckResult>(result: T | null | undefined): T {
  if (!result || result.code !== '0') {
    const { zh, en } = result ? messagesText(result) : { zh: '', en: '' };
    throw new RequestError(zh || '系统异常', 'graphql', undefined, result?.code, en);
  }
  return result;
}

/** What to show for a failed call: the server's reason in the current language when it sent one. */
export function errorText(err: unknown): string {
  if (err instanceof RequestError) return pick(err.message, err.messageEn);
  return err instanceof Error ? err.message : String(err);
}
