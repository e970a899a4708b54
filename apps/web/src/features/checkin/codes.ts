/**
 * Reading what a QR scanner, a USB scanner or a paste gave (pure). Check-in codes are 110
 * base64url characters (82 bytes: version, kind, tenant, subject, issue and expiry seconds,
 * nonce, HMAC — see apps/server/src/modules/checkin/checkin.codes.ts). The web app reads the
 * kind and subject to say what was scanned; only the server checks the signature.
 */

/** A resource's check-in code (the booker scans it) or a booking's voucher (staff scan it). */
export type CodeKind = 'resource' | 'voucher';

export interface CodeClaims {
  kind: CodeKind;
  tenantId: string;
  /** The resource's or the booking's id. */
  subjectId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  /** Seconds since the epoch; refused from then on. */
  expiresAt: number;
}

const CODE_RE = /^[A-Za-z0-9_-]{110}$/;
const CODE_BYTES = 82;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** Longest text taken from a scanner (the server reads at most 2000 characters too). */
export const MAX_SCAN_LENGTH = 2000;

function bytesOf(code: string): Uint8Array | null {
  try {
    const b64 = code.replace(/-/g, '+').replace(/_/g, '/') + '==';
    const bin = atob(b64);
    if (bin.length !== CODE_BYTES) return null;
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function uuidOf(bytes: Uint8Array): string {
  const h = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

/** A code's claims (not verified: the server does that), or null when the text is no code of this version. */
export function decodeSignCode(code: string): CodeClaims | null {
  if (!CODE_RE.test(code)) return null;
  const b = bytesOf(code);
  if (!b || b[0] !== 1) return null;
  const kind = b[1] === 1 ? 'resource' : b[1] === 2 ? 'voucher' : null;
  if (!kind) return null;
  const issuedAt = u32(b, 34);
  const expiresAt = u32(b, 38);
  if (expiresAt <= issuedAt) return null;
  return { kind, tenantId: uuidOf(b.subarray(2, 18)), subjectId: uuidOf(b.subarray(18, 34)), issuedAt, expiresAt };
}

/** What a scanned text holds. */
export type Scanned =
  /** A check-in code, bare or in a URL's `signCode` parameter (a printed resource code opens the venue page). */
  | { kind: 'code'; code: string; claims: CodeClaims | null }
  /** A booking check page URL (`/mobile/checkAppointment/{id}`). */
  | { kind: 'booking'; id: string }
  /** A venue page URL without a code (`/mobile/venueDetail/{id}`, `/pc/venueDetail?id=`). */
  | { kind: 'venue'; id: string }
  | { kind: 'empty' }
  | { kind: 'unknown' };

/**
 * Reads a scanned or pasted text: a bare code, a URL carrying one in `signCode` (the venue
 * page's, as a printed resource code holds), a booking check URL, or a venue URL.
 */
export function readScan(raw: string | null | undefined): Scanned {
  const text = (raw ?? '').trim();
  if (!text) return { kind: 'empty' };
  if (text.length > MAX_SCAN_LENGTH) return { kind: 'unknown' };
  if (CODE_RE.test(text)) return { kind: 'code', code: text, claims: decodeSignCode(text) };
  const inUrl = /[?&]signCode=([A-Za-z0-9_-]{110})(?:[&#]|$)/.exec(text);
  if (inUrl) return { kind: 'code', code: inUrl[1]!, claims: decodeSignCode(inUrl[1]!) };
  const booking = new RegExp(`/checkAppointment/(${UUID})(?:[/?#]|$)`).exec(text);
  if (booking) return { kind: 'booking', id: booking[1]!.toLowerCase() };
  const venue =
    new RegExp(`/venueDetail/(${UUID})(?:[/?#]|$)`).exec(text) ??
    new RegExp(`/venueDetail/?\\?(?:[^#]*&)?id=(${UUID})(?:[&#]|$)`).exec(text);
  if (venue) return { kind: 'venue', id: venue[1]!.toLowerCase() };
  return { kind: 'unknown' };
}

/** Fetch a code again this long before it expires, so a scan right then still finds it valid. */
export const REFRESH_BEFORE_SECONDS = 20;
/** A code is never fetched more often than this. */
const MIN_REFRESH_MS = 5_000;
/** A long-lived (printed) code is kept at most this long before it is fetched again. */
const MAX_REFRESH_MS = 86_400_000;

/** How long a code of `expiresIn` seconds stays fresh before it is fetched again (0 when unknown). */
export function refreshDelayMs(expiresIn: number | null | undefined): number {
  if (!expiresIn || expiresIn <= 0) return 0;
  return Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, (expiresIn - REFRESH_BEFORE_SECONDS) * 1000));
}

/** Whole seconds a code fetched at `fetchedAt` (ms) with `expiresIn` seconds has left at `now`. */
export function secondsLeft(expiresIn: number, fetchedAt: number, now: number): number {
  return Math.max(0, expiresIn - Math.floor(Math.max(0, now - fetchedAt) / 1000));
}

/** "m:ss" (or "h:mm:ss" from an hour) of a number of seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
