/** Wire shapes of the application centre (iam: flows, appRoles, permissions, triples). */

/** An application of the deployment (`flows`). */
export interface Flow {
  id: string;
  name: string;
  code: string;
  tags: string | null;
  visible: boolean | null;
  ready: boolean | null;
}

/** `none`, `resources` or `visitors`: what a grant's filter of the role may narrow. */
export type RoleScope = 'none' | 'resources' | 'visitors';

/** A role an application offers (`appRoles`). */
export interface AppRoleEntry {
  code: string;
  app: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  scope: RoleScope;
  staff: boolean;
}

/** The subjects a grant may name. */
export type SubjectType = 'user' | 'dept' | 'post' | 'triple';

/** A permission grant (`permissions`). */
export interface Grant {
  id: string;
  type: SubjectType;
  permission: string;
  filter: string | null;
  revokeId: string;
  target: string;
  targetName: string | null;
  app: string | null;
  grantedBy: string | null;
  createTime: string | null;
}

/** A department/post/user combination (`triples`). */
export interface Triple {
  id: string;
  dept: { id: string; name: string } | null;
  post: { id: string; name: string } | null;
  user: { id: string; name: string; account: string } | null;
  code: string | null;
  createTime: string | null;
}

export interface Connection<T> {
  edges: { node: T }[];
  totalCount: number;
}

/** One grant to make (`grantPermissions`' `InputGrant`). */
export interface GrantInput {
  type: SubjectType;
  target: string;
  permission: string;
  filter?: string;
}

export type StringFilter = { eq?: string; like?: string; in?: string[] };

/** `PermissionFilter`. */
export interface PermissionFilter {
  type?: StringFilter;
  target?: StringFilter;
  permission?: StringFilter;
  app?: StringFilter;
  staff?: StringFilter;
  keyword?: StringFilter;
}

export const GRANT_FIELDS = 'id type permission filter revokeId target targetName app grantedBy createTime';
export const TRIPLE_FIELDS = 'id code createTime dept { id name } post { id name } user { id name account }';
export const RESULT_FIELDS = 'errcode msg msg_en ids';

/** Query keys: every change to grants or triples reloads everything under `all`. */
export const grantsKeys = {
  all: ['grants'] as const,
  flows: () => ['grants', 'flows'] as const,
  roles: (app: string | null) => ['grants', 'roles', app ?? ''] as const,
  counts: (roles: readonly string[]) => ['grants', 'counts', ...roles] as const,
  list: (variables: object) => ['grants', 'permissions', variables] as const,
  triples: (variables: object) => ['grants', 'triples', variables] as const,
};
