import { withTenant, type Tx } from '../../db/client.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireVisitorAdminScope, signedIn, type VisitorAdminScope } from './visitors.access.ts';

/*
 * What the visitor back office's records (visitors.admin-records.service.ts) and cars and
 * entries (visitors.admin-entries.service.ts) share: the administrator's call, filters, numbers.
 */

export type StringFilter = {
  eq?: string | null;
  in?: (string | null)[] | null;
  like?: string | null;
  gte?: string | null;
  lte?: string | null;
};
export type Filter = Record<string, StringFilter | null | undefined> | null | undefined;

export interface AdminCall {
  tenant: TenantRef;
  user: AuthUser;
  tx: Tx;
  /** The caller's visitor-admin scope (areas, visitor types; empty lists: all). */
  scope: VisitorAdminScope;
}

/** Runs `fn` in the tenant's transaction for a holder of the visitor 'admin' right (FORBIDDEN otherwise). */
export async function asAdmin<T>(ctx: RequestContext, fn: (c: AdminCall) => Promise<T>): Promise<T> {
  const { tenant, user } = signedIn(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const scope = await requireVisitorAdminScope(tx, tenant.id, user);
    return fn({ tenant, user, tx, scope });
  });
}

export const outOfScope = () => new AppError('VISITOR_OUT_OF_SCOPE', { what: '来访区域', what_en: 'areas' });

export const text = (f: StringFilter | null | undefined, op: 'eq' | 'like' | 'gte' | 'lte' = 'eq') =>
  typeof f?.[op] === 'string' && f[op]!.trim() !== '' ? f[op]!.trim().slice(0, 200) : undefined;

export const intOf = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d{1,3}$/.test(value)) throw new AppError('INVALID_INPUT', { detail: `${name}: a number` });
  return Number(value);
};
