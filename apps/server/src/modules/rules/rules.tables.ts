import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, id, tenantId, tenantIsolation } from '../../db/columns.ts';
import { resourcesTypes } from '../resource-types/resource-types.tables.ts';
import { resources } from '../resources/resources.tables.ts';
import { ruleColumns } from './rules.columns.ts';

/** A named set of booking rules that many resources use (`rule_source` '1'). */
export const resourcesRuleTemplates = pgTable(
  'resources_rule_templates',
  {
    id: id(),
    tenant_id: tenantId(),
    template_name: text('template_name').notNull(),
    template_name_en: text('template_name_en').notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...ruleColumns(),
    created_user: text('created_user').notNull().default(''),
    created_user_name: text('created_user_name').notNull().default(''),
    create_time: createTime(),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('resources_rule_templates_tenant_idx').on(t.tenant_id), tenantIsolation('resources_rule_templates')],
).enableRLS();

/**
 * The owner of a rule row: a resource (its own rules) or a rule template; exactly one.
 * Deleting the owner deletes its rules.
 */
const owner = () => ({
  resources_id: uuid('resources_id').references(() => resources.id, { onDelete: 'cascade' }),
  rule_template_id: uuid('rule_template_id').references(() => resourcesRuleTemplates.id, { onDelete: 'cascade' }),
});
const oneOwner = (name: string, t: { resources_id: unknown; rule_template_id: unknown }) =>
  check(`${name}_owner_ck`, sql`num_nonnulls(${t.resources_id}, ${t.rule_template_id}) = 1`);
const createdBy = () => ({
  created_user_id: text('created_user_id').notNull().default(''),
  created_user_name: text('created_user_name').notNull().default(''),
});

/** `resourcesMonthList`: bookable months (and optionally a day of the month). None = every month. */
export const resourcesMonths = pgTable(
  'resources_months',
  {
    id: id(),
    tenant_id: tenantId(),
    ...owner(),
    month: text('month').notNull(),
    day: text('day').notNull().default(''),
    order_num: integer('order_num').notNull().default(0),
    ...createdBy(),
    create_time: createTime(),
  },
  (t) => [
    index('resources_months_res_idx').on(t.resources_id),
    index('resources_months_tpl_idx').on(t.rule_template_id),
    oneOwner('resources_months', t),
    tenantIsolation('resources_months'),
  ],
).enableRLS();

/** `resourcesDate`: bookable date ranges "YYYY-MM-DD" (inclusive). None = any date. */
export const resourcesDates = pgTable(
  'resources_dates',
  {
    id: id(),
    tenant_id: tenantId(),
    ...owner(),
    start: text('start').notNull(),
    end: text('end').notNull(),
    order: integer('order').notNull().default(0),
    del: integer('del').notNull().default(0),
    create_time: createTime(),
  },
  (t) => [
    index('resources_dates_res_idx').on(t.resources_id),
    index('resources_dates_tpl_idx').on(t.rule_template_id),
    oneOwner('resources_dates', t),
    tenantIsolation('resources_dates'),
  ],
).enableRLS();

/** `resourcesWeek`: bookable weekdays, `zj` '1' (Monday) to '7' (Sunday). None = every day. */
export const resourcesWeeks = pgTable(
  'resources_weeks',
  {
    id: id(),
    tenant_id: tenantId(),
    ...owner(),
    zj: text('zj').notNull(),
    zj_name: text('zj_name').notNull().default(''),
    order: integer('order').notNull().default(0),
    del: integer('del').notNull().default(0),
    create_time: createTime(),
  },
  (t) => [
    index('resources_weeks_res_idx').on(t.resources_id),
    index('resources_weeks_tpl_idx').on(t.rule_template_id),
    oneOwner('resources_weeks', t),
    tenantIsolation('resources_weeks'),
  ],
).enableRLS();

/** `resourcesTimeSlot`: the day's slots, `kssj`-`jssj` "HH:mm". Ids are what bookings name. */
export const resourcesTimeSlots = pgTable(
  'resources_time_slots',
  {
    id: id(),
    tenant_id: tenantId(),
    ...owner(),
    kssj: text('kssj').notNull(),
    jssj: text('jssj').notNull(),
    order: integer('order').notNull().default(0),
    del: integer('del').notNull().default(0),
    create_time: createTime(),
  },
  (t) => [
    index('resources_time_slots_res_idx').on(t.resources_id),
    index('resources_time_slots_tpl_idx').on(t.rule_template_id),
    oneOwner('resources_time_slots', t),
    tenantIsolation('resources_time_slots'),
  ],
).enableRLS();

/**
 * `resourcesNoReservationConfigList`: periods that cannot be booked, with reasons. `rule_type`
 * '1' = the dates `start_date`..`end_date`, '2' = weekly on `week` ('1'..'7', comma separated),
 * '3' = yearly on `month`/`day`, '4' = every day. `start_time`..`end_time` ("HH:mm") narrow it
 * to part of the day; empty = the whole day.
 */
export const resourcesNoReservationConfigs = pgTable(
  'resources_no_reservation_configs',
  {
    id: id(),
    tenant_id: tenantId(),
    ...owner(),
    rule_type: text('rule_type').notNull(),
    month: text('month').notNull().default(''),
    day: text('day').notNull().default(''),
    start_date: text('start_date').notNull().default(''),
    end_date: text('end_date').notNull().default(''),
    week: text('week').notNull().default(''),
    start_time: text('start_time').notNull().default(''),
    end_time: text('end_time').notNull().default(''),
    reason_cn: text('reason_cn').notNull().default(''),
    reason_en: text('reason_en').notNull().default(''),
    ...createdBy(),
    create_time: createTime(),
  },
  (t) => [
    index('resources_no_res_res_idx').on(t.resources_id),
    index('resources_no_res_tpl_idx').on(t.rule_template_id),
    oneOwner('resources_no_reservation_configs', t),
    tenantIsolation('resources_no_reservation_configs'),
  ],
).enableRLS();

/**
 * `resourcesAvailableNumberRuleList`: capacity per slot that differs from `available_number`
 * on some dates/weekdays/times. `date_rule` '1' = between `start_date` and `end_date`, '2' =
 * on `weeks` ('1'..'7', comma separated); `time_slot_rule` '1' = within
 * `start_time`..`end_time`, otherwise all day. `order_num` keeps the order given: the first
 * rule that matches a slot gives its capacity.
 */
export const resourcesAvailableNumberRules = pgTable(
  'resources_available_number_rules',
  {
    id: id(),
    tenant_id: tenantId(),
    ...owner(),
    time_slot_rule: text('time_slot_rule').notNull().default(''),
    date_rule: text('date_rule').notNull().default(''),
    start_date: text('start_date').notNull().default(''),
    end_date: text('end_date').notNull().default(''),
    weeks: text('weeks').notNull().default(''),
    start_time: text('start_time').notNull().default(''),
    end_time: text('end_time').notNull().default(''),
    available_number: integer('available_number').notNull(),
    order_num: integer('order_num').notNull().default(0),
    create_time: createTime(),
  },
  (t) => [
    index('resources_avail_rules_res_idx').on(t.resources_id),
    index('resources_avail_rules_tpl_idx').on(t.rule_template_id),
    oneOwner('resources_available_number_rules', t),
    tenantIsolation('resources_available_number_rules'),
  ],
).enableRLS();

/**
 * Per-person booking limits (`appointmentNumberLimitRuleList`): of a resource type, a
 * resource or a rule template (exactly one). `appointment_number_rule` is the period
 * ('1' day, '2' week, '3' month, '4' between the two dates).
 */
export const appointmentNumberLimitRules = pgTable(
  'appointment_number_limit_rules',
  {
    id: id(),
    tenant_id: tenantId(),
    resources_type_id: uuid('resources_type_id').references(() => resourcesTypes.id, { onDelete: 'cascade' }),
    ...owner(),
    appointment_number_rule: text('appointment_number_rule').notNull(),
    appointment_number_limit: integer('appointment_number_limit').notNull(),
    timeperiod_number_begin_date: text('timeperiod_number_begin_date').notNull().default(''),
    timeperiod_number_end_date: text('timeperiod_number_end_date').notNull().default(''),
    create_time: createTime(),
  },
  (t) => [
    index('appt_limit_rules_type_idx').on(t.resources_type_id),
    index('appt_limit_rules_res_idx').on(t.resources_id),
    index('appt_limit_rules_tpl_idx').on(t.rule_template_id),
    check(
      'appointment_number_limit_rules_owner_ck',
      sql`num_nonnulls(${t.resources_type_id}, ${t.resources_id}, ${t.rule_template_id}) = 1`,
    ),
    tenantIsolation('appointment_number_limit_rules'),
  ],
).enableRLS();
