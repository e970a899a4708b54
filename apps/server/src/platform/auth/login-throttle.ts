import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Sign-in throttling rules, pure. Failed sign-ins are counted in three scopes: an account from
 * one client address (the pair), an account from every address, and one address across every
 * account (password spraying). Nothing ever locks: past a scope's free failures each further
 * attempt in that scope waits twice as long as the one before, up to a cap, and failures are
 * forgotten at a steady rate, so a scope that stops failing comes back on its own.
 *
 * The pair is throttled hard and the account only mildly, and not at all from an address the
 * account signed in from lately: someone else's failures, from elsewhere, cannot keep the owner
 * out. Counters are keyed by what was typed, existing account or not, so the answers never
 * tell which accounts exist.
 */

/** How one scope counts: `free` failures cost nothing; one failure is forgotten per `forgetMs`. */
export interface ThrottlePolicy {
  /** Failures before waits begin; 0 turns the scope off. */
  free: number;
  /** One failure is forgotten per this many milliseconds. */
  forgetMs: number;
  /** The longest wait, milliseconds. */
  maxWaitMs: number;
}

/** The policies of the three scopes. */
export interface ThrottlePolicies {
  pair: ThrottlePolicy;
  account: ThrottlePolicy;
  address: ThrottlePolicy;
}

/** A scope's failures (fractional while being forgotten) as of `at`, the time of its last change. */
export interface Counter {
  level: number;
  at: Date;
}

/** The counters one attempt is judged by; `trusted`: the account signed in from this address lately. */
export interface AttemptState {
  pair: Counter;
  account: Counter;
  address: Counter;
  trusted: boolean;
}

export type Scope = keyof ThrottlePolicies;

/** How long an address the account signed in from stays exempt from the account-wide scope. */
export const TRUSTED_ADDRESS_MS = 60 * 24 * 60 * 60_000;

/** A scope with no failures. */
export const emptyCounter = (at: Date): Counter => ({ level: 0, at });

// A level that is a whole number of failures must not round up because of float noise.
const EPSILON = 1e-6;

/** The counter's level at `now`, after forgetting at the policy's rate. */
export function levelAt(counter: Counter, policy: ThrottlePolicy, now: Date): number {
  const elapsed = Math.max(0, now.getTime() - counter.at.getTime());
  return Math.max(0, counter.level - (policy.forgetMs > 0 ? elapsed / policy.forgetMs : Infinity));
}

/**
 * The wait after a failure that left the scope at `level` (a partly forgotten failure counts):
 * 0 within the free failures, then 2 s, 4 s, 8 s... up to the cap.
 */
export function waitAfter(level: number, policy: ThrottlePolicy): number {
  if (policy.free <= 0) return 0;
  const failures = Math.ceil(level - EPSILON);
  if (failures < policy.free) return 0;
  return Math.min(policy.maxWaitMs, 1000 * 2 ** Math.min(failures - policy.free + 1, 40));
}

/** Milliseconds until the scope takes another attempt (0: now). */
export function waitLeft(counter: Counter, policy: ThrottlePolicy, now: Date): number {
  return Math.max(0, counter.at.getTime() + waitAfter(counter.level, policy) - now.getTime());
}

function scopesOf(state: { trusted: boolean }): Scope[] {
  return state.trusted ? ['pair', 'address'] : ['pair', 'account', 'address'];
}

/** Milliseconds until an attempt in this state may be checked; 0 when it may be checked now. */
export function attemptWait(state: AttemptState, policies: ThrottlePolicies, now: Date): number {
  return Math.max(...scopesOf(state).map((s) => waitLeft(state[s], policies[s], now)));
}

/**
 * The counters once an attempt is let through: every scope is charged one failure before the
 * password is checked, so parallel attempts cannot all slip through before any is counted; a
 * right password takes it back (`afterSuccess`). The price: a right password is held when more
 * attempts of one scope than its free failures are being checked at the same moment.
 */
export function charge(state: AttemptState, policies: ThrottlePolicies, now: Date): AttemptState {
  const add = (s: Scope): Counter => ({ level: levelAt(state[s], policies[s], now) + 1, at: now });
  return { pair: add('pair'), account: add('account'), address: add('address'), trusted: state.trusted };
}

/** The wait a failed attempt leaves behind, milliseconds (0: none). */
export function waitAfterFailure(charged: AttemptState, policies: ThrottlePolicies): number {
  return Math.max(...scopesOf(charged).map((s) => waitAfter(charged[s].level, policies[s])));
}

/**
 * The counters after a right password: the account's failures are over, from this address and
 * from everywhere (only the owner can do this); the address gives back only this attempt's
 * charge, or a sprayer could wipe its record by signing in to an account of its own.
 */
export function afterSuccess(charged: AttemptState, policies: ThrottlePolicies, now: Date): AttemptState {
  return {
    pair: emptyCounter(now),
    account: emptyCounter(now),
    address: { level: Math.max(0, levelAt(charged.address, policies.address, now) - 1), at: now },
    trusted: true,
  };
}

/**
 * The address a client is counted under: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4),
 * IPv6 by its /64 prefix, since one subscriber usually holds a whole /64 and could otherwise
 * take a fresh address for every attempt.
 */
export function addressKey(ip: string): string {
  // Never '', which names the account's every-address row.
  if (!ip) return '?';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) lies past the /64 prefix and does not matter.
  const rightGroups = right.length + (right.some((g) => g.includes('.')) ? 1 : 0);
  const missing = 8 - left.length - rightGroups;
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right] : left;
  const prefix = groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * The key an account is counted under: a digest of what was typed (after trimming, as the
 * lookup sees it), so that passwords typed into the account field are not kept in clear.
 */
export function accountKey(account: string): string {
  return createHash('sha256').update(account.trim()).digest('base64url');
}

/** A wait in words, rounded up (seconds under two minutes, else minutes), and in whole seconds. */
export function waitTexts(ms: number): { wait: string; wait_en: string; seconds: number } {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) {
    return { wait: `${seconds}秒`, wait_en: seconds === 1 ? '1 second' : `${seconds} seconds`, seconds };
  }
  const minutes = Math.ceil(seconds / 60);
  return { wait: `${minutes}分钟`, wait_en: `${minutes} minutes`, seconds };
}
