import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { splitIds } from './visitors.areas.rules.ts';
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

/**
 * The visitor rights the caller's grants give (docs/GLOSSARY.md "Grants"): `visitorAdmin` the
 * 'admin' right (and 'gate'), `visitorGate` the 'gate' right.
 */
function grantedRights(user: AuthUser): VisitorRight[] {
  return (user.grants ?? []).flatMap((g) =>
    g.permission === 'visitorAdmin'
      ? VISITOR_PERMISSIONS.admin!
      : g.permission === 'visitorGate'
        ? ['gate' as const]
        : [],
  );
}

/** The caller's visitor rights (a tenant administrator: all; a visitor: none): their grants' and their enabled rows'. */
export async function visitorRightsOf(tx: Executor, tenantId: string, user: AuthUser): Promise<Set<VisitorRight>> {
  if (user.role === 'admin') return new Set(VISITOR_PERMISSIONS.admin);
  if (user.role !== 'user') return new Set();
  const granted = grantedRights(user);
  if (granted.includes('admin')) return new Set(granted);
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
  return new Set([...granted, ...rows.flatMap((r) => VISITOR_PERMISSIONS[r.permission] ?? [])]);
}

/** Refuses (FORBIDDEN) a caller without `right`. */
export async function requireVisitorRight(tx: Executor, tenantId: string, user: AuthUser, right: VisitorRight) {
  if (!(await visitorRightsOf(tx, tenantId, user)).has(right)) throw new AppError('FORBIDDEN');
}

/**
 * What a visitor administrator may see and change (`visitor_admin_permissions.scope_areas` and
 * `scope_types`): area resource ids and visitor types; an empty list covers all of them. A
 * tenant administrator's scope is everything.
 */
export interface VisitorAdminScope {
  areas: string[];
  types: string[];
}

/** The scope covering everything (tenant administrators, an administrator without a scope). */
export const WHOLE_SCOPE: VisitorAdminScope = Object.freeze({ areas: [], types: [] }) as VisitorAdminScope;

/** Whether a scope covers everything. */
export const isWholeScope = (scope: VisitorAdminScope): boolean => !scope.areas.length && !scope.types.length;

/**
 * The caller's visitor-admin scope, or null when they hold no visitor 'admin' right (a tenant
 * administrator: everything; a visitor administrator: what their enabled row and their
 * `visitorAdmin` grants cover together, the widest winning: any of them covering every area
 * covers every area, likewise for types; else the union of their lists).
 */
export async function visitorAdminScopeOf(
  tx: Executor,
  tenantId: string,
  user: AuthUser,
): Promise<VisitorAdminScope | null> {
  if (user.role === 'admin') return WHOLE_SCOPE;
  if (user.role !== 'user') return null;
  const rows = await tx
    .select({
      permission: visitorAdminPermissions.permission,
      scope_areas: visitorAdminPermissions.scope_areas,
      scope_types: visitorAdminPermissions.scope_types,
    })
    .from(visitorAdminPermissions)
    .where(
      and(
        eq(visitorAdminPermissions.tenant_id, tenantId),
        eq(visitorAdminPermissions.admin_user, user.account),
        eq(visitorAdminPermissions.is_enable, 1),
      ),
    );
  const scopes: VisitorAdminScope[] = rows
    .filter((r) => (VISITOR_PERMISSIONS[r.permission] ?? []).includes('admin'))
    .slice(0, 1)
    .map((r) => ({ areas: splitIds(r.scope_areas).map((a) => a.toLowerCase()), types: splitIds(r.scope_types) }));
  for (const g of user.grants ?? []) {
    if (g.permission === 'visitorAdmin') {
      scopes.push({ areas: g.filter.areas.map((a) => a.toLowerCase()), types: [...g.filter.visitorTypes] });
    }
  }
  if (!scopes.length) return null;
  return widest(scopes);
}

/** What several scopes cover together: a dimension left open by any of them is open; else the union. */
export function widest(scopes: readonly VisitorAdminScope[]): VisitorAdminScope {
  const union = (pick: (s: VisitorAdminScope) => string[]) =>
    scopes.some((s) => !pick(s).length) ? [] : [...new Set(scopes.flatMap(pick))];
  return { areas: union((s) => s.areas), types: union((s) => s.types) };
}

/** The caller's scope; FORBIDDEN without the visitor 'admin' right. */
export async function requireVisitorAdminScope(
  tx: Executor,
  tenantId: string,
  user: AuthUser,
): Promise<VisitorAdminScope> {
  const scope = await visitorAdminScopeOf(tx, tenantId, user);
  if (!scope) throw new AppError('FORBIDDEN');
  return scope;
}

/**
 * Whether a scope covers a thing with these areas and visitor type: every one of its areas is in
 * the scope's areas (none named, as a long-term visitor admitted everywhere: only a scope without
 * areas covers it) and its type is in the scope's types (no type given: types are not asked).
 */
export function inScope(
  scope: VisitorAdminScope,
  thing: { areas: readonly string[] | string; visitor_type?: string | null },
): boolean {
  if (scope.types.length && thing.visitor_type != null && !scope.types.includes(String(thing.visitor_type))) {
    return false;
  }
  if (!scope.areas.length) return true;
  const areas = typeof thing.areas === 'string' ? splitIds(thing.areas) : thing.areas;
  if (!areas.length) return false;
  return areas.every((a) => scope.areas.includes(a.toLowerCase()));
}
