import { z } from 'zod';
import { sanitizeRichText } from '../../platform/html.ts';
import { grantInput } from '../resource-types/resource-types.inputs.ts';
import { ruleConfigInput, ruleListsInput, ruleScalarsInput } from '../rules/rules.inputs.ts';
import { isHttpUrl } from './resources.settings.rules.ts';
import { count, flag, list, opt, optionalId, text } from '../../platform/inputs.ts';

const visibleInput = z.object({
  visible_obj_id: z.string().trim().min(1).max(200),
  visible_obj_name: opt(text(200)),
  visible_obj_type: grantInput.shape.grant_object_type,
});
const invisibleInput = z.object({
  invisible_obj_id: z.string().trim().min(1).max(200),
  invisible_obj_name: opt(text(200)),
  invisible_obj_type: grantInput.shape.grant_object_type,
});
const authInput = grantInput.extend({
  grant_open_id: opt(text(200)),
  grant_permission_item: opt(text(200)),
});
const roleInput = z.object({
  id: optionalId,
  post: opt(text(200)),
  post_name: opt(text(200)),
  dept: opt(text(200)),
  dept_name: opt(text(200)),
  order: count(),
  del: count(1),
});
/** A picture or panorama: a site path (an upload's uri) or an http(s) URL. */
const imageInput = z.object({
  id: optionalId,
  uri: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .refine((v) => /^(https?:\/\/|\/(?!\/))/.test(v), 'must be a site path or an http(s) URL'),
  image_category: opt(z.enum(['1', '2'])),
  del: count(1),
});
const cooperativeDeptInput = z.object({
  id: optionalId,
  dept_id: z.string().trim().min(1).max(200),
  dept_name: opt(text(200)),
});
const extendedPropertyValueInput = z.object({
  id: optionalId,
  extended_properties_code: z.string().trim().min(1).max(64),
  extended_properties_name: opt(text(100)),
  item_code: opt(text(64)),
  item_name: opt(text(200)),
  item_description: opt(text(500)),
  code_description: opt(text(500)),
});
const customAttributeInput = z.object({
  id: optionalId,
  field_name: z.string().trim().min(1).max(64),
  field_desc_cn: opt(text(200)),
  field_desc_en: opt(text(200)),
  field_desc_remark: opt(text(500)),
  /** "0" (or empty) free text, "1" one of the options, "2" several of the options. */
  collect_mode: opt(z.enum(['', '0', '1', '2'])),
  default_value_cn: opt(text(500)),
  default_value_en: opt(text(500)),
  data_range_cn: opt(text(2000)),
  data_range_en: opt(text(2000)),
  is_required: flag,
  is_detail_display: flag,
  order_num: count(),
});
const customAttributeContentInput = z.object({
  id: optionalId,
  field_name: z.string().trim().min(1).max(64),
  field_desc_cn: opt(text(200)),
  field_desc_en: opt(text(200)),
  is_detail_display: flag,
  attribute_content: opt(text(4000)),
  is_enable: flag,
  order_num: count(),
});
/** A link the web app shows as one (review and return-review pages): empty, or an http(s) URL. */
const httpLink = opt(z.union([z.literal(''), text(2000).refine(isHttpUrl, 'must be an http(s) URL')]));

const ownConfigInput = {
  separation_enable: flag,
  preaudit_enable: flag,
  preaudit_url: opt(text(2000)),
  preaudit_description: opt(text(2000)),
  preaudit_post: opt(text(200)),
  preaudit_dept: opt(text(200)),
  reservation_info_reuse: flag,
  name_encryption_display: flag,
  return_need_approve: flag,
  return_review_url: httpLink,
  device_type: opt(text(40)),
  device_time_mode: opt(text(40)),
};
export const ownConfigKeys = Object.keys(ownConfigInput) as (keyof typeof ownConfigInput)[];
const configInput = z.object({ ...ruleConfigInput.shape, ...ownConfigInput });

const richText = opt(text(20000)).transform((v) => (typeof v === 'string' ? sanitizeRichText(v) : v));

/** `InputResources`: fields left out keep their values on update; lists given replace the stored ones. */
export const resourcesInput = z.object({
  id: optionalId,
  resources_type_id: optionalId,
  resources_number: opt(text(64)),
  resources_name: opt(text(100)),
  resources_name_en: opt(text(200)),
  capacity: count(),
  capacity_field_type: flag,
  capacity_string: opt(text(200)),
  remark: opt(text(2000)),
  // rich text from the editor, shown as HTML by the venue pages: stored sanitized (platform/html.ts)
  describe: richText,
  describe_en: richText,
  state: opt(z.number().int().min(0).max(1)),
  can_location: flag,
  campus_code: opt(text(64)),
  campus_name: opt(text(100)),
  campus_name_en: opt(text(200)),
  building_code: opt(text(64)),
  building_name: opt(text(100)),
  building_name_en: opt(text(200)),
  floor_code: opt(text(64)),
  floor_name: opt(text(100)),
  floor_name_en: opt(text(200)),
  order: count(),
  admin_post: opt(text(200)),
  admin_post_name: opt(text(200)),
  admin_dept: opt(text(200)),
  admin_dept_name: opt(text(200)),
  rule_source: opt(z.enum(['0', '1'])),
  rule_template_id: optionalId,
  available_number: count(100_000),
  is_notification_push: flag,
  notifiy_channels: opt(text(200)),
  success_notification_push: flag,
  success_notification_rule: opt(text(1000)),
  cancel_notification_push: flag,
  cancel_notification_rule_apply: opt(text(1000)),
  cancel_notification_rule_admin: opt(text(1000)),
  success_prompt: opt(text(2000)),
  success_prompt_en: opt(text(2000)),
  hide_appointment_information: flag,
  appointment_information_field: opt(text(2000)),
  hide_resources_detail: flag,
  open_process_form: flag,
  review_url: httpLink,
  write_detail: flag,
  ...ruleScalarsInput,
  ...ruleListsInput,
  resourcesConfig: opt(configInput),
  resourcesRoles: list(roleInput),
  resourcesImage: list(imageInput, 50),
  resourcesVisibleList: list(visibleInput, 1000),
  resourcesInvisibleList: list(invisibleInput, 1000),
  resourcesCooperativeDeptList: list(cooperativeDeptInput),
  resourcesAuthList: list(authInput, 1000),
  resourcesExtendedPropertiesList: list(extendedPropertyValueInput),
  resourcesCustomAttributeList: list(customAttributeInput, 100),
  resourcesCustomAttributeContentList: list(customAttributeContentInput, 100),
});
export type ResourcesInput = z.output<typeof resourcesInput>;
