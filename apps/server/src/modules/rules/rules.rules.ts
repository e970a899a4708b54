import { type ErrorCode, type ErrorParams, formatDateTime, hhmm, minutesOf } from '@yuyue/shared';
import type { NumberLimitRuleRow, RuleListRows } from './rules.repository.ts';
import type { RuleListsInput } from './rules.inputs.ts';

export interface RuleProblem {
  code: ErrorCode;
  params: ErrorParams;
}

/**
 * The first problem of a set of rules as given: a slot that does not start before it ends or
 * overlaps another, a date range that ends before it starts, a non-reservation period or
 * number rule with a backwards range, a free-time minimum above the maximum. Null when fine.
 */
export function ruleProblem(
  lists: RuleListsInput,
  config: { pertimeslot_min_minutes?: number; pertimeslot_max_minutes?: number } | undefined,
): RuleProblem | null {
  const slots = (lists.resourcesTimeSlot ?? [])
    .filter((s) => (s.del ?? 0) === 0)
    .map((s) => ({ s: minutesOf(s.kssj)!, e: minutesOf(s.jssj)!, text: `${s.kssj}-${s.jssj}` }));
  for (const slot of slots) {
    if (slot.e <= slot.s) {
      return { code: 'TIME_SLOT_INVALID', params: { start: hhmm(slot.s), end: hhmm(slot.e) } };
    }
  }
  const sorted = [...slots].sort((a, b) => a.s - b.s);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.s < sorted[i - 1]!.e) {
      return { code: 'TIME_SLOTS_OVERLAP', params: { first: sorted[i - 1]!.text, second: sorted[i]!.text } };
    }
  }
  for (const d of lists.resourcesDate ?? []) {
    if (d.end < d.start) return { code: 'DATE_RANGE_INVALID', params: { start: d.start, end: d.end } };
  }
  for (const n of lists.resourcesNoReservationConfigList ?? []) {
    if (n.start_date && n.end_date && n.end_date < n.start_date) {
      return { code: 'DATE_RANGE_INVALID', params: { start: n.start_date, end: n.end_date } };
    }
    if (n.start_time && n.end_time && minutesOf(n.end_time)! <= minutesOf(n.start_time)!) {
      return { code: 'TIME_SLOT_INVALID', params: { start: n.start_time, end: n.end_time } };
    }
  }
  for (const r of lists.resourcesAvailableNumberRuleList ?? []) {
    if (r.start_date && r.end_date && r.end_date < r.start_date) {
      return { code: 'DATE_RANGE_INVALID', params: { start: r.start_date, end: r.end_date } };
    }
  }
  for (const r of lists.resourcesAppointmentNumberLimitRuleList ?? []) {
    const { timeperiod_number_begin_date: b, timeperiod_number_end_date: e } = r;
    if (b && e && e < b) return { code: 'DATE_RANGE_INVALID', params: { start: b, end: e } };
  }
  const min = config?.pertimeslot_min_minutes;
  const max = config?.pertimeslot_max_minutes;
  if (min !== undefined && max !== undefined && max > 0 && min > max) {
    return { code: 'FREE_TIME_MINUTES_INVALID', params: {} };
  }
  return null;
}

/** Rule rows in the contract's shapes; `resourcesId` is the resource shown (template rows show it too). */
export function wireRuleLists(lists: RuleListRows, resourcesId: string, timeZone: string) {
  const t = (d: Date) => formatDateTime(d.getTime(), timeZone);
  return {
    resourcesMonthList: lists.months.map((m) => ({
      id: m.id,
      resources_id: resourcesId,
      month: m.month,
      day: m.day,
      order_num: m.order_num,
      created_user_id: m.created_user_id,
      created_user_name: m.created_user_name,
      create_time: t(m.create_time),
    })),
    resourcesDate: lists.dates.map((d) => ({
      id: d.id,
      resources_id: resourcesId,
      start: d.start,
      end: d.end,
      order: d.order,
      del: d.del,
      create_time: t(d.create_time),
    })),
    resourcesWeek: lists.weeks.map((w) => ({
      id: w.id,
      resources_id: resourcesId,
      zj: w.zj,
      zj_name: w.zj_name,
      order: w.order,
      del: w.del,
      create_time: t(w.create_time),
    })),
    resourcesTimeSlot: lists.timeSlots.map((s) => ({
      id: s.id,
      resources_id: resourcesId,
      kssj: s.kssj,
      jssj: s.jssj,
      order: s.order,
      del: s.del,
      create_time: t(s.create_time),
    })),
    resourcesNoReservationConfigList: lists.noReservations.map((n) => ({
      id: n.id,
      resources_id: resourcesId,
      rule_type: n.rule_type,
      month: n.month,
      day: n.day,
      start_date: n.start_date,
      end_date: n.end_date,
      week: n.week,
      start_time: n.start_time,
      end_time: n.end_time,
      reason_cn: n.reason_cn,
      reason_en: n.reason_en,
      created_user_id: n.created_user_id,
      created_user_name: n.created_user_name,
      create_time: t(n.create_time),
    })),
    resourcesAvailableNumberRuleList: lists.availableNumberRules.map((r) => ({
      resources_id: resourcesId,
      time_slot_rule: r.time_slot_rule,
      date_rule: r.date_rule,
      start_date: r.start_date,
      end_date: r.end_date,
      weeks: r.weeks,
      start_time: r.start_time,
      end_time: r.end_time,
      available_number: r.available_number,
    })),
    resourcesAppointmentNumberLimitRuleList: lists.numberLimits.map((r) => wireNumberLimit(r, resourcesId)),
  };
}

export function wireNumberLimit(r: NumberLimitRuleRow, resourcesId: string | null) {
  return {
    id: r.id,
    resources_type_id: r.resources_type_id ?? '',
    resources_id: resourcesId ?? '',
    appointment_number_rule: r.appointment_number_rule,
    appointment_number_limit: r.appointment_number_limit,
    timeperiod_number_begin_date: r.timeperiod_number_begin_date,
    timeperiod_number_end_date: r.timeperiod_number_end_date,
    tenant_id: r.tenant_id,
  };
}
