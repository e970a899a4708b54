import {
  CONNECTION_FAILED_MESSAGE,
  HTTP_TIMEOUT_MS,
  NO_RESPONSE_TIMEOUT_MESSAGE,
  httpStatusMessage,
} from '@yuyue/shared';
import { RequestError } from '../../../lib/graphql.ts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { accessToken } from '../../auth/auth.ts';

/** The captcha's REST path under the app's base path, e.g. `/yy-sys/captcha/genCaptcha`. */
export function captchaUrl(operation: 'genCaptcha' | 'checkCaptcha'): string {
  return `${runtimeConfig().basePath}/captcha/${operation}`;
}

/**
 * Posts JSON to a captcha endpoint with the access token (Bearer), the 10 s timeout and the
 * spec's messages for every kind of failure, as the GraphQL client does (the server's own
 * `msg`/`msg_en` when a refusal carries them). Resolves with the parsed body of a 2xx answer.
 */
export async function postCaptcha(operation: 'genCaptcha' | 'checkCaptcha', body: unknown): Promise<unknown> {
  const token = await accessToken();
  let res: Response;
  try {
    res = await fetch(captchaUrl(operation), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new RequestError(
      timedOut ? NO_RESPONSE_TIMEOUT_MESSAGE : CONNECTION_FAILED_MESSAGE,
      timedOut ? 'timeout' : 'network',
    );
  }
  const parsed: unknown = await res.json().catch(() => null);
  if (!res.ok || parsed === null) {
    // a refusal the server words itself (a cool-down: HTTP 429 naming when to try again) is shown as it is
    const refusal = parsed as { msg?: unknown; msg_en?: unknown } | null;
    if (typeof refusal?.msg === 'string' && refusal.msg) {
      const en = typeof refusal.msg_en === 'string' ? refusal.msg_en : undefined;
      throw new RequestError(refusal.msg, 'http', res.status, undefined, en);
    }
    throw new RequestError(httpStatusMessage(res.status), 'http', res.status);
  }
  return parsed;
}

/** A 2xx answer that is not what the contract describes. */
export function unreadableAnswer(): RequestError {
  return new RequestError(
    '验证码服务的回答无法读取，请刷新重试',
    'http',
    200,
    undefined,
    'The captcha service sent an unreadable answer; please refresh',
  );
}
