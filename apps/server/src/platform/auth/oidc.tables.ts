import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Storage of the built-in OpenID provider (sessions, grants, codes, tokens...). Keyed by
 * model and id; the provider itself enforces expiry, and a job sweeps expired rows. Not
 * tenant-owned: a token is looked up before its tenant is known.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grant_id: text('grant_id'),
    user_code: text('user_code'),
    uid: text('uid'),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumed_at: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'oidc_payloads_pk', columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grant_id),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expires_at),
  ],
);
