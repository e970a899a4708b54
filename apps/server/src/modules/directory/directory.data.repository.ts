import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from './directory.tables.ts';

/** The users of the tenant with these accounts (id, account, role), for an import. */
export async function usersByAccounts(
  tx: Executor,
  tenantId: string,
  accounts: readonly string[],
): Promise<{ id: string; account: string; role: string }[]> {
  if (!accounts.length) return [];
  const found: { id: string; account: string; role: string }[] = [];
  // in slices: a sheet may name thousands of accounts
  for (let i = 0; i < accounts.length; i += 1000) {
    found.push(
      ...(await tx
        .select({ id: users.id, account: users.account, role: users.role })
        .from(users)
        .where(and(eq(users.tenant_id, tenantId), inArray(users.account, accounts.slice(i, i + 1000))))),
    );
  }
  return found;
}

/** The users of the tenant among `ids` (id, account, role). */
export async function usersByIds(
  tx: Executor,
  tenantId: string,
  ids: readonly string[],
): Promise<{ id: string; account: string; role: string }[]> {
  if (!ids.length) return [];
  return tx
    .select({ id: users.id, account: users.account, role: users.role })
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), inArray(users.id, [...ids])));
}
