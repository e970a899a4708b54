import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { departments, menus, posts, userPositions, users } from './directory.tables.ts';
import type { MenuSeed } from './directory.rules.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'tenant_id'>;

export async function insertUser(tx: Executor, tenantId: string, user: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values({ ...user, tenant_id: tenantId }).returning();
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
  const [row] = await tx.insert(departments).values({ ...dept, tenant_id: tenantId }).returning();
  return row!;
}

export async function insertPost(tx: Executor, tenantId: string, post: Omit<typeof posts.$inferInsert, 'tenant_id'>): Promise<PostRow> {
  const [row] = await tx.insert(posts).values({ ...post, tenant_id: tenantId }).returning();
  return row!;
}

export async function insertPosition(
  tx: Executor,
  tenantId: string,
  position: { user_id: string; dept_id: string | null; post_id: string | null; active?: boolean },
): Promise<void> {
  await tx.insert(userPositions).values({ ...position, tenant_id: tenantId });
}
