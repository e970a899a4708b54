import { and, count, eq, gt, isNull, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ThrottleState, ThrottleSubject } from './captcha.rules.ts';
import {
  captchaChallenges,
  captchaCooldowns,
  captchaSubmitAttempts,
  captchaSubmitBlocks,
  captchaThrottleEvents,
} from './captcha.tables.ts';

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

/**
 * Serialises the throttle decisions of an account and of an address until the transaction
 * ends, so that instances racing each other cannot both take the last try. Every caller takes
 * the account's lock before the address's: no two transactions wait for each other in a cycle.
 */
export async function lockThrottleSubjects(
  tx: Executor,
  tenantId: string,
  account: string,
  address: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`yy-captcha-throttle:${tenantId}:account:${account}`}, 0))`,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`yy-captcha-throttle:${tenantId}:address:${address}`}, 0))`,
  );
}

/**
 * A subject's throttle state at `now`: the end of its cool-down in force, its cool-downs since
 * `remembered`, and its challenges and failures since `since` that came after its latest
 * cool-down began.
 */
export async function throttleState(
  tx: Executor,
  tenantId: string,
  scope: ThrottleSubject,
  subject: string,
  now: Date,
  since: Date,
  remembered: Date,
): Promise<ThrottleState> {
  const [cooldown] = await tx
    .select({
      until: max(captchaCooldowns.until),
      started: max(captchaCooldowns.started_at),
      n: count(),
    })
    .from(captchaCooldowns)
    .where(
      and(
        eq(captchaCooldowns.tenant_id, tenantId),
        eq(captchaCooldowns.scope, scope),
        eq(captchaCooldowns.subject, subject),
        gt(captchaCooldowns.started_at, remembered),
      ),
    );
  const from = cooldown?.started && cooldown.started > since ? cooldown.started : since;
  const column = scope === 'account' ? captchaThrottleEvents.account : captchaThrottleEvents.address;
  const [counts] = await tx
    .select({
      challenges: sql<number>`count(*) filter (where ${captchaThrottleEvents.kind} = 'challenge')`.mapWith(Number),
      failures: sql<number>`count(*) filter (where ${captchaThrottleEvents.kind} = 'failure')`.mapWith(Number),
    })
    .from(captchaThrottleEvents)
    .where(and(eq(captchaThrottleEvents.tenant_id, tenantId), eq(column, subject), gt(captchaThrottleEvents.at, from)));
  const until = cooldown?.until && cooldown.until > now ? cooldown.until.getTime() : null;
  return {
    coolingUntil: until,
    challenges: counts?.challenges ?? 0,
    failures: counts?.failures ?? 0,
    cooldowns: cooldown?.n ?? 0,
  };
}

/** Counts a challenge generated or a failed check. */
export async function recordThrottleEvent(
  tx: Executor,
  tenantId: string,
  event: { kind: 'challenge' | 'failure'; account: string; address: string; at: Date },
): Promise<void> {
  await tx.insert(captchaThrottleEvents).values({ ...event, tenant_id: tenantId });
}

/** Starts a cool-down of an account or an address. */
export async function startCooldown(
  tx: Executor,
  tenantId: string,
  cooldown: {
    scope: ThrottleSubject;
    subject: string;
    reason: 'challenges' | 'failures';
    started_at: Date;
    until: Date;
  },
): Promise<void> {
  await tx.insert(captchaCooldowns).values({ ...cooldown, tenant_id: tenantId });
}

/** Deletes the tenant's throttle events before `eventsBefore` and cool-downs that began before `cooldownsBefore`. */
export async function deleteOldThrottleRows(
  tx: Executor,
  tenantId: string,
  eventsBefore: Date,
  cooldownsBefore: Date,
): Promise<void> {
  await tx
    .delete(captchaThrottleEvents)
    .where(and(eq(captchaThrottleEvents.tenant_id, tenantId), lt(captchaThrottleEvents.at, eventsBefore)));
  await tx
    .delete(captchaCooldowns)
    .where(and(eq(captchaCooldowns.tenant_id, tenantId), lt(captchaCooldowns.started_at, cooldownsBefore)));
}
