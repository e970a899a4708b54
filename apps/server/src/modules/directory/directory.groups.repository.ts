import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userGroupMembers, userGroups } from './directory.grants.tables.ts';
import { users } from './directory.tables.ts';

export type GroupRow = typeof userGroups.$inferSelect;

/** A member with the user's name (the directory's current name, not a copy). */
export interface GroupMemberRecord {
  id: string;
  group_id: string;
  user_id: string;
  account_no: string;
  open_id: string;
  relation: string;
  name: string;
}

export interface NewMember {
  user_id: string;
  account_no: string;
  open_id: string;
  relation: string;
}

/** A person of the tenant who may be a member: not a visitor. */
export interface MemberCandidate {
  id: string;
  account: string;
  role: string;
}

/** The users of the tenant among `ids` and `accounts` (any role; the service refuses visitors). */
export async function findMemberCandidates(
  tx: Executor,
  tenantId: string,
  ids: string[],
  accounts: string[],
): Promise<MemberCandidate[]> {
  if (!ids.length && !accounts.length) return [];
  const byId = ids.length ? inArray(sql<string>`${users.id}::text`, ids) : undefined;
  const byAccount = accounts.length ? inArray(users.account, accounts) : undefined;
  return tx
    .select({ id: users.id, account: users.account, role: users.role })
    .from(users)
    .where(and(eq(users.tenant_id, tenantId), or(byId, byAccount)));
}

export async function insertGroup(
  tx: Executor,
  tenantId: string,
  group: { name: string; status: number; creator_account_no: string; creator_open_id: string },
): Promise<GroupRow> {
  const [row] = await tx
    .insert(userGroups)
    .values({ ...group, tenant_id: tenantId })
    .returning();
  return row!;
}

/** A group, locked for the rest of the transaction when `forUpdate`. */
export async function findGroup(
  tx: Executor,
  tenantId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<GroupRow | undefined> {
  const query = tx
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.tenant_id, tenantId), eq(userGroups.id, id)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateGroup(
  tx: Executor,
  tenantId: string,
  id: string,
  patch: { name?: string; status?: number },
): Promise<void> {
  await tx
    .update(userGroups)
    .set({ ...patch, timestamp: new Date() })
    .where(and(eq(userGroups.tenant_id, tenantId), eq(userGroups.id, id)));
}

export async function deleteGroup(tx: Executor, tenantId: string, id: string): Promise<void> {
  await tx.delete(userGroups).where(and(eq(userGroups.tenant_id, tenantId), eq(userGroups.id, id)));
}

/** The members of some groups with their names, owner first, then admins, then by account. */
export async function listMembers(tx: Executor, tenantId: string, groupIds: string[]): Promise<GroupMemberRecord[]> {
  if (!groupIds.length) return [];
  return tx
    .select({
      id: userGroupMembers.id,
      group_id: userGroupMembers.group_id,
      user_id: userGroupMembers.user_id,
      account_no: users.account,
      open_id: userGroupMembers.open_id,
      relation: userGroupMembers.relation,
      name: users.name,
    })
    .from(userGroupMembers)
    .innerJoin(users, eq(users.id, userGroupMembers.user_id))
    .where(and(eq(userGroupMembers.tenant_id, tenantId), inArray(userGroupMembers.group_id, groupIds)))
    .orderBy(
      sql`case ${userGroupMembers.relation} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(users.account),
    );
}

/** Replaces a group's members with `members`. */
export async function replaceMembers(
  tx: Executor,
  tenantId: string,
  groupId: string,
  members: readonly NewMember[],
): Promise<void> {
  await tx
    .delete(userGroupMembers)
    .where(and(eq(userGroupMembers.tenant_id, tenantId), eq(userGroupMembers.group_id, groupId)));
  if (members.length) {
    await tx.insert(userGroupMembers).values(members.map((m) => ({ ...m, tenant_id: tenantId, group_id: groupId })));
  }
}

/** The groups a user created (by account) or belongs to, newest first. */
export async function groupsOf(
  tx: Executor,
  tenantId: string,
  user: { id: string; account: string },
): Promise<GroupRow[]> {
  const memberOf = tx
    .select({ id: userGroupMembers.group_id })
    .from(userGroupMembers)
    .where(and(eq(userGroupMembers.tenant_id, tenantId), eq(userGroupMembers.user_id, user.id)));
  return tx
    .select()
    .from(userGroups)
    .where(
      and(
        eq(userGroups.tenant_id, tenantId),
        or(eq(userGroups.creator_account_no, user.account), inArray(userGroups.id, memberOf)),
      ),
    )
    .orderBy(sql`${userGroups.create_time} desc`, asc(userGroups.name));
}
