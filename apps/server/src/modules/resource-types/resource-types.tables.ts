import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';

/** A display column of the booker's details (`userDisplayInfoConfigList`). */
export interface UserDisplayInfoConfig {
  id: string;
  field_name_en: string;
  field_name_cn: string;
  field_data_type: string;
  field_category: string;
  display_order_num: number;
}

/**
 * Resource types (categories: courts, meeting rooms, ...). `state` 1 = enabled, 0 = disabled.
 * Flags the contract carries as strings ("0"/"1") stay text.
 */
export const resourcesTypes = pgTable(
  'resources_types',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_name: text('resources_name').notNull(),
    resources_name_en: text('resources_name_en').notNull().default(''),
    resources_tag: text('resources_tag').notNull().default(''),
    resources_tag_en: text('resources_tag_en').notNull().default(''),
    icon: text('icon').notNull().default(''),
    icon_not: text('icon_not').notNull().default(''),
    created_user: text('created_user').notNull().default(''),
    created_user_name: text('created_user_name').notNull().default(''),
    state: integer('state').notNull().default(1),
    can_location: text('can_location').notNull().default('0'),
    is_appointment_number_limit: text('is_appointment_number_limit').notNull().default('0'),
    appointment_number_rule: text('appointment_number_rule').notNull().default(''),
    appointment_number_limit: integer('appointment_number_limit').notNull().default(0),
    timeperiod_number_begin_date: text('timeperiod_number_begin_date').notNull().default(''),
    timeperiod_number_end_date: text('timeperiod_number_end_date').notNull().default(''),
    is_incomplete_appointment_number_limit: text('is_incomplete_appointment_number_limit').notNull().default('0'),
    incomplete_appointment_number_limit: integer('incomplete_appointment_number_limit').notNull().default(0),
    common_enable: text('common_enable').notNull().default('1'),
    cyclicity_enable: text('cyclicity_enable').notNull().default('0'),
    batch_enable: text('batch_enable').notNull().default('0'),
    default_appointment_state: text('default_appointment_state').notNull().default(''),
    punctuality_rule: text('punctuality_rule').notNull().default(''),
    deviation_minutes: integer('deviation_minutes').notNull().default(0),
    earliest_punctuality_rule: text('earliest_punctuality_rule').notNull().default(''),
    earliest_deviation_minutes: integer('earliest_deviation_minutes').notNull().default(0),
    can_appointment_remark: text('can_appointment_remark').notNull().default('0'),
    sign_out_rule: text('sign_out_rule').notNull().default(''),
    order: integer('order').notNull().default(0),
    del: integer('del').notNull().default(0),
    start_time: text('start_time').notNull().default(''),
    end_time: text('end_time').notNull().default(''),
    holding_minutes: integer('holding_minutes').notNull().default(0),
    capacity_field_type: text('capacity_field_type').notNull().default(''),
    open_captcha_verify: text('open_captcha_verify').notNull().default('0'),
    open_frequency_verify: text('open_frequency_verify').notNull().default('0'),
    resource_open_mode: text('resource_open_mode').notNull().default(''),
    wemeet_enable: text('wemeet_enable').notNull().default('0'),
    appointment_category: text('appointment_category').notNull().default(''),
    // Purely descriptive display settings (which booker fields a list shows), read and written
    // as a whole with the type and never queried by column: jsonb rather than a child table.
    user_display_info_config: jsonb('user_display_info_config').$type<UserDisplayInfoConfig[]>().notNull().default([]),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('resources_types_tenant_idx').on(t.tenant_id, t.order), tenantIsolation('resources_types')],
).enableRLS();

/** Extended properties a type's resources describe themselves by (a code table each, e.g. facilities). */
export const resourcesTypeExtendedProperties = pgTable(
  'resources_type_extended_properties',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_type_id: uuid('resources_type_id')
      .notNull()
      .references(() => resourcesTypes.id, { onDelete: 'cascade' }),
    extended_properties_code: text('extended_properties_code').notNull(),
    extended_properties_name: text('extended_properties_name').notNull().default(''),
    code_description: text('code_description').notNull().default(''),
    code_tags: text('code_tags').notNull().default(''),
    order_num: integer('order_num').notNull().default(0),
  },
  (t) => [
    index('resources_type_ext_type_idx').on(t.resources_type_id),
    tenantIsolation('resources_type_extended_properties'),
  ],
).enableRLS();

/**
 * Who may book a type's resources: grants to a department (`dept`), a post (`post`), a user
 * (`user`) or a department+post pair (`triple`, object id `<dept>|<post>`). No grant at all
 * means everyone of the tenant.
 */
export const resourcesTypeAuths = pgTable(
  'resources_type_auths',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_type_id: uuid('resources_type_id')
      .notNull()
      .references(() => resourcesTypes.id, { onDelete: 'cascade' }),
    grant_object_id: text('grant_object_id').notNull(),
    grant_object_name: text('grant_object_name').notNull().default(''),
    grant_object_type: text('grant_object_type').notNull(),
    grant_time: timestamp('grant_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    operate_user_id: text('operate_user_id').notNull().default(''),
    operate_user_name: text('operate_user_name').notNull().default(''),
  },
  (t) => [index('resources_type_auths_type_idx').on(t.resources_type_id), tenantIsolation('resources_type_auths')],
).enableRLS();
