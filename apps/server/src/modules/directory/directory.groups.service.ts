import { z } from 'zod';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { accountIdOf } from '../../platform/auth/identity-provider.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { findUserByAccount, findUserRecord } from './directory.repository.ts';
import * as repo from './directory.groups.repository.ts';
import type { GroupMemberRecord, GroupRow } from './directory.groups.repository.ts';
import { mayDeleteGroup, mayUpdateGroup, planMembers, type MemberInput } from './directory.groups.rules.ts';

/** Groups of users (spec 3 Group): `createGroup`, `updateGroup`, `deleteGroup`, `queryMyGroup`. */

function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined);
}

const uuid = z.string().trim().refine(isUuid, 'must be a UUID');
const memberInput = z.object({
  userId: optional(z.union([z.literal(''), uuid])),
  accountNo: optional(z.string().trim().max(64)),
  relation: optional(z.string().trim().max(16)),
});
const groupFields = {
  name: optional(z.string().trim().max(100)),
  status: optional(z.union([z.literal(0), z.literal(1)])),
  groupMember: optional(z.array(memberInput.nullish()).max(1000)),
};
const createInput = z.object({ id: optional(z.literal('')), ...groupFields });
const updateInput = z.object({ id: uuid, ...groupFields });
const queryInput = z.object({
  userId: optional(z.union([z.literal(''), uuid])),
  accountNo: optional(z.string().trim().max(64)),
});

export interface GroupWithMembers extends GroupRow {
  members: GroupMemberRecord[];
}

function signedIn(ctx: RequestContext): { tenant: TenantRef; user: AuthUser } {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

/** The members of an input, checked against the tenant's users (see `planMembers`). */
async function membersOf(
  tx: Tx,
  tenantId: string,
  input: readonly (MemberInput | null | undefined)[],
  owner: { id: string; account: string } | null,
) {
  const entries = input.filter((m): m is MemberInput => !!m);
  const ids = [...new Set(entries.flatMap((m) => (m.userId ? [m.userId] : [])))];
  const accounts = [...new Set(entries.flatMap((m) => (!m.userId && m.accountNo ? [m.accountNo] : [])))];
  const candidates = await repo.findMemberCandidates(tx, tenantId, ids, accounts);
  const plan = planMembers(entries, candidates, owner);
  if ('problem' in plan) {
    const { code, ...params } = plan.problem;
    throw new AppError(code, params);
  }
  return plan.members.map((m) => ({ ...m, open_id: accountIdOf(tenantId, m.user_id) }));
}

function describe(name: string, members: readonly { account_no: string; relation: string }[]) {
  return JSON.stringify({ name, members: members.map((m) => `${m.account_no}:${m.relation}`) });
}

/** Creates a group; the caller is its owner. Returns its id. */
export async function createGroup(ctx: RequestContext, model: unknown): Promise<string> {
  const { tenant, user } = signedIn(ctx);
  const input = parseInput(createInput, model);
  if (!input.name) throw new AppError('GROUP_NAME_REQUIRED');
  const name = input.name;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const owner = { id: user.id, account: user.account };
    const members = await membersOf(tx, tenant.id, input.groupMember ?? [], owner);
    const group = await repo.insertGroup(tx, tenant.id, {
      name,
      status: input.status ?? 1,
      creator_account_no: user.account,
      creator_open_id: accountIdOf(tenant.id, user.id),
    });
    await repo.replaceMembers(tx, tenant.id, group.id, members);
    await audit(tx, ctx, { module: 'group', type: 'save', content: describe(name, members), object: group.id });
    return group.id;
  });
}

/** The group and its members, locked; GROUP_NOT_FOUND when the tenant has no such group. */
async function lockedGroup(tx: Tx, tenantId: string, id: string) {
  const group = await repo.findGroup(tx, tenantId, id, { forUpdate: true });
  if (!group) throw new AppError('GROUP_NOT_FOUND');
  return { group, members: await repo.listMembers(tx, tenantId, [id]) };
}

/** Changes a group's name, status and (when given) members: its owner, an admin of it, or a tenant administrator. */
export async function updateGroup(ctx: RequestContext, model: unknown): Promise<string> {
  const { tenant, user } = signedIn(ctx);
  const input = parseInput(updateInput, model);
  if (input.name !== undefined && !input.name) throw new AppError('GROUP_NAME_REQUIRED');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { group, members: current } = await lockedGroup(tx, tenant.id, input.id);
    if (!mayUpdateGroup(user, group, current)) throw new AppError('GROUP_UPDATE_FORBIDDEN');
    const ownerRow = current.find((m) => m.relation === 'owner');
    const owner = ownerRow ? { id: ownerRow.user_id, account: ownerRow.account_no } : null;
    const members = input.groupMember ? await membersOf(tx, tenant.id, input.groupMember, owner) : undefined;
    await repo.updateGroup(tx, tenant.id, group.id, { name: input.name, status: input.status });
    if (members) await repo.replaceMembers(tx, tenant.id, group.id, members);
    await audit(tx, ctx, {
      module: 'group',
      type: 'update',
      content: describe(input.name ?? group.name, members ?? current),
      object: group.id,
    });
    return group.id;
  });
}

/** Deletes a group: its owner or a tenant administrator. */
export async function deleteGroup(ctx: RequestContext, id: unknown): Promise<void> {
  const { tenant, user } = signedIn(ctx);
  const groupId = parseInput(uuid, id);
  await withTenant(ctx.db, tenant.id, async (tx) => {
    const { group, members } = await lockedGroup(tx, tenant.id, groupId);
    if (!mayDeleteGroup(user, group, members)) throw new AppError('GROUP_DELETE_FORBIDDEN');
    await repo.deleteGroup(tx, tenant.id, group.id);
    await audit(tx, ctx, { module: 'group', type: 'delete', content: `删除群组 ${group.name}`, object: group.id });
  });
}

/**
 * The groups a user created or belongs to, with their members: the caller's own when neither
 * `userId` nor `accountNo` names someone else; another user's for a tenant administrator only.
 */
export async function queryMyGroups(ctx: RequestContext, args: unknown): Promise<GroupWithMembers[]> {
  const { tenant, user } = signedIn(ctx);
  const input = parseInput(queryInput, args ?? {});
  const self =
    (!input.userId && !input.accountNo) || (input.userId ? input.userId === user.id : input.accountNo === user.account);
  if (!self && user.role !== 'admin') throw new AppError('GROUP_OTHERS_ADMIN_ONLY');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    let whose = { id: user.id, account: user.account };
    if (!self) {
      const found = input.userId
        ? await findUserRecord(tx, tenant.id, input.userId)
        : await findUserByAccount(tx, tenant.id, input.accountNo!);
      if (!found || (input.userId && input.accountNo && found.account !== input.accountNo)) {
        throw new AppError('USER_NOT_FOUND');
      }
      whose = { id: found.id, account: found.account };
    }
    const groups = await repo.groupsOf(tx, tenant.id, whose);
    const members = await repo.listMembers(
      tx,
      tenant.id,
      groups.map((g) => g.id),
    );
    return groups.map((g) => ({ ...g, members: members.filter((m) => m.group_id === g.id) }));
  });
}
