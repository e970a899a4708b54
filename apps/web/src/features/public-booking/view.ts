/**
 * How the open booking pages present their data (pure, no UI kit): the verdict's kind, a
 * slot's label and tone, the chart's day tabs and counts, and the tenant of a shared link.
 */
import { pick } from '../../lib/i18n.ts';
import type { CheckVerdict, PublicResourceSlot, PublicResourceSlotChart, PublicSlotState } from './types.ts';

/** The three looks of a verdict: admits now, not yet (or awaiting approval), does not admit. */
export type VerdictKind = 'valid' | 'pending' | 'invalid';

export function verdictKind(v: CheckVerdict): VerdictKind {
  if (v === 'valid') return 'valid';
  return v === 'notYet' || v === 'pending' ? 'pending' : 'invalid';
}

/**
 * A slot's label key (`publicBooking.chart.state.*`): a booked slot of a capacity resource is
 * "full", of a single-seat resource "booked".
 */
export function slotStateKey(s: Pick<PublicResourceSlot, 'state' | 'capacity'>): PublicSlotState | 'full' {
  return s.state === 'booked' && s.capacity > 1 ? 'full' : s.state;
}

/** Tone of a slot state (colour is never the only sign: every slot carries its label). */
export const SLOT_TONE: Record<PublicSlotState, 'success' | 'danger' | 'warning' | 'default'> = {
  free: 'success',
  booked: 'danger',
  closed: 'warning',
  passed: 'default',
};

/** Whether to show seats ("2/5 left"): capacity resources, on slots not passed or closed. */
export function showsSeats(s: Pick<PublicResourceSlot, 'state' | 'capacity'>): boolean {
  return s.capacity > 1 && (s.state === 'free' || s.state === 'booked');
}

/** The reason a slot is closed or cannot be booked, in the page's language ('' when none). */
export function slotReason(s: Pick<PublicResourceSlot, 'reason_cn' | 'reason_en'>): string {
  return pick(s.reason_cn, s.reason_en);
}

/** How many slots of the day are in each state. */
export function stateCounts(slots: readonly Pick<PublicResourceSlot, 'state'>[]): Record<PublicSlotState, number> {
  const out: Record<PublicSlotState, number> = { free: 0, booked: 0, closed: 0, passed: 0 };
  for (const s of slots) out[s.state] += 1;
  return out;
}

/** A day tab: "MM-DD", weekday (0 Sunday) and whether it is today. */
export interface DayTab {
  date: string;
  monthDay: string;
  weekday: number;
  today: boolean;
}

export function dayTabs(dates: readonly string[], today: string): DayTab[] {
  return dates.map((date) => {
    const [y, m, d] = date.split('-').map(Number);
    return {
      date,
      monthDay: date.slice(5),
      weekday: new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay(),
      today: date === today,
    };
  });
}

/** Campus, building and floor of the resource in the page's language, joined. */
export function locationOf(c: PublicResourceSlotChart): string {
  return [
    pick(c.campus_name, c.campus_name_en),
    pick(c.building_name, c.building_name_en),
    pick(c.floor_name, c.floor_name_en),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The tenant a shared link names (`?tenantKey=`), '' for the request's own. */
export function tenantKeyOf(search: string): string {
  return (new URLSearchParams(search).get('tenantKey') ?? '').trim();
}
