/** What a sign-in attempt does to an account's failure counter and lock. */
export interface LockState {
  failedLogins: number;
  lockedUntil: Date | null;
}

/** Minutes left on a lock, or 0 when the account is not locked at `now`. */
export function lockMinutesLeft(state: LockState, now: Date): number {
  if (!state.lockedUntil || state.lockedUntil <= now) return 0;
  return Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 60_000);
}

/**
 * The state after a failed attempt: the `maxFailures`-th consecutive failure locks the
 * account for `lockMinutes` and starts the count again.
 */
export function afterFailure(state: LockState, now: Date, maxFailures: number, lockMinutes: number): LockState {
  const failed = (lockMinutesLeft(state, now) === 0 && state.lockedUntil ? 0 : state.failedLogins) + 1;
  if (maxFailures > 0 && failed >= maxFailures) {
    return { failedLogins: 0, lockedUntil: new Date(now.getTime() + lockMinutes * 60_000) };
  }
  return { failedLogins: failed, lockedUntil: state.lockedUntil && state.lockedUntil > now ? state.lockedUntil : null };
}
