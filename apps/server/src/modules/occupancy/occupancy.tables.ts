import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { resources } from '../resources/resources.tables.ts';

/** A period an administrator blocked a resource for (maintenance, events): `[starts_at, ends_at)`. */
export const resourcesOccupancies = pgTable(
  'resources_occupancies',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_id: uuid('resources_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    reason_cn: text('reason_cn').notNull(),
    reason_en: text('reason_en').notNull().default(''),
    created_user: text('created_user').notNull().default(''),
    created_user_name: text('created_user_name').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    index('resources_occupancies_res_idx').on(t.resources_id, t.starts_at),
    check('resources_occupancies_period_ck', sql`${t.ends_at} > ${t.starts_at}`),
    tenantIsolation('resources_occupancies'),
  ],
).enableRLS();
