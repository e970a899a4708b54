import { withTenant, type Db } from '../../db/client.ts';
import { findUserByAccount, updateLoginState, type UserRow } from '../../modules/directory/directory.repository.ts';
import { AppError } from '../errors.ts';
import { afterFailure, lockMinutesLeft } from './lockout.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Compared against when the account does not exist, so both paths take as long. */
const decoyHash = hashPassword('decoy-password-never-matches');

type Outcome = { user: UserRow } | { error: AppError };

/**
 * Checks an account and password of a tenant's directory. Repeated failures lock the
 * account for a while; a locked account is refused even with the right password. The row
 * is locked while checking, so parallel attempts are counted one by one.
 */
export async function checkCredentials(
  db: Db,
  opts: { tenantId: string; account: string; password: string; maxFailures: number; lockMinutes: number; now?: Date },
): Promise<UserRow> {
  const now = opts.now ?? new Date();
  const outcome = await withTenant(db, opts.tenantId, async (tx): Promise<Outcome> => {
    const user = await findUserByAccount(tx, opts.tenantId, opts.account.trim(), { forUpdate: true });
    if (!user || !user.password_hash) {
      await verifyPassword(opts.password, await decoyHash);
      return { error: new AppError('LOGIN_FAILED') };
    }
    const state = { failedLogins: user.failed_logins, lockedUntil: user.locked_until };
    const locked = lockMinutesLeft(state, now);
    if (locked > 0) return { error: new AppError('LOGIN_LOCKED', { minutes: locked }) };
    if (user.disabled) return { error: new AppError('ACCOUNT_DISABLED') };

    if (await verifyPassword(opts.password, user.password_hash)) {
      await updateLoginState(tx, opts.tenantId, user.id, { failed_logins: 0, locked_until: null, active_time: now });
      return { user };
    }
    const next = afterFailure(state, now, opts.maxFailures, opts.lockMinutes);
    await updateLoginState(tx, opts.tenantId, user.id, {
      failed_logins: next.failedLogins,
      locked_until: next.lockedUntil,
    });
    const nowLocked = lockMinutesLeft(next, now);
    return {
      error: nowLocked > 0 ? new AppError('LOGIN_LOCKED', { minutes: nowLocked }) : new AppError('LOGIN_FAILED'),
    };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.user;
}
