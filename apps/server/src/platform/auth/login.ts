import type { Config } from '../../config.ts';
import { withTenant, type Db } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import type { Job } from '../jobs.ts';
import {
  accountKey,
  addressKey,
  afterSuccess,
  attemptWait,
  charge,
  waitAfterFailure,
  waitTexts,
  type ThrottlePolicies,
} from './login-throttle.ts';
import {
  lockAttemptCounters,
  saveAttemptCounters,
  sweepForgottenCounters,
  type AttemptKeys,
} from './login-throttle.repository.ts';
import type { IdentityDirectory, Person } from './identity.ts';
import { verifyPasswordOrDecoy } from './passwords.ts';

/** The throttle's policies from the settings (README, configuration). */
export function throttlePolicies(config: Config['loginThrottle']): ThrottlePolicies {
  const pairWaitMs = config.maxWaitMinutes * 60_000;
  const accountWaitMs = config.accountMaxWaitSeconds * 1000;
  const addressWindowMs = config.addressWindowMinutes * 60_000;
  return {
    // Forgetting one failure per longest wait holds a patient guesser to about one guess per wait.
    pair: { free: config.maxFailures, forgetMs: pairWaitMs, maxWaitMs: pairWaitMs },
    account: {
      free: config.maxFailures && config.accountMaxFailures,
      forgetMs: accountWaitMs,
      maxWaitMs: accountWaitMs,
    },
    // Spraying is judged per window: `addressMaxFailures` failures are forgotten per window, so a
    // shared address (a campus NAT) with the usual trickle of typos never builds up a wait.
    address: {
      free: config.addressMaxFailures,
      forgetMs: config.addressMaxFailures ? addressWindowMs / config.addressMaxFailures : addressWindowMs,
      maxWaitMs: addressWindowMs,
    },
  };
}

/**
 * Checks an account and password of a tenant's directory, throttled by account and client
 * address (login-throttle.ts). Unknown account, wrong password, account without a password and
 * disabled account give one answer, and a throttled attempt is refused before anything is
 * checked, whether the account exists or not; only a right password may learn that the account
 * is disabled.
 */
export async function checkCredentials(
  db: Db,
  people: IdentityDirectory,
  opts: {
    tenantId: string;
    account: string;
    password: string;
    /** The client's address (`request.ip`). */
    ip: string;
    policies: ThrottlePolicies;
    now?: () => Date;
  },
): Promise<Person> {
  const clock = opts.now ?? (() => new Date());
  const account = opts.account.trim();
  const keys: AttemptKeys = { tenantId: opts.tenantId, accountKey: accountKey(account), address: addressKey(opts.ip) };

  // Charged before the password is checked, in its own short transaction: the row locks order
  // parallel attempts without being held through the slow hash.
  const attempt = await withTenant(db, opts.tenantId, async (tx) => {
    const now = clock();
    const state = await lockAttemptCounters(tx, keys, now);
    const wait = attemptWait(state, opts.policies, now);
    // Thrown inside, so that the rows just made for a refused attempt are rolled back: refusals
    // are cheap and must not fill the tables.
    if (wait > 0) throw new AppError('LOGIN_THROTTLED', waitTexts(wait));
    const charged = charge(state, opts.policies, now);
    await saveAttemptCounters(tx, keys, charged);
    return { charged, user: await people.byAccount(tx, opts.tenantId, account) };
  });

  const { user } = attempt;
  if (!(await verifyPasswordOrDecoy(opts.password, user?.password_hash)) || !user) {
    const wait = waitAfterFailure(attempt.charged, opts.policies);
    throw wait > 0 ? new AppError('LOGIN_FAILED_WAIT', waitTexts(wait)) : new AppError('LOGIN_FAILED');
  }

  await withTenant(db, opts.tenantId, async (tx) => {
    const now = clock();
    // Read again: other attempts may have counted failures while the hash was computed.
    const state = await lockAttemptCounters(tx, keys, now);
    await saveAttemptCounters(tx, keys, afterSuccess(state, opts.policies, now), { signedIn: now });
    if (!user.disabled) await people.signedIn(tx, opts.tenantId, user.id, now);
  });
  if (user.disabled) throw new AppError('ACCOUNT_DISABLED');
  return user;
}

/** Deletes sign-in failure counters that have forgotten everything, every ten minutes. */
export function sweepLoginThrottleJob(config: Config['loginThrottle']): Job {
  const policies = throttlePolicies(config);
  return {
    name: 'login-throttle.sweep',
    everyMs: 10 * 60_000,
    async run(db) {
      const removed = await sweepForgottenCounters(db, policies, new Date());
      return removed ? `removed ${removed} forgotten sign-in failure counters` : undefined;
    },
  };
}
