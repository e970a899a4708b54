import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import type { CollectionOption } from './collection-config.rules.ts';

/** The extra fields a booking form collects, per resource type, in `order_num` order. */
export const collectionConfigs = pgTable(
  'collection_configs',
  {
    id: id(),
    tenant_id: tenantId(),
    resource_type_id: text('resource_type_id').notNull(),
    /** Identifier the booking stores the value under. */
    field_name: text('field_name').notNull(),
    label_zh: text('label_zh').notNull(),
    label_en: text('label_en').notNull().default(''),
    /** text | textarea | number | date | select | phone | email */
    field_type: text('field_type').notNull(),
    /** Choices of a select field. */
    options: jsonb('options').$type<CollectionOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    order_num: integer('order_num').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collection_configs_tenant_type_field_uq').on(t.tenant_id, t.resource_type_id, t.field_name),
    index('collection_configs_tenant_type_order_idx').on(t.tenant_id, t.resource_type_id, t.order_num),
    tenantIsolation('collection_configs'),
  ],
).enableRLS();
