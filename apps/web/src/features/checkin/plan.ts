import type { Scanned } from './codes.ts';
import type { SignDirection } from './types.ts';

/**
 * Who is scanning: the booker at the venue (scans the resource's code), staff at the venue
 * (scan bookers' vouchers), or a desk that takes either (a USB scanner at /pc/signer: a
 * resource code checks the signed-in user in, a voucher is a staff scan).
 */
export type ScanRole = 'booker' | 'staff' | 'desk';

/** Why a scanned text is not sent to the server. */
export type ScanRefusal = 'empty' | 'unknown' | 'voucherNotForBooker' | 'resourceCodeNotForStaff' | 'venueWithoutCode';

export type ScanPlan =
  /** The booker checks in or out with a resource's code. */
  | { do: 'self'; direction: SignDirection; code: string }
  /** Staff check a voucher's booking in or out; `bookingId` read from the voucher. */
  | { do: 'staff'; direction: SignDirection; code: string; bookingId: string | null }
  /** A booking check URL: show that booking. */
  | { do: 'booking'; id: string }
  | { do: 'refuse'; reason: ScanRefusal; venueId?: string };

/** What to do with a scanned text, for a role and direction (pure). */
export function scanPlan(scanned: Scanned, role: ScanRole, direction: SignDirection): ScanPlan {
  switch (scanned.kind) {
    case 'empty':
      return { do: 'refuse', reason: 'empty' };
    case 'unknown':
      return { do: 'refuse', reason: 'unknown' };
    case 'booking':
      return { do: 'booking', id: scanned.id };
    case 'venue':
      return { do: 'refuse', reason: 'venueWithoutCode', venueId: scanned.id };
    case 'code': {
      const kind = scanned.claims?.kind;
      if (!kind) return { do: 'refuse', reason: 'unknown' };
      if (kind === 'resource') {
        return role === 'staff'
          ? { do: 'refuse', reason: 'resourceCodeNotForStaff' }
          : { do: 'self', direction, code: scanned.code };
      }
      return role === 'booker'
        ? { do: 'refuse', reason: 'voucherNotForBooker' }
        : { do: 'staff', direction, code: scanned.code, bookingId: scanned.claims?.subjectId ?? null };
    }
  }
}
