import type { RuleConfig, RuleLists, RuleScalars } from '../rules/types.ts';
import { RULE_CONFIG_FIELDS, RULE_LIST_FIELDS, RULE_SCALAR_FIELDS } from '../rules/types.ts';
import {
  CUSTOM_ATTRIBUTE_FIELDS,
  type ResourceCustomAttribute,
  type ResourceCustomAttributeContent,
} from './attributes.ts';
import { EXTENDED_PROPERTY_FIELDS, type ResourceExtendedProperty } from './extended.ts';

export type { Connection, StringFilter } from '../rules/types.ts';

/** Grant object kinds of visibility and auth lists. */
export type GrantObjectType = 'dept' | 'post' | 'user' | 'triple';

export interface ResourceImage {
  id?: string | null;
  uri: string;
  /** "1" picture, "2" panorama. */
  image_category: string;
}

export interface ResourceVisible {
  visible_obj_id: string;
  visible_obj_name: string;
  visible_obj_type: GrantObjectType;
}
export interface ResourceInvisible {
  invisible_obj_id: string;
  invisible_obj_name: string;
  invisible_obj_type: GrantObjectType;
}
export interface ResourceAuth {
  grant_object_id: string;
  grant_object_name: string;
  grant_object_type: GrantObjectType;
}

/** A manager role of a resource: members of the department, of the post, or with both. */
export interface ResourceRole {
  id?: string | null;
  dept: string;
  dept_name: string;
  post: string;
  post_name: string;
  order?: number | null;
}

/** The resource's own settings part of resourcesConfig (the rest is RuleConfig). */
export interface ResourceOwnConfig {
  separation_enable?: string | null;
  preaudit_enable?: string | null;
  preaudit_url?: string | null;
  preaudit_description?: string | null;
  /** Directory id of the post whose holders pre-audit. */
  preaudit_post?: string | null;
  /** Directory id of the department that pre-audits. */
  preaudit_dept?: string | null;
  reservation_info_reuse?: string | null;
  name_encryption_display?: string | null;
  return_need_approve?: string | null;
  return_review_url?: string | null;
}

/** A resource row of the back-office list. */
export interface ResourceRow {
  id: string;
  resources_type_id: string;
  resources_type_name: string;
  resources_type_name_en: string;
  resources_number: string;
  resources_name: string;
  resources_name_en: string;
  capacity: number | null;
  available_number: number | null;
  /** 1 enabled, 0 disabled. */
  state: number;
  campus_code: string;
  campus_name: string;
  campus_name_en: string;
  building_code: string;
  building_name: string;
  building_name_en: string;
  floor_code: string;
  floor_name: string;
  floor_name_en: string;
  /** "0" own rules, "1" the rule template rule_template_id. */
  rule_source: string;
  rule_template_id: string;
  time_slot_rule: string;
  need_approve: string;
  order: number | null;
  created_user_name: string;
  create_time: string;
  qcode_image_url: string;
}

/** A resource with everything the edit page shows. */
export interface ResourceDetail
  extends
    Omit<ResourceRow, 'time_slot_rule' | 'need_approve'>,
    Omit<RuleScalars, 'time_slot_rule' | 'need_approve'>,
    RuleLists {
  time_slot_rule: string;
  need_approve: string;
  remark: string;
  describe: string;
  describe_en: string;
  admin_post: string;
  admin_post_name: string;
  admin_dept: string;
  admin_dept_name: string;
  campus_code: string;
  is_notification_push: string;
  notifiy_channels: string;
  success_notification_push: string;
  success_notification_rule: string;
  cancel_notification_push: string;
  cancel_notification_rule_apply: string;
  cancel_notification_rule_admin: string;
  success_prompt: string;
  success_prompt_en: string;
  hide_appointment_information: string;
  hide_resources_detail: string;
  open_process_form: string;
  resourcesImage: ResourceImage[] | null;
  resourcesCooperativeDeptList: { dept_id: string; dept_name: string }[] | null;
  resourcesVisibleList: ResourceVisible[] | null;
  resourcesInvisibleList: ResourceInvisible[] | null;
  resourcesAuthList: ResourceAuth[] | null;
  resourcesConfig: (RuleConfig & ResourceOwnConfig) | null;
  resourcesCustomAttributeList: ResourceCustomAttribute[] | null;
  resourcesCustomAttributeContentList: ResourceCustomAttributeContent[] | null;
  resourcesExtendedPropertiesList: ResourceExtendedProperty[] | null;
  resourcesRoles: ResourceRole[] | null;
}

export const RESOURCE_ROW_FIELDS = `id resources_type_id resources_type_name resources_type_name_en resources_number
  resources_name resources_name_en capacity available_number state campus_code campus_name campus_name_en building_code
  building_name building_name_en floor_code floor_name floor_name_en rule_source rule_template_id time_slot_rule
  need_approve order created_user_name create_time qcode_image_url`;

export const RESOURCE_DETAIL_FIELDS = `${RESOURCE_ROW_FIELDS} remark describe describe_en admin_post admin_post_name
  admin_dept admin_dept_name is_notification_push notifiy_channels success_notification_push success_notification_rule
  cancel_notification_push cancel_notification_rule_apply cancel_notification_rule_admin success_prompt success_prompt_en
  hide_appointment_information hide_resources_detail open_process_form
  ${RULE_SCALAR_FIELDS} ${RULE_LIST_FIELDS}
  resourcesImage { id uri image_category }
  resourcesCooperativeDeptList { id dept_id dept_name }
  resourcesVisibleList { id visible_obj_id visible_obj_name visible_obj_type }
  resourcesInvisibleList { id invisible_obj_id invisible_obj_name invisible_obj_type }
  resourcesAuthList { id grant_object_id grant_object_name grant_object_type }
  resourcesConfig { ${RULE_CONFIG_FIELDS} separation_enable preaudit_enable preaudit_url preaudit_description
    preaudit_post preaudit_dept reservation_info_reuse name_encryption_display return_need_approve return_review_url }
  ${CUSTOM_ATTRIBUTE_FIELDS}
  ${EXTENDED_PROPERTY_FIELDS}
  resourcesRoles { id dept dept_name post post_name order }`;

export const resourceKeys = { all: ['resources'] as const };
