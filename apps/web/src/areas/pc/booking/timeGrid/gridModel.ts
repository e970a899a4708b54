/**
 * The time grid's model: resources as rows, the union of their fixed slots as columns; a cell
 * looks as the booking feature's `slotLook` says (spec 4 "Time slot states"). Pure, so it is
 * tested without a DOM.
 */
import { slotLook } from '../../../../features/booking/slots.ts';
import type { SlotAvailability } from '../../../../features/booking/types.ts';

export type { SlotAvailability };

/** A column of the grid: one period "kssj-jssj" that at least one resource offers. */
export interface GridColumn {
  key: string;
  kssj: string;
  jssj: string;
}

export const columnKey = (kssj: string, jssj: string) => `${kssj}-${jssj}`;

/** The distinct periods of all rows' slots, by start then end. */
export function gridColumns(rows: Iterable<readonly Pick<SlotAvailability, 'kssj' | 'jssj'>[]>): GridColumn[] {
  const seen = new Map<string, GridColumn>();
  for (const slots of rows) {
    for (const s of slots) {
      const key = columnKey(s.kssj, s.jssj);
      if (!seen.has(key)) seen.set(key, { key, kssj: s.kssj, jssj: s.jssj });
    }
  }
  return [...seen.values()].sort((a, b) =>
    a.kssj === b.kssj ? a.jssj.localeCompare(b.jssj) : a.kssj.localeCompare(b.kssj),
  );
}

/** The slots of one row by column key (a resource has at most one slot per period). */
export function slotsByColumn<T extends Pick<SlotAvailability, 'kssj' | 'jssj'>>(slots: readonly T[]): Map<string, T> {
  const out = new Map<string, T>();
  for (const s of slots) out.set(columnKey(s.kssj, s.jssj), s);
  return out;
}

/** The texts a cell's tooltip and accessible name are made of, in the current language. */
export interface CellTexts {
  available: string;
  mine: string;
  taken: string;
  full: string;
  closed: string;
  /** With {{time}}: when a not-yet-open slot opens. */
  opensAt: (time: string) => string;
  /** With {{n}}: places left of a slot taking several bookings. */
  remaining: (n: number) => string;
}

/**
 * The full description of a cell: period, state, and for a closed or taken slot the reason (the
 * server's, in the language given) and the opening time of a slot not open yet.
 */
export function describeCell(slot: SlotAvailability, texts: CellTexts, lang: 'zh' | 'en'): string {
  const period = `${slot.kssj}–${slot.jssj}`;
  const state = slotLook(slot, false);
  const reason = (lang === 'en' ? slot.reason_en || slot.reason_cn : slot.reason_cn || slot.reason_en).trim();
  const parts = [period];
  if (state === 'available') {
    parts.push(texts.available);
    if (slot.capacity > 1) parts.push(texts.remaining(slot.remaining));
  } else if (state === 'mine') {
    parts.push(texts.mine);
  } else if (state === 'taken') {
    parts.push(slot.state === 'full' ? texts.full : texts.taken);
  } else {
    parts.push(reason || texts.closed);
    if (slot.rule === 'not_open' && slot.opens_at) parts.push(texts.opensAt(slot.opens_at.slice(0, 16)));
    return parts.join(' · ');
  }
  if (state === 'taken' && reason && reason !== texts.taken && reason !== texts.full) parts.push(reason);
  return parts.join(' · ');
}

/** The slots the user picked: all of one resource (a booking is for one resource). */
export interface GridSelection {
  resourceId: string;
  slotIds: readonly string[];
}

export const EMPTY_SELECTION: GridSelection = { resourceId: '', slotIds: [] };

/**
 * Clicking an available cell: toggles it within the selected resource; a cell of another
 * resource starts a new selection there.
 */
export function toggleSelection(current: GridSelection, resourceId: string, slotId: string): GridSelection {
  if (current.resourceId !== resourceId) return { resourceId, slotIds: [slotId] };
  const has = current.slotIds.includes(slotId);
  const slotIds = has ? current.slotIds.filter((id) => id !== slotId) : [...current.slotIds, slotId];
  return slotIds.length === 0 ? EMPTY_SELECTION : { resourceId, slotIds };
}

/** Drops selected slots that are no longer available (after a reload of the grid). */
export function pruneSelection(
  current: GridSelection,
  slotsOf: (resourceId: string) => readonly SlotAvailability[] | undefined,
): GridSelection {
  if (!current.resourceId) return current;
  const slots = slotsOf(current.resourceId) ?? [];
  const ok = current.slotIds.filter((id) => slots.some((s) => s.id === id && slotLook(s, false) === 'available'));
  if (ok.length === current.slotIds.length) return current;
  return ok.length === 0 ? EMPTY_SELECTION : { resourceId: current.resourceId, slotIds: ok };
}
