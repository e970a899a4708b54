import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { throttlePolicies } from './login.ts';
import {
  emptyCounter,
  accountKey,
  addressKey,
  afterSuccess,
  attemptWait,
  charge,
  levelAt,
  waitAfter,
  waitAfterFailure,
  waitTexts,
  type AttemptState,
  type ThrottlePolicies,
} from './login-throttle.ts';

const t0 = new Date('2026-11-21T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;

const policies: ThrottlePolicies = {
  pair: { free: 5, forgetMs: 15 * MIN, maxWaitMs: 15 * MIN },
  account: { free: 20, forgetMs: MIN, maxWaitMs: MIN },
  address: { free: 20, forgetMs: 30_000, maxWaitMs: 10 * MIN },
};

const fresh = (trusted = false): AttemptState => ({
  pair: emptyCounter(t0),
  account: emptyCounter(t0),
  address: emptyCounter(t0),
  trusted,
});

/** Fails as soon as the throttle lets an attempt through; returns the state and the times of the attempts. */
function failRepeatedly(start: AttemptState, times: number, from = 0) {
  let state = start;
  let now = from;
  const tried: number[] = [];
  for (let i = 0; i < times; i++) {
    now += attemptWait(state, policies, at(now));
    tried.push(now);
    state = charge(state, policies, at(now));
  }
  return { state, tried, now };
}

describe('waits', () => {
  it.each([
    [0, 0],
    [4, 0],
    [4.5, 2000], // a failure partly forgotten still counts
    [5, 2000],
    [5.0000000001, 2000],
    [6, 4000],
    [7, 8000],
    [13, 512_000],
    [14, 15 * MIN],
    [1000, 15 * MIN],
  ])('a pair at %d failures waits %d ms', (level, wait) => {
    expect(waitAfter(level, policies.pair)).toBe(wait);
  });

  it('a scope with no free failures is off', () => {
    expect(waitAfter(1000, { ...policies.pair, free: 0 })).toBe(0);
  });

  it('forgets at the policy rate, never below 0', () => {
    const c = { level: 6, at: t0 };
    expect(levelAt(c, policies.pair, at(15 * MIN))).toBe(5);
    expect(levelAt(c, policies.pair, at(45 * MIN))).toBe(3);
    expect(levelAt(c, policies.pair, at(10 * 60 * MIN))).toBe(0);
    expect(levelAt(c, policies.pair, at(-MIN))).toBe(6);
  });
});

describe('one account from one address', () => {
  it('lets five failures through at once, then each further attempt waits twice as long', () => {
    const { tried } = failRepeatedly(fresh(), 9);
    expect(tried.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    const gaps = tried.slice(5).map((t, i) => t - tried[4 + i]!);
    expect(gaps).toEqual([2000, 4000, 8000, 16_000]);
  });

  it('says after the failure how long the next attempt waits', () => {
    const { state } = failRepeatedly(fresh(), 4);
    expect(waitAfterFailure(state, policies)).toBe(0);
    expect(waitAfterFailure(charge(state, policies, t0), policies)).toBe(2000);
  });

  it('holds a patient guesser to about one guess per longest wait', () => {
    const { tried } = failRepeatedly(fresh(), 200);
    const day = tried.filter((t) => t < 24 * 60 * MIN).length;
    expect(day).toBeLessThanOrEqual(24 * 4 + 15);
    expect(day).toBeGreaterThan(24 * 4 - 5);
  });

  it('refuses an attempt inside the wait before anything is checked', () => {
    const { state, now } = failRepeatedly(fresh(), 6);
    expect(attemptWait(state, policies, at(now + 1000))).toBe(3000);
    expect(attemptWait(state, policies, at(now + 4000))).toBe(0);
  });
});

describe('the owner and someone else', () => {
  it('an attacker elsewhere does not hold the owner back at an address the owner signed in from', () => {
    // The attacker's addresses fail 500 times on the account: the account row is far past its free failures.
    let account = emptyCounter(t0);
    for (let i = 0; i < 500; i++) account = { level: levelAt(account, policies.account, t0) + 1, at: t0 };
    const owner: AttemptState = { ...fresh(true), account };
    expect(attemptWait(owner, policies, t0)).toBe(0);
    // From an address the account never signed in from, the account-wide wait applies, and it stays mild.
    expect(attemptWait({ ...owner, trusted: false }, policies, t0)).toBe(MIN);
  });

  it('a right password clears the account, and gives the address back only its own charge', () => {
    const { state, now } = failRepeatedly({ ...fresh(), address: { level: 10, at: t0 } }, 3);
    const after = afterSuccess(state, policies, at(now));
    expect(after.pair.level).toBe(0);
    expect(after.account.level).toBe(0);
    expect(after.address.level).toBeCloseTo(12, 6);
    expect(after.trusted).toBe(true);
  });
});

describe('one address across accounts (spraying)', () => {
  it('waits after twenty failures, whichever accounts they were on', () => {
    let address = emptyCounter(t0);
    for (let i = 0; i < 20; i++) {
      const state = { ...fresh(), address };
      expect(attemptWait(state, policies, t0)).toBe(0);
      address = charge(state, policies, t0).address;
    }
    expect(attemptWait({ ...fresh(), address }, policies, t0)).toBe(2000);
  });

  it('a shared address with a steady trickle of typos never builds up a wait', () => {
    let address = emptyCounter(t0);
    for (let minute = 0; minute < 24 * 60; minute++) {
      const state = { ...fresh(), address };
      expect(attemptWait(state, policies, at(minute * MIN))).toBe(0);
      address = charge(state, policies, at(minute * MIN)).address;
    }
  });
});

describe('keys', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:DB8:0:0::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['', '?'],
  ])('address %s is counted as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('keys an account by a digest of what was typed, trimmed', () => {
    expect(accountKey(' admin ')).toBe(accountKey('admin'));
    expect(accountKey('Admin')).not.toBe(accountKey('admin'));
    expect(accountKey('admin')).not.toContain('admin');
  });
});

describe('wait texts', () => {
  it.each([
    [1, '1秒', '1 second'],
    [1500, '2秒', '2 seconds'],
    [119_000, '119秒', '119 seconds'],
    [120_000, '2分钟', '2 minutes'],
    [15 * MIN - 1, '15分钟', '15 minutes'],
  ])('%d ms reads %s / %s', (ms, zh, en) => {
    expect(waitTexts(ms)).toMatchObject({ wait: zh, wait_en: en, seconds: Math.ceil(Math.max(ms, 1000) / 1000) });
  });
});

describe('settings', () => {
  it('reads the LOGIN_* variables and maps them to the scopes', () => {
    const config = loadConfig({
      LOGIN_MAX_FAILURES: '4',
      LOGIN_MAX_WAIT_MINUTES: '30',
      LOGIN_ACCOUNT_MAX_FAILURES: '50',
      LOGIN_ACCOUNT_MAX_WAIT_SECONDS: '120',
      LOGIN_ADDRESS_MAX_FAILURES: '40',
      LOGIN_ADDRESS_WINDOW_MINUTES: '20',
    });
    expect(throttlePolicies(config.loginThrottle)).toEqual({
      pair: { free: 4, forgetMs: 30 * MIN, maxWaitMs: 30 * MIN },
      account: { free: 50, forgetMs: 2 * MIN, maxWaitMs: 2 * MIN },
      address: { free: 40, forgetMs: 30_000, maxWaitMs: 20 * MIN },
    });
    expect(throttlePolicies(loadConfig({}).loginThrottle)).toEqual(policies);
  });

  it('LOGIN_MAX_FAILURES=0 turns off the account scopes, not the address', () => {
    const off = throttlePolicies(loadConfig({ LOGIN_MAX_FAILURES: '0' }).loginThrottle);
    expect([off.pair.free, off.account.free, off.address.free]).toEqual([0, 0, 20]);
  });

  it('reads LOGIN_LOCK_MINUTES, the older name, as the longest wait where LOGIN_MAX_WAIT_MINUTES is unset', () => {
    expect(loadConfig({ LOGIN_LOCK_MINUTES: '30' }).loginThrottle.maxWaitMinutes).toBe(30);
    expect(loadConfig({ LOGIN_LOCK_MINUTES: '30', LOGIN_MAX_WAIT_MINUTES: '5' }).loginThrottle.maxWaitMinutes).toBe(5);
    expect(loadConfig({}).loginThrottle.maxWaitMinutes).toBe(15);
  });
});
