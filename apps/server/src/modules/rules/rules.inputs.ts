import { z } from 'zod';
import {
  count,
  flag,
  isoDate,
  list,
  opt,
  optionalId,
  optionalIsoDate,
  optionalTime,
  text,
  time,
} from '../../platform/inputs.ts';

/** Zod schemas of booking-rule inputs, shared by resources and rule templates (built of platform/inputs.ts). */

export const monthInput = z.object({
  month: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 12, 'month must be 1-12'),
  day: opt(
    z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .refine(
        (v) => v === '' || (Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 31),
        'day must be 1-31',
      ),
  ),
  order_num: count(),
});

export const dateRangeInput = z.object({ start: isoDate, end: isoDate, order: count(), del: count(1) });

export const weekInput = z.object({
  zj: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-7]$/.test(v), 'zj must be 1-7'),
  zj_name: opt(text(20)),
  order: count(),
  del: count(1),
});

export const timeSlotInput = z.object({
  id: optionalId,
  kssj: time,
  jssj: time,
  order: count(),
  del: count(1),
});

const weekListText = opt(
  text(20).refine((v) => v === '' || /^[1-7](\s*[,，]\s*[1-7])*$/.test(v), 'weekdays 1-7, comma separated'),
);

export const noReservationInput = z.object({
  rule_type: z.enum(['1', '2', '3', '4']),
  month: opt(text(2)),
  day: opt(text(2)),
  start_date: optionalIsoDate,
  end_date: optionalIsoDate,
  week: weekListText,
  start_time: optionalTime,
  end_time: optionalTime,
  reason_cn: opt(text(200)),
  reason_en: opt(text(200)),
});

export const availableNumberRuleInput = z.object({
  time_slot_rule: flag,
  date_rule: flag,
  start_date: optionalIsoDate,
  end_date: optionalIsoDate,
  weeks: weekListText,
  start_time: optionalTime,
  end_time: optionalTime,
  available_number: z.number().int().min(0).max(100_000),
});

export const numberLimitRuleInput = z.object({
  appointment_number_rule: z.enum(['1', '2', '3', '4']),
  appointment_number_limit: z.number().int().min(0).max(100_000),
  timeperiod_number_begin_date: optionalIsoDate,
  timeperiod_number_end_date: optionalIsoDate,
});

export const ruleConfigInput = z.object({
  pertimeslot_min_minutes: count(1440),
  pertimeslot_max_minutes: count(1440),
  max_borrowing_days: count(3650),
  max_waiting_days: count(3650),
  is_appointment_number_limit: flag,
  appointment_number_rule: flag,
  appointment_number_limit: count(),
  timeperiod_number_begin_date: optionalIsoDate,
  timeperiod_number_end_date: optionalIsoDate,
  signin_notification_push: flag,
  signin_notification_rule: opt(text(1000)),
  signin_rule: flag,
  earliest_punctuality_rule: flag,
  earliest_deviation_minutes: count(1440),
  latest_punctuality_rule: flag,
  latest_deviation_minutes: count(1440),
  holding_minutes: count(1440),
  sign_out_rule: flag,
});

/** The scalar rule fields (resource and template alike). */
export const ruleScalarsInput = {
  appointment_date_rule: flag,
  appointment_date_days: count(3650),
  days_rule_effective_time: opt(text(40)),
  days_rule_refresh_time: optionalTime,
  appointment_open_date: optionalIsoDate,
  appointment_close_date: optionalIsoDate,
  appointment_open_time: optionalTime,
  appointment_close_time: optionalTime,
  advance_booking_rule: flag,
  advance_booking: flag,
  max_advance_booking_day: count(3650),
  max_advance_booking_hour: count(23),
  max_advance_booking_minute: count(59),
  min_advance_booking_day: count(3650),
  min_advance_booking_hour: count(23),
  min_advance_booking_minute: count(59),
  time_slot_rule: opt(z.enum(['1', '2'])),
  timeslot_latest_rule: flag,
  timeslot_latest_deviation_minutes: count(1440),
  min_interval_minutes: count(525_600),
  min_interval_minutes_prompt: opt(text(500)),
  min_interval_minutes_prompt_en: opt(text(500)),
  min_interval_minutes_cancel: count(525_600),
  min_interval_minutes_change: count(525_600),
  cyclicity_rule: flag,
  batch_rule: flag,
  need_approve: flag,
  open_captcha_verify: flag,
  open_frequency_verify: flag,
  per_max_available_number: count(100_000),
};

/** The rule lists (resource and template alike). */
export const ruleListsInput = {
  resourcesMonthList: list(monthInput, 400),
  resourcesDate: list(dateRangeInput),
  resourcesWeek: list(weekInput, 7),
  resourcesTimeSlot: list(timeSlotInput, 96),
  resourcesNoReservationConfigList: list(noReservationInput),
  resourcesAvailableNumberRuleList: list(availableNumberRuleInput),
  resourcesAppointmentNumberLimitRuleList: list(numberLimitRuleInput, 20),
};

export const ruleTemplateInput = z.object({
  id: optionalId,
  template_name: opt(text(100)),
  template_name_en: opt(text(200)),
  remark: opt(text(1000)),
  ...ruleScalarsInput,
  config: opt(ruleConfigInput),
  ...ruleListsInput,
});
export type RuleTemplateInput = z.output<typeof ruleTemplateInput>;

export type RuleListsInput = { [K in keyof typeof ruleListsInput]?: z.output<(typeof ruleListsInput)[K]> };
