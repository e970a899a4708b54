import { and, count, desc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EffectiveGrant } from '@yuyue/shared';
import type { Db, Executor } from '../../db/client.ts';
import { compile, runCompiled, textArray } from '../../db/compiled.ts';
import { resultRows } from '../../db/json-rows.ts';
import { announce } from '../../platform/events.ts';
import { permissionGrants, triples } from './directory.grants.tables.ts';
import { asText, textCondition } from './directory.repository.ts';
import type { StringFilter } from './directory.inputs.ts';
import { departments, posts, users } from './directory.tables.ts';
import { effectiveGrantsOf } from './directory.grants.rules.ts';

/*
 * Who a grant reaches (docs/GLOSSARY.md "Grants"), written once as SQL: a `user` grant its user;
 * a `dept` grant the users holding an active position in the department or any department
 * below it; a `post` grant the users holding the post anywhere; a `triple` grant the triple's
 * user, or (without one) the users holding the triple's post (any when none) in the triple's
 * department or below it (any when none), in one and the same position. Visitors are reached
 * by nothing. Departments link to their parent by id as text; the walk up the tree keeps each
 * (user, post, department) once, so a cycle in stored data ends it.
 */

/**
 * The grants reaching the users `who` selects (a condition on the `users` table, named as such):
 * rows of `user_id`, `grant_id`, `permission`, `filter`. `tenant` is the tenant id (a value or a
 * placeholder).
 */
export function grantsReaching(tenant: string | SQL | Placeholder, who: SQL): SQL {
  // Each way of reaching is its own join (hash-joinable for a whole tenant's users at once), the
  // results made distinct: no condition is evaluated per (user, grant) pair.
  return sql`with recursive
    people as (
      select users.id from users
      where users.tenant_id = ${tenant} and users.role <> 'visitor' and (${who})
    ),
    pos_anc (user_id, post_id, anc) as (
      select up.user_id, up.post_id, up.dept_id from user_positions up
      where up.tenant_id = ${tenant} and up.active and up.user_id in (select id from people)
      union
      select pa.user_id, pa.post_id, par.id from pos_anc pa
      join departments d on d.tenant_id = ${tenant} and d.id = pa.anc
      join departments par on par.tenant_id = ${tenant} and par.id::text = d.parent
    ),
    reached (user_id, grant_id) as (
      select g.user_id, g.id from permission_grants g
      where g.tenant_id = ${tenant} and g.user_id in (select id from people)
      union
      select pa.user_id, g.id from pos_anc pa
      join permission_grants g on g.tenant_id = ${tenant} and g.dept_id = pa.anc
      union
      select pa.user_id, g.id from pos_anc pa
      join permission_grants g on g.tenant_id = ${tenant} and g.post_id = pa.post_id
      union
      select t.user_id, g.id from triples t
      join permission_grants g on g.tenant_id = ${tenant} and g.triple_id = t.id
      where t.tenant_id = ${tenant} and t.user_id in (select id from people)
      union
      select pa.user_id, g.id from triples t
      join permission_grants g on g.tenant_id = ${tenant} and g.triple_id = t.id
      join pos_anc pa on (t.post_id is null or t.post_id = pa.post_id) and (t.dept_id is null or t.dept_id = pa.anc)
      where t.tenant_id = ${tenant} and t.user_id is null
    )
    select r.user_id, g.id as grant_id, g.permission, g.filter
    from reached r join permission_grants g on g.id = r.grant_id`;
}

/** A user's grants, one statement built once (every authenticated lookup runs it). */
const effectiveStatement = compile(
  grantsReaching(sql.placeholder('tenant'), sql`users.id = ${sql.placeholder('user')}`),
);

/**
 * The application roles a user holds through grants, with their filters: one statement outside
 * any transaction, as authentication's lookup (the pool's role is not subject to row-level
 * security, so the tenant is named explicitly).
 */
export async function effectiveGrants(db: Db | Executor, tenantId: string, userId: string): Promise<EffectiveGrant[]> {
  const rows = await runCompiled(db, effectiveStatement, { tenant: tenantId, user: userId });
  return effectiveGrantsOf(rows as { permission: string; filter: string }[]);
}

/** A person as authentication's lookup reads them (`signedInWithGrants`). */
export interface SignedInRow {
  id: string;
  account: string;
  name: string;
  role: string;
  disabled: boolean;
  grants?: EffectiveGrant[];
}

/**
 * Authentication's lookup of the users tokens name, by id or account, with the grants reaching
 * them (`effectiveGrants`), in ONE statement for many: a cold token costs no round trip of its
 * own when others are looked up at the same moment (directory.identity.ts gathers them). By key
 * (the id, or the account as stored); a visitor's row comes without grants (nothing reaches them).
 */
export async function signedInWithGrants(
  db: Db | Executor,
  tenantId: string,
  by: 'id' | 'account',
  keys: readonly string[],
): Promise<Map<string, SignedInRow>> {
  const rows = await runCompiled(db, signedInStatements[by], { tenant: tenantId, keys: textArray(keys) });
  const out = new Map<string, SignedInRow>();
  for (const row of rows) {
    const { grants, ...user } = row as Omit<SignedInRow, 'grants'> & { grants: unknown };
    const list = (typeof grants === 'string' ? JSON.parse(grants) : grants) as { permission: string; filter: string }[];
    out.set(
      by === 'id' ? user.id : user.account,
      user.role === 'visitor' ? user : { ...user, grants: effectiveGrantsOf(list ?? []) },
    );
  }
  return out;
}

function signedInStatement(column: typeof users.id | typeof users.account, type: 'uuid' | 'text') {
  const tenant = sql.placeholder('tenant');
  return compile(sql`with u as (
      select ${users.id}, ${users.account}, ${users.name}, ${users.role}, ${users.disabled} from ${users}
      where ${users.tenant_id} = ${tenant} and ${column} = any(${sql.placeholder('keys')}::${sql.raw(type)}[])
    ),
    g as (${grantsReaching(tenant, sql`users.id in (select id from u)`)})
    select u.id, u.account, u.name, u.role, u.disabled,
      (select coalesce(json_agg(json_build_object('permission', g.permission, 'filter', g.filter)), '[]'::json)
        from g where g.user_id = u.id) as grants
    from u`);
}

const signedInStatements = {
  id: signedInStatement(users.id, 'uuid'),
  account: signedInStatement(users.account, 'text'),
};

/** The grants reaching one user, with their ids (`accesses`). */
export async function grantsOfUser(
  tx: Executor,
  tenantId: string,
  userId: string,
): Promise<{ grant_id: string; permission: string; filter: string }[]> {
  const rows = resultRows(await tx.execute(grantsReaching(tenantId, sql`users.id = ${userId}`)));
  return rows as { grant_id: string; permission: string; filter: string }[];
}

/**
 * A statement of the ids of the tenant's users holding any of `roles` through a grant, and for
 * `admin` the users whose own role is `admin` too (`administrators`).
 */
export function roleHolderIds(tenantId: string, roles: readonly string[]): SQL {
  const held = sql`select h.user_id from (${grantsReaching(tenantId, sql`true`)}) h
    where h.permission in (${sql.join(
      roles.map((r) => sql`${r}`),
      sql`, `,
    )})`;
  if (!roles.includes('admin')) return held;
  return sql`${held} union select users.id from users where users.tenant_id = ${tenantId} and users.role = 'admin'`;
}

// ---- Triples ----

export type TripleRow = typeof triples.$inferSelect;
const tripleDept = alias(departments, 'triple_dept');
const triplePost = alias(posts, 'triple_post');
const tripleUser = alias(users, 'triple_user');

export interface TripleRecord {
  triple: TripleRow;
  dept: typeof departments.$inferSelect | null;
  post: typeof posts.$inferSelect | null;
  user: { id: string; account: string; name: string; username: string; tenant_id: string; disabled: boolean } | null;
}

export interface TripleFilter {
  dept?: StringFilter;
  post?: StringFilter;
  user?: StringFilter;
  code?: StringFilter;
}

/** A page of the tenant's triples, newest first, and how many match. */
export async function findTriplesPage(
  tx: Executor,
  tenantId: string,
  f: TripleFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TripleRecord[]; total: number }> {
  const where = and(
    eq(triples.tenant_id, tenantId),
    textCondition(asText(triples.dept_id), f.dept),
    textCondition(asText(triples.post_id), f.post),
    textCondition(asText(triples.user_id), f.user),
    textCondition(triples.code, f.code),
  );
  const rows = await tx
    .select({
      triple: triples,
      dept: tripleDept,
      post: triplePost,
      user: {
        id: tripleUser.id,
        account: tripleUser.account,
        name: tripleUser.name,
        username: tripleUser.username,
        tenant_id: tripleUser.tenant_id,
        disabled: tripleUser.disabled,
      },
    })
    .from(triples)
    .leftJoin(tripleDept, eq(tripleDept.id, triples.dept_id))
    .leftJoin(triplePost, eq(triplePost.id, triples.post_id))
    .leftJoin(tripleUser, eq(tripleUser.id, triples.user_id))
    .where(where)
    .orderBy(desc(triples.create_time), desc(triples.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx.select({ n: count() }).from(triples).where(where);
  return { rows: rows.map((r) => ({ ...r, user: r.user?.id ? r.user : null })), total: counted?.n ?? 0 };
}

export async function findTriple(tx: Executor, tenantId: string, id: string): Promise<TripleRow | undefined> {
  const [row] = await tx
    .select()
    .from(triples)
    .where(and(eq(triples.tenant_id, tenantId), eq(triples.id, id)))
    .limit(1);
  return row;
}

/** Adds a triple; undefined when the same department, post and user already make one. */
export async function insertTriple(
  tx: Executor,
  tenantId: string,
  t: { dept_id: string | null; post_id: string | null; user_id: string | null; code: string },
): Promise<TripleRow | undefined> {
  const [row] = await tx
    .insert(triples)
    .values({ ...t, tenant_id: tenantId })
    .onConflictDoNothing()
    .returning();
  // a triple reaches people at once: every instance forgets the tenant's users
  if (row) await announce(tx, { kind: 'user', tenantId });
  return row;
}

/** Deletes a triple (its grants go with it); false when there was none. */
export async function deleteTriple(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(triples)
    .where(and(eq(triples.tenant_id, tenantId), eq(triples.id, id)))
    .returning({ id: triples.id });
  if (deleted.length) await announce(tx, { kind: 'user', tenantId });
  return deleted.length > 0;
}

// ---- Grants ----

export type GrantRow = typeof permissionGrants.$inferSelect;
export type GrantSubject = 'user' | 'dept' | 'post' | 'triple';

const SUBJECT_COLUMN = {
  user: 'user_id',
  dept: 'dept_id',
  post: 'post_id',
  triple: 'triple_id',
} as const satisfies Record<GrantSubject, keyof GrantRow>;

/** A grant's subject type. */
export function subjectOf(g: GrantRow): { type: GrantSubject; target: string } {
  for (const type of ['user', 'dept', 'post', 'triple'] as const) {
    const id = g[SUBJECT_COLUMN[type]];
    if (id) return { type, target: id };
  }
  return { type: 'user', target: '' };
}

const gDept = alias(departments, 'grant_dept');
const gPost = alias(posts, 'grant_post');
const gUser = alias(users, 'grant_user');
const gTriple = alias(triples, 'grant_triple');
const tDept = alias(departments, 'grant_triple_dept');
const tPost = alias(posts, 'grant_triple_post');
const tUser = alias(users, 'grant_triple_user');

/** A subject's readable name: user "name (account)", department, post, or a triple's "dept / post / user". */
const targetName = sql<string>`case
  when ${permissionGrants.user_id} is not null then ${gUser.name} || ' (' || ${gUser.account} || ')'
  when ${permissionGrants.dept_id} is not null then ${gDept.name}
  when ${permissionGrants.post_id} is not null then ${gPost.name}
  else concat_ws(' / ', ${tDept.name}, ${tPost.name},
    case when ${tUser.id} is not null then ${tUser.name} || ' (' || ${tUser.account} || ')' end)
  end`;

export interface GrantRecord {
  grant: GrantRow;
  target_name: string | null;
}

export interface GrantListFilter {
  type?: StringFilter;
  target?: StringFilter;
  permission?: StringFilter;
  /** Roles of the application asked (already resolved from `app`). */
  roles?: string[];
  keyword?: string;
}

const subjectType = sql<string>`case
  when ${permissionGrants.user_id} is not null then 'user'
  when ${permissionGrants.dept_id} is not null then 'dept'
  when ${permissionGrants.post_id} is not null then 'post'
  else 'triple' end`;
const subjectId = sql<string>`coalesce(${permissionGrants.user_id}, ${permissionGrants.dept_id}, ${permissionGrants.post_id}, ${permissionGrants.triple_id})::text`;

function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of the tenant's grants, newest first, with their subjects' names. */
export async function findGrantsPage(
  tx: Executor,
  tenantId: string,
  f: GrantListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: GrantRecord[]; total: number }> {
  const where = and(
    eq(permissionGrants.tenant_id, tenantId),
    textCondition(subjectType, f.type),
    textCondition(subjectId, f.target),
    textCondition(permissionGrants.permission, f.permission),
    f.roles ? (f.roles.length ? inArray(permissionGrants.permission, f.roles) : sql`false`) : undefined,
    f.keyword
      ? or(
          sql`${targetName} ilike ${likeContains(f.keyword)}`,
          sql`${gUser.username} ilike ${likeContains(f.keyword)}`,
          sql`${gDept.code} ilike ${likeContains(f.keyword)}`,
          sql`${gPost.code} ilike ${likeContains(f.keyword)}`,
          sql`${gTriple.code} ilike ${likeContains(f.keyword)}`,
        )
      : undefined,
  );
  const base = () =>
    tx
      .select({ grant: permissionGrants, target_name: targetName })
      .from(permissionGrants)
      .leftJoin(gUser, eq(gUser.id, permissionGrants.user_id))
      .leftJoin(gDept, eq(gDept.id, permissionGrants.dept_id))
      .leftJoin(gPost, eq(gPost.id, permissionGrants.post_id))
      .leftJoin(gTriple, eq(gTriple.id, permissionGrants.triple_id))
      .leftJoin(tDept, eq(tDept.id, gTriple.dept_id))
      .leftJoin(tPost, eq(tPost.id, gTriple.post_id))
      .leftJoin(tUser, eq(tUser.id, gTriple.user_id));
  const rows = await base()
    .where(where)
    .orderBy(desc(permissionGrants.create_time), desc(permissionGrants.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx
    .select({ n: count() })
    .from(permissionGrants)
    .leftJoin(gUser, eq(gUser.id, permissionGrants.user_id))
    .leftJoin(gDept, eq(gDept.id, permissionGrants.dept_id))
    .leftJoin(gPost, eq(gPost.id, permissionGrants.post_id))
    .leftJoin(gTriple, eq(gTriple.id, permissionGrants.triple_id))
    .leftJoin(tDept, eq(tDept.id, gTriple.dept_id))
    .leftJoin(tPost, eq(tPost.id, gTriple.post_id))
    .leftJoin(tUser, eq(tUser.id, gTriple.user_id))
    .where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** Grants by id, with their subjects' names. */
export async function findGrantsByIds(tx: Executor, tenantId: string, ids: string[]): Promise<GrantRecord[]> {
  if (!ids.length) return [];
  return tx
    .select({ grant: permissionGrants, target_name: targetName })
    .from(permissionGrants)
    .leftJoin(gUser, eq(gUser.id, permissionGrants.user_id))
    .leftJoin(gDept, eq(gDept.id, permissionGrants.dept_id))
    .leftJoin(gPost, eq(gPost.id, permissionGrants.post_id))
    .leftJoin(gTriple, eq(gTriple.id, permissionGrants.triple_id))
    .leftJoin(tDept, eq(tDept.id, gTriple.dept_id))
    .leftJoin(tPost, eq(tPost.id, gTriple.post_id))
    .leftJoin(tUser, eq(tUser.id, gTriple.user_id))
    .where(and(eq(permissionGrants.tenant_id, tenantId), inArray(permissionGrants.id, ids)));
}

export interface NewGrant {
  type: GrantSubject;
  target: string;
  permission: string;
  filter: string;
}

/**
 * Stores a grant, or finds the same one (subject, role and filter) already given: the id and
 * whether it is new. Announces the change to every instance when it is.
 */
export async function upsertGrant(
  tx: Executor,
  tenantId: string,
  g: NewGrant,
  grantedBy: string,
): Promise<{ id: string; created: boolean }> {
  const column = SUBJECT_COLUMN[g.type];
  const [row] = await tx
    .insert(permissionGrants)
    .values({
      tenant_id: tenantId,
      [column]: g.target,
      permission: g.permission,
      filter: g.filter,
      granted_by: grantedBy,
    })
    .onConflictDoNothing()
    .returning({ id: permissionGrants.id });
  if (row) {
    await announce(tx, { kind: 'user', tenantId });
    return { id: row.id, created: true };
  }
  const [existing] = await tx
    .select({ id: permissionGrants.id })
    .from(permissionGrants)
    .where(
      and(
        eq(permissionGrants.tenant_id, tenantId),
        eq(permissionGrants[column], g.target),
        eq(permissionGrants.permission, g.permission),
        eq(permissionGrants.filter, g.filter),
      ),
    )
    .limit(1);
  return { id: existing!.id, created: false };
}

/** The grants among `revokeIds` (by their revoke handle), with their subjects' names. */
export async function findGrantsByRevokeIds(
  tx: Executor,
  tenantId: string,
  revokeIds: string[],
): Promise<GrantRecord[]> {
  if (!revokeIds.length) return [];
  const found = await tx
    .select({ id: permissionGrants.id })
    .from(permissionGrants)
    .where(and(eq(permissionGrants.tenant_id, tenantId), inArray(permissionGrants.revoke_id, revokeIds)))
    .for('update');
  return findGrantsByIds(
    tx,
    tenantId,
    found.map((r) => r.id),
  );
}

/** Deletes grants by id and announces the change. */
export async function deleteGrants(tx: Executor, tenantId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const deleted = await tx
    .delete(permissionGrants)
    .where(and(eq(permissionGrants.tenant_id, tenantId), inArray(permissionGrants.id, ids)))
    .returning({ id: permissionGrants.id });
  if (deleted.length) await announce(tx, { kind: 'user', tenantId });
  return deleted.length;
}

// ---- What grants name ----

/** Which of `ids` are triples of the tenant. */
export async function existingTripleIds(tx: Executor, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: triples.id })
    .from(triples)
    .where(and(eq(triples.tenant_id, tenantId), inArray(triples.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The roles of the users among `ids` that belong to the tenant. */
export async function userRoles(tx: Executor, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, r.role]));
}
