import { minutesOf } from './dates.ts';
import type { SlotAvailability } from './types.ts';

/**
 * The five looks of a slot on the time choice (spec 4 "Time slot states"): expired or
 * unavailable (closed), available, the user's own booking, booked by others (or full), and
 * currently selected.
 */
export const SLOT_LOOKS = ['unavailable', 'available', 'mine', 'taken', 'selected'] as const;
export type SlotLook = (typeof SLOT_LOOKS)[number];

export function slotLook(slot: Pick<SlotAvailability, 'state'>, selected: boolean): SlotLook {
  switch (slot.state) {
    case 'available':
      return selected ? 'selected' : 'available';
    case 'mine':
      return 'mine';
    case 'taken':
    case 'full':
      return 'taken';
    default:
      return 'unavailable';
  }
}

export function isSelectable(slot: Pick<SlotAvailability, 'state'>): boolean {
  return slot.state === 'available';
}

/** An i18n key with its values. */
export interface Explained {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * Why a slot cannot be booked, and when a not-yet-open one opens: an i18n key under
 * `booking.why`, or the closure's own reason (closed date, non-bookable period, occupancy)
 * in the current language. Null for a bookable slot.
 */
export function slotExplanation(
  slot: Pick<SlotAvailability, 'state' | 'rule' | 'opens_at' | 'reason_cn' | 'reason_en'>,
  lang: 'zh' | 'en',
): Explained | null {
  const own = (lang === 'en' ? slot.reason_en || slot.reason_cn : slot.reason_cn || slot.reason_en) ?? '';
  switch (slot.rule) {
    case 'not_open':
      return { key: 'booking.why.not_open', values: { time: slot.opens_at.slice(0, 16) } };
    case 'date_closed':
    case 'no_reservation':
    case 'occupied':
      return own ? { key: 'booking.why.closedBecause', values: { reason: own } } : { key: `booking.why.${slot.rule}` };
    case 'expired':
    case 'advance_min':
    case 'advance_max':
    case 'taken':
    case 'full':
      return { key: `booking.why.${slot.rule}` };
    default:
      if (slot.state === 'mine') return { key: 'booking.why.mine' };
      if (slot.state === 'available') return null;
      return own ? { key: 'booking.why.closedBecause', values: { reason: own } } : { key: 'booking.why.unavailable' };
  }
}

/** The selected slots in time order, dropping ids that are no longer offered or bookable. */
export function selectedSlots<T extends Pick<SlotAvailability, 'id' | 'kssj' | 'state'>>(
  slots: readonly T[],
  ids: readonly string[],
): T[] {
  const chosen = new Set(ids);
  return slots.filter((s) => chosen.has(s.id) && isSelectable(s)).sort((a, b) => a.kssj.localeCompare(b.kssj));
}

/** Toggles one slot in a selection; `single` keeps at most one (changing a booking's time). */
export function toggleSlot(ids: readonly string[], id: string, single = false): string[] {
  if (ids.includes(id)) return ids.filter((x) => x !== id);
  return single ? [id] : [...ids, id];
}

/** Shortest and longest free period of a resource in minutes (0 = no bound). */
export function freeTimeLimits(resource: {
  resourcesConfig?: { pertimeslot_min_minutes?: number | null; pertimeslot_max_minutes?: number | null } | null;
}): { min: number; max: number } {
  return {
    min: resource.resourcesConfig?.pertimeslot_min_minutes ?? 0,
    max: resource.resourcesConfig?.pertimeslot_max_minutes ?? 0,
  };
}

/**
 * The first problem of a free period ("HH:mm".."HH:mm") as an i18n key under
 * `booking.choose.invalid`: unreadable or backwards, shorter or longer than the resource
 * allows (minutes; 0 = no bound), or overlapping a closed period of the day. Null when fine.
 */
export function freeTimeProblem(
  start: string,
  end: string,
  limits: { min: number; max: number },
  closed: readonly { start_time: string; end_time: string; reason_cn: string; reason_en: string }[],
  lang: 'zh' | 'en',
): Explained | null {
  const s = minutesOf(start);
  const e = minutesOf(end);
  if (s === null || e === null || e <= s) return { key: 'booking.choose.invalid.time' };
  if (limits.min > 0 && e - s < limits.min)
    return { key: 'booking.choose.invalid.tooShort', values: { min: limits.min } };
  if (limits.max > 0 && e - s > limits.max)
    return { key: 'booking.choose.invalid.tooLong', values: { max: limits.max } };
  for (const c of closed) {
    const cs = minutesOf(c.start_time);
    const ce = minutesOf(c.end_time);
    if (cs !== null && ce !== null && cs < e && s < ce) {
      return {
        key: 'booking.choose.invalid.closed',
        values: {
          start: c.start_time,
          end: c.end_time,
          reason: (lang === 'en' ? c.reason_en || c.reason_cn : c.reason_cn || c.reason_en) ?? '',
        },
      };
    }
  }
  return null;
}
