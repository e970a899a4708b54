import type { AppRole } from '@yuyue/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import type { AuthUser } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { grantsReaching } from '../directory/directory.grants.repository.ts';
import { departments, posts, userPositions, users } from '../directory/directory.tables.ts';
import { resources } from './resources.tables.ts';

/*
 * Resource administrators (docs/GLOSSARY.md "Administrators"): the one rule of who manages a
 * resource, used by approvals, the lifecycle's back-office actions (change time, terminate,
 * delete someone else's booking), staff check-in marking and the lists of the booking overview
 * and the sign desk.
 *
 * A tenant administrator manages every resource of the tenant. Any other user manages a resource
 * when one of their active positions is in one of its `admin_dept` (department ids or codes,
 * comma-separated; any department when empty) and holds one of its `admin_post` (post ids or
 * codes; any post when empty). A resource naming neither is managed by tenant administrators only.
 *
 * The rule is written once, as a SQL condition on the `resources` row in scope, so "does this
 * user manage this resource" and "the resources I manage" cannot disagree; its statements are
 * constant (the user's positions are joined, not spliced in).
 *
 * Grants (docs/GLOSSARY.md "Grants") add to it, for a purpose: a `resourceAdmin` grant counts
 * for every purpose (`manage`: change time, terminate, delete others' bookings, the resources
 * list; `approve`: approvals and the bookings list; `checkin`: the sign desk and staff marking),
 * an `approver` grant for `approve`, a `checkinStaff` grant for `checkin`; `any` asks whether any
 * of them holds. A grant's filter limits it to its resources and the resources of its types (no
 * filter: every resource). The grants come with the signed-in user (AuthUser.grants) and go into
 * the statements as bound parameters, so the statements stay constant.
 */

/** What a resource administrator's right is used for (see above). */
export type AdminPurpose = 'manage' | 'approve' | 'checkin' | 'any';

const ROLES_FOR: Readonly<Record<AdminPurpose, readonly AppRole[]>> = {
  manage: ['resourceAdmin'],
  approve: ['resourceAdmin', 'approver'],
  checkin: ['resourceAdmin', 'checkinStaff'],
  any: ['resourceAdmin', 'approver', 'checkinStaff'],
};

/**
 * The part of the rule `user`'s grants give for `purpose`: 'all' (a grant without a filter), a
 * condition on the `resources` row in scope, or undefined (no such grant).
 */
function byGrant(user: AuthUser, purpose: AdminPurpose): SQL | 'all' | undefined {
  const relevant = (user.grants ?? []).filter((g) => ROLES_FOR[purpose].includes(g.permission));
  if (!relevant.length) return undefined;
  if (relevant.some((g) => !g.filter.resources.length && !g.filter.resourceTypes.length)) return 'all';
  const list = (ids: string[]) => [...new Set(ids.map((i) => i.toLowerCase()))].join(',');
  const ids = list(relevant.flatMap((g) => g.filter.resources));
  const types = list(relevant.flatMap((g) => g.filter.resourceTypes));
  return sql`(${resources.id}::text = any(string_to_array(${ids}, ',')) or ${resources.resources_type_id}::text = any(string_to_array(${types}, ',')))`;
}

/** The items of a comma-separated list column, trimmed, empty ones dropped (text[]). */
const itemsOf = (column: AnyPgColumn) =>
  sql`array(select t from (select regexp_replace(x, '^\\s+|\\s+$', '', 'g') as t from unnest(string_to_array(${column}, ',')) as x) as items where t <> '')`;

/** The user holds an active position matching the `resources` row in scope (not for tenant administrators). */
function holdsPosition(tenantId: string, userId: string | SQL): SQL {
  const depts = itemsOf(resources.admin_dept);
  const postsOf = itemsOf(resources.admin_post);
  const up = userPositions;
  return sql`exists (select 1 from ${up}
    left join ${departments} on ${departments.id} = ${up.dept_id}
    left join ${posts} on ${posts.id} = ${up.post_id}
    where ${up.tenant_id} = ${tenantId} and ${up.user_id} = ${userId} and ${up.active}
      and (cardinality(${depts}) > 0 or cardinality(${postsOf}) > 0)
      and (cardinality(${depts}) = 0 or ${depts} && array[${departments.id}::text, ${departments.code}])
      and (cardinality(${postsOf}) = 0 or ${postsOf} && array[${posts.id}::text, ${posts.code}]))`;
}

/**
 * Condition on the `resources` row in scope: a resource `user` manages; undefined when they
 * manage all of them (a tenant administrator).
 */
export function managedResources(tenantId: string, user: AuthUser, purpose: AdminPurpose = 'manage'): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (!isUuid(user.id)) return sql`false`;
  const granted = byGrant(user, purpose);
  if (granted === 'all') return sql`true`;
  const held = holdsPosition(tenantId, user.id);
  return granted ? sql`(${held} or ${granted})` : held;
}

/**
 * Condition on a resource id column (e.g. a booking's `resources_id`): a resource `user`
 * manages; undefined for a tenant administrator.
 */
export function ofManagedResource(
  tenantId: string,
  user: AuthUser,
  resourceId: AnyPgColumn,
  purpose: AdminPurpose = 'manage',
): SQL | undefined {
  const managed = managedResources(tenantId, user, purpose);
  if (!managed) return undefined;
  return sql`${resourceId} in (select ${resources.id} from ${resources} where ${resources.tenant_id} = ${tenantId} and ${managed})`;
}

/** Whether `user` manages the resource (a tenant administrator always). */
export async function managesResource(
  tx: Executor,
  tenantId: string,
  user: AuthUser,
  resourceId: string,
  purpose: AdminPurpose = 'manage',
): Promise<boolean> {
  const managed = managedResources(tenantId, user, purpose);
  if (!managed) return true;
  if (!isUuid(resourceId)) return false;
  const [row] = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.tenant_id, tenantId), eq(resources.id, resourceId), managed))
    .limit(1);
  return !!row;
}

/** Whether `user` manages any resource of the tenant (a tenant administrator always). */
export async function managesAnyResource(
  tx: Executor,
  tenantId: string,
  user: AuthUser,
  purpose: AdminPurpose = 'manage',
): Promise<boolean> {
  if (byGrant(user, purpose) === 'all') return true;
  const managed = managedResources(tenantId, user, purpose);
  if (!managed) return true;
  const [row] = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.tenant_id, tenantId), managed))
    .limit(1);
  return !!row;
}

/** The resources among `resourceIds` that `user` manages (all of them for a tenant administrator). */
export async function managedAmong(
  tx: Executor,
  tenantId: string,
  user: AuthUser,
  resourceIds: readonly string[],
  purpose: AdminPurpose = 'manage',
): Promise<Set<string>> {
  const ids = [...new Set(resourceIds.filter(isUuid))];
  const managed = managedResources(tenantId, user, purpose);
  if (!managed) return new Set(ids);
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.tenant_id, tenantId), inArray(resources.id, ids), managed));
  return new Set(rows.map((r) => r.id));
}

/**
 * The scope of a back-office list (booking overview, sign desk, resources) for `user`:
 * undefined (everything) for a tenant administrator; for a resource administrator, the
 * condition on `resourceId` (a booking's resource id column), or on the `resources` row in
 * scope when omitted; FORBIDDEN for a user administering no resource.
 */
export async function managedScope(
  tx: Executor,
  tenantId: string,
  user: AuthUser,
  resourceId?: AnyPgColumn,
  purpose: AdminPurpose = 'manage',
): Promise<SQL | undefined> {
  if (user.role === 'admin') return undefined;
  if (!(await managesAnyResource(tx, tenantId, user, purpose))) throw new AppError('FORBIDDEN');
  return resourceId
    ? ofManagedResource(tenantId, user, resourceId, purpose)
    : managedResources(tenantId, user, purpose);
}

/**
 * Who a resource's administrator notices go to: the enabled users holding a position the
 * resource names (the same rule as above) and those holding a `resourceAdmin` grant covering it,
 * or, when it names no position, the tenant's enabled administrators (by role or `admin` grant)
 * too. Tenant administrators are not added to named ones (they manage everything, and would
 * otherwise receive every resource's notices).
 */
export async function resourceAdministrators(
  tx: Executor,
  tenantId: string,
  resourceId: string,
): Promise<{ account: string; name: string; email: string }[]> {
  const r = resources;
  const names = sql`(cardinality(${itemsOf(r.admin_dept)}) > 0 or cardinality(${itemsOf(r.admin_post)}) > 0)`;
  return tx
    .select({ account: users.account, name: users.name, email: users.email })
    .from(users)
    .innerJoin(r, and(eq(r.tenant_id, users.tenant_id), eq(r.id, resourceId)))
    .where(
      and(
        eq(users.tenant_id, tenantId),
        eq(users.disabled, false),
        sql`(case when ${names} then ${holdsPosition(tenantId, sql`${users.id}`)} else ${users.role} = 'admin' end
          or ${users.id} in (select h.user_id from (${grantsReaching(tenantId, sql`true`)}) h
            where (h.permission = 'resourceAdmin' and (h.filter = ''
                or (h.filter::jsonb -> 'resources') @> to_jsonb(${r.id}::text)
                or (h.filter::jsonb -> 'resourceTypes') @> to_jsonb(${r.resources_type_id}::text)))
              or (h.permission = 'admin' and not ${names})))`,
      ),
    )
    .orderBy(users.account);
}
