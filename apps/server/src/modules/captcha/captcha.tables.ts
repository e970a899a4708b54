import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTime, tenantId, tenantIsolation } from '../../db/columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Slider captchas (api-contract 3), in the database so that every app instance agrees. A row is
 * a challenge from genCaptcha (`id` = the 32 hex after `SLIDER_`), checked at most once
 * (`checked_at`); a right slide turns it into a credential (`captcha_code`, `verified_at`, a new
 * `expires_at`) that one booking submit of the same user consumes (`used_at`). Rows are deleted
 * a while after they expire.
 */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: text('id').primaryKey(),
    tenant_id: tenantId(),
    /** The user it was generated for (account); only they may check and use it. */
    account: text('account').notNull(),
    /** sha256 (hex) of the access token genCaptcha was called with; checkCaptcha must carry the same. */
    token_hash: text('token_hash').notNull(),
    /** Where the piece belongs on the 600 px background (left edge of the template), px. */
    answer_x: integer('answer_x').notNull(),
    /** Until when it may be checked; after a right slide, until when the credential may be used. */
    expires_at: instant('expires_at').notNull(),
    checked_at: instant('checked_at'),
    verified_at: instant('verified_at'),
    /** The credential's code (a dashed UUID), set by a right slide. */
    captcha_code: text('captcha_code'),
    used_at: instant('used_at'),
    create_time: createTime(),
  },
  (t) => [index('captcha_challenges_expiry_idx').on(t.tenant_id, t.expires_at), tenantIsolation('captcha_challenges')],
).enableRLS();

/**
 * Booking submits of an account on resources with `open_frequency_verify` "1" (api-contract 7):
 * the window count of the frequency rule. `id` is chosen by the server so that the record can
 * be written twice (in the submit's transaction and after it) and land once.
 */
export const captchaSubmitAttempts = pgTable(
  'captcha_submit_attempts',
  {
    id: uuid('id').primaryKey(),
    tenant_id: tenantId(),
    account: text('account').notNull(),
    at: instant('at').notNull(),
  },
  (t) => [
    index('captcha_submit_attempts_account_idx').on(t.tenant_id, t.account, t.at),
    tenantIsolation('captcha_submit_attempts'),
  ],
).enableRLS();

/** An account's submit block (「频繁调用接口，禁用3分钟」) and its end; `id` as for attempts. */
export const captchaSubmitBlocks = pgTable(
  'captcha_submit_blocks',
  {
    id: uuid('id').primaryKey(),
    tenant_id: tenantId(),
    account: text('account').notNull(),
    blocked_until: instant('blocked_until').notNull(),
    create_time: createTime(),
  },
  (t) => [
    index('captcha_submit_blocks_account_idx').on(t.tenant_id, t.account, t.blocked_until),
    tenantIsolation('captcha_submit_blocks'),
  ],
).enableRLS();

/**
 * What the captcha throttle counts: each challenge generated and each failed check, with the
 * account and the client address (`addressKey`) it came from. Rows older than the window are
 * of no use and are deleted.
 */
export const captchaThrottleEvents = pgTable(
  'captcha_throttle_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant_id: tenantId(),
    /** 'challenge' or 'failure' */
    kind: text('kind').notNull(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    at: instant('at').notNull(),
  },
  (t) => [
    index('captcha_throttle_events_account_idx').on(t.tenant_id, t.account, t.kind, t.at),
    index('captcha_throttle_events_address_idx').on(t.tenant_id, t.address, t.kind, t.at),
    index('captcha_throttle_events_at_idx').on(t.tenant_id, t.at),
    tenantIsolation('captcha_throttle_events'),
  ],
).enableRLS();

/**
 * A cool-down of an account or an address (`scope`, `subject`): no challenge and no check from
 * `started_at` to `until`. Events before `started_at` no longer count towards the next one; the
 * cool-downs of the last day make the next one longer. Deleted a day after they began.
 */
export const captchaCooldowns = pgTable(
  'captcha_cooldowns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant_id: tenantId(),
    /** 'account' or 'address' */
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    /** 'challenges' or 'failures': which limit was reached */
    reason: text('reason').notNull(),
    started_at: instant('started_at').notNull(),
    until: instant('until').notNull(),
  },
  (t) => [
    index('captcha_cooldowns_subject_idx').on(t.tenant_id, t.scope, t.subject, t.started_at),
    tenantIsolation('captcha_cooldowns'),
  ],
).enableRLS();
