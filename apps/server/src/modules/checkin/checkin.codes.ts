import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed, time-bound check-in codes (the payload of a QR code): a resource's check-in code,
 * which a booker scans at the venue, and a booking's voucher, which staff scan from the
 * booker's phone. Binary layout, then base64url (110 characters):
 *
 *   0      version (1)
 *   1      kind: 1 resource, 2 voucher
 *   2-17   tenant id (UUID bytes)
 *   18-33  subject id: the resource's or the booking's (UUID bytes)
 *   34-37  issued at, seconds since the epoch (uint32 BE)
 *   38-41  expires at, seconds since the epoch (uint32 BE)
 *   42-49  nonce (random; a voucher's single use is recorded by it)
 *   50-81  HMAC-SHA256 of bytes 0-49 with the tenant's secret
 *
 * Pure: the secret comes from the caller (the tenant's key in the database).
 */

export type CodeKind = 'resource' | 'voucher';

export interface CodeClaims {
  kind: CodeKind;
  tenantId: string;
  subjectId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  /** Seconds since the epoch; the code is refused from this second on. */
  expiresAt: number;
  /** 16 hex characters. */
  nonce: string;
}

const VERSION = 1;
const KIND_BYTE: Record<CodeKind, number> = { resource: 1, voucher: 2 };
const BODY_BYTES = 50;
const MAC_BYTES = 32;
const TOTAL_BYTES = BODY_BYTES + MAC_BYTES;
/** base64url without padding of 82 bytes. */
const CODE_RE = /^[A-Za-z0-9_-]{110}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidBytes(id: string): Buffer {
  if (!UUID_RE.test(id)) throw new Error(`not a UUID: ${id}`);
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function mac(secret: Buffer, body: Buffer): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

/** A fresh random nonce (16 hex characters). */
export function newNonce(): string {
  return randomBytes(8).toString('hex');
}

/** A new random tenant secret, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Signs claims into a code. */
export function encodeCode(claims: CodeClaims, secret: string): string {
  const body = Buffer.alloc(BODY_BYTES);
  body[0] = VERSION;
  body[1] = KIND_BYTE[claims.kind];
  uuidBytes(claims.tenantId).copy(body, 2);
  uuidBytes(claims.subjectId).copy(body, 18);
  body.writeUInt32BE(claims.issuedAt, 34);
  body.writeUInt32BE(claims.expiresAt, 38);
  if (!/^[0-9a-f]{16}$/.test(claims.nonce)) throw new Error('nonce: 16 hex characters');
  Buffer.from(claims.nonce, 'hex').copy(body, 42);
  return Buffer.concat([body, mac(Buffer.from(secret, 'base64url'), body)]).toString('base64url');
}

/** A code's structure read without checking its signature, or null when it is not a code at all. */
export interface ParsedCode {
  claims: CodeClaims;
  body: Buffer;
  mac: Buffer;
}

/**
 * Reads a code's claims (no signature check yet: the tenant named in it decides which secret
 * verifies it). Null for anything that is not exactly a well-formed code of this version.
 */
export function parseCode(text: string): ParsedCode | null {
  if (!CODE_RE.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  // The last character carries 2 unused bits: only one spelling of the bytes is accepted.
  if (bytes.length !== TOTAL_BYTES || bytes.toString('base64url') !== text) return null;
  if (bytes[0] !== VERSION) return null;
  const kind = bytes[1] === 1 ? 'resource' : bytes[1] === 2 ? 'voucher' : null;
  if (!kind) return null;
  const issuedAt = bytes.readUInt32BE(34);
  const expiresAt = bytes.readUInt32BE(38);
  if (expiresAt <= issuedAt) return null;
  return {
    claims: {
      kind,
      tenantId: uuidOf(bytes.subarray(2, 18)),
      subjectId: uuidOf(bytes.subarray(18, 34)),
      issuedAt,
      expiresAt,
      nonce: bytes.subarray(42, 50).toString('hex'),
    },
    body: bytes.subarray(0, BODY_BYTES),
    mac: bytes.subarray(BODY_BYTES),
  };
}

/** Whether a parsed code carries a valid signature of `secret` (constant-time comparison). */
export function signatureValid(parsed: ParsedCode, secret: string): boolean {
  const expected = mac(Buffer.from(secret, 'base64url'), parsed.body);
  return expected.length === parsed.mac.length && timingSafeEqual(expected, parsed.mac);
}

/**
 * The code inside what a scanner read: the code itself, or a check-in URL carrying it in its
 * `signCode` query parameter (the printed resource code opens the venue page). Null when none.
 */
export function codeFromScan(scanned: unknown): string | null {
  if (typeof scanned !== 'string') return null;
  const text = scanned.trim();
  if (!text || text.length > 2000) return null;
  if (CODE_RE.test(text)) return text;
  const m = /[?&]signCode=([A-Za-z0-9_-]{110})(?:&|#|$)/.exec(text);
  return m ? m[1]! : null;
}
