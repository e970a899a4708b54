import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * Slider captcha and submit-frequency rules (api-contract 3 and 7), without I/O.
 *
 * A challenge (genCaptcha) hides a puzzle piece at `answerX` px of a 600 px wide background.
 * The client shows the background scaled (300 px wide in the original's web app) and reports
 * the slide's track in its own pixels; the slide is right when the track reads as a person's
 * drag (`trackVerdict`) and its last x, scaled to the 600 px background, is within
 * SLIDE_TOLERANCE_PX of answerX. A challenge can be checked once; a right slide issues a
 * credential (`captchaId` = the challenge id without its `SLIDER_` prefix, `captchaCode` = a
 * random dashed UUID) that one booking submit consumes. How many challenges and failed checks
 * an account and an address may have is limited (`throttleVerdict`).
 */

/** Background size the contract fixes. */
export const BG_WIDTH = 600;
export const BG_HEIGHT = 360;
/** The prefix of a challenge id on the wire (`SLIDER_<32 hex>`). */
export const SLIDER_PREFIX = 'SLIDER_';
/**
 * Greatest allowed gap between the slide and the answer, px of the 600 px background: 4 px of
 * the 300 px a phone shows, about what a fingertip lands within when it lines the piece up by
 * eye. Every px more adds about 0.5 % to a blind guess's odds (the answer spans 371 px).
 */
export const SLIDE_TOLERANCE_PX = 8;
/** How long a challenge may be checked after it was generated. */
export const CHALLENGE_TTL_MS = 2 * 60_000;
/** How long a credential may be used after the slide was checked. */
export const CREDENTIAL_TTL_MS = 5 * 60_000;
/** Rows this long past their expiry are deleted. */
export const CAPTCHA_RETENTION_MS = 60 * 60_000;
/** Most track points a check may send (a slide of a few seconds has a few hundred). */
export const MAX_TRACK_POINTS = 2000;
/** A slide shorter than this is no person's: finding the gap and lining the piece up takes longer. */
export const MIN_SLIDE_MS = 300;
/** Fewest points (distinct instants) of a person's slide: a browser reports a move every frame or key press. */
export const MIN_TRACK_POINTS = 8;
/**
 * A person's drag speeds up and slows down, so its x over time bends away from the straight
 * line between its ends; a track within this share of its length of that line is refused.
 */
export const MIN_TRACK_BEND = 0.05;
/** A person slows down to place the piece: the last END_SHARE of the slide is slower than this share of its mean speed. */
export const END_SHARE = 0.2;
export const MAX_END_SPEED = 0.8;
/**
 * Speed changes smaller than SPEED_NOISE px/ms plus SPEED_NOISE_SHARE of the speed are noise of
 * the clock (times in whole ms: 22 or 23 ms between frames is 4 % of the speed), not the hand.
 */
const SPEED_NOISE = 0.01;
const SPEED_NOISE_SHARE = 0.1;
/** A hand trembles: its speed changes direction at least this often in a slide (or the pointer moves vertically). */
export const MIN_SPEED_REVERSALS = 3;
/**
 * The web widget's keyboard slide (WCAG 2.1.1: no drag needed): arrow keys move the handle
 * KEY_STEPS[0] px, Page Up/Down KEY_STEPS[1], End to the end of the track, Enter checks. Such a
 * track has no pointer kinematics to judge; it is judged as key presses instead: at least
 * MIN_KEY_PRESSES, none sooner than MIN_KEY_INTERVAL_MS after the one before (a key's
 * auto-repeat is slower), and not evenly timed.
 */
export const KEY_STEPS = [2, 20] as const;
export const MIN_KEY_PRESSES = 3;
export const MIN_KEY_INTERVAL_MS = 25;
/** Template width over background width: the handle's track ends this share short of the picture's width. */
const PIECE_SHARE = 100 / BG_WIDTH;

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

/** Why a track is not a person's slide, or null when it reads as one. */
export function trackVerdict(report: SlideReport): string | null {
  const track = report.trackList;
  for (let i = 1; i < track.length; i++) if (track[i]!.t < track[i - 1]!.t) return 'goes back in time';
  const first = track[0]!;
  const last = track[track.length - 1]!;
  const span = last.t - first.t;
  if (span < MIN_SLIDE_MS) return 'too fast';
  // one point per instant: the latest position at each t
  const points: TrackPoint[] = [];
  for (const p of track) {
    if (points.length && points[points.length - 1]!.t === p.t) points[points.length - 1] = p;
    else points.push(p);
  }
  // raw points: the widget records the first key press in the same millisecond as the start
  if (isKeyboardSlide(track, report.bgImageWidth)) return keyboardVerdict(track);
  if (points.length < MIN_TRACK_POINTS) return 'too few points';
  const distance = last.x - first.x;
  if (distance <= 0) return 'does not move right';
  let bend = 0;
  for (const p of points) {
    const onLine = first.x + (distance * (p.t - first.t)) / span;
    bend = Math.max(bend, Math.abs(p.x - onLine) / distance);
  }
  if (bend < MIN_TRACK_BEND) return 'straight at a constant speed';
  const endFrom = last.t - END_SHARE * span;
  const atEndFrom = positionAt(points, endFrom);
  if (Math.abs(last.x - atEndFrom) / (END_SHARE * span) > MAX_END_SPEED * (distance / span)) {
    return 'does not slow down at the end';
  }
  const ys = points.map((p) => p.y);
  // any vertical movement: a hand never keeps a line (a touch reports fractions of a px, a mouse whole px)
  const movesVertically = Math.max(...ys) > Math.min(...ys);
  if (!movesVertically && speedReversals(points) < MIN_SPEED_REVERSALS) return 'no tremor';
  return null;
}

/** Whether a track is the widget's keyboard slide: no vertical movement, and every step a key's. */
function isKeyboardSlide(points: TrackPoint[], shownWidth: number): boolean {
  const end = shownWidth * (1 - PIECE_SHARE);
  if (points[0]!.x !== 0) return false;
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    if (p.y !== 0) return false;
    const step = Math.abs(p.x - points[i - 1]!.x);
    const keyStep = step < 0.01 || KEY_STEPS.some((k) => Math.abs(step - k) < 0.01);
    if (!keyStep && p.x !== 0 && Math.abs(p.x - end) > 0.02) return false;
  }
  return true;
}

/** Why a keyboard slide (its points after the start: key presses, Enter last) is not a person's, or null. */
function keyboardVerdict(points: TrackPoint[]): string | null {
  const presses = points.slice(1);
  if (presses.length < MIN_KEY_PRESSES + 1) return 'too few key presses';
  const gaps = presses.slice(1).map((p, i) => p.t - presses[i]!.t);
  if (Math.min(...gaps) < MIN_KEY_INTERVAL_MS) return 'keys pressed faster than a key repeats';
  if (Math.max(...gaps) - Math.min(...gaps) < 10) return 'keys pressed like clockwork';
  return null;
}

/** x at instant t, interpolated between the points around it. */
function positionAt(points: TrackPoint[], t: number): number {
  let i = 1;
  while (i < points.length - 1 && points[i]!.t < t) i++;
  const a = points[i - 1]!;
  const b = points[i]!;
  return b.t === a.t ? b.x : a.x + ((b.x - a.x) * (t - a.t)) / (b.t - a.t);
}

/** How often the speed between successive points turns from rising to falling or back. */
function speedReversals(points: TrackPoint[]): number {
  let reversals = 0;
  let sign = 0;
  let speed: number | null = null;
  for (let i = 1; i < points.length; i++) {
    const v = (points[i]!.x - points[i - 1]!.x) / (points[i]!.t - points[i - 1]!.t);
    if (
      speed !== null &&
      Math.abs(v - speed) >= SPEED_NOISE + SPEED_NOISE_SHARE * Math.max(Math.abs(v), Math.abs(speed))
    ) {
      const s = Math.sign(v - speed);
      if (sign && s !== sign) reversals++;
      sign = s;
    }
    speed = v;
  }
  return reversals;
}

/**
 * Whether a slide puts the piece where the challenge hid it: a person's track (trackVerdict)
 * whose last x, scaled to the 600 px background, is within SLIDE_TOLERANCE_PX of answerX.
 */
export function slideMatches(report: SlideReport, answerX: number): boolean {
  if (trackVerdict(report) !== null) return false;
  const last = report.trackList[report.trackList.length - 1]!;
  // the epsilon keeps a slide of exactly the tolerance (204 of 300 for 400 of 600) inside it despite rounding
  return Math.abs((last.x / report.bgImageWidth) * BG_WIDTH - answerX) <= SLIDE_TOLERANCE_PX + 1e-9;
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

/**
 * How many challenges and failed checks an account and a client address may have within a
 * window before a cool-down; 0 lifts a limit. Many people share one address behind a campus
 * NAT, so an address's limits are higher than an account's, and an address's cool-down holds
 * only for accounts that have failed a check in the window: whoever makes an address cool down
 * cannot lock out the neighbours who slide right.
 */
export interface ThrottleLimits {
  windowMs: number;
  cooldownMs: number;
  challengesPerAccount: number;
  challengesPerAddress: number;
  failuresPerAccount: number;
  failuresPerAddress: number;
}

/** A subject's (an account's or an address's) throttle state at some instant. */
export interface ThrottleState {
  /** End of the cool-down in force, or null. */
  coolingUntil: number | null;
  /** Challenges and failed checks within the window, not counting those before the subject's latest cool-down began. */
  challenges: number;
  failures: number;
  /** Cool-downs of the subject that began within COOLDOWN_MEMORY_MS. */
  cooldowns: number;
}

/**
 * Each further cool-down of a subject within COOLDOWN_MEMORY_MS lasts twice as long as the one
 * before, up to 2^MAX_COOLDOWN_DOUBLINGS times the first: a script that comes back after every
 * cool-down gets ever fewer tries a day, a person who once slid badly ten times waits once.
 */
export const COOLDOWN_MEMORY_MS = 24 * 60 * 60_000;
export const MAX_COOLDOWN_DOUBLINGS = 4;

export type ThrottleSubject = 'account' | 'address';

/** What the throttle decides for one genCaptcha or one failed check. */
export type ThrottleVerdict =
  | { kind: 'allow' }
  /** a cool-down holds for this account: refused until `until` */
  | { kind: 'cooling'; until: number }
  /** this event reaches the limits of `subjects`: they cool down until `until` (longer after earlier cool-downs); refused when that holds for this account */
  | { kind: 'cool'; until: number; subjects: ThrottleSubject[]; holds: boolean };

/**
 * The end of the cool-down that holds for an account at an address at `now`: its own, or its
 * address's once the account has failed a check in the window; null when none holds.
 */
export function coolingFor(now: number, state: Record<ThrottleSubject, ThrottleState>): number | null {
  const own = state.account.coolingUntil ?? 0;
  const address = state.account.failures > 0 ? (state.address.coolingUntil ?? 0) : 0;
  const until = Math.max(own, address);
  return until > now ? until : null;
}

/**
 * The throttle for one event of `kind` (a challenge about to be generated, or a failed check
 * just made) of an account at an address. Refused while a cool-down holds; otherwise a
 * challenge beyond a limit is refused and starts a cool-down, and the failure that reaches a
 * limit starts one (the check itself is already spent). `state` counts the challenges before
 * this one, and the failures including the one judged.
 */
export function throttleVerdict(
  now: number,
  kind: 'challenge' | 'failure',
  limits: ThrottleLimits,
  state: Record<ThrottleSubject, ThrottleState>,
): ThrottleVerdict {
  const cooling = coolingFor(now, state);
  if (cooling !== null) return { kind: 'cooling', until: cooling };
  const limit = (s: ThrottleSubject) =>
    kind === 'challenge'
      ? s === 'account'
        ? limits.challengesPerAccount
        : limits.challengesPerAddress
      : s === 'account'
        ? limits.failuresPerAccount
        : limits.failuresPerAddress;
  const count = (s: ThrottleSubject) => (kind === 'challenge' ? state[s].challenges : state[s].failures);
  const subjects = (['account', 'address'] as const).filter((s) => limit(s) > 0 && count(s) >= limit(s));
  if (!subjects.length) return { kind: 'allow' };
  const holds = subjects.includes('account') || state.account.failures > 0;
  const doublings = Math.min(MAX_COOLDOWN_DOUBLINGS, Math.max(...subjects.map((s) => state[s].cooldowns)));
  return { kind: 'cool', until: now + limits.cooldownMs * 2 ** doublings, subjects, holds };
}

/**
 * The key a client address is counted under: an IPv4 address as it is (an IPv4-mapped IPv6
 * one too), an IPv6 address by its /64 network, which one host can fill with addresses at will.
 */
export function addressKey(ip: string): string {
  const value = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped) return mapped[1]!;
  if (!value.includes(':')) return value;
  const [head = '', tail] = value.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
