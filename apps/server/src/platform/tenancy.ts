import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tenants } from '../modules/tenants/tenants.tables.ts';
import type { TenantRef } from './context.ts';
import { isUuid } from './ids.ts';

type TenantRow = typeof tenants.$inferSelect;

export function toTenantRef(row: TenantRow): TenantRef {
  return { id: row.id, key: row.tenant_key, timeZone: row.time_zone, isSuper: row.is_super };
}

/**
 * The tenant a request acts in when no token says so: the `x-tenant` header (a tenant key),
 * else a tenant whose domains list the request's host, else the deployment's first tenant.
 */
export async function resolveTenant(
  db: Db,
  hint: { key?: string | null; host?: string | null },
): Promise<TenantRef | null> {
  if (hint.key) {
    const [row] = await db.select().from(tenants).where(eq(tenants.tenant_key, hint.key)).limit(1);
    return row ? toTenantRef(row) : null;
  }
  const rows = await db.select().from(tenants).orderBy(asc(tenants.create_time));
  const host = hint.host?.split(':')[0]?.toLowerCase();
  const byHost = host
    ? rows.find((t) =>
        t.domains
          .split(',')
          .map((d) => d.trim())
          .includes(host),
      )
    : undefined;
  const row = byHost ?? rows[0];
  return row ? toTenantRef(row) : null;
}

/** How long a tenant found by id is reused without reading it again. */
export const TENANT_CACHE_MS = 5_000;
const tenantsById = new Map<string, { ref: TenantRef; until: number }>();

/** Drops the cached tenants (a tenant was changed in this process). */
export function forgetTenants(): void {
  tenantsById.clear();
}

/**
 * The tenant with this id. Every authenticated request asks, so a found tenant is reused for
 * TENANT_CACHE_MS: a change made by another instance (time zone) shows within that time; this
 * process forgets its cache when it changes a tenant.
 */
export async function findTenantById(db: Db, id: string): Promise<TenantRef | null> {
  if (!isUuid(id)) return null;
  const now = Date.now();
  const hit = tenantsById.get(id);
  if (hit && hit.until > now) return hit.ref;
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  if (!row) {
    tenantsById.delete(id);
    return null;
  }
  const ref = toTenantRef(row);
  if (tenantsById.size > 1000) tenantsById.clear();
  tenantsById.set(id, { ref, until: now + TENANT_CACHE_MS });
  return ref;
}
