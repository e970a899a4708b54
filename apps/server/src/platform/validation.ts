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
