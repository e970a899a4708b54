import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AuthUser } from '../../platform/context.ts';
import { ofManagedResource } from '../resources/resource-admins.ts';
import { appointments } from './booking.tables.ts';

/**
 * The accounts among `accounts` that have booked a resource `user` manages: whose contact
 * details that resource administrator may see (directory rules, "Contact details").
 */
export async function bookersManagedBy(
  tx: Executor,
  tenantId: string,
  user: AuthUser,
  accounts: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(accounts)];
  if (!wanted.length) return new Set();
  const managed = ofManagedResource(tenantId, user, appointments.resources_id, 'any');
  const rows = await tx
    .selectDistinct({ account: appointments.created_user })
    .from(appointments)
    .where(and(eq(appointments.tenant_id, tenantId), inArray(appointments.created_user, wanted), managed));
  return new Set(rows.map((r) => r.account));
}
