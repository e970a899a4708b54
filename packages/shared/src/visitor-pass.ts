/**
 * Visitor entry passes: the token a pass's QR code holds, and the one rule that judges it at a
 * gate. The server (issuing, online verification, recording entries) and the gate page (offline
 * verification) both use this file, so a pass means the same thing everywhere.
 *
 * Token: `YV1:` + base45 (RFC 9285) of `payload || signature`. Base45 uses only the QR code's
 * alphanumeric characters, so the code is drawn in alphanumeric mode (5.5 bits a character): a
 * pass with three areas fits QR version 9 at error correction M (bench/visitor-pass.ts).
 *
 * Payload (big-endian):
 *   u8 version (1) | u8 kid length, kid (UTF-8) | 8 bytes serial (random) |
 *   u8 tenant key length, tenant key (UTF-8) | u8 kind (1 visit, 2 longTerm, 3 booking) |
 *   u32 valid_from, u32 valid_to (unix seconds; valid_from inclusive, valid_to exclusive) |
 *   longTerm only: u8 weekdays (bit 0 Monday .. bit 6 Sunday), u16 start minute, u16 end minute
 *   (minutes of the local day, end 1440 = 24:00) |
 *   u8 area count, 16 raw bytes per area id (a UUID; no area: every visitor area) |
 *   u8 name length, the MASKED visitor name (UTF-8).
 * Signature: Ed25519 over the ASCII domain prefix "yuyue visitor pass v1\0" followed by the payload,
 * with the tenant's key named by kid.
 *
 * Nothing here throws on bad input: `decodePass` answers a typed failure.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { wallClock } from './time.ts';

export const PASS_PREFIX = 'YV1:';
export const PASS_VERSION = 1;
const DOMAIN = new TextEncoder().encode('yuyue visitor pass v1\u0000');
const SIGNATURE_BYTES = 64;
const SERIAL_BYTES = 8;
/** The most areas a pass names (a long-term pass for more names none: every visitor area). */
export const PASS_MAX_AREAS = 16;
const MAX_TEXT_BYTES = 64;
const MAX_TOKEN_CHARS = PASS_PREFIX.length + 2048;

export type PassKind = 'visit' | 'longTerm' | 'booking';
const KIND_CODES: Record<PassKind, number> = { visit: 1, longTerm: 2, booking: 3 };
const KINDS: Record<number, PassKind> = { 1: 'visit', 2: 'longTerm', 3: 'booking' };

/** What a pass says. Times are unix seconds; `serial` 16 lowercase hex digits; area ids UUIDs. */
export interface PassFields {
  kid: string;
  serial: string;
  tenantKey: string;
  kind: PassKind;
  validFrom: number;
  validTo: number;
  /** Long-term passes: ISO weekdays (1 Monday .. 7 Sunday) and the daily hours, in minutes. */
  weekdays?: number[];
  startMinute?: number;
  endMinute?: number;
  areaIds: string[];
  /** Already masked (maskName): a pass carries nothing else personal. */
  visitorName: string;
}

export interface DecodedPass extends PassFields {
  version: number;
}

export type DecodeResult =
  | { ok: true; pass: DecodedPass; payload: Uint8Array; signature: Uint8Array }
  | { ok: false; error: 'malformed'; detail: string };

/** Raised by `encodePass` on fields that cannot make a pass (the issuer's bug, not a visitor's input). */
export class PassFieldError extends Error {}

// ---------------------------------------------------------------- base45 (RFC 9285)

const B45 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const B45_VALUE = new Map([...B45].map((c, i) => [c, i]));

export function base45Encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    let n = bytes[i]! * 256 + bytes[i + 1]!;
    const c = n % 45;
    n = (n - c) / 45;
    const d = n % 45;
    const e = (n - d) / 45;
    out += B45[c]! + B45[d]! + B45[e]!;
  }
  if (bytes.length % 2 === 1) {
    const n = bytes[bytes.length - 1]!;
    out += B45[n % 45]! + B45[Math.floor(n / 45)]!;
  }
  return out;
}

/** Decodes base45; null when a character is outside the alphabet or a group is out of range. */
export function base45Decode(text: string): Uint8Array | null {
  if (text.length % 3 === 1) return null;
  const out = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
  let o = 0;
  for (let i = 0; i < text.length; i += 3) {
    const c = B45_VALUE.get(text[i]!);
    const d = B45_VALUE.get(text[i + 1]!);
    if (c === undefined || d === undefined) return null;
    if (i + 2 < text.length) {
      const e = B45_VALUE.get(text[i + 2]!);
      if (e === undefined) return null;
      const n = c + d * 45 + e * 2025;
      if (n > 0xffff) return null;
      out[o++] = n >> 8;
      out[o++] = n & 0xff;
    } else {
      const n = c + d * 45;
      if (n > 0xff) return null;
      out[o++] = n;
    }
  }
  return out;
}

// ---------------------------------------------------------------- small byte helpers

const HEX = /^[0-9a-f]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

function uuidToBytes(id: string): Uint8Array {
  return hexToBytes(id.replace(/-/g, ''));
}

function bytesToUuid(bytes: Uint8Array): string {
  const h = bytesToHex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64URL_VALUE = new Map([...B64URL].map((c, i) => [c, i]));

/** Decodes base64url (padding optional); null when it is not base64url. */
export function base64UrlDecode(text: string): Uint8Array | null {
  const s = text.replace(/=+$/, '');
  if (s.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (const ch of s) {
    const v = B64URL_VALUE.get(ch);
    if (v === undefined) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** Encodes bytes as base64url without padding. */
export function base64UrlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k++) out += B64URL[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

// ---------------------------------------------------------------- encoding

/** A new random serial (64 bits, 16 hex digits) from the platform's secure random source. */
export function newPassSerial(): string {
  const bytes = new Uint8Array(SERIAL_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/** The ISO weekdays as the payload's bit mask. */
function weekdayMask(days: readonly number[]): number {
  let mask = 0;
  for (const d of days) {
    if (!Number.isInteger(d) || d < 1 || d > 7) throw new PassFieldError(`weekday ${d} is not 1..7`);
    mask |= 1 << (d - 1);
  }
  return mask;
}

function checkText(name: string, value: string): Uint8Array {
  const bytes = utf8.encode(value);
  if (bytes.length > MAX_TEXT_BYTES) throw new PassFieldError(`${name} is longer than ${MAX_TEXT_BYTES} bytes`);
  return bytes;
}

function checkUint32(name: string, value: number) {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new PassFieldError(`${name} is not u32`);
}

/**
 * The payload of a pass and the message its issuer signs (the domain prefix + payload). Throws
 * PassFieldError on fields that cannot be a pass.
 */
export function encodePass(fields: PassFields): { payload: Uint8Array; message: Uint8Array } {
  const kid = checkText('kid', fields.kid);
  if (kid.length === 0) throw new PassFieldError('kid is empty');
  const tenant = checkText('tenantKey', fields.tenantKey);
  const name = checkText('visitorName', fields.visitorName);
  if (fields.serial.length !== SERIAL_BYTES * 2 || !HEX.test(fields.serial)) {
    throw new PassFieldError('serial is not 16 lowercase hex digits');
  }
  const kind = KIND_CODES[fields.kind];
  if (!kind) throw new PassFieldError(`kind ${String(fields.kind)} is unknown`);
  checkUint32('validFrom', fields.validFrom);
  checkUint32('validTo', fields.validTo);
  if (fields.validTo <= fields.validFrom) throw new PassFieldError('validTo is not after validFrom');
  if (fields.areaIds.length > PASS_MAX_AREAS) throw new PassFieldError(`more than ${PASS_MAX_AREAS} areas`);
  for (const a of fields.areaIds) if (!UUID.test(a)) throw new PassFieldError(`area ${a} is not a lowercase UUID`);

  const parts: number[] = [PASS_VERSION, kid.length, ...kid, ...hexToBytes(fields.serial), tenant.length, ...tenant];
  parts.push(kind);
  const u32 = (v: number) => parts.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  const u16 = (v: number) => parts.push((v >>> 8) & 0xff, v & 0xff);
  u32(fields.validFrom);
  u32(fields.validTo);
  if (fields.kind === 'longTerm') {
    const start = fields.startMinute ?? 0;
    const end = fields.endMinute ?? 1440;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > 1440 || start >= end) {
      throw new PassFieldError('daily hours are not 0 <= start < end <= 1440 minutes');
    }
    parts.push(weekdayMask(fields.weekdays ?? [1, 2, 3, 4, 5, 6, 7]));
    u16(start);
    u16(end);
  }
  parts.push(fields.areaIds.length);
  for (const a of fields.areaIds) parts.push(...uuidToBytes(a));
  parts.push(name.length, ...name);
  const payload = Uint8Array.from(parts);
  return { payload, message: signingMessage(payload) };
}

function signingMessage(payload: Uint8Array): Uint8Array {
  const message = new Uint8Array(DOMAIN.length + payload.length);
  message.set(DOMAIN, 0);
  message.set(payload, DOMAIN.length);
  return message;
}

/** The token (QR text) of a signed payload. */
export function assemblePass(payload: Uint8Array, signature: Uint8Array): string {
  if (signature.length !== SIGNATURE_BYTES) throw new PassFieldError('an Ed25519 signature is 64 bytes');
  const all = new Uint8Array(payload.length + SIGNATURE_BYTES);
  all.set(payload, 0);
  all.set(signature, payload.length);
  return PASS_PREFIX + base45Encode(all);
}

/** Whether a scanned text looks like a visitor pass at all (its prefix), before decoding it. */
export function looksLikePass(text: string): boolean {
  return typeof text === 'string' && text.startsWith(PASS_PREFIX);
}

// ---------------------------------------------------------------- decoding

class Reader {
  pos = 0;
  constructor(private readonly bytes: Uint8Array) {}
  need(n: number): Uint8Array {
    if (this.pos + n > this.bytes.length) throw new Malformed('the pass is cut short');
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  u8(): number {
    return this.need(1)[0]!;
  }
  u16(): number {
    const b = this.need(2);
    return b[0]! * 256 + b[1]!;
  }
  u32(): number {
    const b = this.need(4);
    return ((b[0]! * 256 + b[1]!) * 256 + b[2]!) * 256 + b[3]!;
  }
  text(what: string): string {
    const len = this.u8();
    if (len > MAX_TEXT_BYTES) throw new Malformed(`${what} is too long`);
    try {
      return utf8Strict.decode(this.need(len));
    } catch {
      throw new Malformed(`${what} is not UTF-8`);
    }
  }
  get done() {
    return this.pos === this.bytes.length;
  }
}

class Malformed extends Error {}

/** Reads a token. A text that is not a well-formed pass gives `{ ok: false, error: 'malformed' }`. */
export function decodePass(token: string): DecodeResult {
  try {
    if (typeof token !== 'string' || !token.startsWith(PASS_PREFIX)) throw new Malformed('not a visitor pass');
    if (token.length > MAX_TOKEN_CHARS) throw new Malformed('too long for a pass');
    const all = base45Decode(token.slice(PASS_PREFIX.length));
    if (!all) throw new Malformed('not base45');
    // The canonical encoding only: a token that decodes but does not re-encode to itself was altered.
    if (base45Encode(all) !== token.slice(PASS_PREFIX.length)) throw new Malformed('not canonical base45');
    if (all.length <= SIGNATURE_BYTES) throw new Malformed('the pass is cut short');
    const payload = all.subarray(0, all.length - SIGNATURE_BYTES);
    const signature = all.subarray(all.length - SIGNATURE_BYTES);
    const r = new Reader(payload);
    const version = r.u8();
    if (version !== PASS_VERSION) throw new Malformed(`pass version ${version} is unknown`);
    const kid = r.text('kid');
    if (!kid) throw new Malformed('no kid');
    const serial = bytesToHex(r.need(SERIAL_BYTES));
    const tenantKey = r.text('tenant key');
    const kind = KINDS[r.u8()];
    if (!kind) throw new Malformed('unknown pass kind');
    const validFrom = r.u32();
    const validTo = r.u32();
    if (validTo <= validFrom) throw new Malformed('the window is empty');
    const pass: DecodedPass = {
      version,
      kid,
      serial,
      tenantKey,
      kind,
      validFrom,
      validTo,
      areaIds: [],
      visitorName: '',
    };
    if (kind === 'longTerm') {
      const mask = r.u8();
      if (mask === 0 || mask > 0x7f) throw new Malformed('bad weekdays');
      pass.weekdays = [1, 2, 3, 4, 5, 6, 7].filter((d) => mask & (1 << (d - 1)));
      pass.startMinute = r.u16();
      pass.endMinute = r.u16();
      if (pass.endMinute > 1440 || pass.startMinute >= pass.endMinute) throw new Malformed('bad daily hours');
    }
    const count = r.u8();
    if (count > PASS_MAX_AREAS) throw new Malformed('too many areas');
    for (let i = 0; i < count; i++) pass.areaIds.push(bytesToUuid(r.need(16)));
    pass.visitorName = r.text('visitor name');
    if (!r.done) throw new Malformed('bytes after the pass');
    return { ok: true, pass, payload: payload.slice(), signature: signature.slice() };
  } catch (err) {
    return { ok: false, error: 'malformed', detail: err instanceof Error ? err.message : 'malformed' };
  }
}

// ---------------------------------------------------------------- signature

export interface PublishedPassKey {
  kid: string;
  public_key: string;
}

const keyCache = new Map<string, Uint8Array | null>();

function publicKeyBytes(text: string): Uint8Array | null {
  if (keyCache.has(text)) return keyCache.get(text)!;
  const raw = base64UrlDecode(text);
  const key = raw && raw.length === 32 ? raw : null;
  if (keyCache.size > 256) keyCache.clear();
  keyCache.set(text, key);
  return key;
}

/**
 * Whether the token's signature is good under the published key its kid names (an unknown kid,
 * a bad key or a malformed token: false). Accepts a token or what `decodePass` gave for it.
 */
export function verifyPassSignature(
  token: string | DecodeResult,
  keys: readonly PublishedPassKey[] | null | undefined,
): boolean {
  const decoded = typeof token === 'string' ? decodePass(token) : token;
  if (!decoded.ok || !keys) return false;
  const entry = keys.find((k) => k && k.kid === decoded.pass.kid);
  const key = entry ? publicKeyBytes(entry.public_key) : null;
  if (!key) return false;
  try {
    return ed25519.verify(decoded.signature, signingMessage(decoded.payload), key, { zip215: false });
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- the verdict

export type PassVerdictResult =
  | 'valid'
  | 'repeat'
  | 'forged'
  | 'malformed'
  | 'otherTenant'
  | 'notYet'
  | 'expired'
  | 'outsideHours'
  | 'wrongArea'
  | 'revoked';

/** The guard's words for each verdict. */
export const PASS_VERDICT_REASONS: Readonly<Record<PassVerdictResult, { cn: string; en: string }>> = {
  valid: { cn: '通行证有效，准予进入。', en: 'Valid pass: entry allowed.' },
  repeat: {
    cn: '通行证有效，但此证已在本入口进入过（重复进入）。',
    en: 'Valid pass, but it has already entered at this gate (repeat entry).',
  },
  forged: { cn: '通行证签名无效，可能是伪造或被篡改。', en: 'The pass signature is invalid: forged or altered.' },
  malformed: { cn: '这不是有效的访客通行证。', en: 'This is not a valid visitor pass.' },
  otherTenant: { cn: '此通行证属于其他单位。', en: 'This pass belongs to another organisation.' },
  notYet: { cn: '通行证尚未生效。', en: 'The pass is not valid yet.' },
  expired: { cn: '通行证已过期。', en: 'The pass has expired.' },
  outsideHours: {
    cn: '不在通行证允许的日期或时段内。',
    en: 'Outside the days or hours the pass allows.',
  },
  wrongArea: { cn: '通行证不含此区域。', en: 'The pass is not valid for this area.' },
  revoked: { cn: '通行证已被撤销。', en: 'The pass has been revoked.' },
};

export interface PassVerdictInput {
  decoded: DecodeResult;
  signatureOk: boolean;
  /** The gate's tenant. */
  tenantKey: string;
  /** The area resource id the gate stands at. */
  place: string;
  /** The instant judged (epoch ms): now, or a queued entry's scan time. */
  at: number;
  /** The tenant's time zone (long-term passes' weekdays and hours). */
  timeZone: string;
  revoked: ReadonlySet<string>;
  /** Whether this pass already entered at `place` inside its window. */
  priorEntry?: boolean;
}

export interface PassVerdict {
  result: PassVerdictResult;
  reason_cn: string;
  reason_en: string;
  /** What the pass says, when it could be read. */
  pass?: DecodedPass;
}

/** Whether a verdict lets the visitor in ('valid' and 'repeat'). */
export function admits(result: PassVerdictResult): boolean {
  return result === 'valid' || result === 'repeat';
}

/**
 * The verdict on a pass at a place and instant, checked in this order: malformed, another
 * tenant's, bad signature, revoked, not for this area, not yet valid, expired, outside the
 * long-term pass's weekdays or hours, already entered here (repeat), valid.
 */
export function passVerdict(input: PassVerdictInput): PassVerdict {
  const { decoded } = input;
  const say = (result: PassVerdictResult, pass?: DecodedPass): PassVerdict => ({
    result,
    reason_cn: PASS_VERDICT_REASONS[result].cn,
    reason_en: PASS_VERDICT_REASONS[result].en,
    ...(pass ? { pass } : {}),
  });
  if (!decoded.ok) return say('malformed');
  const pass = decoded.pass;
  if (pass.tenantKey !== input.tenantKey) return say('otherTenant', pass);
  if (!input.signatureOk) return say('forged', pass);
  if (input.revoked.has(pass.serial)) return say('revoked', pass);
  if (pass.areaIds.length > 0 && !pass.areaIds.includes(input.place.toLowerCase())) return say('wrongArea', pass);
  const seconds = Math.floor(input.at / 1000);
  if (seconds < pass.validFrom) return say('notYet', pass);
  if (seconds >= pass.validTo) return say('expired', pass);
  if (pass.kind === 'longTerm') {
    const w = wallClock(input.at, input.timeZone);
    const weekday = ((new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay() + 6) % 7) + 1;
    const minute = w.hour * 60 + w.minute;
    const inHours = minute >= (pass.startMinute ?? 0) && minute < (pass.endMinute ?? 1440);
    if (!(pass.weekdays ?? []).includes(weekday) || !inHours) return say('outsideHours', pass);
  }
  if (input.priorEntry) return say('repeat', pass);
  return say('valid', pass);
}
