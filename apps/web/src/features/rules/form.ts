import { capacityRuleFormOf, capacityRuleInputOf, type CapacityRuleForm } from './capacityRules.ts';
import type {
  DateRange,
  NoReservation,
  NumberLimitRule,
  RuleConfig,
  RuleLists,
  RuleScalars,
  TimeSlot,
} from './types.ts';

/** A non-bookable period as the editor holds it: weekdays as a list. */
export interface NoReservationForm extends Omit<NoReservation, 'week'> {
  week?: string[];
}

/**
 * What the rule editor edits: the scalar rule fields and config as on the wire, the lists in
 * shapes the controls hold (months and weekdays as lists of numbers in text).
 */
export interface RuleFormValues extends RuleScalars {
  months: string[];
  weeks: string[];
  dates: DateRange[];
  slots: TimeSlot[];
  noReservations: NoReservationForm[];
  numberLimits: NumberLimitRule[];
  /** Capacity per date/weekday and time that differs from the resource's available_number. */
  capacityRules: CapacityRuleForm[];
  config: RuleConfig;
}

/** The rules a template or resource has (or nothing: a new one). */
export type RuleSource = RuleScalars & RuleLists & { config?: RuleConfig | null };

const WEEKDAY_NAMES = ['一', '二', '三', '四', '五', '六', '日'];

const FLAG_FIELDS = [
  'advance_booking_rule',
  'timeslot_latest_rule',
  'cyclicity_rule',
  'batch_rule',
  'need_approve',
  'open_captcha_verify',
  'open_frequency_verify',
] as const;
const CONFIG_FLAGS = [
  'is_appointment_number_limit',
  'signin_notification_push',
  'signin_rule',
  'earliest_punctuality_rule',
  'latest_punctuality_rule',
  'sign_out_rule',
] as const;

function splitWeek(week: string | null | undefined): string[] {
  return (week ?? '')
    .split(/[,，]/)
    .map((w) => w.trim())
    .filter(Boolean);
}

/** The editor's values for stored rules; a new set starts with time slots, 7 days ahead, opening at midnight. */
export function ruleFormOf(source: RuleSource | null | undefined): RuleFormValues {
  const s = source ?? {};
  const config: RuleConfig = { ...(s.config ?? {}) };
  for (const f of CONFIG_FLAGS) config[f] = config[f] || '0';
  const values: RuleFormValues = {
    ...s,
    time_slot_rule: s.time_slot_rule || '1',
    appointment_date_rule: s.appointment_date_rule || '1',
    appointment_date_days: s.appointment_date_days ?? 7,
    days_rule_refresh_time: source ? (s.days_rule_refresh_time ?? '') : '00:00',
    months: [...new Set((s.resourcesMonthList ?? []).map((m) => String(Number(m.month))))],
    weeks: (s.resourcesWeek ?? []).map((w) => String(w.zj)),
    dates: (s.resourcesDate ?? []).map((d) => ({ start: d.start, end: d.end })),
    slots: (s.resourcesTimeSlot ?? []).map((t) => ({ id: t.id ?? undefined, kssj: t.kssj, jssj: t.jssj })),
    noReservations: (s.resourcesNoReservationConfigList ?? []).map((n) => ({
      rule_type: n.rule_type,
      month: n.month ?? '',
      day: n.day ?? '',
      start_date: n.start_date ?? '',
      end_date: n.end_date ?? '',
      week: splitWeek(n.week),
      start_time: n.start_time ?? '',
      end_time: n.end_time ?? '',
      reason_cn: n.reason_cn ?? '',
      reason_en: n.reason_en ?? '',
    })),
    numberLimits: (s.resourcesAppointmentNumberLimitRuleList ?? []).map((r) => ({
      appointment_number_rule: r.appointment_number_rule,
      appointment_number_limit: r.appointment_number_limit,
      timeperiod_number_begin_date: r.timeperiod_number_begin_date ?? '',
      timeperiod_number_end_date: r.timeperiod_number_end_date ?? '',
    })),
    capacityRules: capacityRuleFormOf(s.resourcesAvailableNumberRuleList),
    config,
  };
  for (const f of FLAG_FIELDS) values[f] = s[f] || '0';
  delete (values as RuleSource).resourcesMonthList;
  delete (values as RuleSource).resourcesDate;
  delete (values as RuleSource).resourcesWeek;
  delete (values as RuleSource).resourcesTimeSlot;
  delete (values as RuleSource).resourcesNoReservationConfigList;
  delete (values as RuleSource).resourcesAppointmentNumberLimitRuleList;
  delete (values as RuleSource).resourcesAvailableNumberRuleList;
  return values;
}

const int = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
const str = (v: string | null | undefined) => (v ?? '').trim();

/** The rule input the server takes (templates and resources alike) from the editor's values. */
export function ruleInputOf(v: RuleFormValues) {
  const c = v.config ?? {};
  return {
    appointment_date_rule: str(v.appointment_date_rule),
    appointment_date_days: int(v.appointment_date_days),
    days_rule_effective_time: str(v.days_rule_effective_time),
    days_rule_refresh_time: str(v.days_rule_refresh_time),
    appointment_open_date: str(v.appointment_open_date),
    appointment_close_date: str(v.appointment_close_date),
    appointment_open_time: str(v.appointment_open_time),
    appointment_close_time: str(v.appointment_close_time),
    advance_booking_rule: str(v.advance_booking_rule),
    advance_booking: str(v.advance_booking),
    max_advance_booking_day: int(v.max_advance_booking_day),
    max_advance_booking_hour: int(v.max_advance_booking_hour),
    max_advance_booking_minute: int(v.max_advance_booking_minute),
    min_advance_booking_day: int(v.min_advance_booking_day),
    min_advance_booking_hour: int(v.min_advance_booking_hour),
    min_advance_booking_minute: int(v.min_advance_booking_minute),
    time_slot_rule: v.time_slot_rule === '2' ? '2' : '1',
    timeslot_latest_rule: str(v.timeslot_latest_rule),
    timeslot_latest_deviation_minutes: int(v.timeslot_latest_deviation_minutes),
    min_interval_minutes: int(v.min_interval_minutes),
    min_interval_minutes_prompt: str(v.min_interval_minutes_prompt),
    min_interval_minutes_prompt_en: str(v.min_interval_minutes_prompt_en),
    min_interval_minutes_cancel: int(v.min_interval_minutes_cancel),
    min_interval_minutes_change: int(v.min_interval_minutes_change),
    cyclicity_rule: str(v.cyclicity_rule),
    batch_rule: str(v.batch_rule),
    need_approve: str(v.need_approve),
    open_captcha_verify: str(v.open_captcha_verify),
    open_frequency_verify: str(v.open_frequency_verify),
    per_max_available_number: int(v.per_max_available_number),
    config: {
      pertimeslot_min_minutes: int(c.pertimeslot_min_minutes),
      pertimeslot_max_minutes: int(c.pertimeslot_max_minutes),
      max_borrowing_days: int(c.max_borrowing_days),
      max_waiting_days: int(c.max_waiting_days),
      is_appointment_number_limit: str(c.is_appointment_number_limit),
      appointment_number_rule: str(c.appointment_number_rule),
      appointment_number_limit: int(c.appointment_number_limit),
      timeperiod_number_begin_date: str(c.timeperiod_number_begin_date),
      timeperiod_number_end_date: str(c.timeperiod_number_end_date),
      signin_notification_push: str(c.signin_notification_push),
      signin_notification_rule: str(c.signin_notification_rule),
      signin_rule: str(c.signin_rule),
      earliest_punctuality_rule: str(c.earliest_punctuality_rule),
      earliest_deviation_minutes: int(c.earliest_deviation_minutes),
      latest_punctuality_rule: str(c.latest_punctuality_rule),
      latest_deviation_minutes: int(c.latest_deviation_minutes),
      holding_minutes: int(c.holding_minutes),
      sign_out_rule: str(c.sign_out_rule),
    },
    resourcesMonthList: [...(v.months ?? [])]
      .sort((a, b) => Number(a) - Number(b))
      .map((month, i) => ({ month, day: '', order_num: i + 1 })),
    resourcesDate: (v.dates ?? []).map((d, i) => ({ start: str(d.start), end: str(d.end), order: i + 1 })),
    resourcesWeek: [...(v.weeks ?? [])]
      .sort()
      .map((zj, i) => ({ zj, zj_name: WEEKDAY_NAMES[Number(zj) - 1] ?? '', order: i + 1 })),
    // Free time books any period: slots would only confuse the booking screens.
    resourcesTimeSlot: (v.time_slot_rule === '2' ? [] : [...(v.slots ?? [])])
      .map((s) => ({ ...(s.id ? { id: s.id } : {}), kssj: str(s.kssj), jssj: str(s.jssj) }))
      .sort((a, b) => a.kssj.localeCompare(b.kssj))
      .map((s, i) => ({ ...s, order: i + 1 })),
    resourcesNoReservationConfigList: (v.noReservations ?? []).map((n) => ({
      rule_type: n.rule_type,
      month: n.rule_type === '3' ? str(n.month) : '',
      day: n.rule_type === '3' ? str(n.day) : '',
      start_date: n.rule_type === '1' ? str(n.start_date) : '',
      end_date: n.rule_type === '1' ? str(n.end_date) : '',
      week: n.rule_type === '2' ? [...(n.week ?? [])].sort().join(',') : '',
      start_time: str(n.start_time),
      end_time: str(n.end_time),
      reason_cn: str(n.reason_cn),
      reason_en: str(n.reason_en),
    })),
    resourcesAppointmentNumberLimitRuleList: (v.numberLimits ?? []).map((r) => ({
      appointment_number_rule: r.appointment_number_rule,
      appointment_number_limit: int(r.appointment_number_limit),
      timeperiod_number_begin_date: r.appointment_number_rule === '4' ? str(r.timeperiod_number_begin_date) : '',
      timeperiod_number_end_date: r.appointment_number_rule === '4' ? str(r.timeperiod_number_end_date) : '',
    })),
    resourcesAvailableNumberRuleList: capacityRuleInputOf(v.capacityRules),
  };
}

export type RuleInput = ReturnType<typeof ruleInputOf>;
