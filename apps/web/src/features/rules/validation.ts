import { capacityRuleIssues } from './capacityRules.ts';
import type { RuleFormValues } from './form.ts';
import { minutesOf } from './time.ts';

export { minutesOf };

/** What is wrong with a field of the rule editor; `code` names the message (`resources.ruleIssue.<code>`). */
export interface RuleIssue {
  /** The field's name path in the editor's values. */
  path: (string | number)[];
  code: RuleIssueCode;
  params?: Record<string, string | number>;
}

export type RuleIssueCode =
  | 'required'
  | 'timeFormat'
  | 'slotsRequired'
  | 'startBeforeEnd'
  | 'slotsOverlap'
  | 'minAboveMax'
  | 'dateOrder'
  | 'reasonRequired'
  | 'weekRequired'
  | 'monthRequired'
  | 'dayInvalid'
  | 'advanceMinAboveMax'
  | 'numberInvalid';

const filled = (v: string | null | undefined) => (v ?? '').trim() !== '';

/**
 * Problems of a list of time slots: a start or end missing or not "HH:mm", a slot that does
 * not start before it ends, and slots that overlap (touching ends are fine).
 */
export function slotIssues(slots: readonly { kssj?: string | null; jssj?: string | null }[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const valid: { i: number; s: number; e: number }[] = [];
  slots.forEach((slot, i) => {
    const s = minutesOf(slot.kssj);
    const e = minutesOf(slot.jssj);
    if (!filled(slot.kssj)) issues.push({ path: ['slots', i, 'kssj'], code: 'required' });
    else if (s === null) issues.push({ path: ['slots', i, 'kssj'], code: 'timeFormat' });
    if (!filled(slot.jssj)) issues.push({ path: ['slots', i, 'jssj'], code: 'required' });
    else if (e === null) issues.push({ path: ['slots', i, 'jssj'], code: 'timeFormat' });
    if (s === null || e === null) return;
    if (e <= s) {
      issues.push({ path: ['slots', i, 'jssj'], code: 'startBeforeEnd' });
      return;
    }
    valid.push({ i, s, e });
  });
  const sorted = [...valid].sort((a, b) => a.s - b.s || a.i - b.i);
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1]!;
    const cur = sorted[k]!;
    if (cur.s < prev.e) {
      const other = slots[prev.i]!;
      issues.push({
        path: ['slots', cur.i, 'kssj'],
        code: 'slotsOverlap',
        params: { other: `${other.kssj}-${other.jssj}` },
      });
    }
  }
  return issues;
}

/** Total minutes of a days/hours/minutes triple (empty parts count as 0). */
function spanMinutes(day?: number | null, hour?: number | null, minute?: number | null): number {
  return (day ?? 0) * 1440 + (hour ?? 0) * 60 + (minute ?? 0);
}

/**
 * Every problem of the rule editor's values, in the order the editor shows the fields: time
 * slots (slot mode needs at least one; start before end; no overlaps) or free-time minutes
 * (minimum not above maximum), date ranges, non-bookable periods (their kind's fields, times,
 * and a Chinese reason), advance booking (minimum not above maximum), number limits, capacity
 * rules (their mode's dates or weekdays and times, a whole number).
 */
export function ruleIssues(v: RuleFormValues): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (v.time_slot_rule === '2') {
    const min = v.config?.pertimeslot_min_minutes ?? 0;
    const max = v.config?.pertimeslot_max_minutes ?? 0;
    if (min > 0 && max > 0 && min > max) {
      issues.push({ path: ['config', 'pertimeslot_max_minutes'], code: 'minAboveMax' });
    }
  } else {
    if ((v.slots ?? []).length === 0) issues.push({ path: ['slots'], code: 'slotsRequired' });
    issues.push(...slotIssues(v.slots ?? []));
  }
  if (filled(v.days_rule_refresh_time) && minutesOf(v.days_rule_refresh_time) === null) {
    issues.push({ path: ['days_rule_refresh_time'], code: 'timeFormat' });
  }
  (v.dates ?? []).forEach((d, i) => {
    if (!filled(d.start)) issues.push({ path: ['dates', i, 'start'], code: 'required' });
    if (!filled(d.end)) issues.push({ path: ['dates', i, 'end'], code: 'required' });
    if (filled(d.start) && filled(d.end) && d.end < d.start) {
      issues.push({ path: ['dates', i, 'end'], code: 'dateOrder' });
    }
  });
  (v.noReservations ?? []).forEach((n, i) => {
    const at = (field: string) => ['noReservations', i, field];
    if (n.rule_type === '1') {
      if (!filled(n.start_date)) issues.push({ path: at('start_date'), code: 'required' });
      if (!filled(n.end_date)) issues.push({ path: at('end_date'), code: 'required' });
      if (filled(n.start_date) && filled(n.end_date) && n.end_date! < n.start_date!) {
        issues.push({ path: at('end_date'), code: 'dateOrder' });
      }
    } else if (n.rule_type === '2') {
      if ((n.week ?? []).length === 0) issues.push({ path: at('week'), code: 'weekRequired' });
    } else if (n.rule_type === '3') {
      if (!filled(n.month)) issues.push({ path: at('month'), code: 'monthRequired' });
      const day = (n.day ?? '').trim();
      if (day !== '' && !(Number.isInteger(Number(day)) && Number(day) >= 1 && Number(day) <= 31)) {
        issues.push({ path: at('day'), code: 'dayInvalid' });
      }
    }
    const s = minutesOf(n.start_time);
    const e = minutesOf(n.end_time);
    if (filled(n.start_time) && s === null) issues.push({ path: at('start_time'), code: 'timeFormat' });
    if (filled(n.end_time) && e === null) issues.push({ path: at('end_time'), code: 'timeFormat' });
    if (filled(n.start_time) !== filled(n.end_time)) {
      issues.push({ path: at(filled(n.start_time) ? 'end_time' : 'start_time'), code: 'required' });
    }
    if (s !== null && e !== null && e <= s) issues.push({ path: at('end_time'), code: 'startBeforeEnd' });
    if (!filled(n.reason_cn)) issues.push({ path: at('reason_cn'), code: 'reasonRequired' });
  });
  if (v.advance_booking_rule === '1') {
    const max = spanMinutes(v.max_advance_booking_day, v.max_advance_booking_hour, v.max_advance_booking_minute);
    const min = spanMinutes(v.min_advance_booking_day, v.min_advance_booking_hour, v.min_advance_booking_minute);
    if (max > 0 && min > max) issues.push({ path: ['min_advance_booking_day'], code: 'advanceMinAboveMax' });
  }
  (v.numberLimits ?? []).forEach((r, i) => {
    if (r.appointment_number_rule !== '4') return;
    const b = r.timeperiod_number_begin_date;
    const e = r.timeperiod_number_end_date;
    if (!filled(b)) issues.push({ path: ['numberLimits', i, 'timeperiod_number_begin_date'], code: 'required' });
    if (!filled(e)) issues.push({ path: ['numberLimits', i, 'timeperiod_number_end_date'], code: 'required' });
    if (filled(b) && filled(e) && e! < b!) {
      issues.push({ path: ['numberLimits', i, 'timeperiod_number_end_date'], code: 'dateOrder' });
    }
  });
  issues.push(...capacityRuleIssues(v.capacityRules));
  return issues;
}
