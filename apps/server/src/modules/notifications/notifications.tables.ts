import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { appointments } from '../booking/booking.tables.ts';

/**
 * In-app notifications: one row per recipient (an account) and event on bookings, written in
 * the transaction of the change it reports. `audience` 'booker' is about the recipient's own
 * booking, 'admin' about a booking of a resource the recipient administers. One row may cover
 * several occurrences of one request (`appointment_count`; `appointment_id` is the first).
 * `read_time` null = unread.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    tenant_id: tenantId(),
    recipient: text('recipient').notNull(),
    event: text('event').notNull(),
    audience: text('audience').notNull().default('booker'),
    appointment_id: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    appointment_count: integer('appointment_count').notNull().default(1),
    resources_id: uuid('resources_id'),
    resources_name: text('resources_name').notNull().default(''),
    resources_name_en: text('resources_name_en').notNull().default(''),
    title: text('title').notNull(),
    title_en: text('title_en').notNull().default(''),
    content: text('content').notNull(),
    content_en: text('content_en').notNull().default(''),
    read_time: timestamp('read_time', { withTimezone: true, mode: 'date' }),
    create_time: createTime(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.tenant_id, t.recipient, t.create_time),
    index('notifications_appt_idx').on(t.appointment_id),
    index('notifications_unread_idx')
      .on(t.tenant_id, t.recipient)
      .where(sql`${t.read_time} is null`),
    check('notifications_audience_ck', sql`${t.audience} in ('booker', 'admin')`),
    tenantIsolation('notifications'),
  ],
).enableRLS();

/**
 * The e-mail outbox: a row is written in the same transaction as the change it reports, and the
 * sender job delivers it later (at least once, exactly once unless the process dies between the
 * SMTP server's acceptance and the row's update; `message_id` stays the same on every attempt so
 * a repeat is recognisable as the same message).
 *
 * `status` 'pending' (due at `next_attempt_at`; a claimed row's `next_attempt_at` is its lease),
 * 'sent' (`sent_at`, `transport` 'smtp' or 'log' when no SMTP server is configured) or 'failed'
 * (given up after the last attempt or refused permanently; `last_error` says why, an
 * administrator may queue it again).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    tenant_id: tenantId(),
    notification_id: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    message_id: text('message_id').notNull().unique(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    last_error: text('last_error').notNull().default(''),
    transport: text('transport').notNull().default(''),
    /** Files sent with the message (an .ics of a booking, ...): name, MIME type, content as base64. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_tenant_idx').on(t.tenant_id, t.create_time),
    check('mail_outbox_status_ck', sql`${t.status} in ('pending', 'sent', 'failed')`),
    tenantIsolation('mail_outbox'),
  ],
).enableRLS();
