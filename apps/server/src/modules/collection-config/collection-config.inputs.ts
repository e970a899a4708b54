import { z } from 'zod';
import { isUuid } from '../../platform/ids.ts';
import { COLLECTION_OPTIONS_MAX } from './collection-config.rules.ts';

/** GraphQL sends null for fields a client set to null: treat it as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined);
}

const optionalId = z
  .union([z.literal(''), z.string().refine(isUuid, 'must be a UUID')])
  .nullish()
  .transform((v) => (v ? v : undefined));

const option = z
  .object({
    value: optional(z.string().max(200)),
    label_zh: optional(z.string().max(200)),
    label_en: optional(z.string().max(400)),
  })
  .nullable();

/** `saveCollectionConfig(model)`: shape only; collection-config.rules.ts checks the meaning. */
export const saveCollectionConfigInput = z.object({
  id: optionalId,
  resource_type_id: optional(z.string().max(64)),
  field_name: optional(z.string().max(100)),
  label_zh: optional(z.string().max(100)),
  label_en: optional(z.string().max(200)),
  field_type: optional(z.string().max(50)),
  options: optional(z.array(option).max(COLLECTION_OPTIONS_MAX)),
  required: optional(z.boolean()),
  order_num: optional(z.number().int().min(0).max(100000)),
  enabled: optional(z.boolean()),
});

const stringFilter = z
  .object({ eq: optional(z.string().max(200)), in: optional(z.array(z.string().max(200)).max(200)) })
  .nullish()
  .transform((v) => v ?? undefined);

export const collectionConfigFilterInput = z
  .object({ resource_type_id: stringFilter, field_type: stringFilter })
  .nullish()
  .transform((v) => ({ resource_type_id: v?.resource_type_id, field_type: v?.field_type }));
export type CollectionConfigFilter = z.output<typeof collectionConfigFilterInput>;

/** `sortCollectionConfig(ids)`: the fields of one resource type, in their new order. */
export const sortCollectionConfigInput = z.array(z.string().refine(isUuid, 'must be a UUID')).min(1).max(500);
