import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { appointments } from '../booking/booking.tables.ts';
import { resources } from '../resources/resources.tables.ts';

/**
 * Evaluations of performed bookings (product spec 3 "Evaluation"): a composite, resource,
 * system and service score (1-5), content, pictures (upload uris) and the anonymous flag; one
 * per booking while not deleted. `state` '1' shown, '0' hidden by an administrator
 * (/manage/evaluate), who may also reply. `del` 1: deleted by its author (the booking may be
 * evaluated again). The booking's resource and time are copied for the lists.
 */
export const appointmentEvaluates = pgTable(
  'appointment_evaluates',
  {
    id: id(),
    tenant_id: tenantId(),
    appointment_id: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
    resources_id: uuid('resources_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'restrict' }),
    resources_type_id: uuid('resources_type_id').notNull(),
    resources_name: text('resources_name').notNull().default(''),
    resources_name_en: text('resources_name_en').notNull().default(''),
    appointment_date: text('appointment_date').notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    composite_score: integer('composite_score').notNull(),
    resources_score: integer('resources_score').notNull(),
    system_score: integer('system_score').notNull(),
    service_score: integer('service_score').notNull(),
    content: text('content').notNull().default(''),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    is_anonymous: text('is_anonymous').notNull().default('0'),
    state: text('state').notNull().default('1'),
    reply_content: text('reply_content').notNull().default(''),
    reply_user: text('reply_user').notNull().default(''),
    reply_user_name: text('reply_user_name').notNull().default(''),
    reply_time: timestamp('reply_time', { withTimezone: true, mode: 'date' }),
    /** The author's account and name (the booker). */
    created_user: text('created_user').notNull(),
    created_user_name: text('created_user_name').notNull().default(''),
    del: integer('del').notNull().default(0),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointment_evaluates_one_per_booking_uq')
      .on(t.tenant_id, t.appointment_id)
      .where(sql`${t.del} = 0`),
    index('appointment_evaluates_resource_idx').on(t.tenant_id, t.resources_id, t.create_time),
    index('appointment_evaluates_user_idx').on(t.tenant_id, t.created_user, t.create_time),
    check(
      'appointment_evaluates_scores_ck',
      sql`${t.composite_score} between 1 and 5 and ${t.resources_score} between 1 and 5 and ${t.system_score} between 1 and 5 and ${t.service_score} between 1 and 5`,
    ),
    check('appointment_evaluates_state_ck', sql`${t.state} in ('0', '1')`),
    check('appointment_evaluates_anonymous_ck', sql`${t.is_anonymous} in ('0', '1')`),
    tenantIsolation('appointment_evaluates'),
  ],
).enableRLS();

/** Favourites (`like`): a user's favourite resources, at most one row per user and resource. */
export const resourcesLikes = pgTable(
  'resources_likes',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_id: uuid('resources_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    /** The user's account and name. */
    created_user: text('created_user').notNull(),
    created_user_name: text('created_user_name').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    uniqueIndex('resources_likes_user_resource_uq').on(t.tenant_id, t.created_user, t.resources_id),
    index('resources_likes_resource_idx').on(t.tenant_id, t.resources_id),
    tenantIsolation('resources_likes'),
  ],
).enableRLS();
