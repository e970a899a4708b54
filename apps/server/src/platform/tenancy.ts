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

export async function findTenantById(db: Db, id: string): Promise<TenantRef | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ? toTenantRef(row) : null;
}
