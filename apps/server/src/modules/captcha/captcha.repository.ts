import { and, count, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { captchaChallenges, captchaSubmitAttempts, captchaSubmitBlocks } from './captcha.tables.ts';

export type ChallengeRow = typeof captchaChallenges.$inferSelect;

export async function insertChallenge(
  tx: Executor,
  tenantId: string,
  values: Pick<ChallengeRow, 'id' | 'account' | 'token_hash' | 'answer_x' | 'expires_at'>,
): Promise<void> {
  await tx.insert(captchaChallenges).values({ ...values, tenant_id: tenantId });
}

/** Deletes the tenant's challenges and credentials that expired before `before`. */
export async function deleteExpiredChallenges(tx: Executor, tenantId: string, before: Date): Promise<void> {
  await tx
    .delete(captchaChallenges)
    .where(and(eq(captchaChallenges.tenant_id, tenantId), lt(captchaChallenges.expires_at, before)));
}

/** A challenge or credential, locked until the transaction ends. */
export async function findChallengeForUpdate(
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(captchaChallenges)
    .where(and(eq(captchaChallenges.tenant_id, tenantId), eq(captchaChallenges.id, id)))
    .for('update');
  return row;
}

/** Records the one check of a challenge; a right slide makes it a credential until `expiresAt`. */
export async function markChecked(
  tx: Executor,
  tenantId: string,
  id: string,
  result: { at: Date; code: string | null; expiresAt: Date | null },
): Promise<void> {
  await tx
    .update(captchaChallenges)
    .set({
      checked_at: result.at,
      ...(result.code ? { verified_at: result.at, captcha_code: result.code, expires_at: result.expiresAt! } : {}),
    })
    .where(and(eq(captchaChallenges.tenant_id, tenantId), eq(captchaChallenges.id, id)));
}

/**
 * Consumes a credential: sets `used_at` when it is still unused. Idempotent, so the same
 * consumption can be written again after the submit's transaction (see captcha.service).
 */
export async function consumeCredential(tx: Executor, tenantId: string, id: string, at: Date): Promise<void> {
  await tx
    .update(captchaChallenges)
    .set({ used_at: at })
    .where(
      and(eq(captchaChallenges.tenant_id, tenantId), eq(captchaChallenges.id, id), isNull(captchaChallenges.used_at)),
    );
}

/** Serialises the frequency checks of one account until the transaction ends. */
export async function lockSubmitter(tx: Executor, tenantId: string, account: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`yy-submit-frequency:${tenantId}:${account}`}, 0))`,
  );
}

/** The account's submit state at `now`: the end of the latest block, and the submits since `since`. */
export async function submitState(
  tx: Executor,
  tenantId: string,
  account: string,
  now: Date,
  since: Date,
): Promise<{ blockedUntil: Date | null; recent: number }> {
  const [block] = await tx
    .select({ until: max(captchaSubmitBlocks.blocked_until) })
    .from(captchaSubmitBlocks)
    .where(
      and(
        eq(captchaSubmitBlocks.tenant_id, tenantId),
        eq(captchaSubmitBlocks.account, account),
        gt(captchaSubmitBlocks.blocked_until, now),
      ),
    );
  const [attempts] = await tx
    .select({ n: count() })
    .from(captchaSubmitAttempts)
    .where(
      and(
        eq(captchaSubmitAttempts.tenant_id, tenantId),
        eq(captchaSubmitAttempts.account, account),
        gt(captchaSubmitAttempts.at, since),
      ),
    );
  return { blockedUntil: block?.until ?? null, recent: attempts?.n ?? 0 };
}

/** Records a submit; the same id written twice lands once. */
export async function recordAttempt(
  tx: Executor,
  tenantId: string,
  attempt: { id: string; account: string; at: Date },
): Promise<void> {
  await tx
    .insert(captchaSubmitAttempts)
    .values({ ...attempt, tenant_id: tenantId })
    .onConflictDoNothing({ target: captchaSubmitAttempts.id });
}

/** Records a block; the same id written twice lands once. */
export async function recordBlock(
  tx: Executor,
  tenantId: string,
  block: { id: string; account: string; blocked_until: Date },
): Promise<void> {
  await tx
    .insert(captchaSubmitBlocks)
    .values({ ...block, tenant_id: tenantId })
    .onConflictDoNothing({ target: captchaSubmitBlocks.id });
}

/** Deletes an account's attempts and blocks that no longer matter (older than `before`). */
export async function deleteOldSubmitRecords(
  tx: Executor,
  tenantId: string,
  account: string,
  before: Date,
): Promise<void> {
  await tx
    .delete(captchaSubmitAttempts)
    .where(
      and(
        eq(captchaSubmitAttempts.tenant_id, tenantId),
        eq(captchaSubmitAttempts.account, account),
        lt(captchaSubmitAttempts.at, before),
      ),
    );
  await tx
    .delete(captchaSubmitBlocks)
    .where(
      and(
        eq(captchaSubmitBlocks.tenant_id, tenantId),
        eq(captchaSubmitBlocks.account, account),
        lt(captchaSubmitBlocks.blocked_until, before),
      ),
    );
}
