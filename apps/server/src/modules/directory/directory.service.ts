import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { forgetAccountFailures } from '../../platform/auth/login-throttle.repository.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError, UNIQUE_VIOLATION, sqlState } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { withDefaults } from '../settings/settings.rules.ts';
import {
  administratorsInput,
  departmentFilterInput,
  editDepartmentInput,
  editPostInput,
  editUserInput,
  idInput,
  postFilterInput,
  userImageInput,
  usersQueryInput,
  withMode,
  type EditUser,
} from './directory.inputs.ts';
import * as repo from './directory.repository.ts';
import type {
  DepartmentRow,
  MenuRow,
  PositionRecord,
  PostRow,
  UserImageRow,
  UserRecord,
} from './directory.repository.ts';
import { directoryResources } from './directory.resources.ts';
import * as rules from './directory.rules.ts';
import { roleHolderIds } from './directory.grants.repository.ts';
import { rolesAsked, sectionsOpenedBy } from './directory.grants.rules.ts';

interface Caller {
  tenant: TenantRef;
  user: AuthUser;
}

function caller(ctx: RequestContext): Caller {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

/** Runs `insert`, turning a unique violation into `refusal`. */
async function unique<T>(insert: () => Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await insert();
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw refusal();
    throw err;
  }
}

/**
 * A user as the directory shows it to the caller: `view` says which fields the caller may see
 * (directory rules, `personViewOf`); identity fields are already null for viewers who may not.
 */
export type DirectoryUser = Omit<UserRecord, 'card_no' | 'card_type' | 'birthday'> & {
  card_no: string | null;
  card_type: string | null;
  birthday: string | null;
  positions: PositionRecord[];
  view: rules.PersonView;
};

async function present(tx: Tx, caller: Caller, rows: UserRecord[]): Promise<DirectoryUser[]> {
  const positions = await repo.listPositions(
    tx,
    caller.tenant.id,
    rows.map((r) => r.id),
  );
  const byUser = new Map<string, PositionRecord[]>();
  for (const p of positions) byUser.set(p.user_id, [...(byUser.get(p.user_id) ?? []), p]);
  // A resource administrator sees the contact details of the people who booked their resources.
  const others = rows.filter((r) => r.id !== caller.user.id).map((r) => r.account);
  const bookers =
    caller.user.role === 'admin' || !others.length
      ? new Set<string>()
      : await directoryResources().bookersManagedBy(tx, caller.tenant.id, caller.user, others);
  return rows.map((row) => {
    const visible = rules.seesPrivateFields(caller.user, row.id);
    return {
      ...row,
      card_no: visible ? row.card_no : null,
      card_type: visible ? row.card_type : null,
      birthday: visible ? row.birthday : null,
      positions: byUser.get(row.id) ?? [],
      view: rules.personViewOf(caller.user, row, bookers.has(row.account)),
    };
  });
}

// ---- Queries ----

/** The signed-in user with their positions. */
export async function getMe(ctx: RequestContext): Promise<DirectoryUser & { managesResources: boolean }> {
  const c = caller(ctx);
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const row = await repo.findUserRecord(tx, c.tenant.id, c.user.id);
    if (!row) throw new AppError('USER_NOT_FOUND');
    const [me] = await present(tx, c, [row]);
    // One statement (none for a tenant administrator): the rule the back office's lists use.
    // an `admin` grant makes the user a tenant administrator: `role` says so (docs/GLOSSARY.md "Grants")
    return {
      ...me!,
      role: c.user.role === 'admin' ? 'admin' : me!.role,
      managesResources: await directoryResources().managesAnyResource(tx, c.tenant.id, c.user),
    };
  });
}

export const DEFAULT_PAGE_SIZE = 20;

/** A page of the tenant's users (`users(first, offset, filter)`). */
export async function listUsers(
  ctx: RequestContext,
  args: unknown,
): Promise<{ rows: DirectoryUser[]; total: number; offset: number }> {
  const c = caller(ctx);
  const input = parseInput(usersQueryInput, args);
  const adminOnly = c.user.role === 'admin' ? [] : rules.adminOnlyUserFilters(input.filter);
  if (adminOnly.length) throw new AppError('USER_FILTER_ADMIN_ONLY', { fields: adminOnly.join(', ') });
  const offset = Math.max(0, input.offset ?? 0);
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const page = await repo.findUsersPage(tx, c.tenant.id, input.filter, {
      limit: input.first ?? DEFAULT_PAGE_SIZE,
      offset,
    });
    return { rows: await present(tx, c, page.rows), total: page.total, offset };
  });
}

/** One user of the tenant, or null. */
export async function getUser(ctx: RequestContext, id: unknown): Promise<DirectoryUser | null> {
  const c = caller(ctx);
  const userId = parseInput(idInput, id);
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const row = await repo.findUserRecord(tx, c.tenant.id, userId);
    return row ? (await present(tx, c, [row]))[0]! : null;
  });
}

/**
 * `administrators(service, position, type)`: the holders of application roles (docs/GLOSSARY.md
 * "Grants"): `type` one role, `service` the roles of an application, neither the tenant
 * administrators (by role or by an `admin` grant); `position` narrows to holders with a position
 * whose department or post has that id or code.
 */
export async function listAdministrators(ctx: RequestContext, args: unknown): Promise<DirectoryUser[]> {
  const c = caller(ctx);
  const { position, service, type } = parseInput(administratorsInput, args);
  const roles = rolesAsked(service, type);
  if (!roles) throw new AppError('GRANT_ROLE_UNKNOWN', { permission: (type ?? '').slice(0, 50) });
  if (!roles.length) return [];
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    let among: string[] | undefined;
    if (position) {
      const byDept = await repo.listUsers(tx, c.tenant.id, { dept: { eq: position } });
      const byPost = await repo.listUsers(tx, c.tenant.id, { post: { eq: position } });
      among = [...new Set([...byDept, ...byPost].map((u) => u.id))];
      if (!among.length) return [];
    }
    return present(tx, c, await repo.listUsersByIds(tx, c.tenant.id, roleHolderIds(c.tenant.id, roles), among));
  });
}

export async function listDepartments(ctx: RequestContext, filter: unknown): Promise<DepartmentRow[]> {
  const c = caller(ctx);
  const f = parseInput(departmentFilterInput, filter);
  return withTenant(ctx.db, c.tenant.id, (tx) => repo.listDepartments(tx, c.tenant.id, f));
}

/** The department tree, or the subtree under `root`. */
export async function getDepartmentTree(ctx: RequestContext, root: unknown): Promise<rules.TreeNode<DepartmentRow>[]> {
  const c = caller(ctx);
  const rootId = root === null || root === undefined || root === '' ? undefined : parseInput(idInput, root);
  const all = await withTenant(ctx.db, c.tenant.id, (tx) => repo.listDepartments(tx, c.tenant.id));
  return rules.buildDepartmentTree(all, rootId);
}

export async function listPosts(ctx: RequestContext, filter: unknown): Promise<PostRow[]> {
  const c = caller(ctx);
  const f = parseInput(postFilterInput, filter);
  return withTenant(ctx.db, c.tenant.id, (tx) => repo.listPosts(tx, c.tenant.id, f));
}

/** The signed-in user's menu entries (`canvasmenus`). */
export async function listMyMenus(ctx: RequestContext): Promise<MenuRow[]> {
  const c = caller(ctx);
  const all = await withTenant(ctx.db, c.tenant.id, (tx) => repo.listMenus(tx, c.tenant.id));
  return rules.menusFor(all, c.user.role, sectionsOpenedBy(c.user.grants));
}

/** The tenant's `local_menu_mode` setting: `YES` or `NO`. */
export async function getLocalMenuMode(ctx: RequestContext): Promise<'YES' | 'NO'> {
  const c = caller(ctx);
  const row = await withTenant(ctx.db, c.tenant.id, (tx) => findSettings(tx, c.tenant.id));
  return rules.localMenuModeOf(withDefaults(row?.manage_setting));
}

// ---- Departments and posts ----

/** Creates or updates a department; returns its id. The parent must exist and not be below it. */
export async function editDepartment(ctx: RequestContext, model: unknown): Promise<string> {
  const c = caller(ctx);
  const input = parseInput(editDepartmentInput, withMode(model));
  const tenantId = c.tenant.id;
  const fields = {
    name: input.name,
    code: input.code,
    parent: input.parent,
    tags: input.tags,
    tree_type: input.treeType,
    disabled: input.disabled,
    source: input.source,
    description: input.description,
    order_num: input.order,
  };
  const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as repo.DepartmentPatch;
  const taken = () => new AppError('CODE_TAKEN', { code: input.code ?? '' });
  return withTenant(ctx.db, tenantId, async (tx) => {
    await repo.lockDirectoryStructure(tx, tenantId);
    if (input.parent && !(await repo.findDepartment(tx, tenantId, input.parent))) {
      throw new AppError('DEPARTMENT_NOT_FOUND');
    }
    if (input.mode === 'create') {
      const row = await unique(
        () => repo.insertDepartment(tx, tenantId, { ...patch, name: input.name, code: input.code }),
        taken,
      );
      await audit(tx, ctx, { module: 'department', type: 'save', content: JSON.stringify(patch), object: row.id });
      return row.id;
    }
    if (!(await repo.findDepartment(tx, tenantId, input.id))) throw new AppError('DEPARTMENT_NOT_FOUND');
    if (input.parent && rules.wouldCreateCycle(input.id, input.parent, await repo.listDepartmentLinks(tx, tenantId))) {
      throw new AppError('DEPARTMENT_CYCLE');
    }
    await unique(() => repo.updateDepartment(tx, tenantId, input.id, patch), taken);
    await audit(tx, ctx, { module: 'department', type: 'update', content: JSON.stringify(patch), object: input.id });
    return input.id;
  });
}

/** Deletes a department that has no sub-departments and no users. */
export async function deleteDepartment(ctx: RequestContext, id: unknown): Promise<void> {
  const c = caller(ctx);
  const deptId = parseInput(idInput, id);
  const tenantId = c.tenant.id;
  await withTenant(ctx.db, tenantId, async (tx) => {
    await repo.lockDirectoryStructure(tx, tenantId);
    const dept = await repo.findDepartment(tx, tenantId, deptId);
    if (!dept) throw new AppError('DEPARTMENT_NOT_FOUND');
    if ((await repo.countChildDepartments(tx, tenantId, deptId)) > 0) throw new AppError('DEPARTMENT_HAS_CHILDREN');
    if ((await repo.countPositions(tx, tenantId, { deptId })) > 0) throw new AppError('DEPARTMENT_HAS_USERS');
    await repo.deleteDepartment(tx, tenantId, deptId);
    await audit(tx, ctx, {
      module: 'department',
      type: 'delete',
      content: `删除部门 ${dept.name}（${dept.code}）`,
      object: deptId,
    });
  });
}

/** Creates or updates a post; returns its id. */
export async function editPost(ctx: RequestContext, model: unknown): Promise<string> {
  const c = caller(ctx);
  const input = parseInput(editPostInput, withMode(model));
  const tenantId = c.tenant.id;
  const fields = {
    name: input.name,
    code: input.code,
    tags: input.tags,
    formal: input.formal,
    disabled: input.disabled,
    source: input.source,
    description: input.description,
  };
  const patch = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as repo.PostPatch;
  const taken = () => new AppError('CODE_TAKEN', { code: input.code ?? '' });
  return withTenant(ctx.db, tenantId, async (tx) => {
    if (input.mode === 'create') {
      const row = await unique(
        () => repo.insertPost(tx, tenantId, { ...patch, name: input.name, code: input.code }),
        taken,
      );
      await audit(tx, ctx, { module: 'post', type: 'save', content: JSON.stringify(patch), object: row.id });
      return row.id;
    }
    const row = await unique(() => repo.updatePost(tx, tenantId, input.id, patch), taken);
    if (!row) throw new AppError('POST_NOT_FOUND');
    await audit(tx, ctx, { module: 'post', type: 'update', content: JSON.stringify(patch), object: input.id });
    return input.id;
  });
}

/** Deletes a post nobody holds. */
export async function deletePost(ctx: RequestContext, id: unknown): Promise<void> {
  const c = caller(ctx);
  const postId = parseInput(idInput, id);
  const tenantId = c.tenant.id;
  await withTenant(ctx.db, tenantId, async (tx) => {
    await repo.lockDirectoryStructure(tx, tenantId);
    const [post] = await repo.listPosts(tx, tenantId, { id: { eq: postId } });
    if (!post) throw new AppError('POST_NOT_FOUND');
    if ((await repo.countPositions(tx, tenantId, { postId })) > 0) throw new AppError('POST_HAS_USERS');
    await repo.deletePost(tx, tenantId, postId);
    await audit(tx, ctx, {
      module: 'post',
      type: 'delete',
      content: `删除岗位 ${post.name}（${post.code}）`,
      object: postId,
    });
  });
}

// ---- Users ----

type PositionInput = NonNullable<EditUser['positions']>[number];

/** Checks that every department and post named in `positions` belongs to the tenant. */
async function checkPositions(tx: Tx, tenantId: string, positions: PositionInput[]) {
  const deptIds = [...new Set(positions.flatMap((p) => (p.dept ? [p.dept] : [])))];
  const postIds = [...new Set(positions.flatMap((p) => (p.post ? [p.post] : [])))];
  const depts = await repo.existingDepartmentIds(tx, tenantId, deptIds);
  if (deptIds.some((d) => !depts.has(d))) throw new AppError('DEPARTMENT_NOT_FOUND');
  const posts = await repo.existingPostIds(tx, tenantId, postIds);
  if (postIds.some((p) => !posts.has(p))) throw new AppError('POST_NOT_FOUND');
  return positions.map((p) => ({ dept_id: p.dept ?? null, post_id: p.post ?? null, active: p.active ?? true }));
}

/** The columns a user edit sets, without the password. */
function userPatch(input: EditUser): repo.UserPatch {
  const fields = {
    account: input.account,
    name: input.name,
    username: input.username,
    account_friendly: input.accountFriendly,
    email: input.email,
    phone: input.phone,
    express: input.express,
    sex: input.sex,
    birthday: input.birthday,
    card_no: input.cardNo,
    card_type: input.cardType,
    description: input.description,
    tags: input.tags,
    role: input.role,
    disabled: input.disabled,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** What the operate log says about a user edit: the fields set, never the password. */
function auditContent(patch: repo.UserPatch, input: EditUser): string {
  return JSON.stringify({
    ...patch,
    ...(input.password ? { password: '(changed)' } : {}),
    ...(input.positions ? { positions: input.positions } : {}),
  });
}

/** `saveUser`: creates a user (an input with an id updates, as `updateUser`). Returns the id. */
export async function saveUser(ctx: RequestContext, model: unknown): Promise<string> {
  const input = parseInput(editUserInput, withMode(model));
  if (input.mode === 'update') return applyUserUpdate(ctx, input);
  const c = caller(ctx);
  const tenantId = c.tenant.id;
  const passwordHash = await hashPassword(input.password);
  const patch = userPatch(input);
  return withTenant(ctx.db, tenantId, async (tx) => {
    if (input.positions?.length) await repo.lockDirectoryStructure(tx, tenantId);
    const positions = await checkPositions(tx, tenantId, input.positions ?? []);
    const row = await unique(
      () =>
        repo.insertUser(tx, tenantId, {
          ...patch,
          account: input.account,
          name: input.name,
          username: input.username ?? input.name,
          password_hash: passwordHash,
        }),
      () => new AppError('ACCOUNT_TAKEN', { account: input.account }),
    );
    await repo.replacePositions(tx, tenantId, row.id, positions);
    await audit(tx, ctx, { module: 'user', type: 'save', content: auditContent(patch, input), object: row.id });
    return row.id;
  });
}

/** `updateUser`: changes the fields given. */
export async function updateUser(ctx: RequestContext, model: unknown): Promise<string> {
  const moded = withMode(model);
  if ((moded as { mode?: string } | null)?.mode !== 'update') throw new AppError('REQUIRED', { field: 'id' });
  const input = parseInput(editUserInput, moded);
  if (input.mode !== 'update') throw new AppError('REQUIRED', { field: 'id' });
  return applyUserUpdate(ctx, input);
}

async function applyUserUpdate(ctx: RequestContext, input: Extract<EditUser, { mode: 'update' }>): Promise<string> {
  const c = caller(ctx);
  const tenantId = c.tenant.id;
  if (rules.isSelfLockout(c.user.id, input.id, { role: input.role, disabled: input.disabled })) {
    throw new AppError('SELF_CHANGE_REFUSED');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const patch = userPatch(input);
  return withTenant(ctx.db, tenantId, async (tx) => {
    if (input.positions?.length) await repo.lockDirectoryStructure(tx, tenantId);
    const current = await repo.findUserRecord(tx, tenantId, input.id);
    if (!current) throw new AppError('USER_NOT_FOUND');
    const positions = input.positions ? await checkPositions(tx, tenantId, input.positions) : undefined;
    const credentials = passwordHash ? { password_hash: passwordHash, failed_logins: 0, locked_until: null } : {};
    await unique(
      () => repo.updateUser(tx, tenantId, input.id, { ...patch, ...credentials }),
      () => new AppError('ACCOUNT_TAKEN', { account: input.account ?? '' }),
    );
    if (input.account && input.account !== current.account) {
      await repo.deleteUserImage(tx, tenantId, input.account);
      await repo.renameUserImage(tx, tenantId, current.account, input.account);
    }
    if (positions) await repo.replacePositions(tx, tenantId, input.id, positions);
    // A new password lifts the lock-out of failed sign-ins (under the old account name and the new)
    if (passwordHash) {
      await forgetAccountFailures(tx, tenantId, current.account);
      if (input.account) await forgetAccountFailures(tx, tenantId, input.account);
    }
    await audit(tx, ctx, { module: 'user', type: 'update', content: auditContent(patch, input), object: input.id });
    return input.id;
  });
}

/** Deletes a user with their positions and avatar; an administrator cannot delete themselves. */
export async function deleteUser(ctx: RequestContext, id: unknown): Promise<void> {
  const c = caller(ctx);
  const userId = parseInput(idInput, id);
  if (rules.isSelfLockout(c.user.id, userId, { delete: true })) throw new AppError('SELF_CHANGE_REFUSED');
  const tenantId = c.tenant.id;
  await withTenant(ctx.db, tenantId, async (tx) => {
    const user = await repo.findUserRecord(tx, tenantId, userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    await repo.deleteUser(tx, tenantId, userId);
    await repo.deleteUserImage(tx, tenantId, user.account);
    await audit(tx, ctx, {
      module: 'user',
      type: 'delete',
      content: `删除用户 ${user.account}（${user.name}）`,
      object: userId,
    });
  });
}

// ---- Avatars ----

/** The avatar of an account of the tenant (the caller's when none is named). */
export async function findUserImage(ctx: RequestContext, account: unknown): Promise<UserImageRow | undefined> {
  const c = caller(ctx);
  const name = typeof account === 'string' && account.trim() ? account.trim() : c.user.account;
  return withTenant(ctx.db, c.tenant.id, (tx) => repo.findUserImage(tx, c.tenant.id, name));
}

/** Sets an avatar: a user their own, an administrator any account of the tenant. */
export async function saveUserImage(ctx: RequestContext, model: unknown): Promise<UserImageRow> {
  const c = caller(ctx);
  const input = parseInput(userImageInput, model);
  const account = input.account || c.user.account;
  if (!rules.maySetAvatar(c.user, account)) throw new AppError('FORBIDDEN');
  const problem = rules.avatarProblem(input.image);
  if (problem === 'too_large') throw new AppError('FILE_TOO_LARGE', { maxMb: rules.MAX_IMAGE_BYTES / 1024 / 1024 });
  if (problem) throw new AppError('IMAGE_INVALID');
  const tenantId = c.tenant.id;
  return withTenant(ctx.db, tenantId, async (tx) => {
    if (!(await repo.findUserByAccount(tx, tenantId, account))) throw new AppError('USER_NOT_FOUND');
    const row = await repo.upsertUserImage(tx, tenantId, account, input.image);
    await audit(tx, ctx, { module: 'userImage', type: 'save', content: `设置头像 ${account}`, object: account });
    return row;
  });
}
