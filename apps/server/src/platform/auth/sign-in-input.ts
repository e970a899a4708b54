import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { nulPath } from '../validation.ts';

/** Longest URL the provider is handed: an authorize request with a long redirect URI and hints fits in a few kB. */
export const SIGN_IN_MAX_URL = 16 * 1024;
/** Longest single parameter (an id_token_hint or request object JWT is the longest legitimate one). */
export const SIGN_IN_MAX_VALUE = 8 * 1024;
/** Longest parameter name (OAuth's are short words). */
export const SIGN_IN_MAX_NAME = 100;
/** Largest body, as the provider's own parser allows. */
export const SIGN_IN_MAX_BODY = 56 * 1024;

function checkParams(params: URLSearchParams, where: string): void {
  for (const [name, value] of params) {
    const field = `${where}.${name.replaceAll('\u0000', '\\u0000').slice(0, 40)}`;
    if (name.includes('\u0000') || value.includes('\u0000')) throw new AppError('INPUT_HAS_NUL', { field });
    if (name.length > SIGN_IN_MAX_NAME) throw new AppError('INPUT_TOO_LONG', { field, max: SIGN_IN_MAX_NAME });
    if (value.length > SIGN_IN_MAX_VALUE) throw new AppError('INPUT_TOO_LONG', { field, max: SIGN_IN_MAX_VALUE });
  }
}

async function readBody(request: FastifyRequest): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > SIGN_IN_MAX_BODY) throw new AppError('INPUT_TOO_LONG', { field: 'body', max: SIGN_IN_MAX_BODY });
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of request.raw) {
      received += (chunk as Buffer).length;
      if (received > SIGN_IN_MAX_BODY) break;
      chunks.push(chunk as Buffer);
    }
  } catch {
    // The client went away or sent a broken stream: its fault, not the server's.
    throw new AppError('INVALID_INPUT', { detail: 'the request body could not be read' });
  }
  if (received > SIGN_IN_MAX_BODY) throw new AppError('INPUT_TOO_LONG', { field: 'body', max: SIGN_IN_MAX_BODY });
  return Buffer.concat(chunks, received);
}

/** Refuses a sign-in request whose query or body holds a NUL character or an absurdly long value. */
async function checkSignInRequest(request: FastifyRequest): Promise<void> {
  const url = request.raw.url ?? '';
  if (url.length > SIGN_IN_MAX_URL) throw new AppError('INPUT_TOO_LONG', { field: 'url', max: SIGN_IN_MAX_URL });
  const query = url.indexOf('?');
  if (query >= 0) checkParams(new URLSearchParams(url.slice(query + 1)), 'query');
  // The provider reads bodies itself; one is read here first and handed to it as `req.body`,
  // which it uses when the stream has been consumed.
  if (request.raw.readable && (request.headers['content-length'] || request.headers['transfer-encoding'])) {
    const body = await readBody(request);
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('application/x-www-form-urlencoded')) {
      checkParams(new URLSearchParams(body.toString('utf8')), 'body');
    } else if (type.startsWith('application/json')) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        // The provider answers malformed JSON itself (invalid_request).
      }
      const field = nulPath(parsed, 'body');
      if (field) throw new AppError('INPUT_HAS_NUL', { field });
    } else if (body.includes(0)) {
      throw new AppError('INPUT_HAS_NUL', { field: 'body' });
    }
    (request.raw as typeof request.raw & { body?: Buffer }).body = body;
  }
}

/**
 * Guards the sign-in provider's routes (their scope): a NUL character (which would reach SQL
 * through a client id or grant lookup and fail there as a server fault) or an absurd length
 * in the query or body is refused with HTTP 400 and the catalogue's texts, logged at info.
 */
export function guardSignInInput(scope: FastifyInstance): void {
  scope.addHook('preHandler', async (request) => {
    try {
      await checkSignInRequest(request);
    } catch (err) {
      if (err instanceof AppError) request.log.info({ code: err.code, params: err.params }, 'sign-in input refused');
      throw err;
    }
  });
}
