import { jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

/** One row per tenant: `manage_setting` holds sys_name, sys_name_en, bilingual, theme, logo... */
export const sysSettings = pgTable(
  'sys_settings',
  {
    id: id(),
    tenant_id: tenantId().unique(),
    manage_setting: jsonb('manage_setting').$type<Record<string, unknown>>().notNull(),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  () => [tenantIsolation('sys_settings')],
).enableRLS();
