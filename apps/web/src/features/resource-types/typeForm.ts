import type {
  AppointmentNumberLimitRule,
  ResourcesType,
  ResourcesTypeAuth,
  ResourcesTypeExtendedProperty,
  ResourcesTypeModel,
  UserDisplayInfoConfig,
} from './api/types.ts';

/** The values of the resource type form: the model's fields with flags as "0"/"1". */
export interface ResourcesTypeFormValues {
  resources_name: string;
  resources_name_en: string;
  resources_tag: string;
  resources_tag_en: string;
  icon: string;
  icon_not: string;
  state: number;
  order: number | null;
  can_location: string;
  start_time: string;
  end_time: string;
  holding_minutes: number | null;
  appointment_category: string;
  resource_open_mode: string;
  capacity_field_type: string;
  common_enable: string;
  cyclicity_enable: string;
  batch_enable: string;
  default_appointment_state: string;
  can_appointment_remark: string;
  is_appointment_number_limit: string;
  appointment_number_rule: string;
  appointment_number_limit: number | null;
  timeperiod_number_begin_date: string;
  timeperiod_number_end_date: string;
  is_incomplete_appointment_number_limit: string;
  incomplete_appointment_number_limit: number | null;
  punctuality_rule: string;
  deviation_minutes: number | null;
  earliest_punctuality_rule: string;
  earliest_deviation_minutes: number | null;
  sign_out_rule: string;
  open_captcha_verify: string;
  open_frequency_verify: string;
  wemeet_enable: string;
  extendedProperties: ResourcesTypeExtendedProperty[];
  resourcesTypeAuthList: ResourcesTypeAuth[];
  userDisplayInfoConfigList: UserDisplayInfoConfig[];
  appointmentNumberLimitRuleList: AppointmentNumberLimitRule[];
}

const flag = (v: string | null | undefined, fallback: '0' | '1' = '0') => (v === '1' || v === '0' ? v : fallback);

/** Form values of a stored type, or of a new one (enabled, normal booking on). */
export function toFormValues(type: ResourcesType | null): ResourcesTypeFormValues {
  return {
    resources_name: type?.resources_name ?? '',
    resources_name_en: type?.resources_name_en ?? '',
    resources_tag: type?.resources_tag ?? '',
    resources_tag_en: type?.resources_tag_en ?? '',
    icon: type?.icon ?? '',
    icon_not: type?.icon_not ?? '',
    state: type?.state ?? 1,
    order: type?.order ?? 0,
    can_location: flag(type?.can_location),
    start_time: type?.start_time ?? '',
    end_time: type?.end_time ?? '',
    holding_minutes: type?.holding_minutes ?? 0,
    appointment_category: type?.appointment_category ?? '',
    resource_open_mode: type?.resource_open_mode ?? '',
    capacity_field_type: type?.capacity_field_type ?? '',
    common_enable: flag(type?.common_enable, '1'),
    cyclicity_enable: flag(type?.cyclicity_enable),
    batch_enable: flag(type?.batch_enable),
    default_appointment_state: flag(type?.default_appointment_state),
    can_appointment_remark: flag(type?.can_appointment_remark),
    is_appointment_number_limit: flag(type?.is_appointment_number_limit),
    appointment_number_rule: type?.appointment_number_rule || '1',
    appointment_number_limit: type?.appointment_number_limit ?? null,
    timeperiod_number_begin_date: type?.timeperiod_number_begin_date ?? '',
    timeperiod_number_end_date: type?.timeperiod_number_end_date ?? '',
    is_incomplete_appointment_number_limit: flag(type?.is_incomplete_appointment_number_limit),
    incomplete_appointment_number_limit: type?.incomplete_appointment_number_limit ?? null,
    punctuality_rule: flag(type?.punctuality_rule),
    deviation_minutes: type?.deviation_minutes ?? null,
    earliest_punctuality_rule: flag(type?.earliest_punctuality_rule),
    earliest_deviation_minutes: type?.earliest_deviation_minutes ?? null,
    sign_out_rule: flag(type?.sign_out_rule),
    open_captcha_verify: flag(type?.open_captcha_verify),
    open_frequency_verify: flag(type?.open_frequency_verify),
    wemeet_enable: flag(type?.wemeet_enable),
    extendedProperties: (type?.extendedProperties ?? []).map((p) => ({ ...p })),
    resourcesTypeAuthList: (type?.resourcesTypeAuthList ?? []).map((a) => ({ ...a })),
    userDisplayInfoConfigList: (type?.userDisplayInfoConfigList ?? []).map((u) => ({ ...u })),
    appointmentNumberLimitRuleList: (type?.appointmentNumberLimitRuleList ?? []).map((r) => ({ ...r })),
  };
}

const trim = (v: string | null | undefined) => (v ?? '').trim();
const int = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);

/**
 * The `InputResourcesType` to send: trimmed texts, numbers for empty number fields, settings
 * that are switched off cleared, and every child list (they replace the stored ones).
 */
export function toModel(values: ResourcesTypeFormValues, id: string | null): ResourcesTypeModel {
  const limitOn = values.is_appointment_number_limit === '1';
  const periodRule = limitOn && values.appointment_number_rule === '4';
  return {
    ...(id ? { id } : {}),
    resources_name: trim(values.resources_name),
    resources_name_en: trim(values.resources_name_en),
    resources_tag: trim(values.resources_tag),
    resources_tag_en: trim(values.resources_tag_en),
    icon: values.icon ?? '',
    icon_not: values.icon_not ?? '',
    state: values.state === 0 ? 0 : 1,
    order: int(values.order),
    can_location: values.can_location,
    start_time: trim(values.start_time),
    end_time: trim(values.end_time),
    holding_minutes: int(values.holding_minutes),
    appointment_category: trim(values.appointment_category),
    resource_open_mode: trim(values.resource_open_mode),
    capacity_field_type: trim(values.capacity_field_type),
    common_enable: values.common_enable,
    cyclicity_enable: values.cyclicity_enable,
    batch_enable: values.batch_enable,
    default_appointment_state: values.default_appointment_state,
    can_appointment_remark: values.can_appointment_remark,
    is_appointment_number_limit: values.is_appointment_number_limit,
    appointment_number_rule: limitOn ? values.appointment_number_rule : '',
    appointment_number_limit: limitOn ? int(values.appointment_number_limit) : 0,
    timeperiod_number_begin_date: periodRule ? trim(values.timeperiod_number_begin_date) : '',
    timeperiod_number_end_date: periodRule ? trim(values.timeperiod_number_end_date) : '',
    is_incomplete_appointment_number_limit: values.is_incomplete_appointment_number_limit,
    incomplete_appointment_number_limit:
      values.is_incomplete_appointment_number_limit === '1' ? int(values.incomplete_appointment_number_limit) : 0,
    punctuality_rule: values.punctuality_rule,
    deviation_minutes: values.punctuality_rule === '1' ? int(values.deviation_minutes) : 0,
    earliest_punctuality_rule: values.earliest_punctuality_rule,
    earliest_deviation_minutes: values.earliest_punctuality_rule === '1' ? int(values.earliest_deviation_minutes) : 0,
    sign_out_rule: values.sign_out_rule,
    open_captcha_verify: values.open_captcha_verify,
    open_frequency_verify: values.open_frequency_verify,
    wemeet_enable: values.wemeet_enable,
    extendedProperties: (values.extendedProperties ?? []).map((p, i) => ({
      extended_properties_code: trim(p.extended_properties_code),
      extended_properties_name: trim(p.extended_properties_name),
      code_description: trim(p.code_description),
      code_tags: trim(p.code_tags),
      order_num: p.order_num ?? i,
    })),
    resourcesTypeAuthList: (values.resourcesTypeAuthList ?? []).map((a) => ({
      grant_object_type: a.grant_object_type,
      grant_object_id: a.grant_object_id,
      grant_object_name: a.grant_object_name,
    })),
    userDisplayInfoConfigList: (values.userDisplayInfoConfigList ?? []).map((u, i) => ({
      ...(u.id ? { id: u.id } : {}),
      field_name_cn: trim(u.field_name_cn),
      field_name_en: trim(u.field_name_en),
      field_data_type: trim(u.field_data_type),
      field_category: trim(u.field_category),
      display_order_num: u.display_order_num ?? i,
    })),
    appointmentNumberLimitRuleList: (values.appointmentNumberLimitRuleList ?? []).map((r) => ({
      appointment_number_rule: r.appointment_number_rule,
      appointment_number_limit: int(r.appointment_number_limit),
      timeperiod_number_begin_date: r.appointment_number_rule === '4' ? trim(r.timeperiod_number_begin_date) : '',
      timeperiod_number_end_date: r.appointment_number_rule === '4' ? trim(r.timeperiod_number_end_date) : '',
    })),
  };
}

/** "HH:mm" with hours 00-23 and minutes 00-59. */
export function isClockTime(v: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
}

/** The booking modes a type has switched on, as keys (common, cyclicity, batch). */
export function enabledModes(type: Pick<ResourcesType, 'common_enable' | 'cyclicity_enable' | 'batch_enable'>) {
  return (
    [
      ['common', type.common_enable],
      ['cyclicity', type.cyclicity_enable],
      ['batch', type.batch_enable],
    ] as const
  )
    .filter(([, v]) => v === '1')
    .map(([k]) => k);
}
