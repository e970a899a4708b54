import { errorTexts, type ErrorCode, type ErrorParams } from '@yuyue/shared';

/**
 * A refusal with a catalogue code. Services throw it; the GraphQL and HTTP layers turn it
 * into the contract's result shapes with the catalogue's Chinese and English texts.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
  ) {
    super(errorTexts(code, params).en);
    this.name = 'AppError';
  }

  get texts(): { zh: string; en: string } {
    return errorTexts(this.code, this.params);
  }
}

/** The SQLSTATE of a database error (Drizzle wraps the driver's error in `cause`). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * How a database call failed when the fault is the database's, not the request's: `unavailable`
 * (no connection, or it broke: the request may succeed as soon as the database answers again)
 * or `timeout` (a statement ran past the time budget, `DATABASE_STATEMENT_TIMEOUT_MS`).
 */
export type DatabaseFailure = 'unavailable' | 'timeout';

// Node's socket errors for a server that is down, restarting or out of reach.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// node-postgres' own errors for a connection that could not be made, broke, or was closed under
// the caller (pool ended at shutdown), and its client-side query_timeout.
const DRIVER_MESSAGES =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|Query read timeout)$/;

// PGlite closed (shutdown) or its WASM runtime aborted: the embedded database does not answer.
const PGLITE_MESSAGES = /^PGlite is clos(ed|ing)$|^timeout while waiting for mutex/;

function ownFailure(e: { code?: unknown; message?: unknown; name?: unknown }): DatabaseFailure | null {
  const code = typeof e.code === 'string' ? e.code : '';
  // SQLSTATE class 08 connection exception; 57P01-57P03 admin/crash shutdown, cannot connect
  // now (starting, recovering); 53300 too many connections.
  if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return 'unavailable';
  // query_canceled: statement_timeout (or an operator's pg_cancel_backend)
  if (code === '57014') return 'timeout';
  if (SOCKET_CODES.has(code)) return 'unavailable';
  const message = typeof e.message === 'string' ? e.message : '';
  if (DRIVER_MESSAGES.test(message) || PGLITE_MESSAGES.test(message)) return 'unavailable';
  // the WASM runtime aborted (WebAssembly.RuntimeError) or exited (Emscripten's ExitStatus)
  if (e.name === 'RuntimeError' || e.name === 'ExitStatus') return 'unavailable';
  return null;
}

/**
 * Whether an error means the database is unreachable or timed out (see `DatabaseFailure`),
 * looking through the wrappers Drizzle (`cause`) and Node's connection attempts
 * (`AggregateError.errors`) put around the driver's error; null for any other error.
 */
export function databaseFailure(err: unknown): DatabaseFailure | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const found = ownFailure(e as { code?: unknown; message?: unknown; name?: unknown });
    if (found) return found;
    queue.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return null;
}

/** The codes of `unavailableError`: answered with HTTP 503, as the request may succeed when retried. */
export const UNAVAILABLE_CODES: ReadonlySet<string> = new Set(['SERVICE_UNAVAILABLE', 'DATABASE_TIMEOUT']);

/** The refusal a request answers with when its database work failed by `databaseFailure`; null otherwise. */
export function unavailableError(err: unknown): AppError | null {
  const failure = databaseFailure(err);
  if (!failure) return null;
  return new AppError(failure === 'timeout' ? 'DATABASE_TIMEOUT' : 'SERVICE_UNAVAILABLE');
}
