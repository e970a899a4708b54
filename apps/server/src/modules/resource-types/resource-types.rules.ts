/** Grant object types of auth, visible and invisible lists. */
export const grantObjectTypes = ['dept', 'post', 'user', 'triple'] as const;
export type GrantObjectType = (typeof grantObjectTypes)[number];

/** What a grant names: an object of a type (`triple`: `<dept>|<post>`). */
export interface Grant {
  grant_object_type: string;
  grant_object_id: string;
}

/**
 * Who the signed-in user is for authorisation: ids and accounts, and per position the
 * department (with its ancestors, so a grant to a college covers its offices) and the post,
 * each by id and by code.
 */
export interface Identity {
  userKeys: string[];
  positions: { deptKeys: string[]; postKeys: string[] }[];
}

/** Whether a grant names the user: directly, by a department (or an ancestor), by a post, or by a dept+post pair. */
export function grantMatches(grant: Grant, who: Identity): boolean {
  const id = grant.grant_object_id;
  switch (grant.grant_object_type) {
    case 'user':
      return who.userKeys.includes(id);
    case 'dept':
      return who.positions.some((p) => p.deptKeys.includes(id));
    case 'post':
      return who.positions.some((p) => p.postKeys.includes(id));
    case 'triple': {
      const [dept, post] = id.split('|');
      if (!dept || !post) return false;
      return who.positions.some((p) => p.deptKeys.includes(dept) && p.postKeys.includes(post));
    }
    default:
      return false;
  }
}

/** A resource type is open to a user when it has no grants (everyone) or one of them names the user. */
export function typeOpenTo(grants: readonly Grant[], who: Identity): boolean {
  return grants.length === 0 || grants.some((g) => grantMatches(g, who));
}

/** The departments a position covers for grants: the department and its ancestors (cycle-safe). */
export function deptWithAncestors(deptId: string, parentOf: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  let current: string | undefined = deptId;
  while (current && !out.includes(current)) {
    out.push(current);
    current = parentOf.get(current) || undefined;
  }
  return out;
}
