import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

const modTime = () => timestamp('mod_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/*
 * Personal data (ID card numbers, phone numbers) is never stored in plain text: each such value
 * has three columns, `<name>_enc` (AES-256-GCM with VISITOR_DATA_KEY, visitors.crypto.ts),
 * `<name>_hash` (HMAC-SHA-256 keyed with a key derived from it, for equality lookups such as
 * duplicate checks) and `<name>_mask` (the masked form every list shows: 138****5678).
 */

/**
 * The visitor module's overall settings (spec 3), one row per tenant. Flags are 0/1 integers as
 * the contract sends them. `apply_school_resources`: ids (comma separated) of the campus areas
 * (resources of the visitor resource type) that take visitors.
 */
export const visitorOverallSettings = pgTable(
  'visitor_overall_settings',
  {
    id: id(),
    tenant_id: tenantId(),
    is_invite_school_flow_path: integer('is_invite_school_flow_path').notNull().default(1),
    apply_school_resources: text('apply_school_resources').notNull().default(''),
    is_visitor_qr_code: integer('is_visitor_qr_code').notNull().default(1),
    is_welcome_setting: integer('is_welcome_setting').notNull().default(0),
    is_visitor_infor: integer('is_visitor_infor').notNull().default(1),
    welcome_content: text('welcome_content').notNull().default(''),
    sys_name: text('sys_name').notNull().default(''),
    banner_img: text('banner_img').notNull().default(''),
    in_school_name: text('in_school_name').notNull().default(''),
    visitor_infor_cotent: text('visitor_infor_cotent').notNull().default(''),
    other_setting: text('other_setting').notNull().default(''),
    /** Days after a visit (or a registration's last visit) before its personal data is anonymised. */
    retention_days: integer('retention_days').notNull().default(180),
    mod_user: text('mod_user').notNull().default(''),
    mod_time: modTime(),
  },
  (t) => [
    uniqueIndex('visitor_overall_settings_tenant_uq').on(t.tenant_id),
    tenantIsolation('visitor_overall_settings'),
  ],
).enableRLS();

/**
 * Per visitor type (`visitor_type` '1' a visitor's own application, '2' a host's invitation):
 * whether a visit needs approval (`is_invite_school_flow_path`), by the host and then by a second
 * level (`is_enable_second_level`, approvers: accounts in `invite_school_flow_path`, default the
 * visitor administrators), and whether the type is offered at all (`is_enable`).
 */
export const visitorDetailSettings = pgTable(
  'visitor_detail_settings',
  {
    id: id(),
    tenant_id: tenantId(),
    overall_settings_id: uuid('overall_settings_id'),
    visitor_type: text('visitor_type').notNull(),
    apply_school_resources: text('apply_school_resources').notNull().default(''),
    is_invite_school_flow_path: integer('is_invite_school_flow_path').notNull().default(1),
    invite_school_flow_path: text('invite_school_flow_path').notNull().default(''),
    is_enable_second_level: integer('is_enable_second_level').notNull().default(0),
    is_enable: integer('is_enable').notNull().default(1),
    mod_user: text('mod_user').notNull().default(''),
    mod_time: modTime(),
  },
  (t) => [
    uniqueIndex('visitor_detail_settings_type_uq').on(t.tenant_id, t.visitor_type),
    tenantIsolation('visitor_detail_settings'),
  ],
).enableRLS();

/** Which registration fields (spec 3: the Visitor registration entity's) the form shows and requires, in order. */
export const visitorRegisterFieldSettings = pgTable(
  'visitor_register_field_settings',
  {
    id: id(),
    tenant_id: tenantId(),
    field_name: text('field_name').notNull(),
    field_label: text('field_label').notNull().default(''),
    field_label_en: text('field_label_en').notNull().default(''),
    is_valid: integer('is_valid').notNull().default(1),
    is_required: integer('is_required').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    mod_user_name: text('mod_user_name').notNull().default(''),
    mod_time: modTime(),
  },
  (t) => [
    uniqueIndex('visitor_register_field_settings_uq').on(t.tenant_id, t.field_name),
    tenantIsolation('visitor_register_field_settings'),
  ],
).enableRLS();

/**
 * The information fields a visitor fills in (/mobile/visitor/addinfo) and an application asks
 * for. `field_type`: text, number, phone, email, idcard, date, select (options in `data_range`,
 * one per line), textarea, image. Flags 0/1.
 */
export const visitorInfoFieldSettings = pgTable(
  'visitor_info_field_settings',
  {
    id: id(),
    tenant_id: tenantId(),
    field_name: text('field_name').notNull(),
    field_label: text('field_label').notNull().default(''),
    field_label_en: text('field_label_en').notNull().default(''),
    field_type: text('field_type').notNull().default('text'),
    data_range: text('data_range').notNull().default(''),
    is_visitor_valid_info: integer('is_visitor_valid_info').notNull().default(1),
    is_visitor_required_info: integer('is_visitor_required_info').notNull().default(0),
    is_appointment_required_info: integer('is_appointment_required_info').notNull().default(0),
    is_appointment_valid_info: integer('is_appointment_valid_info').notNull().default(0),
    is_show_school_info: integer('is_show_school_info').notNull().default(0),
    is_show_visit_record: integer('is_show_visit_record').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    mod_user_name: text('mod_user_name').notNull().default(''),
    mod_time: modTime(),
  },
  (t) => [
    uniqueIndex('visitor_info_field_settings_uq').on(t.tenant_id, t.field_name),
    tenantIsolation('visitor_info_field_settings'),
  ],
).enableRLS();

/**
 * Registered visitors (spec 3: Visitor registration). `user_id`: the directory user (role
 * `visitor`) they sign in as; it holds the password. `info`: the information fields collected
 * (field_name -> value). `data_source` 1 page, 2 import, 3 sync.
 */
export const visitors = pgTable(
  'visitors',
  {
    id: id(),
    tenant_id: tenantId(),
    user_id: uuid('user_id'),
    visitor_name: text('visitor_name').notNull(),
    card_type: text('card_type').notNull().default(''),
    card_number_enc: text('card_number_enc').notNull().default(''),
    card_number_hash: text('card_number_hash').notNull().default(''),
    card_number_mask: text('card_number_mask').notNull().default(''),
    phone_enc: text('phone_enc').notNull(),
    phone_hash: text('phone_hash').notNull(),
    phone_mask: text('phone_mask').notNull(),
    gender: text('gender').notNull().default(''),
    identity_type: text('identity_type').notNull().default(''),
    email: text('email').notNull().default(''),
    unit: text('unit').notNull().default(''),
    post: text('post').notNull().default(''),
    person_type: text('person_type').notNull().default(''),
    is_car: integer('is_car').notNull().default(0),
    car_product: text('car_product').notNull().default(''),
    car_card_number: text('car_card_number').notNull().default(''),
    is_valid: integer('is_valid').notNull().default(1),
    visitor_picture: text('visitor_picture').notNull().default(''),
    remark: text('remark').notNull().default(''),
    info: jsonb('info').notNull().default({}),
    data_source: integer('data_source').notNull().default(1),
    /** When the retention job anonymised the registration (its numbers, name and fields). */
    anonymised_at: at('anonymised_at'),
    create_time: createTime(),
    mod_time: modTime(),
  },
  (t) => [
    uniqueIndex('visitors_phone_uq').on(t.tenant_id, t.phone_hash),
    uniqueIndex('visitors_card_uq')
      .on(t.tenant_id, t.card_number_hash)
      .where(sql`${t.card_number_hash} <> ''`),
    uniqueIndex('visitors_user_uq').on(t.tenant_id, t.user_id),
    tenantIsolation('visitors'),
  ],
).enableRLS();

/**
 * One-time codes proving a phone (registration, password reset). Only the code's hash is kept;
 * `attempts` counts wrong guesses (the code dies after 5).
 */
export const visitorOneTimeCodes = pgTable(
  'visitor_one_time_codes',
  {
    id: id(),
    tenant_id: tenantId(),
    phone_hash: text('phone_hash').notNull(),
    purpose: text('purpose').notNull(),
    code_hash: text('code_hash').notNull(),
    address: text('address').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    expires_at: at('expires_at').notNull(),
    consumed_at: at('consumed_at'),
    create_time: createTime(),
  },
  (t) => [
    index('visitor_one_time_codes_phone_idx').on(t.tenant_id, t.phone_hash, t.purpose, t.create_time),
    index('visitor_one_time_codes_address_idx').on(t.tenant_id, t.address, t.create_time),
    tenantIsolation('visitor_one_time_codes'),
  ],
).enableRLS();

/**
 * Visit applications and invitations (spec: visitor appointments). `visitor_type` '1' applied by
 * the visitor, '2' invited by a host, '3' a guest of a booking (`booking_id`). `state`:
 * 0 awaiting the host, 1 awaiting the second level, 2 approved, 3 rejected, 4 cancelled,
 * 5 awaiting the visitor's registration (an invitation to a phone not yet registered)
 * (docs/GLOSSARY.md). `in_school_area`: the area resources' ids, comma separated; `seats`:
 * the people the visit takes from each area's daily quota (1 + peers + in_child).
 */
export const visitorAppointments = pgTable(
  'visitor_appointments',
  {
    id: id(),
    tenant_id: tenantId(),
    visitor_id: uuid('visitor_id'),
    visitor_name: text('visitor_name').notNull().default(''),
    phone_enc: text('phone_enc').notNull().default(''),
    phone_hash: text('phone_hash').notNull().default(''),
    phone_mask: text('phone_mask').notNull().default(''),
    visitor_type: text('visitor_type').notNull().default('1'),
    in_school_date: date('in_school_date', { mode: 'string' }).notNull(),
    /** Visits of a booking last its window; others the day (tenant's zone). */
    valid_from: at('valid_from').notNull(),
    valid_to: at('valid_to').notNull(),
    in_school_reason: text('in_school_reason').notNull().default(''),
    in_school_area: text('in_school_area').notNull().default(''),
    peers: integer('peers').notNull().default(0),
    in_child: integer('in_child').notNull().default(0),
    seats: integer('seats').notNull().default(1),
    accept_visit_name: text('accept_visit_name').notNull().default(''),
    accept_visit_phone: text('accept_visit_phone').notNull().default(''),
    accept_visit_unit: text('accept_visit_unit').notNull().default(''),
    /** The host (a directory user) who approves the first level or who invited. */
    host_user_id: uuid('host_user_id'),
    host_account: text('host_account').notNull().default(''),
    is_car: integer('is_car').notNull().default(0),
    car_product: text('car_product').notNull().default(''),
    car_card_number: text('car_card_number').notNull().default(''),
    remark: text('remark').notNull().default(''),
    info: jsonb('info').notNull().default({}),
    booking_id: uuid('booking_id'),
    state: integer('state').notNull().default(0),
    /** Whether the quota seats are held (released on rejection and cancellation). */
    seats_held: boolean('seats_held').notNull().default(false),
    reject_reason: text('reject_reason').notNull().default(''),
    created_user: text('created_user').notNull().default(''),
    created_user_name: text('created_user_name').notNull().default(''),
    data_source: integer('data_source').notNull().default(1),
    del: integer('del').notNull().default(0),
    /** When the retention job anonymised the visit (counts for statistics stay). */
    anonymised_at: at('anonymised_at'),
    create_time: createTime(),
    mod_time: modTime(),
  },
  (t) => [
    index('visitor_appointments_visitor_idx').on(t.tenant_id, t.visitor_id, t.in_school_date),
    index('visitor_appointments_phone_idx').on(t.tenant_id, t.phone_hash),
    index('visitor_appointments_host_idx').on(t.tenant_id, t.host_user_id, t.state),
    index('visitor_appointments_date_idx').on(t.tenant_id, t.in_school_date, t.state),
    index('visitor_appointments_booking_idx')
      .on(t.tenant_id, t.booking_id)
      .where(sql`${t.booking_id} is not null`),
    check('visitor_appointments_state_ck', sql`${t.state} between 0 and 5`),
    tenantIsolation('visitor_appointments'),
  ],
).enableRLS();

/** The approval trail of a visit: each step's decision (`step` 1 host, 2 second level; `result` 'approved' | 'rejected' | 'cancelled'). */
export const visitorAppointmentAudits = pgTable(
  'visitor_appointment_audits',
  {
    id: id(),
    tenant_id: tenantId(),
    appointment_id: uuid('appointment_id')
      .notNull()
      .references(() => visitorAppointments.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    result: text('result').notNull(),
    reason: text('reason').notNull().default(''),
    operator_id: text('operator_id').notNull().default(''),
    operator_name: text('operator_name').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    index('visitor_appointment_audits_appt_idx').on(t.tenant_id, t.appointment_id, t.create_time),
    tenantIsolation('visitor_appointment_audits'),
  ],
).enableRLS();

/**
 * Long-term visitors (spec 3): a pass valid from `valid_from` to `valid_to`, on `weekdays`
 * (ISO 1-7, comma separated) between `start_time` and `end_time` ("HH:mm"), for the areas in
 * `permission` (comma separated resource ids; empty: every visitor area).
 */
export const visitorLongTerms = pgTable(
  'visitor_long_terms',
  {
    id: id(),
    tenant_id: tenantId(),
    user_name: text('user_name').notNull(),
    user_id: text('user_id').notNull().default(''),
    person_type: text('person_type').notNull().default(''),
    dept: text('dept').notNull().default(''),
    phone_enc: text('phone_enc').notNull().default(''),
    phone_hash: text('phone_hash').notNull().default(''),
    phone_mask: text('phone_mask').notNull().default(''),
    permission: text('permission').notNull().default(''),
    valid_from: date('valid_from', { mode: 'string' }).notNull(),
    valid_to: date('valid_to', { mode: 'string' }).notNull(),
    weekdays: text('weekdays').notNull().default('1,2,3,4,5,6,7'),
    start_time: text('start_time').notNull().default('00:00'),
    end_time: text('end_time').notNull().default('24:00'),
    data_source: integer('data_source').notNull().default(1),
    is_enable: integer('is_enable').notNull().default(1),
    mod_user: text('mod_user').notNull().default(''),
    create_time: createTime(),
    mod_time: modTime(),
  },
  (t) => [
    index('visitor_long_terms_name_idx').on(t.tenant_id, t.person_type, t.user_name),
    tenantIsolation('visitor_long_terms'),
  ],
).enableRLS();

/** Who administers visitors beyond the tenant administrators (spec 3: Visitor admin permission). */
export const visitorAdminPermissions = pgTable(
  'visitor_admin_permissions',
  {
    id: id(),
    tenant_id: tenantId(),
    admin_user: text('admin_user').notNull(),
    admin_user_name: text('admin_user_name').notNull().default(''),
    permission: text('permission').notNull().default(''),
    /** The scope: area resource ids and visitor types (comma separated); empty: all of them. */
    scope_areas: text('scope_areas').notNull().default(''),
    scope_types: text('scope_types').notNull().default(''),
    is_enable: integer('is_enable').notNull().default(1),
    mod_user: text('mod_user').notNull().default(''),
    mod_time: modTime(),
  },
  (t) => [
    uniqueIndex('visitor_admin_permissions_user_uq').on(t.tenant_id, t.admin_user),
    tenantIsolation('visitor_admin_permissions'),
  ],
).enableRLS();

/**
 * Each tenant's Ed25519 key pairs for entry passes. The newest unretired key signs; every key
 * stays published (`kid` in the pass) until the passes it signed have expired, so rotating never
 * breaks a pass already issued. The private key is encrypted with the visitor data key.
 */
export const visitorPassKeys = pgTable(
  'visitor_pass_keys',
  {
    id: id(),
    tenant_id: tenantId(),
    kid: text('kid').notNull(),
    public_key: text('public_key').notNull(),
    private_key_enc: text('private_key_enc').notNull(),
    create_time: createTime(),
    retired_at: at('retired_at'),
  },
  (t) => [uniqueIndex('visitor_pass_keys_kid_uq').on(t.tenant_id, t.kid), tenantIsolation('visitor_pass_keys')],
).enableRLS();

/**
 * Entry passes issued (`kind` 'visit', 'longTerm', 'booking'; `ref_id` the visit or long-term
 * visitor). `serial` is the short id the QR code carries; `revoked_at` puts it on the
 * revocation list gates download.
 */
export const visitorPasses = pgTable(
  'visitor_passes',
  {
    id: id(),
    tenant_id: tenantId(),
    serial: text('serial').notNull(),
    kind: text('kind').notNull(),
    ref_id: uuid('ref_id').notNull(),
    kid: text('kid').notNull(),
    areas: text('areas').notNull().default(''),
    valid_from: at('valid_from').notNull(),
    valid_to: at('valid_to').notNull(),
    revoked_at: at('revoked_at'),
    revoke_reason: text('revoke_reason').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    uniqueIndex('visitor_passes_serial_uq').on(t.tenant_id, t.serial),
    index('visitor_passes_ref_idx').on(t.tenant_id, t.ref_id),
    index('visitor_passes_revoked_idx')
      .on(t.tenant_id, t.valid_to)
      .where(sql`${t.revoked_at} is not null`),
    tenantIsolation('visitor_passes'),
  ],
).enableRLS();

/**
 * Entries recorded at gates (spec 3: Visitor list). `entry_key`: the gate device's own id for
 * the scan, so an entry queued offline and synced twice is stored once. `repeat`: the same pass
 * already entered at this gate inside its window. `data_source` 1 page, 2 import, 3 sync.
 */
export const visitorEntries = pgTable(
  'visitor_lists',
  {
    id: id(),
    tenant_id: tenantId(),
    apply_id: uuid('apply_id'),
    pass_serial: text('pass_serial').notNull().default(''),
    visitor_id: uuid('visitor_id'),
    visitor_name: text('visitor_name').notNull().default(''),
    arrive_time: at('arrive_time').notNull(),
    arrival_place: text('arrival_place').notNull().default(''),
    data_source: integer('data_source').notNull().default(1),
    repeat: boolean('repeat').notNull().default(false),
    entry_key: text('entry_key').notNull(),
    recorded_by: text('recorded_by').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    uniqueIndex('visitor_lists_entry_key_uq').on(t.tenant_id, t.entry_key),
    index('visitor_lists_arrive_idx').on(t.tenant_id, t.arrive_time),
    index('visitor_lists_pass_idx').on(t.tenant_id, t.pass_serial, t.arrival_place),
    tenantIsolation('visitor_lists'),
  ],
).enableRLS();

/**
 * Who may invite visitors (the invitation bearers): departments, posts or users
 * (`bearer_type` 'dept' | 'post' | 'user', `bearer_id` the directory id). No enabled row: every
 * directory user may invite.
 */
export const visitorInvitationBearers = pgTable(
  'visitor_invitation_bearers',
  {
    id: id(),
    tenant_id: tenantId(),
    bearer_type: text('bearer_type').notNull(),
    bearer_id: text('bearer_id').notNull(),
    bearer_name: text('bearer_name').notNull().default(''),
    is_enable: integer('is_enable').notNull().default(1),
    mod_user: text('mod_user').notNull().default(''),
    mod_time: modTime(),
  },
  (t) => [
    uniqueIndex('visitor_invitation_bearers_uq').on(t.tenant_id, t.bearer_type, t.bearer_id),
    check('visitor_invitation_bearers_type_ck', sql`${t.bearer_type} in ('dept', 'post', 'user')`),
    tenantIsolation('visitor_invitation_bearers'),
  ],
).enableRLS();
