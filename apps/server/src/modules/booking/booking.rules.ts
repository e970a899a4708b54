import {
  type ErrorCode,
  type ErrorParams,
  formatDateTime,
  instantOf,
  isoDateOf,
  minutesOf,
  parseIsoDate,
} from '@yuyue/shared';
import { weekdayOf, type ClosedPeriod } from '../resources/resources.rules.ts';

/** The scalar rules that decide when a slot may be booked. */
export interface BookingRules {
  appointment_date_rule: string;
  appointment_date_days: number;
  days_rule_refresh_time: string;
  advance_booking_rule: string;
  max_advance_booking_day: number;
  max_advance_booking_hour: number;
  max_advance_booking_minute: number;
  min_advance_booking_day: number;
  min_advance_booking_hour: number;
  min_advance_booking_minute: number;
  timeslot_latest_rule: string;
  timeslot_latest_deviation_minutes: number;
  min_interval_minutes_cancel: number;
}

type Ymd = { year: number; month: number; day: number };

function addDays(date: Ymd, n: number): Ymd {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + n));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function isoOf(d: Ymd): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** When a date's slots open: the rule lives in `@yuyue/shared`, where the date pickers use it too. */
export { openingInstant } from '@yuyue/shared';

const instantsMemo = new Map<string, Readonly<{ startsAt: number; endsAt: number }> | null>();
const INSTANTS_MEMO_MAX = 50_000;

/**
 * The instants of a slot ("HH:mm".."HH:mm", "24:00" is the next midnight) on a date. Remembered
 * (a pure function of its arguments): time-zone arithmetic goes through `Intl` and a grid of
 * many resources asks for the same few slot times again and again.
 */
export function slotInstants(
  isoDate: string,
  start: string,
  end: string,
  timeZone: string,
): Readonly<{ startsAt: number; endsAt: number }> | null {
  const key = `${timeZone}|${isoDate}|${start}|${end}`;
  const known = instantsMemo.get(key);
  if (known !== undefined) return known;
  // frozen: the memo hands the same object to every caller
  const computed = computeSlotInstants(isoDate, start, end, timeZone);
  const value = computed && Object.freeze(computed);
  if (instantsMemo.size >= INSTANTS_MEMO_MAX) instantsMemo.clear();
  instantsMemo.set(key, value);
  return value;
}

function computeSlotInstants(isoDate: string, start: string, end: string, timeZone: string) {
  const date = parseIsoDate(isoDate);
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (!date || s === null || e === null || e <= s) return null;
  const at = (m: number) =>
    m === 1440
      ? instantOf(addDays(date, 1), { hour: 0, minute: 0 }, timeZone)
      : instantOf(date, { hour: Math.floor(m / 60), minute: m % 60 }, timeZone);
  return { startsAt: at(s), endsAt: at(e) };
}

/** The advance window in minutes before a slot's start (0 = no bound), when `advance_booking_rule` is '1'. */
export function advanceWindow(rules: BookingRules): { min: number; max: number } {
  if (rules.advance_booking_rule !== '1') return { min: 0, max: 0 };
  return {
    min: rules.min_advance_booking_day * 1440 + rules.min_advance_booking_hour * 60 + rules.min_advance_booking_minute,
    max: rules.max_advance_booking_day * 1440 + rules.max_advance_booking_hour * 60 + rules.max_advance_booking_minute,
  };
}

/** Time slot states of the spec (4), plus `full` for a capacity slot with no seat left. */
export type SlotState = 'expired' | 'unavailable' | 'available' | 'mine' | 'taken' | 'full';

/** The rule that makes a slot unbookable. */
export type SlotRule =
  | 'expired'
  | 'not_open'
  | 'date_closed'
  | 'no_reservation'
  | 'occupied'
  | 'advance_min'
  | 'advance_max'
  | 'taken'
  | 'full'
  | 'blacklisted';

export interface SlotFacts {
  now: number;
  isoDate: string;
  start: string;
  end: string;
  startsAt: number;
  endsAt: number;
  /** When the date opens; null when no opening time applies. */
  opensAt: number | null;
  /** The first closed period overlapping the slot, if any. */
  closure: ClosedPeriod | null;
  rules: BookingRules;
  capacity: number;
  /** Active bookings of the slot (all bookers) and of the caller. */
  taken: number;
  mine: number;
  /** The caller's ban in force (its texts), which closes every slot not passed or already theirs. */
  banned?: { reason_cn: string; reason_en: string } | null;
}

export interface SlotStatus {
  state: SlotState;
  rule: SlotRule | null;
  remaining: number;
  opensAt: number | null;
  reason_cn: string;
  reason_en: string;
}

/**
 * The state of one slot for one user, and the rule that closes it. Checks in this order:
 * passed (start, plus the late-booking allowance when `timeslot_latest_rule` is '1'), the
 * caller's own booking, the caller's ban (blacklist), not open yet, closed date/weekday,
 * non-bookable period, occupancy, the advance window, then seats.
 */
export function slotStatus(f: SlotFacts): SlotStatus {
  const remaining = Math.max(0, f.capacity - f.taken);
  const out = (state: SlotState, rule: SlotRule | null, reason_cn = '', reason_en = ''): SlotStatus => ({
    state,
    rule,
    remaining,
    opensAt: rule === 'not_open' ? f.opensAt : null,
    reason_cn,
    reason_en,
  });
  const lateness = f.rules.timeslot_latest_rule === '1' ? f.rules.timeslot_latest_deviation_minutes * 60_000 : 0;
  if (f.now >= Math.min(f.startsAt + lateness, f.endsAt)) return out('expired', 'expired', '已过期', 'Passed');
  if (f.mine > 0) return out('mine', null, '我的预约', 'My booking');
  if (f.banned) return out('unavailable', 'blacklisted', f.banned.reason_cn, f.banned.reason_en);
  if (f.opensAt !== null && f.now < f.opensAt) {
    return out('unavailable', 'not_open', '未到开放预约时间', 'Not open for booking yet');
  }
  if (f.closure) {
    const rule: SlotRule =
      f.closure.kind === 'date' ? 'date_closed' : f.closure.kind === 'occupied' ? 'occupied' : 'no_reservation';
    return out('unavailable', rule, f.closure.reason_cn, f.closure.reason_en);
  }
  const advance = advanceWindow(f.rules);
  const ahead = f.startsAt - f.now;
  if (advance.min > 0 && ahead < advance.min * 60_000) {
    return out('unavailable', 'advance_min', '未满足最少提前预约时间', 'Too close to the start to book');
  }
  if (advance.max > 0 && ahead > advance.max * 60_000) {
    return out('unavailable', 'advance_max', '超出最多提前预约时间', 'Too far ahead to book');
  }
  if (remaining <= 0) {
    return f.capacity <= 1
      ? out('taken', 'taken', '已被预约', 'Booked by someone else')
      : out('full', 'full', '已约满', 'Full');
  }
  return out('available', null);
}

/** The catalogue refusal of a slot that cannot be booked; null when it can. */
export function refusalOf(
  status: SlotStatus,
  f: Pick<SlotFacts, 'isoDate' | 'start' | 'end' | 'rules'>,
  timeZone: string,
): { code: ErrorCode; params: ErrorParams } | null {
  const span = { start: f.start, end: f.end };
  switch (status.rule) {
    case null:
      return status.state === 'mine' ? { code: 'BOOKING_SLOT_MINE', params: span } : null;
    case 'expired':
      return { code: 'BOOKING_SLOT_EXPIRED', params: span };
    case 'not_open':
      return {
        code: 'BOOKING_NOT_OPEN_YET',
        params: { date: f.isoDate, opensAt: formatDateTime(status.opensAt!, timeZone) },
      };
    case 'date_closed':
    case 'no_reservation':
    case 'occupied':
    case 'blacklisted':
      return {
        code: 'BOOKING_SLOT_CLOSED',
        params: { ...span, reason_cn: status.reason_cn, reason_en: status.reason_en },
      };
    case 'advance_min':
      return { code: 'BOOKING_ADVANCE_MIN', params: { minutes: advanceWindow(f.rules).min } };
    case 'advance_max':
      return { code: 'BOOKING_ADVANCE_MAX', params: { minutes: advanceWindow(f.rules).max } };
    case 'taken':
      return { code: 'BOOKING_SLOT_TAKEN', params: span };
    case 'full':
      return { code: 'BOOKING_SLOT_FULL', params: span };
  }
}

/**
 * `appointment_date` as clients send it: epoch ms of local midnight (a number or a numeric
 * string; any instant of the day is read as that day) or "YYYY-MM-DD". Null when unreadable.
 */
export function bookingDateOf(value: unknown, timeZone: string): string | null {
  if (typeof value === 'number') return dateMsInRange(value) ? isoDateOf(value, timeZone) : null;
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (/^-?\d{6,}$/.test(v)) return dateMsInRange(Number(v)) ? isoDateOf(Number(v), timeZone) : null;
  return parseIsoDate(v) ? v : null;
}

/** Whether epoch ms can be a booking date (1900-9999): beyond, Date itself fails ("Invalid time value" for 1e20). */
function dateMsInRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= Date.UTC(1900, 0, 1) && ms <= Date.UTC(9999, 11, 31, 23, 59, 59, 999);
}

/** A per-person limit: at most `limit` bookings in the period containing the booking date. */
export interface NumberLimit {
  /** '1' day, '2' week (Monday..Sunday), '3' month, '4' between the two dates. */
  appointment_number_rule: string;
  appointment_number_limit: number;
  timeperiod_number_begin_date: string;
  timeperiod_number_end_date: string;
  /** What the limit counts: bookings of one resource, or of every resource of a type. */
  scope: 'resource' | 'type';
}

/** The dates (inclusive) a limit counts over for a booking on `isoDate`; null when it does not apply to that date. */
export function limitPeriod(rule: NumberLimit, isoDate: string): { from: string; to: string } | null {
  const date = parseIsoDate(isoDate);
  if (!date) return null;
  switch (rule.appointment_number_rule) {
    case '1':
      return { from: isoDate, to: isoDate };
    case '2': {
      const monday = addDays(date, 1 - weekdayOf(date));
      return { from: isoOf(monday), to: isoOf(addDays(monday, 6)) };
    }
    case '3': {
      const last = new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
      return { from: isoOf({ ...date, day: 1 }), to: isoOf({ ...date, day: last }) };
    }
    case '4': {
      const from = rule.timeperiod_number_begin_date;
      const to = rule.timeperiod_number_end_date;
      if ((from && isoDate < from) || (to && isoDate > to)) return null;
      return { from: from || '0000-01-01', to: to || '9999-12-31' };
    }
    default:
      return null;
  }
}

/**
 * The unfinished-bookings limit of a resource type (`is_incomplete_appointment_number_limit`
 * '1'): at most `incomplete_appointment_number_limit` bookings of the type that are active, to
 * be performed and not yet ended, per booker. Null when the type sets none.
 */
export function unfinishedLimitOf(
  type: { is_incomplete_appointment_number_limit: string; incomplete_appointment_number_limit: number } | undefined,
): number | null {
  if (type?.is_incomplete_appointment_number_limit !== '1') return null;
  return type.incomplete_appointment_number_limit > 0 ? type.incomplete_appointment_number_limit : null;
}

/** The booking's lifecycle codes (docs/GLOSSARY.md). */
export interface Lifecycle {
  state: string;
  audit_status: string;
  appointment_state: string;
}

/** Whether a booking holds its slot: valid, not rejected, and not an entry in a ballot (audit '4', modules/ballot). */
export function holdsSlot(b: Lifecycle): boolean {
  return b.state === '0' && b.audit_status !== '3' && b.audit_status !== '4';
}

/**
 * Why a booking may not be cancelled now; null when it may. Cancelling is the transition
 * state '0' -> '1' of a booking that is to be performed and not rejected, before its start
 * and, for the booker, at least `min_interval_minutes_cancel` minutes before it; an
 * administrator may cancel up to the start.
 */
export function cancelRefusal(input: {
  booking: Lifecycle;
  now: number;
  startsAt: number;
  minIntervalMinutes: number;
  byAdmin: boolean;
}): { code: ErrorCode; params?: ErrorParams } | null {
  const { booking } = input;
  if (booking.state === '1') return { code: 'CANCEL_ALREADY_CANCELLED' };
  if (booking.audit_status === '3' || booking.appointment_state !== '0') return { code: 'CANCEL_NOT_ALLOWED_STATE' };
  if (input.now >= input.startsAt) return { code: 'CANCEL_STARTED' };
  const window = Math.max(0, input.minIntervalMinutes);
  if (!input.byAdmin && window > 0 && input.startsAt - input.now < window * 60_000) {
    return { code: 'CANCEL_TOO_LATE', params: { minutes: window } };
  }
  return null;
}

/** Success texts of the booking operations. */
export const bookingTexts = {
  bookable: { zh: '可以预约', en: 'Bookable' },
  booked: { zh: '预约成功', en: 'Booked' },
  submitted: { zh: '提交成功，等待审核', en: 'Submitted; awaiting approval' },
  cancellable: { zh: '可以取消', en: 'May be cancelled' },
} as const;
