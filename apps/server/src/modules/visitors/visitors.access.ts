import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { visitorAdminPermissions } from './visitors.tables.ts';

/**
 * Who does what in the visitor module. A tenant administrator holds every visitor right. A
 * visitor administrator (an enabled `visitor_admin_permissions` row for the user's account with
 * permission 'admin') manages visits and sees numbers whole; gate staff (permission 'gate')
 * verify passes and record entries. Visitors act on their own registration and visits; hosts
 * (any directory user) on the visits they host or invited.
 */
export type VisitorRight = 'admin' | 'gate';

/** The permission values a visitor admin permission row may carry (spec 3), each with the rights it gives. */
export const VISITOR_PERMISSIONS: Readonly<Record<string, readonly VisitorRight[]>> = {
  admin: ['admin', 'gate'],
  gate: ['gate'],
};

/** The signed-in caller and tenant, or UNAUTHENTICATED. */
export function signedIn(ctx: RequestContext): { tenant: TenantRef; user: AuthUser } {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

/** The caller's visitor rights (a tenant administrator: all; a visitor: none). */
export async function visitorRightsOf(tx: Executor, tenantId: string, user: AuthUser): Promise<Set<VisitorRight>> {
  if (user.role === 'admin') return new Set(VISITOR_PERMISSIONS.admin);
  if (user.role !== 'user') return new Set();
  const rows = await tx
    .select({ permission: visitorAdminPermissions.permission })
    .from(visitorAdminPermissions)
    .where(
      and(
        eq(visitorAdminPermissions.tenant_id, tenantId),
        eq(visitorAdminPermissions.admin_user, user.account),
        eq(visitorAdminPermissions.is_enable, 1),
      ),
    );
  return new Set(rows.flatMap((r) => VISITOR_PERMISSIONS[r.permission] ?? []));
}

/** Refuses (FORBIDDEN) a caller without `right`. */
export async function requireVisitorRight(tx: Executor, tenantId: string, user: AuthUser, right: VisitorRight) {
  if (!(await visitorRightsOf(tx, tenantId, user)).has(right)) throw new AppError('FORBIDDEN');
}
