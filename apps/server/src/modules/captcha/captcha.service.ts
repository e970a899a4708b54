import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { errorTexts, formatDateTime, type ErrorCode } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { sliderPuzzle, TEMPLATE_HEIGHT, TEMPLATE_WIDTH } from './captcha.image.ts';
import {
  consumeCredential,
  deleteExpiredChallenges,
  deleteOldSubmitRecords,
  findChallengeForUpdate,
  deleteOldThrottleRows,
  insertChallenge,
  lockSubmitter,
  lockThrottleSubjects,
  markChecked,
  recordAttempt,
  recordBlock,
  recordThrottleEvent,
  startCooldown,
  submitState,
  throttleState,
} from './captcha.repository.ts';
import {
  BG_HEIGHT,
  BG_WIDTH,
  CAPTCHA_RETENTION_MS,
  CHALLENGE_TTL_MS,
  COOLDOWN_MEMORY_MS,
  CREDENTIAL_TTL_MS,
  FREQUENCY_RETENTION_MS,
  FREQUENCY_WINDOW_MS,
  SLIDER_PREFIX,
  addressKey,
  challengeIdOf,
  coolingFor,
  credentialIdOf,
  frequencyDecision,
  plainCaptchaCode,
  readSlideReport,
  slideMatches,
  throttleVerdict,
  type ThrottleLimits,
  type ThrottleState,
  type ThrottleSubject,
  type ThrottleVerdict,
} from './captcha.rules.ts';
import { bookingClock } from '../../platform/clock.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** genCaptcha's answer (api-contract 3), plus the template's size and tianai's `type`. */
export interface GenCaptchaResult {
  id: string;
  captcha: {
    type: 'SLIDER';
    backgroundImage: string;
    templateImage: string;
    backgroundImageWidth: number;
    backgroundImageHeight: number;
    templateImageWidth: number;
    templateImageHeight: number;
  };
}

/** The throttle's limits from the configuration (CAPTCHA_* settings). */
function throttleLimits(ctx: RequestContext): ThrottleLimits {
  const c = ctx.config.captchaThrottle;
  return {
    windowMs: c.windowMinutes * 60_000,
    cooldownMs: c.cooldownMinutes * 60_000,
    challengesPerAccount: c.maxChallenges,
    challengesPerAddress: c.maxChallengesPerAddress,
    failuresPerAccount: c.maxFailures,
    failuresPerAddress: c.maxFailuresPerAddress,
  };
}

/**
 * The throttle state of the account and of its address at `now`, both locked until the
 * transaction ends (taking the locks again in the same transaction is free).
 */
async function readThrottle(
  tx: Tx,
  ctx: RequestContext,
  tenantId: string,
  account: string,
  now: number,
): Promise<Record<ThrottleSubject, ThrottleState>> {
  const address = addressKey(ctx.ip);
  await lockThrottleSubjects(tx, tenantId, account, address);
  const at = new Date(now);
  const since = new Date(now - throttleLimits(ctx).windowMs);
  const remembered = new Date(now - COOLDOWN_MEMORY_MS);
  return {
    account: await throttleState(tx, tenantId, 'account', account, at, since, remembered),
    address: await throttleState(tx, tenantId, 'address', address, at, since, remembered),
  };
}

/**
 * The throttle's verdict on one event of the account at its address, in the caller's
 * transaction: both subjects locked and read, cool-downs started when a limit is reached, and
 * the event counted unless it is refused (a failure is counted before it is judged).
 */
async function throttle(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  account: string,
  kind: 'challenge' | 'failure',
  now: number,
): Promise<ThrottleVerdict> {
  const tenantId = tenant.id;
  const limits = throttleLimits(ctx);
  const address = addressKey(ctx.ip);
  const at = new Date(now);
  await lockThrottleSubjects(tx, tenantId, account, address);
  if (kind === 'failure') await recordThrottleEvent(tx, tenantId, { kind, account, address, at });
  const verdict = throttleVerdict(now, kind, limits, await readThrottle(tx, ctx, tenantId, account, now));
  if (verdict.kind === 'cool') {
    for (const scope of verdict.subjects) {
      const subject = scope === 'account' ? account : address;
      const reason = kind === 'challenge' ? 'challenges' : 'failures';
      await startCooldown(tx, tenantId, { scope, subject, reason, started_at: at, until: new Date(verdict.until) });
      ctx.log.warn({ scope, subject, reason, until: new Date(verdict.until) }, 'captcha throttle: cool-down started');
      // administrators see who was guessing in the operate log, as they see submit blocks
      await audit(tx, ctx, {
        module: 'appointment',
        type: 'captchaCooldown',
        content: `滑块验证${reason === 'failures' ? '失败' : '获取'}次数过多，${scope === 'account' ? '账号' : '地址'} ${subject} 冷却至 ${formatDateTime(verdict.until, tenant.timeZone)}`,
        object: subject,
      });
    }
  }
  const refused = verdict.kind === 'cooling' || (verdict.kind === 'cool' && verdict.holds);
  if (kind === 'challenge' && !refused) await recordThrottleEvent(tx, tenantId, { kind, account, address, at });
  return verdict;
}

/** When a refused caller may try again: the cool-down's end, or null when nothing holds. */
function coolingUntil(verdict: ThrottleVerdict): number | null {
  if (verdict.kind === 'cooling') return verdict.until;
  if (verdict.kind === 'cool' && verdict.holds) return verdict.until;
  return null;
}

/** The cool-down refusal's texts: when to try again, in the tenant's time zone, and in about how many minutes. */
function coolingError(tenant: TenantRef, until: number, now: number): AppError {
  return new AppError('CAPTCHA_COOLING', {
    time: formatDateTime(until, tenant.timeZone).slice(11, 16),
    minutes: Math.max(1, Math.ceil((until - now) / 60_000)),
    retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)),
  });
}

/**
 * A new slider challenge for the signed-in user, stored with the token it was asked with;
 * refused (AppError CAPTCHA_COOLING) while the account or its address cools down or when the
 * account or address has fetched its allowance of challenges. Challenges, credentials and
 * throttle counts long expired are deleted on the way.
 */
export async function genCaptcha(ctx: RequestContext, token: string): Promise<GenCaptchaResult> {
  const { tenant, user } = requireUser(ctx);
  const now = bookingClock.now();
  // the throttle before the picture: a refused caller costs no drawing
  const verdict = await withTenant(ctx.db, tenant.id, (tx) =>
    throttle(tx, ctx, tenant, user.account, 'challenge', now),
  );
  const until = coolingUntil(verdict);
  if (until !== null) throw coolingError(tenant, until, now);
  const puzzle = await sliderPuzzle();
  const id = randomBytes(16).toString('hex');
  await withTenant(ctx.db, tenant.id, async (tx) => {
    await deleteExpiredChallenges(tx, tenant.id, new Date(now - CAPTCHA_RETENTION_MS));
    await deleteOldThrottleRows(
      tx,
      tenant.id,
      new Date(now - CAPTCHA_RETENTION_MS - throttleLimits(ctx).windowMs),
      new Date(now - COOLDOWN_MEMORY_MS - CAPTCHA_RETENTION_MS),
    );
    await insertChallenge(tx, tenant.id, {
      id,
      account: user.account,
      token_hash: sha256(token),
      answer_x: puzzle.answerX,
      expires_at: new Date(now + CHALLENGE_TTL_MS),
    });
  });
  return {
    id: `${SLIDER_PREFIX}${id}`,
    captcha: {
      type: 'SLIDER',
      backgroundImage: puzzle.backgroundImage,
      templateImage: puzzle.templateImage,
      backgroundImageWidth: BG_WIDTH,
      backgroundImageHeight: BG_HEIGHT,
      templateImageWidth: TEMPLATE_WIDTH,
      templateImageHeight: TEMPLATE_HEIGHT,
    },
  };
}

/**
 * checkCaptcha's answer: `code` 200 with the credential, else 4000 (expired/unknown), 4001
 * (wrong slide), 429 (cool-down; `retryAfterSeconds` says for how long) or 400.
 */
export interface CheckCaptchaResult {
  code: 200 | 400 | 429 | 4000 | 4001;
  msg: string;
  msg_en: string;
  success: boolean;
  data: { captchaId: string; captchaCode: string } | null;
  retryAfterSeconds?: number;
}

function refused(code: CheckCaptchaResult['code'], error: ErrorCode, params = {}): CheckCaptchaResult {
  const { zh, en } = errorTexts(error, params);
  return { code, msg: zh, msg_en: en, success: false, data: null };
}

function cooling(err: AppError): CheckCaptchaResult {
  const { zh, en } = err.texts;
  return {
    code: 429,
    msg: zh,
    msg_en: en,
    success: false,
    data: null,
    retryAfterSeconds: Number(err.params.retryAfterSeconds),
  };
}

/**
 * Checks a slide against its challenge, once: a right slide returns a credential (captchaId =
 * the challenge id without `SLIDER_`, captchaCode = a new dashed UUID) that one booking submit
 * of this user may use within CREDENTIAL_TTL_MS; a wrong one spends the challenge and counts
 * as a failure of the account and its address. While a cool-down holds nothing is checked (and
 * nothing spent); the failure that reaches a limit is answered with the cool-down.
 */
export async function checkCaptcha(ctx: RequestContext, token: string, body: unknown): Promise<CheckCaptchaResult> {
  const { tenant, user } = requireUser(ctx);
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const id = challengeIdOf(b.id);
  if (!id) return refused(400, 'CAPTCHA_CHECK_INPUT_INVALID', { detail: 'id must be SLIDER_<32 hex>' });
  const report = readSlideReport(b.data);
  if ('error' in report) return refused(400, 'CAPTCHA_CHECK_INPUT_INVALID', { detail: report.error });
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const held = coolingFor(now, await readThrottle(tx, ctx, tenant.id, user.account, now));
    if (held !== null) return cooling(coolingError(tenant, held, now));
    const row = await findChallengeForUpdate(tx, tenant.id, id);
    if (
      !row ||
      row.account !== user.account ||
      row.token_hash !== sha256(token) ||
      row.checked_at !== null ||
      row.expires_at.getTime() <= now
    ) {
      return refused(4000, 'CAPTCHA_CHALLENGE_EXPIRED');
    }
    const right = slideMatches(report, row.answer_x);
    const code = right ? randomUUID() : null;
    await markChecked(tx, tenant.id, id, { at: new Date(now), code, expiresAt: new Date(now + CREDENTIAL_TTL_MS) });
    if (!code) {
      const after = await throttle(tx, ctx, tenant, user.account, 'failure', now);
      const until = coolingUntil(after);
      return until !== null ? cooling(coolingError(tenant, until, now)) : refused(4001, 'CAPTCHA_SLIDE_WRONG');
    }
    return {
      code: 200,
      msg: '验证成功',
      msg_en: 'Verified',
      success: true,
      data: { captchaId: id, captchaCode: code },
    };
  });
}

/** A write that must land whatever becomes of the submit's transaction. */
type SubmitRecord = (tx: Tx) => Promise<void>;

const pendingRecords = new Set<Promise<void>>();

/**
 * Writes the records again in a transaction of their own, after the submit's: a submit that
 * is refused (by these rules or by the booking rules after them) rolls back its transaction,
 * yet its attempt, its block and the credential it spent must stay. The writes are idempotent,
 * so when the submit commits they change nothing. The submit does not wait for them: on
 * PostgreSQL they wait for the submit's row locks on another connection, on PGlite they run
 * after it, so they can never hold the submit up.
 */
function recordAfterSubmit(ctx: RequestContext, tenantId: string, records: SubmitRecord[]): void {
  const done: Promise<void> = withTenant(ctx.db, tenantId, async (tx) => {
    for (const record of records) await record(tx);
  })
    .catch((err: unknown) => ctx.log.error({ err }, 'could not record a booking submit for the anti-abuse rules'))
    .finally(() => pendingRecords.delete(done));
  pendingRecords.add(done);
}

/** Resolves when the records of earlier submits have been written (tests; shutdown). */
export async function submitRecordsWritten(): Promise<void> {
  while (pendingRecords.size) await Promise.all([...pendingRecords]);
}

/**
 * The frequency rule for one submit (`open_frequency_verify` "1"): refused while the account is
 * blocked; the submit that would be the 3rd within FREQUENCY_WINDOW_MS blocks the account for
 * 3 minutes and is refused; any other is counted.
 */
async function checkFrequency(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  user: AuthUser,
  now: Date,
  records: SubmitRecord[],
): Promise<void> {
  await lockSubmitter(tx, tenant.id, user.account);
  const state = await submitState(tx, tenant.id, user.account, now, new Date(now.getTime() - FREQUENCY_WINDOW_MS));
  const decision = frequencyDecision({
    now: now.getTime(),
    blockedUntil: state.blockedUntil?.getTime() ?? null,
    recent: state.recent,
  });
  if (decision.kind === 'blocked') throw new AppError('SUBMIT_TOO_FREQUENT');
  if (decision.kind === 'block') {
    const block = { id: randomUUID(), account: user.account, blocked_until: new Date(decision.until) };
    await recordBlock(tx, tenant.id, block);
    records.push(async (t) => {
      await recordBlock(t, tenant.id, block);
      await audit(t, ctx, {
        module: 'appointment',
        type: 'frequencyBlock',
        content: `频繁调用接口，禁用3分钟：${user.account} 至 ${formatDateTime(decision.until, tenant.timeZone)}`,
        object: user.account,
      });
    });
    throw new AppError('SUBMIT_TOO_FREQUENT');
  }
  const attempt = { id: randomUUID(), account: user.account, at: now };
  await recordAttempt(tx, tenant.id, attempt);
  records.push(async (t) => {
    await recordAttempt(t, tenant.id, attempt);
    await deleteOldSubmitRecords(t, tenant.id, user.account, new Date(now.getTime() - FREQUENCY_RETENTION_MS));
  });
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The captcha rule for one submit (`open_captcha_verify` "1"): the credential must be this
 * user's, carry its code (AES-encrypted as api-contract 3 says, or plain), be unused and
 * unexpired; it is then spent.
 */
async function spendCredential(
  tx: Tx,
  tenant: TenantRef,
  user: AuthUser,
  captcha: { captchaId?: string | null; captchaCode?: string | null },
  now: Date,
  records: SubmitRecord[],
): Promise<void> {
  const sentId = captcha.captchaId?.trim() ?? '';
  const sentCode = captcha.captchaCode?.trim() ?? '';
  if (!sentId || !sentCode) throw new AppError('CAPTCHA_REQUIRED');
  const id = credentialIdOf(sentId) ?? challengeIdOf(sentId);
  const code = id ? plainCaptchaCode(sentCode, id) : null;
  if (!id || !code) throw new AppError('CAPTCHA_INVALID');
  const row = await findChallengeForUpdate(tx, tenant.id, id);
  if (!row || row.account !== user.account || !row.captcha_code || !sameText(row.captcha_code, code)) {
    throw new AppError('CAPTCHA_INVALID');
  }
  if (row.used_at) throw new AppError('CAPTCHA_REUSED');
  if (row.expires_at.getTime() <= now.getTime()) throw new AppError('CAPTCHA_EXPIRED');
  await consumeCredential(tx, tenant.id, id, now);
  records.push((t) => consumeCredential(t, tenant.id, id, now));
}

/**
 * The anti-abuse rules of one booking submit, in the submit's transaction and before its
 * business rules: the frequency rule first, then the captcha. What they record (the attempt,
 * a block, the spent credential) stays even when the submit is refused.
 */
export async function checkSubmit(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  user: AuthUser,
  rules: { frequency: boolean; captcha: boolean },
  captcha: { captchaId?: string | null; captchaCode?: string | null },
): Promise<void> {
  if (!rules.frequency && !rules.captcha) return;
  const now = new Date(bookingClock.now());
  const records: SubmitRecord[] = [];
  try {
    if (rules.frequency) await checkFrequency(tx, ctx, tenant, user, now, records);
    if (rules.captcha) await spendCredential(tx, tenant, user, captcha, now, records);
  } finally {
    if (records.length) recordAfterSubmit(ctx, tenant.id, records);
  }
}
