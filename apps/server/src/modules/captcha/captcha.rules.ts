import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * Slider captcha and submit-frequency rules (api-contract 3 and 7), without I/O.
 *
 * A challenge (genCaptcha) hides a puzzle piece at `answerX` px of a 600 px wide background.
 * The client shows the background scaled (300 px wide in the original's web app) and reports
 * the slide's track in its own pixels; the slide is right when the track's last x, as a share
 * of the shown width, is within SLIDE_TOLERANCE of answerX / 600. A challenge can be checked
 * once; a right slide issues a credential (`captchaId` = the challenge id without its
 * `SLIDER_` prefix, `captchaCode` = a random dashed UUID) that one booking submit consumes.
 */

/** Background size the contract fixes. */
export const BG_WIDTH = 600;
export const BG_HEIGHT = 360;
/** The prefix of a challenge id on the wire (`SLIDER_<32 hex>`). */
export const SLIDER_PREFIX = 'SLIDER_';
/** Greatest allowed gap between the slide and the answer, as a share of the image width (12 px of 600). */
export const SLIDE_TOLERANCE = 0.02;
/** How long a challenge may be checked after it was generated. */
export const CHALLENGE_TTL_MS = 2 * 60_000;
/** How long a credential may be used after the slide was checked. */
export const CREDENTIAL_TTL_MS = 5 * 60_000;
/** Rows this long past their expiry are deleted. */
export const CAPTCHA_RETENTION_MS = 60 * 60_000;
/** Most track points a check may send (a slide of a few seconds has a few hundred). */
export const MAX_TRACK_POINTS = 2000;
/** A slide faster than this is no person's. */
export const MIN_SLIDE_MS = 100;

/**
 * "Rapid" submits (api-contract 7, product spec 6 `open_frequency_verify`): the contract fixes
 * the 3rd rapid submit and the 180 s block, not the window. We call submits rapid when three of
 * them fall within FREQUENCY_WINDOW_MS: a person who fills in the form and slides the captcha
 * needs longer than that for three submits, a script does not.
 */
export const FREQUENCY_MAX_SUBMITS = 2;
export const FREQUENCY_WINDOW_MS = 10_000;
export const FREQUENCY_BLOCK_MS = 180_000;
/** Attempts this old are of no use any more and are deleted. */
export const FREQUENCY_RETENTION_MS = 60 * 60_000;

const HEX32 = /^[0-9a-f]{32}$/;
const DASHED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A credential id as submits carry it (32 lower-case hex), or null. */
export function credentialIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  return HEX32.test(v) ? v : null;
}

/** The challenge id inside a wire id `SLIDER_<32 hex>` (the prefix is optional), or null. */
export function challengeIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  return credentialIdOf(v.startsWith(SLIDER_PREFIX) ? v.slice(SLIDER_PREFIX.length) : v);
}

function keyAndIv(captchaId: string): { key: Buffer; iv: Buffer } {
  return { key: Buffer.from(captchaId.slice(0, 16), 'utf8'), iv: Buffer.from(captchaId.slice(1, 17), 'utf8') };
}

/**
 * The browser's encryption of a captchaCode (api-contract 3): base64 of AES-128-CBC with
 * PKCS#7 padding, key = utf8(captchaId[0:16]), iv = utf8(captchaId[1:17]).
 */
export function encryptCaptchaCode(captchaCode: string, captchaId: string): string {
  const { key, iv } = keyAndIv(captchaId);
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(captchaCode, 'utf8'), cipher.final()]).toString('base64');
}

/**
 * The captchaCode a submit carries, in plain text: decrypted as the contract says, or taken
 * as it is when it is already a plain dashed UUID. Null when it is neither.
 */
export function plainCaptchaCode(sent: string, captchaId: string): string | null {
  const value = sent.trim();
  if (DASHED_UUID.test(value.toLowerCase())) return value.toLowerCase();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0 || value.length > 256) return null;
  try {
    const { key, iv } = keyAndIv(captchaId);
    const decipher = createDecipheriv('aes-128-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(Buffer.from(value, 'base64')), decipher.final()]).toString('utf8');
    return DASHED_UUID.test(plain.toLowerCase()) ? plain.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** One point of a slide: where the pointer was (client px) and when (ms since the start). */
export interface TrackPoint {
  x: number;
  y: number;
  type: string;
  t: number;
}

/** What checkCaptcha receives in `data`. */
export interface SlideReport {
  bgImageWidth: number;
  bgImageHeight: number;
  startTime: number | null;
  stopTime: number | null;
  trackList: TrackPoint[];
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** An ISO-8601 instant (or epoch ms) as epoch ms; null when absent or unreadable. */
function instant(value: unknown): number | null {
  if (finite(value)) return value;
  if (typeof value !== 'string' || value.length > 40) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * checkCaptcha's `data` read into a slide report, or a reason it cannot be read. Both the
 * contract's `startTime/stopTime` and tianai's `startSlidingTime/endSlidingTime` are read.
 */
export function readSlideReport(data: unknown): SlideReport | { error: string } {
  if (!data || typeof data !== 'object') return { error: 'data is missing' };
  const d = data as Record<string, unknown>;
  const width = d.bgImageWidth;
  const height = d.bgImageHeight;
  if (!finite(width) || width <= 0 || width > 10_000) return { error: 'bgImageWidth must be a positive number' };
  if (!finite(height) || height <= 0 || height > 10_000) return { error: 'bgImageHeight must be a positive number' };
  if (!Array.isArray(d.trackList) || d.trackList.length === 0) return { error: 'trackList is empty' };
  if (d.trackList.length > MAX_TRACK_POINTS) return { error: `trackList has more than ${MAX_TRACK_POINTS} points` };
  const trackList: TrackPoint[] = [];
  for (const p of d.trackList as unknown[]) {
    const point = (p ?? {}) as Record<string, unknown>;
    if (!finite(point.x) || !finite(point.y) || !finite(point.t)) return { error: 'each track point needs x, y and t' };
    trackList.push({ x: point.x, y: point.y, t: point.t, type: typeof point.type === 'string' ? point.type : '' });
  }
  return {
    bgImageWidth: width,
    bgImageHeight: height,
    startTime: instant(d.startTime ?? d.startSlidingTime),
    stopTime: instant(d.stopTime ?? d.endSlidingTime),
    trackList,
  };
}

/**
 * Whether a slide puts the piece where the challenge hid it: the last point's x as a share of
 * the shown width against answerX / BG_WIDTH, within SLIDE_TOLERANCE; the track must move
 * forward in time and last at least MIN_SLIDE_MS.
 */
export function slideMatches(report: SlideReport, answerX: number): boolean {
  const track = report.trackList;
  const last = track[track.length - 1]!;
  for (let i = 1; i < track.length; i++) if (track[i]!.t < track[i - 1]!.t) return false;
  const duration =
    report.startTime !== null && report.stopTime !== null ? report.stopTime - report.startTime : last.t - track[0]!.t;
  if (duration < MIN_SLIDE_MS) return false;
  const share = last.x / report.bgImageWidth;
  return Math.abs(share - answerX / BG_WIDTH) <= SLIDE_TOLERANCE;
}

/** What the frequency rule decides for a submit, given the account's state. */
export type FrequencyDecision =
  { kind: 'blocked'; until: number } | { kind: 'block'; until: number } | { kind: 'allow' };

/**
 * The frequency rule: refused while a block holds; the submit that would be the
 * (FREQUENCY_MAX_SUBMITS + 1)th within FREQUENCY_WINDOW_MS starts a FREQUENCY_BLOCK_MS block
 * (and is refused); otherwise allowed (and counted).
 */
export function frequencyDecision(state: {
  now: number;
  blockedUntil: number | null;
  recent: number;
}): FrequencyDecision {
  if (state.blockedUntil !== null && state.blockedUntil > state.now)
    return { kind: 'blocked', until: state.blockedUntil };
  if (state.recent >= FREQUENCY_MAX_SUBMITS) return { kind: 'block', until: state.now + FREQUENCY_BLOCK_MS };
  return { kind: 'allow' };
}
