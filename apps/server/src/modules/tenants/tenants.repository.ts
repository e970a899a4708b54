import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { announce } from '../../platform/events.ts';
import { tenants } from './tenants.tables.ts';

export type TenantRow = typeof tenants.$inferSelect;

export async function findTenant(tx: Executor, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

export async function listTenants(tx: Executor): Promise<TenantRow[]> {
  return tx.select().from(tenants).orderBy(asc(tenants.create_time));
}

/** Inserts a tenant; undefined when the key is taken. */
export async function insertTenant(
  tx: Executor,
  values: Pick<TenantRow, 'tenant_key' | 'name' | 'name_en' | 'domains' | 'time_zone' | 'remark'> & {
    is_super?: boolean;
  },
): Promise<TenantRow | undefined> {
  const [row] = await tx.insert(tenants).values(values).onConflictDoNothing({ target: tenants.tenant_key }).returning();
  // instances that resolve anonymous requests' tenants from a list read earlier read it again
  if (row) await announce(tx, { kind: 'tenant', id: row.id });
  return row;
}

export async function updateTenant(
  tx: Executor,
  tenantId: string,
  patch: Partial<Pick<TenantRow, 'name' | 'name_en' | 'domains' | 'time_zone' | 'remark' | 'state' | 'initialized_at'>>,
): Promise<TenantRow | undefined> {
  const [row] = await tx.update(tenants).set(patch).where(eq(tenants.id, tenantId)).returning();
  if (row) await announce(tx, { kind: 'tenant', id: tenantId });
  return row;
}
