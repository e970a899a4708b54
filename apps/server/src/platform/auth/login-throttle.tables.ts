import { doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantId, tenantIsolation } from '../../db/columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Failed sign-ins of an account (login-throttle.ts): from one client address, or, in the row
 * whose `address` is '', from every address. Kept in the database so that every app instance
 * counts the same failures. Keyed by what was typed, existing account or not.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    tenant_id: tenantId(),
    /** Digest of the account as typed (`accountKey`): typed secrets are not kept in clear. */
    account_key: text('account_key').notNull(),
    /** The client address (`addressKey`: IPv6 by /64), '' for the account from every address. */
    address: text('address').notNull(),
    /** Failures, forgotten at the scope's rate since `changed_at`. */
    level: doublePrecision('level').notNull().default(0),
    changed_at: instant('changed_at').notNull(),
    /** Last right password from this address: it spares the address the account-wide waits. */
    signed_in_at: instant('signed_in_at'),
  },
  (t) => [
    primaryKey({ name: 'login_throttle_pk', columns: [t.tenant_id, t.account_key, t.address] }),
    tenantIsolation('login_throttle'),
  ],
).enableRLS();

/**
 * Failed sign-ins from one client address across every account and tenant (password spraying).
 * Not tenant-owned: a sprayer is one whichever tenants it tries.
 */
export const loginAddressThrottle = pgTable('login_address_throttle', {
  address: text('address').primaryKey(),
  level: doublePrecision('level').notNull().default(0),
  changed_at: instant('changed_at').notNull(),
});
