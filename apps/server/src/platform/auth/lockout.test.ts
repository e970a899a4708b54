import { describe, expect, it } from 'vitest';
import { afterFailure, lockMinutesLeft, type LockState } from './lockout.ts';

const now = new Date('2026-11-21T10:00:00Z');
const fresh: LockState = { failedLogins: 0, lockedUntil: null };

describe('sign-in lock-out', () => {
  it('counts failures below the limit without locking', () => {
    let s = fresh;
    for (let i = 0; i < 4; i++) s = afterFailure(s, now, 5, 15);
    expect(s).toEqual({ failedLogins: 4, lockedUntil: null });
    expect(lockMinutesLeft(s, now)).toBe(0);
  });

  it('locks on the fifth consecutive failure for the configured minutes', () => {
    let s = fresh;
    for (let i = 0; i < 5; i++) s = afterFailure(s, now, 5, 15);
    expect(s.lockedUntil?.toISOString()).toBe('2026-11-21T10:15:00.000Z');
    expect(lockMinutesLeft(s, now)).toBe(15);
    expect(lockMinutesLeft(s, new Date('2026-11-21T10:14:01Z'))).toBe(1);
    expect(lockMinutesLeft(s, new Date('2026-11-21T10:15:00Z'))).toBe(0);
  });

  it('starts counting again after a lock has run out', () => {
    const expired: LockState = { failedLogins: 0, lockedUntil: new Date('2026-11-21T09:00:00Z') };
    expect(afterFailure(expired, now, 5, 15)).toEqual({ failedLogins: 1, lockedUntil: null });
  });

  it('never locks when the limit is 0', () => {
    let s = fresh;
    for (let i = 0; i < 50; i++) s = afterFailure(s, now, 0, 15);
    expect(s.lockedUntil).toBeNull();
  });
});
