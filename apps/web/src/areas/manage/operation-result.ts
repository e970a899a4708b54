import { RequestError } from '../../lib/graphql.ts';
import { pick } from '../../lib/i18n.ts';
import type { OperationResult } from '../../lib/operation-result.ts';

/** A refused operation, with the server's message in the current language. */
export class RefusedError extends Error {
  override name = 'RefusedError';
}

/** Throws the server's refusal (errcode not "0") in the current language; returns the result otherwise. */
export function ensureOk(result: OperationResult): OperationResult {
  if (result.errcode !== '0') throw new RefusedError(pick(result.msg, result.msg_en));
  return result;
}

/** What to show for a failed call: the server's text in the current language when it sent one. */
export function errorText(err: unknown): string {
  if (err instanceof RequestError) return pick(err.message, err.messageEn ?? err.message);
  return err instanceof Error ? err.message : String(err);
}
