import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/** Online meeting states (docs/GLOSSARY.md, section meetings). */
export const MEETING_STATES = ['pending', 'scheduled', 'started', 'ended', 'cancelled', 'failed'] as const;
export type MeetingState = (typeof MEETING_STATES)[number];
export const isMeetingState = (v: unknown): v is MeetingState => MEETING_STATES.includes(v as MeetingState);

/** The providers: `jitsi` built in (a self-hosted Jitsi Meet), `wemeet` Tencent Meeting's REST API. */
export const MEETING_PROVIDERS = ['jitsi', 'wemeet'] as const;
export type MeetingProviderName = (typeof MEETING_PROVIDERS)[number];
export const isMeetingProvider = (v: unknown): v is MeetingProviderName =>
  MEETING_PROVIDERS.includes(v as MeetingProviderName);

/** What is still to be done at the provider. */
export type MeetingSync = '' | 'create' | 'update' | 'cancel';

/**
 * The clock meeting changes are stamped with (when the worker may take them up). Tests move it
 * ahead of the real clock, so that the application's own background worker leaves their meetings
 * to the worker they run by hand.
 */
export const meetingClock = { now: (): number => Date.now() };

/** A claimed meeting's lease: no other worker claims it before this, unless its worker reports. */
export const MEETING_LEASE_MS = 5 * 60_000;

/**
 * Wait before the next attempt after `attempts` failed ones: 30 s, 1, 2, 4 ... minutes, at most
 * an hour, each spread by up to a fifth either way (jitter, so that many meetings failing at once
 * do not all come back at once). `random` in [0, 1): tests fix it.
 */
export function meetingRetryDelayMs(attempts: number, random: number = Math.random()): number {
  const base = Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random));
}

/** An unguessable Jitsi room name: 128 random bits in base32 (RFC 4648 alphabet, lower case, 26 letters). */
export function roomName(bytes: Buffer = randomBytes(16)): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * A Jitsi Meet token (its token authentication, HS256): `aud` "jitsi", `iss` the app id, `sub`
 * the Jitsi domain, `room` the room, `nbf`/`exp` around the meeting, `context.user` who joins.
 */
export function jitsiToken(p: {
  appId: string;
  secret: string;
  domain: string;
  room: string;
  notBefore: Date;
  expires: Date;
  user: { id: string; name: string; email: string; moderator: boolean };
}): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({
      aud: 'jitsi',
      iss: p.appId,
      sub: p.domain,
      room: p.room,
      nbf: Math.floor(p.notBefore.getTime() / 1000),
      exp: Math.floor(p.expires.getTime() / 1000),
      context: { user: { id: p.user.id, name: p.user.name, email: p.user.email, moderator: p.user.moderator } },
    }),
  );
  const signature = createHmac('sha256', p.secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/**
 * Tencent Meeting REST API request signature (企业自建应用鉴权): HMAC-SHA256 with the SecretKey
 * over `method \n X-TC-Key=<SecretId>&X-TC-Nonce=<nonce>&X-TC-Timestamp=<ts> \n <uri> \n <body>`,
 * the digest as lower-case hex, that hex text in base64 (X-TC-Signature). `uri` is the path with
 * its query string; `body` the exact JSON sent (empty for GET).
 */
export function wemeetSignature(p: {
  secretId: string;
  secretKey: string;
  method: string;
  nonce: string;
  timestamp: string;
  uri: string;
  body: string;
}): string {
  const headers = `X-TC-Key=${p.secretId}&X-TC-Nonce=${p.nonce}&X-TC-Timestamp=${p.timestamp}`;
  const toSign = `${p.method.toUpperCase()}\n${headers}\n${p.uri}\n${p.body}`;
  const hex = createHmac('sha256', p.secretKey).update(toSign, 'utf8').digest('hex');
  return Buffer.from(hex, 'utf8').toString('base64');
}

/** A random positive integer for X-TC-Nonce. */
export const wemeetNonce = () => String(randomInt(1, 2 ** 31 - 1));

/**
 * Tencent Meeting's event callback signature (签名校验): the callback token, the `timestamp` and
 * `nonce` headers and the data (`check_str` of the URL check, `data` of an event) sorted as
 * strings, joined, SHA-1, lower-case hex.
 */
export function wemeetCallbackSignature(token: string, timestamp: string, nonce: string, data: string): string {
  return createHash('sha1').update([token, timestamp, nonce, data].sort().join('')).digest('hex');
}

/** A whitelist address as written: a single IPv4/IPv6 address or a CIDR block; null when neither. */
export function parseAddress(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const trimmed = text.trim();
  const [address = '', prefixText, extra] = trimmed.split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (!version) return null;
  const max = version === 4 ? 32 : 128;
  let prefix = max;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > max) return null;
  }
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** An IPv4 address reached over IPv6 (`::ffff:a.b.c.d`) as plain IPv4. */
export function plainAddress(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1]! : ip;
}

/** Whether `ip` is within any of the whitelist entries (an empty list admits none). */
export function addressAllowed(ip: string, entries: readonly string[]): boolean {
  const plain = plainAddress(ip);
  const family = isIP(plain);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseAddress(entry);
    if (!parsed) continue;
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** Tencent's meeting times: seconds since the epoch, as strings (the API refuses numbers). */
export const epochSeconds = (d: Date) => String(Math.floor(d.getTime() / 1000));
