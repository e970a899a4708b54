import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, tenantId, tenantIsolation } from '../../db/columns.ts';

/** The operate log (spec 3): one row per mutating use case, written by `audit()`. */
export const operateLogs = pgTable(
  'operate_logs',
  {
    id: id(),
    tenant_id: tenantId(),
    operate_user_id: text('operate_user_id').notNull().default(''),
    operate_user_name: text('operate_user_name').notNull().default(''),
    /** Client IP address (the original's field name). */
    id_address: text('id_address').notNull().default(''),
    operate_module: text('operate_module').notNull(),
    operate_type: text('operate_type').notNull(),
    operate_content: text('operate_content').notNull().default(''),
    operate_object: text('operate_object').notNull().default(''),
    operate_time: timestamp('operate_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('operate_logs_tenant_time_idx').on(t.tenant_id, t.operate_time), tenantIsolation('operate_logs')],
).enableRLS();
