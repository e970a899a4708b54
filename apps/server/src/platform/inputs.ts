import { minutesOf, parseIsoDate } from '@yuyue/shared';
import { z } from 'zod';
import { isUuid } from './ids.ts';

/*
 * Zod building blocks of the inputs every module parses. GraphQL passes an explicit null for a
 * field set to null: optional fields treat null as absent.
 */

/** `schema`, or absent: null and undefined both read as undefined. */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined);
}
export const text = (max: number) => z.string().trim().max(max);
export const flag = opt(text(20));
export const count = (max = 1_000_000) => opt(z.number().int().min(0).max(max));
/** An id of a stored row, or nothing ('' and null too). */
export const optionalId = z
  .union([z.literal(''), z.string().trim().refine(isUuid, 'must be a UUID')])
  .nullish()
  .transform((v) => (v ? v : undefined));
export const isoDate = z
  .string()
  .trim()
  .refine((v) => parseIsoDate(v) !== null, 'must be YYYY-MM-DD');
export const optionalIsoDate = opt(z.union([z.literal(''), isoDate]));
export const time = z
  .string()
  .trim()
  .refine((v) => minutesOf(v) !== null, 'must be HH:mm');
export const optionalTime = opt(z.union([z.literal(''), time]));
/** A list that replaces the stored one when given; absent keeps the stored one. */
export const list = <T extends z.ZodType>(item: T, max = 200) => opt(z.array(item).max(max));
