import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { resources } from '../resources/resources.tables.ts';

/**
 * One booking occurrence of a resource (the contract's AppointmentInformation). The wire
 * fields (`appointment_date` "YYYY-MM-DD", `start_time`/`end_time` "HH:mm") are the tenant's
 * wall clock; `starts_at`/`ends_at` are the instants the database compares.
 *
 * Codes (docs/GLOSSARY.md): `state` '0' valid, '1' cancelled; `audit_status` '0' no approval
 * needed, '1' awaiting approval, '2' approved, '3' rejected; `appointment_state` '0' to be
 * performed, '1' performed, '2' no-show, '3' terminated; `booking_mode` '1' normal,
 * '2' periodic, '3' batch (occurrences of one periodic or batch request share `series_id`).
 *
 * `active` is true while the booking holds its slot (valid and not rejected); `exclusive` is
 * true when the resource admits one booking per period, and then the exclusion constraint
 * `appointments_no_overlap` (migration booking_constraints) forbids two active bookings whose
 * periods overlap. Capacity resources count seats in `appointment_slot_counters` instead.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_id: uuid('resources_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'restrict' }),
    resources_type_id: uuid('resources_type_id').notNull(),
    resources_name: text('resources_name').notNull().default(''),
    resources_name_en: text('resources_name_en').notNull().default(''),
    resources_number: text('resources_number').notNull().default(''),
    time_slot_id: uuid('time_slot_id'),
    appointment_date: text('appointment_date').notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    state: text('state').notNull().default('0'),
    audit_status: text('audit_status').notNull().default('0'),
    appointment_state: text('appointment_state').notNull().default('0'),
    active: boolean('active').notNull().default(true),
    exclusive: boolean('exclusive').notNull(),
    booking_mode: text('booking_mode').notNull().default('1'),
    series_id: uuid('series_id'),
    flow_no: text('flow_no').notNull().default(''),
    created_user: text('created_user').notNull(),
    created_user_name: text('created_user_name').notNull().default(''),
    appointment_user: text('appointment_user').notNull(),
    appointment_user_name: text('appointment_user_name').notNull().default(''),
    dept_code: text('dept_code').notNull().default(''),
    dept_name: text('dept_name').notNull().default(''),
    dept_name_en: text('dept_name_en').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    person_times: integer('person_times').notNull().default(1),
    theme: text('theme').notNull().default(''),
    theme_en: text('theme_en').notNull().default(''),
    enclosure: text('enclosure').notNull().default(''),
    enclosure_name: text('enclosure_name').notNull().default(''),
    enclosure_size: text('enclosure_size').notNull().default(''),
    participants_scope: text('participants_scope').notNull().default(''),
    remark: text('remark').notNull().default(''),
    event: text('event').notNull().default(''),
    event_en: text('event_en').notNull().default(''),
    entourage: text('entourage').notNull().default(''),
    need_meeting_signin: text('need_meeting_signin').notNull().default('0'),
    wemeet_enable: text('wemeet_enable').notNull().default('0'),
    cancel_reason: text('cancel_reason').notNull().default(''),
    cancel_user: text('cancel_user').notNull().default(''),
    cancel_time: timestamp('cancel_time', { withTimezone: true, mode: 'date' }),
    is_evaluate: text('is_evaluate').notNull().default('0'),
    /** 1: the record was deleted by its booker or an administrator (soft delete; lists hide it). */
    del: integer('del').notNull().default(0),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_resource_time_idx').on(t.resources_id, t.starts_at),
    // the booking engine's read of the bookings that hold a resource's slots (booking.resources.repository.ts)
    index('appointments_resource_active_idx')
      .on(t.resources_id, t.ends_at)
      .where(sql`active`),
    index('appointments_user_idx').on(t.tenant_id, t.appointment_user, t.starts_at),
    index('appointments_creator_idx').on(t.tenant_id, t.created_user, t.starts_at),
    index('appointments_series_idx').on(t.series_id),
    // a tenant's bookings of a day or a range of days (the back-office home, its 14-day trend)
    index('appointments_tenant_date_idx').on(t.tenant_id, t.appointment_date),
    // bookings awaiting approval (the home's to-do count, the approval lists)
    index('appointments_tenant_pending_idx')
      .on(t.tenant_id, t.resources_id)
      .where(sql`${t.audit_status} = '1' and ${t.state} = '0'`),
    check('appointments_period_ck', sql`${t.ends_at} > ${t.starts_at}`),
    check('appointments_state_ck', sql`${t.state} in ('0', '1')`),
    check('appointments_audit_status_ck', sql`${t.audit_status} in ('0', '1', '2', '3', '4')`),
    check('appointments_appointment_state_ck', sql`${t.appointment_state} in ('0', '1', '2', '3')`),
    tenantIsolation('appointments'),
  ],
).enableRLS();

/** `appointmentParticipantList`: the people a booking names. */
export const appointmentParticipants = pgTable(
  'appointment_participants',
  {
    id: id(),
    tenant_id: tenantId(),
    appointment_id: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    participant_id: text('participant_id').notNull().default(''),
    participant_name: text('participant_name').notNull().default(''),
    participant_dept_id: text('participant_dept_id').notNull().default(''),
    participant_dept_name: text('participant_dept_name').notNull().default(''),
    operate_user_id: text('operate_user_id').notNull().default(''),
    operate_user_name: text('operate_user_name').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [index('appointment_participants_appt_idx').on(t.appointment_id), tenantIsolation('appointment_participants')],
).enableRLS();

/** `appointmentCollectionList`: values of the type's collected fields given with a booking. */
export const appointmentCollections = pgTable(
  'appointment_collections',
  {
    id: id(),
    tenant_id: tenantId(),
    appointment_id: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    field_name: text('field_name').notNull(),
    field_desc_cn: text('field_desc_cn').notNull().default(''),
    field_desc_en: text('field_desc_en').notNull().default(''),
    field_value: text('field_value').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [index('appointment_collections_appt_idx').on(t.appointment_id), tenantIsolation('appointment_collections')],
).enableRLS();

/**
 * Seats taken in one slot of a capacity resource (`available_number` > 1). A booking takes a
 * seat with `UPDATE ... SET taken = taken + 1 WHERE taken < capacity` and gives it back when it
 * stops holding the slot, in the same transaction as the booking row.
 */
export const appointmentSlotCounters = pgTable(
  'appointment_slot_counters',
  {
    tenant_id: tenantId(),
    resources_id: uuid('resources_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.resources_id, t.starts_at, t.ends_at], name: 'appointment_slot_counters_pk' }),
    check('appointment_slot_counters_taken_ck', sql`${t.taken} >= 0`),
    tenantIsolation('appointment_slot_counters'),
  ],
).enableRLS();

/**
 * The version of a tenant's booking catalogue: what the booking engine reads of resources,
 * types, grants, visibility lists, rule templates and rule lists. Triggers on those tables
 * (migration catalogue_version) give it a new random value in the transaction of every change,
 * so a copy of the catalogue read together with version V is current exactly while the
 * version is still V: the booking engine keeps such copies in memory and reads only the
 * version (with the bookings, which are never cached) while it matches. Random, not counted:
 * a value never comes back, not even after a database is restored to an earlier state.
 */
export const catalogueVersions = pgTable(
  'catalogue_versions',
  {
    tenant_id: uuid('tenant_id').primaryKey(),
    version: uuid('version').notNull().defaultRandom(),
  },
  () => [tenantIsolation('catalogue_versions')],
).enableRLS();
