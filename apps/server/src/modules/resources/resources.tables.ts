import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import { ruleColumns } from '../rules/rules.columns.ts';

/** `resourcesImage`: `image_category` '1' = picture, '2' = panorama. */
export interface ResourceImage {
  id: string;
  uri: string;
  image_category: string;
  del: number;
  create_time: string;
}
export interface ResourceRole {
  id: string;
  post: string;
  post_name: string;
  dept: string;
  dept_name: string;
  order: number;
  del: number;
  create_time: string;
}
export interface CooperativeDept {
  id: string;
  dept_id: string;
  dept_name: string;
  create_time: string;
}
export interface ExtendedPropertyValue {
  id: string;
  extended_properties_code: string;
  extended_properties_name: string;
  item_code: string;
  item_name: string;
  item_description: string;
  code_description: string;
}
export interface CustomAttribute {
  id: string;
  field_name: string;
  field_desc_cn: string;
  field_desc_en: string;
  field_desc_remark: string;
  collect_mode: string;
  default_value_cn: string;
  default_value_en: string;
  data_range_cn: string;
  data_range_en: string;
  is_required: string;
  is_detail_display: string;
  order_num: number;
}
export interface CustomAttributeContent {
  id: string;
  field_name: string;
  field_desc_cn: string;
  field_desc_en: string;
  is_detail_display: string;
  attribute_content: string;
  is_enable: string;
  order_num: number;
}
/** The resource-specific part of `resourcesConfig` (the rule part is in the rule columns). */
export interface ResourceOwnConfig {
  separation_enable?: string;
  preaudit_enable?: string;
  preaudit_url?: string;
  preaudit_description?: string;
  preaudit_post?: string;
  preaudit_dept?: string;
  reservation_info_reuse?: string;
  name_encryption_display?: string;
  return_need_approve?: string;
  return_review_url?: string;
  device_type?: string;
  device_time_mode?: string;
}

/**
 * Bookable resources. `state` 1 = enabled, 0 = disabled. `rule_source` '0' = the resource's
 * own rules (the rule columns and rule child rows of the resource), '1' = the rule template
 * `rule_template_id` (read from the template at every read, so editing the template changes
 * every resource that uses it). `available_number` is the capacity of one slot.
 *
 * The jsonb lists (images, roles, cooperative departments, extended property values, custom
 * attributes) are descriptive: shown with the resource, written with it as a whole and not
 * searched by the server except `item_name` (a containment test on
 * `extended_properties`). Lists that decide who may see or book, and every rule list, are
 * child tables.
 */
export const resources = pgTable(
  'resources',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_type_id: uuid('resources_type_id')
      .notNull()
      .references(() => resourcesTypes.id, { onDelete: 'restrict' }),
    resources_number: text('resources_number').notNull().default(''),
    resources_name: text('resources_name').notNull(),
    resources_name_en: text('resources_name_en').notNull().default(''),
    capacity: integer('capacity').notNull().default(0),
    capacity_field_type: text('capacity_field_type').notNull().default(''),
    capacity_string: text('capacity_string').notNull().default(''),
    remark: text('remark').notNull().default(''),
    describe: text('describe').notNull().default(''),
    describe_en: text('describe_en').notNull().default(''),
    created_user: text('created_user').notNull().default(''),
    created_user_name: text('created_user_name').notNull().default(''),
    state: integer('state').notNull().default(1),
    del: integer('del').notNull().default(0),
    can_location: text('can_location').notNull().default('0'),
    campus_code: text('campus_code').notNull().default(''),
    campus_name: text('campus_name').notNull().default(''),
    campus_name_en: text('campus_name_en').notNull().default(''),
    building_code: text('building_code').notNull().default(''),
    building_name: text('building_name').notNull().default(''),
    building_name_en: text('building_name_en').notNull().default(''),
    floor_code: text('floor_code').notNull().default(''),
    floor_name: text('floor_name').notNull().default(''),
    floor_name_en: text('floor_name_en').notNull().default(''),
    qcode_image_url: text('qcode_image_url').notNull().default(''),
    order: integer('order').notNull().default(0),
    admin_post: text('admin_post').notNull().default(''),
    admin_post_name: text('admin_post_name').notNull().default(''),
    admin_dept: text('admin_dept').notNull().default(''),
    admin_dept_name: text('admin_dept_name').notNull().default(''),
    rule_source: text('rule_source').notNull().default('0'),
    rule_template_id: uuid('rule_template_id'),
    available_number: integer('available_number').notNull().default(1),
    is_notification_push: text('is_notification_push').notNull().default('0'),
    notifiy_channels: text('notifiy_channels').notNull().default(''),
    success_notification_push: text('success_notification_push').notNull().default('0'),
    success_notification_rule: text('success_notification_rule').notNull().default(''),
    cancel_notification_push: text('cancel_notification_push').notNull().default('0'),
    cancel_notification_rule_apply: text('cancel_notification_rule_apply').notNull().default(''),
    cancel_notification_rule_admin: text('cancel_notification_rule_admin').notNull().default(''),
    success_prompt: text('success_prompt').notNull().default(''),
    success_prompt_en: text('success_prompt_en').notNull().default(''),
    hide_appointment_information: text('hide_appointment_information').notNull().default('0'),
    appointment_information_field: text('appointment_information_field').notNull().default(''),
    hide_resources_detail: text('hide_resources_detail').notNull().default('0'),
    open_process_form: text('open_process_form').notNull().default('0'),
    review_url: text('review_url').notNull().default(''),
    write_detail: text('write_detail').notNull().default('0'),
    hits: integer('hits').notNull().default(0),
    ...ruleColumns(),
    own_config: jsonb('own_config').$type<ResourceOwnConfig>().notNull().default({}),
    images: jsonb('images').$type<ResourceImage[]>().notNull().default([]),
    roles: jsonb('roles').$type<ResourceRole[]>().notNull().default([]),
    cooperative_depts: jsonb('cooperative_depts').$type<CooperativeDept[]>().notNull().default([]),
    extended_properties: jsonb('extended_properties').$type<ExtendedPropertyValue[]>().notNull().default([]),
    custom_attributes: jsonb('custom_attributes').$type<CustomAttribute[]>().notNull().default([]),
    custom_attribute_contents: jsonb('custom_attribute_contents')
      .$type<CustomAttributeContent[]>()
      .notNull()
      .default([]),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('resources_tenant_type_idx').on(t.tenant_id, t.resources_type_id),
    index('resources_template_idx').on(t.rule_template_id),
    tenantIsolation('resources'),
  ],
).enableRLS();

/**
 * `resourcesVisibleList` (kind 'visible': when any exist, only matching users see the
 * resource) and `resourcesInvisibleList` (kind 'invisible': matching users never see it).
 * Object types as in the type's auth list: dept, post, user, triple.
 */
export const resourcesVisibility = pgTable(
  'resources_visibility',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_id: uuid('resources_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    obj_id: text('obj_id').notNull(),
    obj_name: text('obj_name').notNull().default(''),
    obj_type: text('obj_type').notNull(),
    create_time: createTime(),
  },
  (t) => [index('resources_visibility_res_idx').on(t.resources_id), tenantIsolation('resources_visibility')],
).enableRLS();

/** `resourcesAuthList`: when a resource has grants, only their objects may see and book it. */
export const resourcesAuths = pgTable(
  'resources_auths',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_id: uuid('resources_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    grant_open_id: text('grant_open_id').notNull().default(''),
    grant_object_id: text('grant_object_id').notNull(),
    grant_object_name: text('grant_object_name').notNull().default(''),
    grant_object_type: text('grant_object_type').notNull(),
    grant_permission_item: text('grant_permission_item').notNull().default(''),
    grant_time: timestamp('grant_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    operate_user_id: text('operate_user_id').notNull().default(''),
    operate_user_name: text('operate_user_name').notNull().default(''),
  },
  (t) => [index('resources_auths_res_idx').on(t.resources_id), tenantIsolation('resources_auths')],
).enableRLS();

/**
 * A period an administrator blocked a resource for (maintenance, events): `[starts_at, ends_at)`.
 * Kept here, with the resource it closes, as the resource lists and the booking engine read it in
 * their one statement; the occupancy module holds the use cases.
 */
export const resourcesOccupancies = pgTable(
  'resources_occupancies',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_id: uuid('resources_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    reason_cn: text('reason_cn').notNull(),
    reason_en: text('reason_en').notNull().default(''),
    created_user: text('created_user').notNull().default(''),
    created_user_name: text('created_user_name').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    index('resources_occupancies_res_idx').on(t.resources_id, t.starts_at),
    check('resources_occupancies_period_ck', sql`${t.ends_at} > ${t.starts_at}`),
    tenantIsolation('resources_occupancies'),
  ],
).enableRLS();
