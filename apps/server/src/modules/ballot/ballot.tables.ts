import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { appointments } from '../booking/booking.tables.ts';

/**
 * How a resource type's or a resource's slots are released when their date opens
 * (docs/GLOSSARY.md "Ballot"): `race` (the first submit wins, the default when no row exists) or
 * `ballot` (submits during `window_minutes` from the opening instant are collected and drawn at
 * the window's end). A resource's row overrides its type's.
 */
export const ballotSettings = pgTable(
  'ballot_settings',
  {
    id: id(),
    tenant_id: tenantId(),
    /** 'type' (a resource type) or 'resource'. */
    target_kind: text('target_kind').notNull(),
    target_id: uuid('target_id').notNull(),
    release_mode: text('release_mode').notNull().default('race'),
    window_minutes: integer('window_minutes').notNull().default(10),
    /** Lower the chances of people with recent no-shows or many recent wins. */
    weighted: boolean('weighted').notNull().default(false),
    /** Most wins one person may take in one draw; 0: no cap beyond the engine's limits. */
    max_wins_per_person: integer('max_wins_per_person').notNull().default(0),
    update_user: text('update_user').notNull().default(''),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ballot_settings_target_uq').on(t.tenant_id, t.target_kind, t.target_id),
    check('ballot_settings_kind_ck', sql`${t.target_kind} in ('type', 'resource')`),
    check('ballot_settings_mode_ck', sql`${t.release_mode} in ('race', 'ballot')`),
    check('ballot_settings_window_ck', sql`${t.window_minutes} between 1 and 1440`),
    check('ballot_settings_cap_ck', sql`${t.max_wins_per_person} between 0 and 100`),
    tenantIsolation('ballot_settings'),
  ],
).enableRLS();

/**
 * One draw: the entries of one resource's date, drawn once (unique), with the seed, the
 * settings it ran with, the order and outcome of every entry (in `ballot_entries`) and counts.
 * `drawn_by` is '' for the draw job, else the administrator who drew early.
 */
export const ballotDraws = pgTable(
  'ballot_draws',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_id: uuid('resources_id').notNull(),
    resources_name: text('resources_name').notNull().default(''),
    resources_name_en: text('resources_name_en').notNull().default(''),
    appointment_date: text('appointment_date').notNull(),
    /** When the collection window closed (or was to close, for an early draw). */
    closes_at: timestamp('closes_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 64 hex digits from the system's cryptographic random source. */
    seed: text('seed').notNull(),
    weighted: boolean('weighted').notNull().default(false),
    max_wins_per_person: integer('max_wins_per_person').notNull().default(0),
    /** Places per slot when drawn: [{ slot, capacity }]. */
    slots: jsonb('slots').$type<{ slot: string; capacity: number }[]>().notNull().default([]),
    entries_count: integer('entries_count').notNull().default(0),
    winners_count: integer('winners_count').notNull().default(0),
    /** How long the draw took, ms. */
    took_ms: integer('took_ms').notNull().default(0),
    drawn_by: text('drawn_by').notNull().default(''),
    drawn_at: timestamp('drawn_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    create_time: createTime(),
  },
  (t) => [
    uniqueIndex('ballot_draws_once_uq').on(t.tenant_id, t.resources_id, t.appointment_date),
    index('ballot_draws_time_idx').on(t.tenant_id, t.drawn_at),
    tenantIsolation('ballot_draws'),
  ],
).enableRLS();

/**
 * One request collected in a window: its booking (audit_status '4' until the draw), who asked
 * (`person`: the booker's account, trimmed and lower-cased, so aliases of one account merge),
 * the slot, and once drawn: the draw, the weight, the position in the drawn order and the
 * outcome ('won', 'full', 'capped', 'refused', 'duplicate', 'withdrawn') with the refusal's code.
 */
export const ballotEntries = pgTable(
  'ballot_entries',
  {
    id: id(),
    tenant_id: tenantId(),
    appointment_id: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    resources_id: uuid('resources_id').notNull(),
    appointment_date: text('appointment_date').notNull(),
    /** The slot: "HH:mm-HH:mm" of the date. */
    slot: text('slot').notNull(),
    person: text('person').notNull(),
    closes_at: timestamp('closes_at', { withTimezone: true, mode: 'date' }).notNull(),
    draw_id: uuid('draw_id').references(() => ballotDraws.id, { onDelete: 'set null' }),
    weight: real('weight'),
    position: integer('position'),
    outcome: text('outcome').notNull().default(''),
    refusal: text('refusal').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    uniqueIndex('ballot_entries_appt_uq').on(t.appointment_id),
    index('ballot_entries_due_idx')
      .on(t.tenant_id, t.closes_at)
      .where(sql`${t.draw_id} is null`),
    index('ballot_entries_slot_idx').on(t.tenant_id, t.resources_id, t.appointment_date),
    index('ballot_entries_draw_idx').on(t.draw_id),
    index('ballot_entries_person_idx').on(t.tenant_id, t.person, t.create_time),
    tenantIsolation('ballot_entries'),
  ],
).enableRLS();
