import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The role every request's transaction runs as (`SET LOCAL ROLE`). It is not the tables'
 * owner and not a superuser, so row-level security applies to it. The bootstrap migration
 * creates it.
 */
export const appRole = pgRole('yuyue_app').existing();

/** The tenant of the current transaction, set with `set_config(..., true)` (SET LOCAL). */
const currentTenant = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** `tenant_id`, on every tenant-owned table. */
export const tenantId = () => uuid('tenant_id').notNull();

/** Primary key: UUID v4, as the contract's ids are. */
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createTime = () => timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** The row-level security policy of a tenant-owned table: rows of the current tenant only. */
export const tenantIsolation = (table: string) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: sql`tenant_id = ${currentTenant}`,
    withCheck: sql`tenant_id = ${currentTenant}`,
  });
