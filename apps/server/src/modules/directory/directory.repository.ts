import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { announce } from '../../platform/events.ts';
import { departments, menus, posts, userImages, userPositions, users } from './directory.tables.ts';
import type { DepartmentFilter, PostFilter, StringFilter, UserFilter } from './directory.inputs.ts';
import type { MenuSeed } from './directory.rules.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'tenant_id'>;

export async function insertUser(tx: Executor, tenantId: string, user: NewUser): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({ ...user, tenant_id: tenantId })
    .returning();
  // every instance may keep a lookup that found no such account
  await announce(tx, { kind: 'user', tenantId, userId: row!.id, account: row!.account });
  return row!;
}

export async function findUserByAccount(
  tx: Executor,
  tenantId: string,
  account: string,
  opts: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = tx
    .select()
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), eq(users.account, account)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Adds the menu entries the tenant does not have yet (by name); existing ones are left as they are. */
export async function ensureMenus(tx: Executor, tenantId: string, seeds: readonly MenuSeed[]): Promise<number> {
  const existing = new Set(
    (await tx.select({ name: menus.name }).from(menus).where(eq(menus.tenant_id, tenantId))).map((m) => m.name),
  );
  const missing = seeds.filter((s) => !existing.has(s.name));
  if (missing.length) {
    await tx.insert(menus).values(
      missing.map((s) => ({
        tenant_id: tenantId,
        name: s.name,
        text: s.text,
        uri: s.uri,
        icon: s.icon,
        description: s.description ?? '',
        required_role: s.required_role,
        order_num: seeds.indexOf(s),
      })),
    );
  }
  return missing.length;
}

/** Stores the outcome of a sign-in attempt on the user's row. */
export async function updateLoginState(
  tx: Executor,
  tenantId: string,
  userId: string,
  state: { failed_logins: number; locked_until: Date | null; active_time?: Date },
): Promise<void> {
  await tx
    .update(users)
    .set(state)
    .where(and(eq(users.tenant_id, tenantId), eq(users.id, userId)));
}

export async function findUserById(tx: Executor, tenantId: string, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export type DepartmentRow = typeof departments.$inferSelect;
export type PostRow = typeof posts.$inferSelect;

export async function insertDepartment(
  tx: Executor,
  tenantId: string,
  dept: Omit<typeof departments.$inferInsert, 'tenant_id'>,
): Promise<DepartmentRow> {
  const [row] = await tx
    .insert(departments)
    .values({ ...dept, tenant_id: tenantId })
    .returning();
  return row!;
}

export async function insertPost(
  tx: Executor,
  tenantId: string,
  post: Omit<typeof posts.$inferInsert, 'tenant_id'>,
): Promise<PostRow> {
  const [row] = await tx
    .insert(posts)
    .values({ ...post, tenant_id: tenantId })
    .returning();
  return row!;
}

export async function insertPosition(
  tx: Executor,
  tenantId: string,
  position: { user_id: string; dept_id: string | null; post_id: string | null; active?: boolean },
): Promise<void> {
  await tx.insert(userPositions).values({ ...position, tenant_id: tenantId });
  // a position moves which department and post grants reach the user
  await announce(tx, { kind: 'user', tenantId, userId: position.user_id });
}

// ---- Reading and editing the directory ----

/** Escapes LIKE wildcards so a `like` filter matches the text as given. */
function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The condition of a `StringFilter` on one column (all given operators must hold). An empty
 * `eq` or `in` means no filter; `like` matches case-insensitively anywhere in the text.
 */
export function textCondition(column: SQLWrapper, f: StringFilter | undefined): SQL | undefined {
  if (!f) return undefined;
  const col = column as SQL;
  const parts: SQL[] = [];
  if (f.eq) parts.push(eq(col, f.eq));
  if (f.ne) parts.push(ne(col, f.ne));
  if (f.like) parts.push(ilike(col, likeContains(f.like)));
  if (f.gte) parts.push(gte(col, f.gte));
  if (f.lte) parts.push(lte(col, f.lte));
  if (f.in?.length) parts.push(inArray(col, f.in));
  return parts.length ? and(...parts) : undefined;
}

/** A uuid column compared as text, so a malformed id in a filter matches nothing instead of failing. */
export const asText = (column: SQLWrapper) => sql<string>`${column}::text`;

/** A user without the secret columns: what the directory reads hand out. */
export type UserRecord = Omit<UserRow, 'password_hash' | 'failed_logins' | 'locked_until'>;

const {
  password_hash: _passwordHash,
  failed_logins: _failedLogins,
  locked_until: _lockedUntil,
  ...userRecordColumns
} = getTableColumns(users);

function userConditions(tx: Executor, tenantId: string, f: UserFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(users.tenant_id, tenantId),
    textCondition(users.account, f.account),
    textCondition(users.name, f.name),
    textCondition(users.role, f.role),
  ];
  const dept = f.dept && or(textCondition(asText(departments.id), f.dept), textCondition(departments.code, f.dept));
  if (dept) {
    conditions.push(
      inArray(
        users.id,
        tx
          .select({ id: userPositions.user_id })
          .from(userPositions)
          .innerJoin(departments, eq(departments.id, userPositions.dept_id))
          .where(and(eq(userPositions.tenant_id, tenantId), dept)),
      ),
    );
  }
  const post = f.post && or(textCondition(asText(posts.id), f.post), textCondition(posts.code, f.post));
  if (post) {
    conditions.push(
      inArray(
        users.id,
        tx
          .select({ id: userPositions.user_id })
          .from(userPositions)
          .innerJoin(posts, eq(posts.id, userPositions.post_id))
          .where(and(eq(userPositions.tenant_id, tenantId), post)),
      ),
    );
  }
  return and(...conditions);
}

/** A page of users matching a filter, ordered by account, and how many match in all. */
export async function findUsersPage(
  tx: Executor,
  tenantId: string,
  filter: UserFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: UserRecord[]; total: number }> {
  const where = userConditions(tx, tenantId, filter);
  const rows = await tx
    .select(userRecordColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.account))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx.select({ n: count() }).from(users).where(where);
  return { rows, total: counted?.n ?? 0 };
}

/** Users matching a filter, ordered by account (for short lists such as administrators). */
export async function listUsers(tx: Executor, tenantId: string, filter: UserFilter): Promise<UserRecord[]> {
  return tx
    .select(userRecordColumns)
    .from(users)
    .where(userConditions(tx, tenantId, filter))
    .orderBy(asc(users.account));
}

/** The users a statement of ids selects (each once), ordered by account; `among` narrows them further. */
export async function listUsersByIds(
  tx: Executor,
  tenantId: string,
  ids: SQL,
  among?: string[],
): Promise<UserRecord[]> {
  return tx
    .select(userRecordColumns)
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), sql`${users.id} in (${ids})`, among && inArray(users.id, among)))
    .orderBy(asc(users.account));
}

export async function findUserRecord(tx: Executor, tenantId: string, userId: string): Promise<UserRecord | undefined> {
  const [row] = await tx
    .select(userRecordColumns)
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export type UserPatch = Partial<Omit<NewUser, 'id' | 'create_time' | 'timestamp'>>;

/** Updates a user (bumping `timestamp`); undefined when there is no such user. */
export async function updateUser(
  tx: Executor,
  tenantId: string,
  userId: string,
  patch: UserPatch,
): Promise<UserRecord | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...patch, timestamp: new Date() })
    .where(and(eq(users.tenant_id, tenantId), eq(users.id, userId)))
    .returning(userRecordColumns);
  if (row) await announce(tx, { kind: 'user', tenantId, userId, account: row.account });
  return row;
}

/** Deletes a user (their positions go with them); false when there was none. */
export async function deleteUser(tx: Executor, tenantId: string, userId: string): Promise<boolean> {
  const deleted = await tx
    .delete(users)
    .where(and(eq(users.tenant_id, tenantId), eq(users.id, userId)))
    .returning({ id: users.id, account: users.account });
  for (const u of deleted) await announce(tx, { kind: 'user', tenantId, userId: u.id, account: u.account });
  return deleted.length > 0;
}

export interface PositionRecord {
  user_id: string;
  active: boolean;
  dept: DepartmentRow | null;
  post: PostRow | null;
}

/** The positions of some users, with their departments and posts; active ones first. */
export async function listPositions(tx: Executor, tenantId: string, userIds: string[]): Promise<PositionRecord[]> {
  if (!userIds.length) return [];
  return tx
    .select({ user_id: userPositions.user_id, active: userPositions.active, dept: departments, post: posts })
    .from(userPositions)
    .leftJoin(departments, eq(departments.id, userPositions.dept_id))
    .leftJoin(posts, eq(posts.id, userPositions.post_id))
    .where(and(eq(userPositions.tenant_id, tenantId), inArray(userPositions.user_id, userIds)))
    .orderBy(desc(userPositions.active), asc(departments.order_num), asc(departments.name), asc(posts.name));
}

/** Replaces a user's positions with `positions`. */
export async function replacePositions(
  tx: Executor,
  tenantId: string,
  userId: string,
  positions: { dept_id: string | null; post_id: string | null; active: boolean }[],
): Promise<void> {
  await tx.delete(userPositions).where(and(eq(userPositions.tenant_id, tenantId), eq(userPositions.user_id, userId)));
  if (positions.length) {
    await tx.insert(userPositions).values(positions.map((p) => ({ ...p, tenant_id: tenantId, user_id: userId })));
  }
  // positions move which department and post grants reach the user
  await announce(tx, { kind: 'user', tenantId, userId });
}

/** How many positions are held in a department, or in a post. */
export async function countPositions(
  tx: Executor,
  tenantId: string,
  where: { deptId?: string; postId?: string },
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(userPositions)
    .where(
      and(
        eq(userPositions.tenant_id, tenantId),
        where.deptId ? eq(userPositions.dept_id, where.deptId) : undefined,
        where.postId ? eq(userPositions.post_id, where.postId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function listDepartments(
  tx: Executor,
  tenantId: string,
  f: DepartmentFilter = {},
): Promise<DepartmentRow[]> {
  return tx
    .select()
    .from(departments)
    .where(
      and(
        eq(departments.tenant_id, tenantId),
        textCondition(asText(departments.id), f.id),
        textCondition(departments.name, f.name),
        textCondition(departments.code, f.code),
        textCondition(departments.parent, f.parent),
        textCondition(departments.tags, f.tags),
      ),
    )
    .orderBy(asc(departments.order_num), asc(departments.name));
}

/** Which of `ids` are departments of the tenant. */
export async function existingDepartmentIds(tx: Executor, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenant_id, tenantId), inArray(departments.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Which of `ids` are posts of the tenant. */
export async function existingPostIds(tx: Executor, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.tenant_id, tenantId), inArray(posts.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Every department's id and parent: the tenant's tree, for cycle checks. */
export async function listDepartmentLinks(tx: Executor, tenantId: string): Promise<{ id: string; parent: string }[]> {
  return tx
    .select({ id: departments.id, parent: departments.parent })
    .from(departments)
    .where(eq(departments.tenant_id, tenantId));
}

/**
 * Serialises changes to a tenant's departments, posts and positions until the transaction
 * ends: two concurrent moves cannot together make a cycle, and no child or position can
 * appear under a department or post while it is being deleted.
 */
export async function lockDirectoryStructure(tx: Executor, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`yuyue.departments:${tenantId}`}))`);
}

export type DepartmentPatch = Partial<Omit<typeof departments.$inferInsert, 'id' | 'tenant_id' | 'timestamp'>>;

export async function updateDepartment(
  tx: Executor,
  tenantId: string,
  id: string,
  patch: DepartmentPatch,
): Promise<DepartmentRow | undefined> {
  const [row] = await tx
    .update(departments)
    .set({ ...patch, timestamp: new Date() })
    .where(and(eq(departments.tenant_id, tenantId), eq(departments.id, id)))
    .returning();
  // a move in the tree moves who a department's grants reach: every user of the tenant
  if (row && patch.parent !== undefined) await announce(tx, { kind: 'user', tenantId });
  return row;
}

export async function deleteDepartment(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(departments)
    .where(and(eq(departments.tenant_id, tenantId), eq(departments.id, id)))
    .returning({ id: departments.id });
  // its grants and triples go with it
  if (deleted.length) await announce(tx, { kind: 'user', tenantId });
  return deleted.length > 0;
}

export async function countChildDepartments(tx: Executor, tenantId: string, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(departments)
    .where(and(eq(departments.tenant_id, tenantId), eq(departments.parent, id)));
  return row?.n ?? 0;
}

export async function listPosts(tx: Executor, tenantId: string, f: PostFilter = {}): Promise<PostRow[]> {
  return tx
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.tenant_id, tenantId),
        textCondition(asText(posts.id), f.id),
        textCondition(posts.name, f.name),
        textCondition(posts.code, f.code),
        textCondition(posts.tags, f.tags),
      ),
    )
    .orderBy(asc(posts.name));
}

export type PostPatch = Partial<Omit<typeof posts.$inferInsert, 'id' | 'tenant_id' | 'timestamp'>>;

export async function updatePost(
  tx: Executor,
  tenantId: string,
  id: string,
  patch: PostPatch,
): Promise<PostRow | undefined> {
  const [row] = await tx
    .update(posts)
    .set({ ...patch, timestamp: new Date() })
    .where(and(eq(posts.tenant_id, tenantId), eq(posts.id, id)))
    .returning();
  return row;
}

export async function deletePost(tx: Executor, tenantId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(posts)
    .where(and(eq(posts.tenant_id, tenantId), eq(posts.id, id)))
    .returning({ id: posts.id });
  // its grants and triples go with it
  if (deleted.length) await announce(tx, { kind: 'user', tenantId });
  return deleted.length > 0;
}

export type MenuRow = typeof menus.$inferSelect;

export async function listMenus(tx: Executor, tenantId: string): Promise<MenuRow[]> {
  return tx.select().from(menus).where(eq(menus.tenant_id, tenantId)).orderBy(asc(menus.order_num), asc(menus.name));
}

export type UserImageRow = typeof userImages.$inferSelect;

export async function findUserImage(
  tx: Executor,
  tenantId: string,
  account: string,
): Promise<UserImageRow | undefined> {
  const [row] = await tx
    .select()
    .from(userImages)
    .where(and(eq(userImages.tenant_id, tenantId), eq(userImages.account, account)))
    .limit(1);
  return row;
}

/** Sets an account's avatar, replacing the previous one; `create_time` becomes now. */
export async function upsertUserImage(
  tx: Executor,
  tenantId: string,
  account: string,
  image: string,
): Promise<UserImageRow> {
  const now = new Date();
  const [row] = await tx
    .insert(userImages)
    .values({ tenant_id: tenantId, account, image, create_time: now })
    .onConflictDoUpdate({ target: [userImages.tenant_id, userImages.account], set: { image, create_time: now } })
    .returning();
  return row!;
}

/** Moves an avatar to a user's new account name. */
export async function renameUserImage(tx: Executor, tenantId: string, from: string, to: string): Promise<void> {
  await tx
    .update(userImages)
    .set({ account: to })
    .where(and(eq(userImages.tenant_id, tenantId), eq(userImages.account, from)));
}

export async function deleteUserImage(tx: Executor, tenantId: string, account: string): Promise<void> {
  await tx.delete(userImages).where(and(eq(userImages.tenant_id, tenantId), eq(userImages.account, account)));
}

export async function findDepartment(tx: Executor, tenantId: string, id: string): Promise<DepartmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(departments)
    .where(and(eq(departments.tenant_id, tenantId), eq(departments.id, id)))
    .limit(1);
  return row;
}
