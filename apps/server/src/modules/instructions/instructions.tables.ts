import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

/** Usage instructions (使用说明): bilingual sanitized HTML pages, shown when `state` is `published`. */
export const instructions = pgTable(
  'instructions',
  {
    id: id(),
    tenant_id: tenantId(),
    title: text('title').notNull(),
    title_en: text('title_en').notNull().default(''),
    /** Sanitized HTML (platform/html.ts). */
    content: text('content').notNull().default(''),
    content_en: text('content_en').notNull().default(''),
    order: integer('order').notNull().default(0),
    /** `published` or `draft`. */
    state: text('state').notNull().default('draft'),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('instructions_tenant_order_idx').on(t.tenant_id, t.order), tenantIsolation('instructions')],
).enableRLS();
