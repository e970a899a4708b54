import { and, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accountKey,
  emptyCounter,
  TRUSTED_ADDRESS_MS,
  type AttemptState,
  type ThrottlePolicies,
} from './login-throttle.ts';
import { loginAddressThrottle, loginThrottle } from './login-throttle.tables.ts';

/** The row of an account from every address. */
const EVERY_ADDRESS = '';

/** Which counters an attempt touches. */
export interface AttemptKeys {
  tenantId: string;
  accountKey: string;
  address: string;
}

/**
 * Reads an attempt's counters and locks their rows until the transaction ends, making missing
 * rows on the way, so that attempts on the same account or from the same address are judged one
 * after the other. Rows are always locked in the same order (account rows, then the address).
 */
export async function lockAttemptCounters(tx: Tx, keys: AttemptKeys, now: Date): Promise<AttemptState> {
  const accountRows = await tx
    .insert(loginThrottle)
    .values(
      [keys.address, EVERY_ADDRESS].map((address) => ({
        tenant_id: keys.tenantId,
        account_key: keys.accountKey,
        address,
        level: 0,
        changed_at: now,
      })),
    )
    // A no-op update, so that an existing row is returned and locked like a new one.
    .onConflictDoUpdate({
      target: [loginThrottle.tenant_id, loginThrottle.account_key, loginThrottle.address],
      set: { level: sql`${loginThrottle.level}` },
    })
    .returning();
  const [addressRow] = await tx
    .insert(loginAddressThrottle)
    .values({ address: keys.address, level: 0, changed_at: now })
    .onConflictDoUpdate({ target: loginAddressThrottle.address, set: { level: sql`${loginAddressThrottle.level}` } })
    .returning();
  const pair = accountRows.find((r) => r.address === keys.address);
  const account = accountRows.find((r) => r.address === EVERY_ADDRESS);
  const signedInAt = pair?.signed_in_at;
  return {
    pair: pair ? { level: pair.level, at: pair.changed_at } : emptyCounter(now),
    account: account ? { level: account.level, at: account.changed_at } : emptyCounter(now),
    address: addressRow ? { level: addressRow.level, at: addressRow.changed_at } : emptyCounter(now),
    trusted: !!signedInAt && now.getTime() - signedInAt.getTime() < TRUSTED_ADDRESS_MS,
  };
}

/** Stores an attempt's counters (rows locked by `lockAttemptCounters`); `signedIn` records a right password. */
export async function saveAttemptCounters(
  tx: Tx,
  keys: AttemptKeys,
  state: AttemptState,
  opts: { signedIn?: Date } = {},
): Promise<void> {
  await tx
    .insert(loginThrottle)
    .values([
      {
        tenant_id: keys.tenantId,
        account_key: keys.accountKey,
        address: keys.address,
        level: state.pair.level,
        changed_at: state.pair.at,
        signed_in_at: opts.signedIn ?? null,
      },
      {
        tenant_id: keys.tenantId,
        account_key: keys.accountKey,
        address: EVERY_ADDRESS,
        level: state.account.level,
        changed_at: state.account.at,
      },
    ])
    .onConflictDoUpdate({
      target: [loginThrottle.tenant_id, loginThrottle.account_key, loginThrottle.address],
      set: {
        level: sql`excluded.level`,
        changed_at: sql`excluded.changed_at`,
        signed_in_at: sql`coalesce(excluded.signed_in_at, ${loginThrottle.signed_in_at})`,
      },
    });
  await tx
    .insert(loginAddressThrottle)
    .values({ address: keys.address, level: state.address.level, changed_at: state.address.at })
    .onConflictDoUpdate({
      target: loginAddressThrottle.address,
      set: { level: sql`excluded.level`, changed_at: sql`excluded.changed_at` },
    });
}

/** `changed_at` is at least `level` forgetting periods before `now`: the counter is back to 0. */
function forgottenBy(changedAt: SQL, level: SQL, forgetMs: SQL, now: Date): SQL {
  return sql`extract(epoch from (${now.toISOString()}::timestamptz - ${changedAt})) * 1000 >= ${level} * ${forgetMs}`;
}

/**
 * Deletes the counters that have forgotten every failure, except an account's row for an
 * address it signed in from lately. Runs as the tables' owner, across tenants. Returns the
 * number of rows deleted.
 */
export async function sweepForgottenCounters(db: Db, policies: ThrottlePolicies, now: Date): Promise<number> {
  const trustedSince = new Date(now.getTime() - TRUSTED_ADDRESS_MS);
  const forgetMs = sql`(case when ${loginThrottle.address} = ${EVERY_ADDRESS} then ${policies.account.forgetMs} else ${policies.pair.forgetMs} end)::double precision`;
  const accounts = await db
    .delete(loginThrottle)
    .where(
      and(
        forgottenBy(sql`${loginThrottle.changed_at}`, sql`${loginThrottle.level}`, forgetMs, now),
        or(
          sql`${loginThrottle.signed_in_at} is null`,
          sql`${loginThrottle.signed_in_at} < ${trustedSince.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning({ address: loginThrottle.address });
  const addresses = await db
    .delete(loginAddressThrottle)
    .where(
      forgottenBy(
        sql`${loginAddressThrottle.changed_at}`,
        sql`${loginAddressThrottle.level}`,
        sql`${policies.address.forgetMs}::double precision`,
        now,
      ),
    )
    .returning({ address: loginAddressThrottle.address });
  return accounts.length + addresses.length;
}

/**
 * Forgets an account's failed sign-ins (from every address), as when an administrator sets a
 * new password: the lock-out they earned is lifted. Failures counted per client address
 * across accounts (`login_address_throttle`) stay.
 */
export async function forgetAccountFailures(tx: Tx, tenantId: string, account: string): Promise<void> {
  await tx
    .delete(loginThrottle)
    .where(
      and(sql`${loginThrottle.tenant_id} = ${tenantId}`, sql`${loginThrottle.account_key} = ${accountKey(account)}`),
    );
}
