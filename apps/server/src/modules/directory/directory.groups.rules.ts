/**
 * Rules of groups (spec 3 Group): who may change or delete one, and what a member list means.
 * The creator is the group's one owner; the others are `admin` (may change the group) or
 * `member`. Members are users of the tenant, never visitors.
 */

export const GROUP_RELATIONS = ['owner', 'admin', 'member'] as const;
export type GroupRelation = (typeof GROUP_RELATIONS)[number];
export const MAX_GROUP_MEMBERS = 500;

/** The caller as the group rules see them. */
export interface GroupActor {
  id: string;
  account: string;
  role: string;
}

/** Whether `actor` owns a group: its creator by account, or the member holding `owner`. */
export function ownsGroup(
  actor: GroupActor,
  group: { creator_account_no: string },
  members: readonly { user_id: string; relation: string }[],
): boolean {
  if (group.creator_account_no === actor.account) return true;
  return members.some((m) => m.user_id === actor.id && m.relation === 'owner');
}

/** Whether `actor` may change a group: its owner, one of its admins, or a tenant administrator. */
export function mayUpdateGroup(
  actor: GroupActor,
  group: { creator_account_no: string },
  members: readonly { user_id: string; relation: string }[],
): boolean {
  if (actor.role === 'admin' || ownsGroup(actor, group, members)) return true;
  return members.some((m) => m.user_id === actor.id && m.relation === 'admin');
}

/** Whether `actor` may delete a group: its owner or a tenant administrator. */
export function mayDeleteGroup(
  actor: GroupActor,
  group: { creator_account_no: string },
  members: readonly { user_id: string; relation: string }[],
): boolean {
  return actor.role === 'admin' || ownsGroup(actor, group, members);
}

/** A member as the input names it: by user id and/or account. */
export interface MemberInput {
  userId?: string;
  accountNo?: string;
  relation?: string;
}

export type MemberProblem =
  | { code: 'GROUP_MEMBER_UNNAMED' }
  | { code: 'GROUP_RELATION_INVALID'; relation: string }
  | { code: 'GROUP_MEMBER_NOT_FOUND'; who: string }
  | { code: 'GROUP_MEMBER_REPEATED'; who: string }
  | { code: 'GROUP_MEMBERS_TOO_MANY'; max: number };

export interface PlannedMember {
  user_id: string;
  account_no: string;
  relation: GroupRelation;
}

/**
 * The members a group gets from an input list: each entry names a user of the tenant (by id,
 * or by account when no id is given; a visitor is no member), once; relation `admin` or
 * `member` (default). The owner (`owner`) always stays a member with relation `owner`; naming
 * them again is allowed (relation empty or `owner`). The first problem found is returned.
 */
export function planMembers(
  input: readonly MemberInput[],
  candidates: readonly { id: string; account: string; role: string }[],
  owner: { id: string; account: string } | null,
): { members: PlannedMember[] } | { problem: MemberProblem } {
  const byId = new Map(candidates.filter((c) => c.role !== 'visitor').map((c) => [c.id, c]));
  const byAccount = new Map(candidates.filter((c) => c.role !== 'visitor').map((c) => [c.account, c]));
  const members: PlannedMember[] = owner ? [{ user_id: owner.id, account_no: owner.account, relation: 'owner' }] : [];
  const seen = new Set(members.map((m) => m.user_id));
  for (const entry of input) {
    const who = entry.userId || entry.accountNo;
    if (!who) return { problem: { code: 'GROUP_MEMBER_UNNAMED' } };
    const user = entry.userId ? byId.get(entry.userId) : byAccount.get(entry.accountNo!);
    if (!user || (entry.userId && entry.accountNo && user.account !== entry.accountNo)) {
      return { problem: { code: 'GROUP_MEMBER_NOT_FOUND', who } };
    }
    const relation = entry.relation || 'member';
    const isOwner = owner !== null && user.id === owner.id;
    if (isOwner) {
      if (relation !== 'owner' && entry.relation) return { problem: { code: 'GROUP_RELATION_INVALID', relation } };
      continue;
    }
    if (relation !== 'admin' && relation !== 'member') return { problem: { code: 'GROUP_RELATION_INVALID', relation } };
    if (seen.has(user.id)) return { problem: { code: 'GROUP_MEMBER_REPEATED', who: user.account } };
    seen.add(user.id);
    members.push({ user_id: user.id, account_no: user.account, relation });
  }
  if (members.length > MAX_GROUP_MEMBERS)
    return { problem: { code: 'GROUP_MEMBERS_TOO_MANY', max: MAX_GROUP_MEMBERS } };
  return { members };
}
