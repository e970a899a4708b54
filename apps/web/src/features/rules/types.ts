import { CAPACITY_RULE_FIELDS, type CapacityRule } from './capacityRules.ts';

/** Booking rules as the server returns them for rule templates and resources (rules.graphql). */

export interface TimeSlot {
  id?: string | null;
  kssj: string;
  jssj: string;
  order?: number | null;
}

export interface DateRange {
  start: string;
  end: string;
}

/**
 * A non-bookable period: rule_type "1" start_date..end_date, "2" weekly on week ("1".."7",
 * comma separated), "3" yearly on month/day, "4" every day; start_time..end_time narrow it.
 */
export interface NoReservation {
  rule_type: string;
  month?: string | null;
  day?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  week?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  reason_cn?: string | null;
  reason_en?: string | null;
}

/** appointment_number_rule "1" per day, "2" per week, "3" per month, "4" between the dates. */
export interface NumberLimitRule {
  appointment_number_rule: string;
  appointment_number_limit: number;
  timeperiod_number_begin_date?: string | null;
  timeperiod_number_end_date?: string | null;
}

/** The booking-rule part of a resource's config (free-time minutes, check-in, number limits). */
export interface RuleConfig {
  pertimeslot_min_minutes?: number | null;
  pertimeslot_max_minutes?: number | null;
  max_borrowing_days?: number | null;
  max_waiting_days?: number | null;
  is_appointment_number_limit?: string | null;
  appointment_number_rule?: string | null;
  appointment_number_limit?: number | null;
  timeperiod_number_begin_date?: string | null;
  timeperiod_number_end_date?: string | null;
  signin_notification_push?: string | null;
  signin_notification_rule?: string | null;
  signin_rule?: string | null;
  earliest_punctuality_rule?: string | null;
  earliest_deviation_minutes?: number | null;
  latest_punctuality_rule?: string | null;
  latest_deviation_minutes?: number | null;
  holding_minutes?: number | null;
  sign_out_rule?: string | null;
}

/** The scalar rule fields, the same on templates and resources. */
export interface RuleScalars {
  appointment_date_rule?: string | null;
  appointment_date_days?: number | null;
  days_rule_effective_time?: string | null;
  days_rule_refresh_time?: string | null;
  appointment_open_date?: string | null;
  appointment_close_date?: string | null;
  appointment_open_time?: string | null;
  appointment_close_time?: string | null;
  advance_booking_rule?: string | null;
  advance_booking?: string | null;
  max_advance_booking_day?: number | null;
  max_advance_booking_hour?: number | null;
  max_advance_booking_minute?: number | null;
  min_advance_booking_day?: number | null;
  min_advance_booking_hour?: number | null;
  min_advance_booking_minute?: number | null;
  time_slot_rule?: string | null;
  timeslot_latest_rule?: string | null;
  timeslot_latest_deviation_minutes?: number | null;
  min_interval_minutes?: number | null;
  min_interval_minutes_prompt?: string | null;
  min_interval_minutes_prompt_en?: string | null;
  min_interval_minutes_cancel?: number | null;
  min_interval_minutes_change?: number | null;
  cyclicity_rule?: string | null;
  batch_rule?: string | null;
  need_approve?: string | null;
  open_captcha_verify?: string | null;
  open_frequency_verify?: string | null;
  per_max_available_number?: number | null;
}

/** The rule lists, the same on templates and resources. */
export interface RuleLists {
  resourcesMonthList?: { month: string; day?: string | null }[] | null;
  resourcesDate?: DateRange[] | null;
  resourcesWeek?: { zj: string; zj_name?: string | null }[] | null;
  resourcesTimeSlot?: TimeSlot[] | null;
  resourcesNoReservationConfigList?: NoReservation[] | null;
  resourcesAppointmentNumberLimitRuleList?: NumberLimitRule[] | null;
  resourcesAvailableNumberRuleList?: CapacityRule[] | null;
}

export interface RuleTemplate extends RuleScalars, RuleLists {
  id: string;
  template_name: string;
  template_name_en: string;
  remark: string;
  config: RuleConfig | null;
  created_user_name: string;
  create_time: string;
  /** How many resources use the template. */
  resourcesCount: number;
}

export const RULE_SCALAR_FIELDS = `appointment_date_rule appointment_date_days days_rule_effective_time
  days_rule_refresh_time appointment_open_date appointment_close_date appointment_open_time appointment_close_time
  advance_booking_rule advance_booking max_advance_booking_day max_advance_booking_hour max_advance_booking_minute
  min_advance_booking_day min_advance_booking_hour min_advance_booking_minute time_slot_rule timeslot_latest_rule
  timeslot_latest_deviation_minutes min_interval_minutes min_interval_minutes_prompt min_interval_minutes_prompt_en
  min_interval_minutes_cancel min_interval_minutes_change cyclicity_rule batch_rule need_approve open_captcha_verify
  open_frequency_verify per_max_available_number`;

export const RULE_CONFIG_FIELDS = `pertimeslot_min_minutes pertimeslot_max_minutes max_borrowing_days max_waiting_days
  is_appointment_number_limit appointment_number_rule appointment_number_limit timeperiod_number_begin_date
  timeperiod_number_end_date signin_notification_push signin_notification_rule signin_rule earliest_punctuality_rule
  earliest_deviation_minutes latest_punctuality_rule latest_deviation_minutes holding_minutes sign_out_rule`;

export const RULE_LIST_FIELDS = `resourcesMonthList { id month day order_num }
  resourcesDate { id start end order }
  resourcesWeek { id zj zj_name order }
  resourcesTimeSlot { id kssj jssj order }
  resourcesNoReservationConfigList { id rule_type month day start_date end_date week start_time end_time reason_cn reason_en }
  resourcesAppointmentNumberLimitRuleList { id appointment_number_rule appointment_number_limit timeperiod_number_begin_date timeperiod_number_end_date }
  ${CAPACITY_RULE_FIELDS}`;

export const RULE_TEMPLATE_FIELDS = `id template_name template_name_en remark created_user_name create_time resourcesCount
  ${RULE_SCALAR_FIELDS} config { ${RULE_CONFIG_FIELDS} } ${RULE_LIST_FIELDS}`;

export type StringFilter = { eq?: string; in?: string[]; like?: string };

export interface Connection<T> {
  edges: { node: T; cursor: string }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export const ruleTemplateKeys = { all: ['ruleTemplates'] as const };
