import { boolean, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

/** Addresses of external review (approval) pages, per resource type. */
export const reviewAddresses = pgTable(
  'review_addresses',
  {
    id: id(),
    tenant_id: tenantId(),
    name: text('name').notNull(),
    name_en: text('name_en').notNull().default(''),
    /** http(s) only. */
    url: text('url').notNull(),
    /** The resource type's id (text until resource types exist; '' for every type). */
    resource_type_id: text('resource_type_id').notNull().default(''),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_addresses_tenant_type_name_uq').on(t.tenant_id, t.resource_type_id, t.name),
    tenantIsolation('review_addresses'),
  ],
).enableRLS();
