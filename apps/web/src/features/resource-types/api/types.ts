import type { StringFilter } from '../../notices/api/types.ts';

/** An extended property: a code table the type's resources pick values from. */
export interface ResourcesTypeExtendedProperty {
  id?: string;
  resources_type_id?: string;
  extended_properties_code: string;
  extended_properties_name: string;
  code_description: string;
  code_tags: string;
  order_num: number;
}

/** Grant object types of an auth entry; `triple` ids are "<dept>|<post>". */
export const GRANT_OBJECT_TYPES = ['dept', 'post', 'user', 'triple'] as const;
export type GrantObjectType = (typeof GRANT_OBJECT_TYPES)[number];

/** Who may book the type's resources (no entries: everyone of the tenant). */
export interface ResourcesTypeAuth {
  id?: string;
  resources_type_id?: string;
  resources_type_name?: string;
  grant_object_id: string;
  grant_object_name: string;
  grant_object_type: string;
  grant_time?: string;
  operate_user_id?: string;
  operate_user_name?: string;
}

/** A column of the booker's details that the type's booking lists show. */
export interface UserDisplayInfoConfig {
  id?: string;
  resource_type_id?: string;
  field_name_en: string;
  field_name_cn: string;
  field_data_type: string;
  field_category: string;
  display_order_num: number;
  tenant_id?: string;
}

/** Periods of a per-person limit: '1' day, '2' week, '3' month, '4' between two dates. */
export const NUMBER_LIMIT_RULES = ['1', '2', '3', '4'] as const;

/** A per-person booking limit. */
export interface AppointmentNumberLimitRule {
  id?: string;
  resources_type_id?: string;
  appointment_number_rule: string;
  appointment_number_limit: number;
  /** "YYYY-MM-DD" (rule '4' only). */
  timeperiod_number_begin_date: string;
  timeperiod_number_end_date: string;
  tenant_id?: string;
}

/** A resource type (spec 3). state: 1 enabled, 0 disabled; flags are "0"/"1". */
export interface ResourcesType {
  id: string;
  resources_name: string;
  resources_name_en: string;
  resources_tag: string;
  resources_tag_en: string;
  icon: string;
  icon_not: string;
  created_user: string;
  created_user_name: string;
  state: number;
  can_location: string;
  is_appointment_number_limit: string;
  appointment_number_rule: string;
  appointment_number_limit: number;
  timeperiod_number_begin_date: string;
  timeperiod_number_end_date: string;
  is_incomplete_appointment_number_limit: string;
  incomplete_appointment_number_limit: number;
  common_enable: string;
  cyclicity_enable: string;
  batch_enable: string;
  default_appointment_state: string;
  punctuality_rule: string;
  deviation_minutes: number;
  earliest_punctuality_rule: string;
  earliest_deviation_minutes: number;
  can_appointment_remark: string;
  sign_out_rule: string;
  order: number;
  del: number;
  create_time: string;
  /** "HH:mm" or empty. */
  start_time: string;
  end_time: string;
  holding_minutes: number;
  capacity_field_type: string;
  open_captcha_verify: string;
  open_frequency_verify: string;
  resource_open_mode: string;
  wemeet_enable: string;
  appointment_category: string;
  extendedProperties: ResourcesTypeExtendedProperty[] | null;
  resourcesTypeAuthList: ResourcesTypeAuth[] | null;
  userDisplayInfoConfigList: UserDisplayInfoConfig[] | null;
  appointmentNumberLimitRuleList: AppointmentNumberLimitRule[] | null;
}

/** The fields of the type itself, without child lists. */
export const RESOURCES_TYPE_SCALARS = `id resources_name resources_name_en resources_tag resources_tag_en icon icon_not
  created_user created_user_name state can_location is_appointment_number_limit appointment_number_rule
  appointment_number_limit timeperiod_number_begin_date timeperiod_number_end_date
  is_incomplete_appointment_number_limit incomplete_appointment_number_limit common_enable cyclicity_enable
  batch_enable default_appointment_state punctuality_rule deviation_minutes earliest_punctuality_rule
  earliest_deviation_minutes can_appointment_remark sign_out_rule order del create_time start_time end_time
  holding_minutes capacity_field_type open_captcha_verify open_frequency_verify resource_open_mode wemeet_enable
  appointment_category`;

/** Every field with the child lists. */
export const RESOURCES_TYPE_FIELDS = `${RESOURCES_TYPE_SCALARS}
  extendedProperties { id resources_type_id extended_properties_code extended_properties_name code_description code_tags order_num }
  resourcesTypeAuthList { id resources_type_id resources_type_name grant_object_id grant_object_name grant_object_type grant_time operate_user_id operate_user_name }
  userDisplayInfoConfigList { id resource_type_id field_name_en field_name_cn field_data_type field_category display_order_num tenant_id }
  appointmentNumberLimitRuleList { id resources_type_id appointment_number_rule appointment_number_limit timeperiod_number_begin_date timeperiod_number_end_date tenant_id }`;

/** Filter map of the resource type queries (empty eq is no filter; like on names). */
export interface ResourcesTypeFilter {
  id?: StringFilter;
  resources_name?: StringFilter;
  resources_name_en?: StringFilter;
  resources_tag?: StringFilter;
  state?: StringFilter;
  appointment_category?: StringFilter;
  resource_open_mode?: StringFilter;
  can_location?: StringFilter;
}

/** Query keys: every resource type query sits under `all`, so a mutation reloads them together. */
export const resourceTypeKeys = {
  all: ['resourceTypes'] as const,
  list: (op: string, variables: unknown) => [...resourceTypeKeys.all, op, variables] as const,
};

/** `InputResourcesType`: no id creates, an id updates; child lists given replace the stored ones. */
export type ResourcesTypeModel = Partial<
  Omit<
    ResourcesType,
    | 'created_user'
    | 'created_user_name'
    | 'create_time'
    | 'extendedProperties'
    | 'resourcesTypeAuthList'
    | 'userDisplayInfoConfigList'
    | 'appointmentNumberLimitRuleList'
  >
> & {
  extendedProperties?: ResourcesTypeExtendedProperty[];
  resourcesTypeAuthList?: ResourcesTypeAuth[];
  userDisplayInfoConfigList?: UserDisplayInfoConfig[];
  appointmentNumberLimitRuleList?: AppointmentNumberLimitRule[];
};
