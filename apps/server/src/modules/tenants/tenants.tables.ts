import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime } from '../../db/columns.ts';

/**
 * The tenants of a deployment (one per university or campus). Not tenant-owned itself:
 * it is read before a tenant is known, to resolve one.
 */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Short stable key, e.g. `demo`; used in URLs and by the public endpoint's `tenantKey`. */
  tenant_key: text('tenant_key').notNull().unique(),
  name: text('name').notNull(),
  name_en: text('name_en').notNull().default(''),
  /** Host names that select this tenant (comma separated, lower case). */
  domains: text('domains').notNull().default(''),
  /** `1` active, `0` disabled. */
  state: text('state').notNull().default('1'),
  /** The super tenant may create and update other tenants. */
  is_super: boolean('is_super').notNull().default(false),
  initialized_at: timestamp('initialized_at', { withTimezone: true, mode: 'date' }),
  time_zone: text('time_zone').notNull().default('Asia/Shanghai'),
  remark: text('remark').notNull().default(''),
  create_time: createTime(),
});
