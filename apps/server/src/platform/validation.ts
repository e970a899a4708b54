import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Parses input with a zod schema; a failure is INVALID_INPUT naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const detail = result.error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
  throw new AppError('INVALID_INPUT', { detail });
}

/** Longest field path a refusal names (a hostile body can nest deeply). */
const PATH_SHOWN = 80;

/**
 * The path (`variables.model.remark`) of the first string or key in `value` that holds a NUL
 * character, which PostgreSQL text cannot store; null when there is none. Walks without
 * recursion, so a deeply nested body cannot overflow the stack.
 */
export function nulPath(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path.length > PATH_SHOWN ? `${path.slice(0, PATH_SHOWN)}…` : path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, member] of Object.entries(v)) {
        if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\u0000')}`.slice(0, PATH_SHOWN);
        stack.push([member, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * Refuses a request whose query string, route parameters or parsed body hold a NUL
 * character (INPUT_HAS_NUL, HTTP 400), before any handler runs: such a string would reach
 * SQL and fail there as a server fault. Registered once for the whole application.
 */
export async function refuseNulInput(request: FastifyRequest): Promise<void> {
  const field =
    nulPath(request.query, 'query') ??
    nulPath(request.params, 'params') ??
    (typeof request.body === 'object' || typeof request.body === 'string' ? nulPath(request.body, 'body') : null);
  if (field) throw new AppError('INPUT_HAS_NUL', { field });
}

/**
 * What a log line may say about an unexpected fault: its kind, SQLSTATE, the driver's message
 * and the statement's text, never the statement's parameters (Drizzle puts them in its
 * message) nor the values PostgreSQL quotes in `detail`: they are users' data.
 */
export function faultForLog(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const cause = (err as { cause?: unknown }).cause;
  const driver = cause instanceof Error ? cause : err;
  const query = (err as { query?: unknown }).query;
  const code = (driver as { code?: unknown }).code;
  const firstLine = (driver.message ?? '').split('\n')[0]!;
  return {
    type: err.name,
    ...(typeof code === 'string' ? { code } : {}),
    // Drizzle's own message is "Failed query: <sql>\nparams: <values>": its first line is the statement.
    message: (driver === err ? firstLine.replace(/^Failed query: .*/s, 'Failed query') : firstLine).slice(0, 300),
    ...(typeof query === 'string' ? { query: query.slice(0, 500) } : {}),
    stack: framesOf(err),
  };
}

/** The stack frames of an error without its message, which may hold values over several lines. */
function framesOf(err: Error): string {
  const header = `${err.name}: ${err.message}`;
  const stack = err.stack ?? '';
  if (!stack.startsWith(header)) return '';
  return stack
    .slice(header.length)
    .split('\n')
    .filter((l) => l.trimStart().startsWith('at '))
    .slice(0, 12)
    .join('\n');
}
