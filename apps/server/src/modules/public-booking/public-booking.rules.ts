import { parseIsoDate } from '@yuyue/shared';
import { confirmed, signInWindow, type CheckInRules, type SignBooking } from '../checkin/checkin.rules.ts';
import type { SlotAvailability } from '../booking/booking.availability.service.ts';

/**
 * What a gate or door check says about a booking at an instant: `valid` (confirmed and inside
 * its entry window: check-in opening until the end), `notYet` (before that window), `expired`
 * (ended), `checkedOut`, or why it does not hold: `pending` (awaiting approval), `cancelled`,
 * `rejected`, `terminated`, `noShow`.
 */
export type CheckVerdict =
  'valid' | 'notYet' | 'expired' | 'checkedOut' | 'pending' | 'cancelled' | 'rejected' | 'terminated' | 'noShow';

export interface CheckFacts extends SignBooking {
  /** When it was checked out, if it was. */
  signedOutAt: number | null;
}

/** The verdict on a booking at `now` (codes: docs/GLOSSARY.md). */
export function checkVerdict(b: CheckFacts, rules: CheckInRules, now: number): CheckVerdict {
  if (b.state === '1' || b.del !== 0) return 'cancelled';
  if (b.audit_status === '3') return 'rejected';
  if (b.appointment_state === '3') return 'terminated';
  if (b.appointment_state === '2') return 'noShow';
  if (b.audit_status === '1' || !confirmed(b)) return 'pending';
  if (b.signedOutAt !== null) return 'checkedOut';
  if (now >= b.endsAt) return 'expired';
  return now < signInWindow(rules, b).opensAt ? 'notYet' : 'valid';
}

/** How many days the public chart looks ahead, today included. */
export const CHART_DAYS = 7;

/** `today` and the CHART_DAYS - 1 dates after it ("YYYY-MM-DD"). */
export function chartDates(today: string): string[] {
  const d = parseIsoDate(today)!;
  return Array.from({ length: CHART_DAYS }, (_, i) =>
    new Date(Date.UTC(d.year, d.month - 1, d.day + i)).toISOString().slice(0, 10),
  );
}

/** A slot's state on the public chart: nobody's booking is told, only whether seats are left. */
export type PublicSlotState = 'free' | 'booked' | 'closed' | 'passed';

const CLOSING_RULES = new Set(['date_closed', 'no_reservation', 'occupied']);

/**
 * A slot of the booking engine's availability (as an anonymous caller sees it: no "mine", no
 * ban) in the public chart's terms: passed; closed (closed date, non-bookable period,
 * occupancy, no capacity); booked (no seat left); else free. `bookable`: a signed-in user may
 * book it now (not passed, open, inside the advance window, seats left).
 */
export function publicSlot(s: SlotAvailability) {
  let state: PublicSlotState;
  if (s.state === 'expired') state = 'passed';
  else if (CLOSING_RULES.has(s.rule) || s.capacity <= 0) state = 'closed';
  else state = s.remaining <= 0 ? 'booked' : 'free';
  const explained = state === 'closed' || (state === 'free' && s.state !== 'available');
  return {
    id: s.id,
    kssj: s.kssj,
    jssj: s.jssj,
    state,
    bookable: s.state === 'available',
    capacity: s.capacity,
    remaining: s.remaining,
    // Why it cannot be booked (closed, not open yet, outside the advance window); none when free or booked.
    reason_cn: explained ? s.reason_cn : '',
    reason_en: explained ? s.reason_en : '',
  };
}
