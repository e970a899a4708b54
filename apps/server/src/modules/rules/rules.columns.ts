import { integer, jsonb, text } from 'drizzle-orm/pg-core';

/**
 * The part of `resourcesConfig` that is a booking rule (per-booking minutes, check-in,
 * number limits). A rule template carries these; a resource whose rules come from a
 * template reads them from it.
 */
export interface RuleConfig {
  pertimeslot_min_minutes?: number;
  pertimeslot_max_minutes?: number;
  max_borrowing_days?: number;
  max_waiting_days?: number;
  is_appointment_number_limit?: string;
  appointment_number_rule?: string;
  appointment_number_limit?: number;
  timeperiod_number_begin_date?: string;
  timeperiod_number_end_date?: string;
  signin_notification_push?: string;
  signin_notification_rule?: string;
  signin_rule?: string;
  earliest_punctuality_rule?: string;
  earliest_deviation_minutes?: number;
  latest_punctuality_rule?: string;
  latest_deviation_minutes?: number;
  holding_minutes?: number;
  sign_out_rule?: string;
}

/** The keys of `RuleConfig`, in the order the contract lists them. */
export const ruleConfigKeys = [
  'pertimeslot_min_minutes',
  'pertimeslot_max_minutes',
  'max_borrowing_days',
  'max_waiting_days',
  'is_appointment_number_limit',
  'appointment_number_rule',
  'appointment_number_limit',
  'timeperiod_number_begin_date',
  'timeperiod_number_end_date',
  'signin_notification_push',
  'signin_notification_rule',
  'signin_rule',
  'earliest_punctuality_rule',
  'earliest_deviation_minutes',
  'latest_punctuality_rule',
  'latest_deviation_minutes',
  'holding_minutes',
  'sign_out_rule',
] as const satisfies readonly (keyof RuleConfig)[];

/**
 * The scalar booking rules, the same columns on a resource (its own rules) and on a rule
 * template. Codes: `time_slot_rule` '1' = fixed time slots, '2' = free time;
 * `appointment_date_rule` '1' = `appointment_date_days` days ahead (opening at
 * `days_rule_refresh_time`), '2' = the bookable dates/months/weekdays only.
 */
export const ruleColumns = () => ({
  appointment_date_rule: text('appointment_date_rule').notNull().default('1'),
  appointment_date_days: integer('appointment_date_days').notNull().default(7),
  days_rule_effective_time: text('days_rule_effective_time').notNull().default(''),
  days_rule_refresh_time: text('days_rule_refresh_time').notNull().default('00:00'),
  appointment_open_date: text('appointment_open_date').notNull().default(''),
  appointment_close_date: text('appointment_close_date').notNull().default(''),
  appointment_open_time: text('appointment_open_time').notNull().default(''),
  appointment_close_time: text('appointment_close_time').notNull().default(''),
  advance_booking_rule: text('advance_booking_rule').notNull().default('0'),
  advance_booking: text('advance_booking').notNull().default('0'),
  max_advance_booking_day: integer('max_advance_booking_day').notNull().default(0),
  max_advance_booking_hour: integer('max_advance_booking_hour').notNull().default(0),
  max_advance_booking_minute: integer('max_advance_booking_minute').notNull().default(0),
  min_advance_booking_day: integer('min_advance_booking_day').notNull().default(0),
  min_advance_booking_hour: integer('min_advance_booking_hour').notNull().default(0),
  min_advance_booking_minute: integer('min_advance_booking_minute').notNull().default(0),
  time_slot_rule: text('time_slot_rule').notNull().default('1'),
  timeslot_latest_rule: text('timeslot_latest_rule').notNull().default('0'),
  timeslot_latest_deviation_minutes: integer('timeslot_latest_deviation_minutes').notNull().default(0),
  min_interval_minutes: integer('min_interval_minutes').notNull().default(0),
  min_interval_minutes_prompt: text('min_interval_minutes_prompt').notNull().default(''),
  min_interval_minutes_prompt_en: text('min_interval_minutes_prompt_en').notNull().default(''),
  min_interval_minutes_cancel: integer('min_interval_minutes_cancel').notNull().default(0),
  min_interval_minutes_change: integer('min_interval_minutes_change').notNull().default(0),
  cyclicity_rule: text('cyclicity_rule').notNull().default('0'),
  batch_rule: text('batch_rule').notNull().default('0'),
  need_approve: text('need_approve').notNull().default('0'),
  open_captcha_verify: text('open_captcha_verify').notNull().default('0'),
  open_frequency_verify: text('open_frequency_verify').notNull().default('0'),
  per_max_available_number: integer('per_max_available_number').notNull().default(1),
  rule_config: jsonb('rule_config').$type<RuleConfig>().notNull().default({}),
});

/** Names of the scalar rule columns (what a template overrides on a resource). */
export const ruleFieldNames = Object.keys(ruleColumns()) as (keyof ReturnType<typeof ruleColumns>)[];
