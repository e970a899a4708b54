import { z } from 'zod';
import { numberLimitRuleInput } from '../rules/rules.inputs.ts';
import { grantObjectTypes } from './resource-types.rules.ts';
import { count, flag, list, opt, optionalId, optionalIsoDate, optionalTime, text } from '../../platform/inputs.ts';

export const grantInput = z.object({
  grant_object_id: z.string().trim().min(1).max(200),
  grant_object_name: opt(text(200)),
  grant_object_type: z.enum(grantObjectTypes),
});

export const extendedPropertyInput = z.object({
  extended_properties_code: z.string().trim().min(1).max(64),
  extended_properties_name: opt(text(100)),
  code_description: opt(text(500)),
  code_tags: opt(text(200)),
  order_num: count(),
});

export const userDisplayInfoInput = z.object({
  id: optionalId,
  field_name_en: opt(text(100)),
  field_name_cn: opt(text(100)),
  field_data_type: opt(text(40)),
  field_category: opt(text(40)),
  display_order_num: count(),
});

/** `InputResourcesType`: fields left out keep their values on update. */
export const resourcesTypeInput = z.object({
  id: optionalId,
  resources_name: opt(text(100)),
  resources_name_en: opt(text(200)),
  resources_tag: opt(text(100)),
  resources_tag_en: opt(text(200)),
  icon: opt(text(2000)),
  icon_not: opt(text(2000)),
  state: opt(z.number().int().min(0).max(1)),
  can_location: flag,
  is_appointment_number_limit: flag,
  appointment_number_rule: flag,
  appointment_number_limit: count(),
  timeperiod_number_begin_date: optionalIsoDate,
  timeperiod_number_end_date: optionalIsoDate,
  is_incomplete_appointment_number_limit: flag,
  incomplete_appointment_number_limit: count(),
  common_enable: flag,
  cyclicity_enable: flag,
  batch_enable: flag,
  default_appointment_state: flag,
  punctuality_rule: flag,
  deviation_minutes: count(1440),
  earliest_punctuality_rule: flag,
  earliest_deviation_minutes: count(1440),
  can_appointment_remark: flag,
  sign_out_rule: flag,
  order: count(),
  del: count(1),
  start_time: optionalTime,
  end_time: optionalTime,
  holding_minutes: count(1440),
  capacity_field_type: flag,
  open_captcha_verify: flag,
  open_frequency_verify: flag,
  resource_open_mode: flag,
  wemeet_enable: flag,
  appointment_category: opt(text(40)),
  extendedProperties: list(extendedPropertyInput, 50),
  resourcesTypeAuthList: list(grantInput, 1000),
  userDisplayInfoConfigList: list(userDisplayInfoInput, 100),
  appointmentNumberLimitRuleList: list(numberLimitRuleInput, 20),
});
export type ResourcesTypeInput = z.output<typeof resourcesTypeInput>;
