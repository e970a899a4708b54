import { z } from 'zod';
import { isUuid } from '../../platform/ids.ts';
import { REVIEW_URL_MAX } from './review-addresses.rules.ts';

/** GraphQL sends null for fields a client set to null: treat it as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined);
}

const optionalId = z
  .union([z.literal(''), z.string().refine(isUuid, 'must be a UUID')])
  .nullish()
  .transform((v) => (v ? v : undefined));

/** `saveReviewAddress(model)`: shape only; review-addresses.rules.ts checks name and URL. */
export const saveReviewAddressInput = z.object({
  id: optionalId,
  name: optional(z.string().max(100)),
  name_en: optional(z.string().max(200)),
  url: optional(z.string().max(REVIEW_URL_MAX + 100)),
  resource_type_id: optional(z.string().max(64)),
  description: optional(z.string().max(1000)),
  enabled: optional(z.boolean()),
});

const stringFilter = z
  .object({ eq: optional(z.string().max(200)), like: optional(z.string().max(200)) })
  .nullish()
  .transform((v) => v ?? undefined);

export const reviewAddressFilterInput = z
  .object({ name: stringFilter, resource_type_id: stringFilter })
  .nullish()
  .transform((v) => ({ name: v?.name, resource_type_id: v?.resource_type_id }));
export type ReviewAddressFilter = z.output<typeof reviewAddressFilterInput>;
