import { instantOf, localMidnightMs, parseIsoDate } from '@yuyue/shared';

const DAY = 86_400_000;

/** The black-settings rule: `no_show_times` no-shows within `no_show_days` days -> banned `ban_days` days. */
export interface BlackRule {
  is_enable: string;
  no_show_times: number;
  no_show_days: number;
  ban_days: number;
}

/** The rule until an administrator saves one: on, 3 no-shows within 30 days ban for 7 days. */
export const DEFAULT_BLACK_RULE: BlackRule = { is_enable: '1', no_show_times: 3, no_show_days: 30, ban_days: 7 };

/** Bounds of the rule's numbers (inclusive). */
export const BLACK_RULE_LIMITS = {
  no_show_times: [1, 100],
  no_show_days: [1, 366],
  ban_days: [1, 3650],
} as const;

/** Whether a rule is within bounds. */
export function validRule(r: BlackRule): boolean {
  const within = (v: number, [lo, hi]: readonly [number, number]) => Number.isInteger(v) && v >= lo && v <= hi;
  return (
    (r.is_enable === '0' || r.is_enable === '1') &&
    within(r.no_show_times, BLACK_RULE_LIMITS.no_show_times) &&
    within(r.no_show_days, BLACK_RULE_LIMITS.no_show_days) &&
    within(r.ban_days, BLACK_RULE_LIMITS.ban_days)
  );
}

/**
 * Whether a user's no-shows put them on the blacklist at `now`: counted are the no-shows in
 * the last `no_show_days` days (24-hour days) that came after the user's latest blacklist
 * entry (so the strikes of one ban never count towards the next, and a pardon or removal is
 * not undone at the next no-show). Banned from now for `ban_days` days. Null: no ban.
 */
export function banDecision(input: {
  rule: BlackRule;
  /** Instants (ms) the user's bookings were marked no-shows. */
  noShows: readonly number[];
  /** When the user's latest blacklist entry (any: in force, pardoned, removed) was made. */
  lastEntryAt: number | null;
  now: number;
}): { count: number; startsAt: number; endsAt: number } | null {
  const { rule, now } = input;
  if (rule.is_enable !== '1' || !validRule(rule)) return null;
  const since = Math.max(now - rule.no_show_days * DAY, input.lastEntryAt ?? -Infinity);
  const count = input.noShows.filter((t) => t > since && t <= now).length;
  if (count < rule.no_show_times) return null;
  return { count, startsAt: now, endsAt: now + rule.ban_days * DAY };
}

/** The reason the rule gives, in zh and en. */
export function ruleReason(rule: BlackRule, count: number): { zh: string; en: string } {
  return {
    zh: `${rule.no_show_days}天内${count}次预约未签到（违约）`,
    en: `${count} no-show${count === 1 ? '' : 's'} within ${rule.no_show_days} days`,
  };
}

const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The end of a ban an administrator sets: `days` (1-3650) from now, or `end_time`:
 * "YYYY-MM-DD" (through the end of that day, tenant's wall clock) or "YYYY-MM-DD HH:mm[:ss]".
 * Null when unreadable or not after now.
 */
export function banEndOf(input: { end_time?: string | null; days?: number | null }, now: number, timeZone: string) {
  let end: number | null = null;
  if (input.days !== undefined && input.days !== null) {
    if (!Number.isInteger(input.days) || input.days < 1 || input.days > BLACK_RULE_LIMITS.ban_days[1]) return null;
    end = now + input.days * DAY;
  } else {
    const text = (input.end_time ?? '').trim();
    const date = parseIsoDate(text);
    if (date) {
      const next = new Date(Date.UTC(date.year, date.month - 1, date.day) + DAY).toISOString().slice(0, 10);
      end = localMidnightMs(next, timeZone);
    } else {
      const m = DATE_TIME_RE.exec(text);
      const d = m ? parseIsoDate(m[1]!) : null;
      const [h, mi, s] = m ? [Number(m[2]), Number(m[3]), Number(m[4] ?? '0')] : [0, 0, 0];
      if (d && h < 24 && mi < 60 && s < 60) end = instantOf(d, { hour: h, minute: mi, second: s }, timeZone);
    }
  }
  return end !== null && end > now ? end : null;
}

/** A blacklist entry's standing at `now`: '1' in force, '2' pardoned, '3' expired. */
export function banStateOf(e: { state: string; end_time: Date }, now: number): '1' | '2' | '3' {
  if (e.state === '2') return '2';
  return e.end_time.getTime() > now ? '1' : '3';
}
