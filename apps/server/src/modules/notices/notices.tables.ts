import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

/**
 * Notices (spec 3). `content`/`content_en` hold HTML sanitized on save. `state`: 0 draft,
 * 1 published, 2 withdrawn (docs/GLOSSARY.md). `del` 1 marks a deleted notice (soft delete).
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    tenant_id: tenantId(),
    note_category: text('note_category').notNull().default('1'),
    title: text('title').notNull().default(''),
    title_en: text('title_en').notNull().default(''),
    resource_type_id: text('resource_type_id').notNull().default(''),
    resource_type_name: text('resource_type_name').notNull().default(''),
    content: text('content').notNull().default(''),
    content_en: text('content_en').notNull().default(''),
    /** When users start seeing a published notice; null until first published. */
    release_time: timestamp('release_time', { withTimezone: true, mode: 'date' }),
    state: integer('state').notNull().default(0),
    popup_mode: text('popup_mode').notNull().default(''),
    /** Last day (inclusive, tenant's zone) a daily pop-up is shown; null: no end. */
    popup_end_date: date('popup_end_date', { mode: 'string' }),
    created_user: text('created_user').notNull().default(''),
    created_user_name: text('created_user_name').notNull().default(''),
    del: integer('del').notNull().default(0),
    create_time: createTime(),
  },
  (t) => [index('notices_tenant_list_idx').on(t.tenant_id, t.del, t.state, t.release_time), tenantIsolation('notices')],
).enableRLS();

/** Who read which notice on which day (tenant's zone): at most one row per user, notice and day. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    id: id(),
    tenant_id: tenantId(),
    notice_id: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    /** The reader's account. */
    read_user_id: text('read_user_id').notNull(),
    read_user_name: text('read_user_name').notNull().default(''),
    read_date: date('read_date', { mode: 'string' }).notNull(),
    read_time: timestamp('read_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notice_reads_once_a_day_uq').on(t.tenant_id, t.notice_id, t.read_user_id, t.read_date),
    index('notice_reads_tenant_time_idx').on(t.tenant_id, t.read_time),
    tenantIsolation('notice_reads'),
  ],
).enableRLS();
