/**
 * The check-in desk's reading of what a scanner typed (pure): a voucher to send, or why the
 * text is no voucher. A USB scanner types the code and Enter; a pasted URL works too.
 */
import { readScan } from '../checkin/codes.ts';
import type { SignDirection } from '../checkin/types.ts';

export type DeskInput =
  | { ok: true; code: string; expiresAt: number | null }
  | { ok: false; problem: 'empty' | 'resourceCode' | 'bookingLink' | 'venueLink' | 'unknown' };

/**
 * What the desk does with a scanned text: a voucher code goes to the server (which checks it);
 * a resource's code, a booking or venue link, or other text is refused here with the reason.
 * A code the web app cannot read (another version) is still sent: the server decides.
 */
export function deskInput(raw: string): DeskInput {
  const scanned = readScan(raw);
  switch (scanned.kind) {
    case 'empty':
      return { ok: false, problem: 'empty' };
    case 'booking':
      return { ok: false, problem: 'bookingLink' };
    case 'venue':
      return { ok: false, problem: 'venueLink' };
    case 'unknown':
      return { ok: false, problem: 'unknown' };
    case 'code':
      if (scanned.claims?.kind === 'resource') return { ok: false, problem: 'resourceCode' };
      return { ok: true, code: scanned.code, expiresAt: scanned.claims ? scanned.claims.expiresAt * 1000 : null };
  }
}

/** One scan at the desk, newest first in the log. */
export interface DeskScan {
  key: number;
  /** When it was read (ms). */
  at: number;
  direction: SignDirection;
  ok: boolean;
  /** The refusal, or the booking checked in or out (empty when it could not be read). */
  message: string;
  /** The booking it checked in or out. */
  appointmentId: string | null;
}

/** How many scans the desk keeps on screen. */
export const DESK_LOG_MAX = 20;

export function addScan(log: readonly DeskScan[], scan: DeskScan): DeskScan[] {
  return [scan, ...log].slice(0, DESK_LOG_MAX);
}
