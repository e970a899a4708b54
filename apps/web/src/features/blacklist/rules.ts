/**
 * The blacklist's form rules (pure), as the server checks them
 * (apps/server/src/modules/blacklist/blacklist.rules.ts): the black-settings bounds, the end of
 * a ban an administrator sets, and the filter variables of the list.
 */
import type { BlackListFilter } from './types.ts';

/** Bounds of the rule's numbers (inclusive). */
export const BLACK_RULE_LIMITS = {
  no_show_times: [1, 100],
  no_show_days: [1, 366],
  ban_days: [1, 3650],
} as const;

export type BlackRuleField = keyof typeof BLACK_RULE_LIMITS;

/** Longest reason (entry and pardon). */
export const MAX_REASON = 500;

/** Why a rule number is refused: missing, not a whole number, or out of bounds; null when fine. */
export function ruleNumberProblem(field: BlackRuleField, value: unknown): 'required' | 'integer' | 'range' | null {
  if (value === null || value === undefined || value === '') return 'required';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || !Number.isInteger(n)) return 'integer';
  const [lo, hi] = BLACK_RULE_LIMITS[field];
  return n < lo || n > hi ? 'range' : null;
}

/** The list's search form. */
export interface BlackListSearch {
  keyword?: string;
  source?: string;
  ban_state?: string;
}

/** The search form as findBlackListAll's filter (empty fields left out). */
export function blackListFilterOf(s: BlackListSearch): BlackListFilter {
  const keyword = s.keyword?.trim();
  return {
    ...(keyword ? { keyword: { like: keyword } } : {}),
    ...(s.source ? { source: { eq: s.source } } : {}),
    ...(s.ban_state ? { ban_state: { eq: s.ban_state } } : {}),
  };
}

/** How a ban added by an administrator ends: through a date, or after a number of days. */
export type BanEnd = { kind: 'date'; date: string } | { kind: 'days'; days: number };

/** The end as saveBlackList's fields: end_time "YYYY-MM-DD" (through that day) or days. */
export function banEndFields(end: BanEnd): { end_time?: string; days?: number } {
  return end.kind === 'date' ? { end_time: end.date } : { days: end.days };
}
