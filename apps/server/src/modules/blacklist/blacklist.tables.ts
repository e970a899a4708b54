import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

/**
 * One blacklist entry: the user (by account) may not book from `start_time` until `end_time`
 * (exclusive) while `state` is '1'. `source` '1' the black-settings rule put them there after
 * `no_show_count` no-shows, '2' an administrator did. `state` '2': pardoned (ended early by an
 * administrator, with a reason). `del` 1: removed by an administrator (hidden from lists; it
 * still marks where the next strike count starts, docs/GLOSSARY.md).
 */
export const blackList = pgTable(
  'black_list',
  {
    id: id(),
    tenant_id: tenantId(),
    user_account: text('user_account').notNull(),
    user_name: text('user_name').notNull().default(''),
    reason: text('reason').notNull(),
    reason_en: text('reason_en').notNull().default(''),
    source: text('source').notNull(),
    no_show_count: integer('no_show_count').notNull().default(0),
    start_time: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    end_time: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    state: text('state').notNull().default('1'),
    pardon_time: timestamp('pardon_time', { withTimezone: true, mode: 'date' }),
    pardon_reason: text('pardon_reason').notNull().default(''),
    pardon_user: text('pardon_user').notNull().default(''),
    pardon_user_name: text('pardon_user_name').notNull().default(''),
    created_user: text('created_user').notNull().default(''),
    created_user_name: text('created_user_name').notNull().default(''),
    del: integer('del').notNull().default(0),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('black_list_user_idx').on(t.tenant_id, t.user_account, t.end_time),
    index('black_list_tenant_time_idx').on(t.tenant_id, t.create_time),
    check('black_list_period_ck', sql`${t.end_time} > ${t.start_time}`),
    check('black_list_state_ck', sql`${t.state} in ('1', '2')`),
    check('black_list_source_ck', sql`${t.source} in ('1', '2')`),
    tenantIsolation('black_list'),
  ],
).enableRLS();

/**
 * The tenant's black-settings rule (one row; defaults apply until an administrator saves it):
 * when `is_enable` is '1', `no_show_times` no-shows within `no_show_days` days put the user on
 * the blacklist for `ban_days` days.
 */
export const blackSettings = pgTable(
  'black_settings',
  {
    id: id(),
    tenant_id: uuid('tenant_id').notNull().unique('black_settings_tenant_uq'),
    is_enable: text('is_enable').notNull(),
    no_show_times: integer('no_show_times').notNull(),
    no_show_days: integer('no_show_days').notNull(),
    ban_days: integer('ban_days').notNull(),
    update_user: text('update_user').notNull().default(''),
    update_user_name: text('update_user_name').notNull().default(''),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  () => [tenantIsolation('black_settings')],
).enableRLS();
