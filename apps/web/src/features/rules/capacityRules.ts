import { minutesOf } from './time.ts';
import type { RuleIssue } from './validation.ts';

/**
 * A capacity rule (resourcesAvailableNumberRuleList) as the editor holds it: date_rule "1"
 * between start_date and end_date, "2" on weeks; time_slot_rule "1" within
 * start_time..end_time, "0" the whole day.
 */
export interface CapacityRuleForm {
  date_rule: '1' | '2';
  start_date?: string;
  end_date?: string;
  weeks?: string[];
  time_slot_rule: '0' | '1';
  start_time?: string;
  end_time?: string;
  available_number?: number | null;
}

/** A capacity rule as the server stores and returns it. */
export interface CapacityRule {
  time_slot_rule?: string | null;
  date_rule?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  weeks?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  available_number?: number | null;
}

export const CAPACITY_RULE_FIELDS = `resourcesAvailableNumberRuleList { time_slot_rule date_rule start_date end_date weeks
  start_time end_time available_number }`;

const filled = (v: string | null | undefined) => (v ?? '').trim() !== '';
const MAX_NUMBER = 100_000;

/** A new rule: every day of a date range, the whole day. */
export function newCapacityRule(): CapacityRuleForm {
  return {
    date_rule: '1',
    start_date: '',
    end_date: '',
    weeks: [],
    time_slot_rule: '0',
    start_time: '',
    end_time: '',
    available_number: null,
  };
}

export function capacityRuleFormOf(list: readonly CapacityRule[] | null | undefined): CapacityRuleForm[] {
  return (list ?? []).map((r) => ({
    date_rule: r.date_rule === '2' ? '2' : '1',
    start_date: r.start_date ?? '',
    end_date: r.end_date ?? '',
    weeks: (r.weeks ?? '')
      .split(/[,，]/)
      .map((w) => w.trim())
      .filter((w) => /^[1-7]$/.test(w)),
    time_slot_rule: r.time_slot_rule === '1' ? '1' : '0',
    start_time: r.start_time ?? '',
    end_time: r.end_time ?? '',
    available_number: r.available_number ?? null,
  }));
}

/** InputResourcesAvailableNumberRule rows; fields of the other mode are sent empty. */
export function capacityRuleInputOf(list: readonly CapacityRuleForm[] | null | undefined) {
  return (list ?? []).map((r) => {
    const byDate = r.date_rule !== '2';
    const byTime = r.time_slot_rule === '1';
    return {
      date_rule: byDate ? '1' : '2',
      start_date: byDate ? (r.start_date ?? '').trim() : '',
      end_date: byDate ? (r.end_date ?? '').trim() : '',
      weeks: byDate ? '' : [...new Set(r.weeks ?? [])].sort().join(','),
      time_slot_rule: byTime ? '1' : '0',
      start_time: byTime ? (r.start_time ?? '').trim() : '',
      end_time: byTime ? (r.end_time ?? '').trim() : '',
      available_number: typeof r.available_number === 'number' ? r.available_number : 0,
    };
  });
}

/**
 * Every problem of the capacity rules, in field order (empty when they can be saved), as rule
 * editor problems under `capacityRules`.
 */
export function capacityRuleIssues(list: readonly CapacityRuleForm[] | null | undefined): RuleIssue[] {
  const issues: RuleIssue[] = [];
  (list ?? []).forEach((r, i) => {
    const add = (field: keyof CapacityRuleForm, code: RuleIssue['code']) =>
      issues.push({ path: ['capacityRules', i, field], code });
    if (r.date_rule === '2') {
      if (!r.weeks?.length) add('weeks', 'weekRequired');
    } else {
      if (!filled(r.start_date)) add('start_date', 'required');
      if (!filled(r.end_date)) add('end_date', 'required');
      // Dates are YYYY-MM-DD, so text order is date order; a one-day rule has end == start.
      if (filled(r.start_date) && filled(r.end_date) && r.end_date!.trim() < r.start_date!.trim()) {
        add('end_date', 'dateOrder');
      }
    }
    if (r.time_slot_rule === '1') {
      const s = minutesOf(r.start_time);
      const e = minutesOf(r.end_time);
      if (!filled(r.start_time)) add('start_time', 'required');
      else if (s === null) add('start_time', 'timeFormat');
      if (!filled(r.end_time)) add('end_time', 'required');
      else if (e === null) add('end_time', 'timeFormat');
      else if (s !== null && e <= s) add('end_time', 'startBeforeEnd');
    }
    const n = r.available_number;
    if (n === null || n === undefined || (typeof n === 'number' && Number.isNaN(n)))
      add('available_number', 'required');
    else if (!Number.isInteger(n) || n < 0 || n > MAX_NUMBER) add('available_number', 'numberInvalid');
  });
  return issues;
}
