import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { users } from '../directory/directory.tables.ts';
import { appointments } from '../booking/booking.tables.ts';
import { resources } from '../resources/resources.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The online meeting of a booking (issue: cloud meetings). `state` is what users see:
 * `pending` (not yet created at the provider), `scheduled`, `started`, `ended`, `cancelled`,
 * `failed` (the provider refused or retries ran out; an administrator may retry). The provider
 * calls are an outbox of their own: `sync` is what is still to be done at the provider
 * (`create`, `update`, `cancel`, or `` when nothing is), retried with backoff from
 * `next_attempt_at` (a claimed row's `next_attempt_at` is its lease), `attempts` and
 * `last_error` say how it went. `external_id` is the provider's meeting id; `code` the number
 * people dial or type; `password` the meeting's join password (not a secret of the deployment).
 */
export const onlineMeetings = pgTable(
  'online_meetings',
  {
    id: id(),
    tenant_id: tenantId(),
    appointment_id: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    resources_id: uuid('resources_id').references(() => resources.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    state: text('state').notNull().default('pending'),
    subject: text('subject').notNull().default(''),
    host_account: text('host_account').notNull().default(''),
    start_at: at('start_at').notNull(),
    end_at: at('end_at').notNull(),
    external_id: text('external_id').notNull().default(''),
    code: text('code').notNull().default(''),
    join_url: text('join_url').notNull().default(''),
    password: text('password').notNull().default(''),
    sync: text('sync').notNull().default('create'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at').notNull().defaultNow(),
    last_error: text('last_error').notNull().default(''),
    create_time: createTime(),
    update_time: at('update_time').notNull().defaultNow(),
  },
  (t) => [
    unique('online_meetings_appointment_uq').on(t.appointment_id),
    index('online_meetings_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.sync} <> ''`),
    index('online_meetings_tenant_start_idx').on(t.tenant_id, t.start_at),
    check(
      'online_meetings_state_ck',
      sql`${t.state} in ('pending', 'scheduled', 'started', 'ended', 'cancelled', 'failed')`,
    ),
    check('online_meetings_sync_ck', sql`${t.sync} in ('', 'create', 'update', 'cancel')`),
    tenantIsolation('online_meetings'),
  ],
).enableRLS();

/**
 * A tenant's meeting provider (`parameterSetting`): `provider` `jitsi` (built in) or `wemeet`
 * (Tencent Meeting), `settings` its non-secret settings (app id, SDK id, operator user, Jitsi
 * base URL...), `secret_enc` its secret sealed at rest (never sent to a browser).
 */
export const meetingSettings = pgTable(
  'meeting_settings',
  {
    id: id(),
    tenant_id: tenantId(),
    provider: text('provider').notNull().default('jitsi'),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    secret_enc: text('secret_enc').notNull().default(''),
    updated_by: text('updated_by').notNull().default(''),
    update_time: at('update_time').notNull().defaultNow(),
  },
  (t) => [unique('meeting_settings_tenant_uq').on(t.tenant_id), tenantIsolation('meeting_settings')],
).enableRLS();

/** `IPwhiteList`: addresses (single or CIDR) the provider's callbacks and the meeting API are accepted from. */
export const meetingIpWhitelist = pgTable(
  'meeting_ip_whitelist',
  {
    id: id(),
    tenant_id: tenantId(),
    address: text('address').notNull(),
    description: text('description').notNull().default(''),
    created_by: text('created_by').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [unique('meeting_ip_whitelist_uq').on(t.tenant_id, t.address), tenantIsolation('meeting_ip_whitelist')],
).enableRLS();

/**
 * Private calendar feeds: a user's bookings (`kind` `user`) or a resource's, for its
 * administrators (`kind` `resource`). Only a hash of the URL's secret token is kept; a revoked
 * feed (`revoked_at`) answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    tenant_id: tenantId(),
    kind: text('kind').notNull(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resources_id: uuid('resources_id').references(() => resources.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    create_time: createTime(),
    revoked_at: at('revoked_at'),
  },
  (t) => [
    unique('calendar_feeds_token_uq').on(t.token_hash),
    index('calendar_feeds_owner_idx').on(t.tenant_id, t.user_id),
    check('calendar_feeds_kind_ck', sql`${t.kind} in ('user', 'resource')`),
    tenantIsolation('calendar_feeds'),
  ],
).enableRLS();
