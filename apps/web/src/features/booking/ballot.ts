/**
 * The ballot as the booking screens show it (docs/GLOSSARY.md "Ballot"): a resource's date
 * released by ballot collects entries during a window from its opening time, draws them at the
 * window's end, and books as usual afterwards. Pure, so the words are tested without a DOM.
 */
import { shortOpening } from './dates.ts';
import type { Explained } from './slots.ts';

/** A date's phase: no ballot, before the window, collecting entries, closed awaiting the draw, drawn. */
export type BallotPhase = 'race' | 'not_open' | 'collecting' | 'drawing' | 'drawn';

/**
 * An entry's outcome: 'waiting' until the draw, then 'won', or why it was not drawn: 'full' (no
 * place left when its turn came), 'capped' (the person's wins per draw), 'refused' (a booking
 * rule, `refusal` the engine's code), 'duplicate' (merged), 'withdrawn' (cancelled before the draw).
 */
export type BallotOutcome = 'waiting' | 'won' | 'full' | 'capped' | 'refused' | 'duplicate' | 'withdrawn';

/** `findBallotDateInfo`: how a resource's date is released, its phase, and the caller's entries. */
export interface BallotDateInfo {
  resources_id: string;
  appointment_date: string;
  release_mode: 'race' | 'ballot';
  window_minutes: number;
  /** "YYYY-MM-DD HH:mm:ss" in the tenant's zone; '' without a ballot. */
  opens_at: string;
  closes_at: string;
  phase: BallotPhase;
  /** After the draw: how many entered each slot ("HH:mm-HH:mm"). */
  slots: { slot: string; entered: number }[];
  mine: { slot: string; appointment_id: string; outcome: BallotOutcome }[];
}

/** `findBallotEntriesForSelf`: the ballot side of one of the caller's bookings. */
export interface BallotEntryForSelf {
  appointment_id: string;
  slot: string;
  outcome: BallotOutcome;
  /** The engine's code when 'refused' (e.g. BLACKLISTED). */
  refusal: string;
  /** When entries closed (the draw is due) and when it was drawn ('' before), "YYYY-MM-DD HH:mm:ss". */
  closes_at: string;
  drawn_at: string;
  /** After the draw: how many entered the slot, and this entry's drawn position (null: not drawn in order). */
  entered: number;
  position: number | null;
}

export { IN_BALLOT } from './status.ts';

/** "HH:mm" of a time today, else "MM-DD HH:mm" (from "YYYY-MM-DD HH:mm[:ss]"). */
export function ballotTime(at: string, today: string): string {
  return at ? shortOpening(at.slice(0, 16), today) : '';
}

/** The slot key of the ballot ("HH:mm-HH:mm"). */
export const ballotSlotKey = (start: string, end: string) => `${start}-${end}`;

/**
 * What the booking screens say of a date released by ballot, under `booking.ballot.phase`:
 * before its window when entries open and close, while collecting when it is drawn, then that
 * the draw is pending, then that it was drawn. Null for a date that races.
 */
export function ballotNotice(info: BallotDateInfo | null | undefined, today: string): Explained | null {
  if (!info || info.release_mode !== 'ballot') return null;
  const from = ballotTime(info.opens_at, today);
  const to = ballotTime(info.closes_at, today);
  switch (info.phase) {
    case 'not_open':
      return { key: 'booking.ballot.phase.not_open', values: { from, to } };
    case 'collecting':
      return { key: 'booking.ballot.phase.collecting', values: { time: to } };
    case 'drawing':
      return { key: 'booking.ballot.phase.drawing', values: { time: to } };
    case 'drawn':
      return { key: 'booking.ballot.phase.drawn' };
    default:
      return null;
  }
}

/** Whether a submit now enters the ballot rather than books. */
export function entersBallot(info: BallotDateInfo | null | undefined): boolean {
  return info?.release_mode === 'ballot' && info.phase === 'collecting';
}

/** Whether the date's slots wait for the draw: nothing can be chosen until it has run. */
export function awaitsDraw(info: BallotDateInfo | null | undefined): boolean {
  return info?.release_mode === 'ballot' && info.phase === 'drawing';
}

/** The caller's entries still waiting, by slot key: a slot entered already is not chosen again. */
export function enteredSlots(info: BallotDateInfo | null | undefined): Set<string> {
  return new Set((info?.mine ?? []).filter((m) => m.outcome === 'waiting').map((m) => m.slot));
}

/** Engine refusals with words of their own (`booking.ballot.refusal.*`); others say "a booking rule". */
const KNOWN_REFUSALS = new Set([
  'BLACKLISTED',
  'BOOKING_LIMIT_EXCEEDED',
  'BOOKING_UNFINISHED_LIMIT_EXCEEDED',
  'BOOKING_SLOT_CLOSED',
  'BOOKING_SLOT_TAKEN',
  'BOOKING_SLOT_FULL',
]);

/**
 * The outcome of an entry in words: `key` under `booking.ballot.outcome`, and for a refusal
 * `reasonKey`, the rule that refused it (under `booking.ballot.refusal`), to fill `{{reason}}`.
 */
export function outcomeText(entry: Pick<BallotEntryForSelf, 'outcome' | 'refusal'>): {
  key: string;
  reasonKey?: string;
} {
  if (entry.outcome === 'refused') {
    return {
      key: 'booking.ballot.outcome.refused',
      reasonKey: `booking.ballot.refusal.${KNOWN_REFUSALS.has(entry.refusal) ? entry.refusal : 'other'}`,
    };
  }
  return { key: `booking.ballot.outcome.${entry.outcome}` };
}

/** Whether an outcome is a win (the booking holds its place), a loss, or still open. */
export function outcomeKind(outcome: BallotOutcome): 'won' | 'lost' | 'waiting' {
  return outcome === 'won' ? 'won' : outcome === 'waiting' ? 'waiting' : 'lost';
}

/** What the ballot makes of a date's slots: the caller's waiting entries, the window open, the draw due. */
export interface BallotSlots {
  entered: ReadonlySet<string>;
  /** Collecting: a submit enters the ballot. */
  open: boolean;
  /** Closed, the draw due: nothing can be chosen. */
  pending: boolean;
}

/** The ballot side of a date for its slots; null when the date races. */
export function ballotSlots(info: BallotDateInfo | null | undefined): BallotSlots | null {
  if (!info || info.release_mode !== 'ballot') return null;
  const open = entersBallot(info);
  const pending = awaitsDraw(info);
  return open || pending ? { entered: enteredSlots(info), open, pending } : null;
}

/**
 * How the ballot changes a bookable slot: one the caller entered already shows as theirs
 * ("entered") and is not chosen again; while the draw is due none can be chosen ("draw
 * pending"); while collecting an open one says it can be entered. `status` and `why` are keys
 * under `booking.ballot`. Null when the slot shows as usual.
 */
export function ballotSlotLook(
  slot: { kssj: string; jssj: string; state: string },
  ballot: BallotSlots | null | undefined,
): { look: 'mine' | 'unavailable' | 'available'; selectable: boolean; status: string; why?: string } | null {
  if (!ballot || slot.state !== 'available') return null;
  if (ballot.entered.has(ballotSlotKey(slot.kssj, slot.jssj)))
    return {
      look: 'mine',
      selectable: false,
      status: 'booking.ballot.slot.entered',
      why: 'booking.ballot.why.entered',
    };
  if (ballot.pending)
    return {
      look: 'unavailable',
      selectable: false,
      status: 'booking.ballot.slot.pending',
      why: 'booking.ballot.why.pending',
    };
  return { look: 'available', selectable: true, status: 'booking.ballot.slot.open' };
}

/**
 * The bookings of a list that may have a ballot side: entries awaiting their draw
 * (audit_status '4'), and valid or refused bookings, which a draw may have left (won or not
 * drawn). Cancelled ones never came out of a draw; a withdrawn entry shows as cancelled.
 */
export function ballotCandidates(rows: readonly { id: string; state: string; audit_status: string }[]): string[] {
  return rows.filter((r) => r.state === '0').map((r) => r.id);
}
