import {
  APP_ROLES,
  APPLICATIONS,
  grantFilterText,
  isAppRole,
  parseGrantFilter,
  type AppRole,
  type GrantFilter,
  VISITOR_TYPES,
} from '@yuyue/shared';
import { z } from 'zod';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import * as repo from './directory.grants.repository.ts';
import { directoryResources } from './directory.resources.ts';
import type { GrantRecord, GrantSubject, NewGrant, TripleRecord } from './directory.grants.repository.ts';
import { mergeFilters, readGivenFilter, type FilterProblem } from './directory.grants.rules.ts';
import { stringFilter } from './directory.inputs.ts';
import { existingDepartmentIds, existingPostIds } from './directory.repository.ts';

/*
 * Triples and permission grants (iam, `/manage/console`): tenant administrators give and take
 * application roles; every change reaches every instance at once (the repository announces it
 * in the same transaction) and goes to the operate log.
 */

interface Caller {
  tenant: TenantRef;
  user: AuthUser;
}

function caller(ctx: RequestContext): Caller {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

/** Most grants (or revocations) one batch takes. */
export const MAX_BATCH = 200;
const DEFAULT_PAGE = 20;

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);
const page = {
  first: optional(z.number().int().min(0).max(1000)),
  offset: optional(z.number().int().min(0)),
};
const optionalId = z
  .union([z.literal(''), z.string().trim().refine(isUuid, 'must be a UUID')])
  .nullish()
  .transform((v) => (v ? v : null));

const triplesArgs = z.object({
  ...page,
  filter: z
    .object({ dept: stringFilter, post: stringFilter, user: stringFilter, code: stringFilter })
    .nullish()
    .transform((v): repo.TripleFilter => v ?? {}),
});
const tripleModel = z.object({
  dept: optionalId,
  post: optionalId,
  user: optionalId,
  code: optional(z.string().trim().max(64)),
});
const permissionsArgs = z.object({
  ...page,
  filter: z
    .object({
      type: stringFilter,
      target: stringFilter,
      permission: stringFilter,
      app: stringFilter,
      staff: stringFilter,
      keyword: stringFilter,
    })
    .nullish()
    .transform(
      (v) =>
        v ?? {
          type: undefined,
          target: undefined,
          permission: undefined,
          app: undefined,
          staff: undefined,
          keyword: undefined,
        },
    ),
});
const grantArgs = z.object({
  type: z.string().trim().max(20),
  target: z.string().trim().max(100),
  permission: z.string().trim().max(50),
  filter: optional(z.string().max(40_000)),
});

// ---- Triples ----

export async function listTriples(
  ctx: RequestContext,
  args: unknown,
): Promise<{ rows: TripleRecord[]; total: number; offset: number }> {
  const c = caller(ctx);
  const input = parseInput(triplesArgs, args ?? {});
  const offset = input.offset ?? 0;
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const found = await repo.findTriplesPage(tx, c.tenant.id, input.filter, {
      limit: input.first ?? DEFAULT_PAGE,
      offset,
    });
    return { ...found, offset };
  });
}

/** `addTriple`: a department, post and/or user of the tenant, with a code; its id. */
export async function addTriple(ctx: RequestContext, model: unknown): Promise<string> {
  const c = caller(ctx);
  const input = parseInput(tripleModel, model ?? {});
  if (!input.dept && !input.post && !input.user) throw new AppError('TRIPLE_EMPTY');
  const tenantId = c.tenant.id;
  return withTenant(ctx.db, tenantId, async (tx) => {
    if (input.dept && !(await existingDepartmentIds(tx, tenantId, [input.dept])).has(input.dept)) {
      throw new AppError('DEPARTMENT_NOT_FOUND');
    }
    if (input.post && !(await existingPostIds(tx, tenantId, [input.post])).has(input.post)) {
      throw new AppError('POST_NOT_FOUND');
    }
    if (input.user) {
      const role = (await repo.userRoles(tx, tenantId, [input.user])).get(input.user);
      if (!role) throw new AppError('USER_NOT_FOUND');
      if (role === 'visitor') throw new AppError('GRANT_TO_VISITOR');
    }
    const row = await repo.insertTriple(tx, tenantId, {
      dept_id: input.dept,
      post_id: input.post,
      user_id: input.user,
      code: input.code ?? '',
    });
    if (!row) throw new AppError('TRIPLE_EXISTS');
    await audit(tx, ctx, {
      module: 'triple',
      type: 'save',
      content: JSON.stringify({ dept: input.dept, post: input.post, user: input.user, code: input.code ?? '' }),
      object: row.id,
    });
    return row.id;
  });
}

/** `deleteTriple`: the triple and the grants made to it. */
export async function deleteTriple(ctx: RequestContext, id: unknown): Promise<void> {
  const c = caller(ctx);
  if (!isUuid(id)) throw new AppError('TRIPLE_NOT_FOUND');
  const tenantId = c.tenant.id;
  await withTenant(ctx.db, tenantId, async (tx) => {
    const triple = await repo.findTriple(tx, tenantId, id);
    if (!triple) throw new AppError('TRIPLE_NOT_FOUND');
    await refuseLosingOwnAdmin(tx, c, async () => {
      await repo.deleteTriple(tx, tenantId, id);
    });
    await audit(tx, ctx, {
      module: 'triple',
      type: 'delete',
      content: `删除三元组 ${JSON.stringify({ dept: triple.dept_id, post: triple.post_id, user: triple.user_id, code: triple.code })}`,
      object: id,
    });
  });
}

// ---- Grants ----

/** The grants of the tenant, newest first (`permissions`). */
export async function listGrants(
  ctx: RequestContext,
  args: unknown,
): Promise<{ rows: GrantRecord[]; total: number; offset: number }> {
  const c = caller(ctx);
  const input = parseInput(permissionsArgs, args ?? {});
  const f = input.filter;
  const offset = input.offset ?? 0;
  let roles: string[] | undefined;
  const apps = f.app?.eq ? [f.app.eq] : f.app?.in?.length ? f.app.in : null;
  if (apps) {
    roles = (Object.keys(APP_ROLES) as AppRole[]).filter((r) => apps.includes(APP_ROLES[r].app));
  }
  if (f.staff?.eq === '1' || f.staff?.eq === 'true') {
    const staff = (Object.keys(APP_ROLES) as AppRole[]).filter((r) => APP_ROLES[r].staff);
    roles = roles ? roles.filter((r) => staff.includes(r as AppRole)) : staff;
  }
  const keyword = f.keyword?.like ?? f.keyword?.eq;
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const found = await repo.findGrantsPage(
      tx,
      c.tenant.id,
      { type: f.type, target: f.target, permission: f.permission, roles, keyword: keyword || undefined },
      { limit: input.first ?? DEFAULT_PAGE, offset },
    );
    return { ...found, offset };
  });
}

const FILTER_WORDS: Record<FilterProblem['problem'], { zh: string; en: string }> = {
  not_json: { zh: '不是 JSON', en: 'not JSON' },
  not_object: { zh: '应为 JSON 对象', en: 'must be a JSON object' },
  unknown_key: { zh: '该角色不能按此项限定', en: 'this role cannot be narrowed by it' },
  not_list: { zh: '应为列表', en: 'must be a list' },
  not_text: { zh: '列表项应为非空文本', en: 'items must be non-empty texts' },
  too_long: { zh: '列表过长', en: 'the list is too long' },
};

const SUBJECTS: readonly GrantSubject[] = ['user', 'dept', 'post', 'triple'];
const SUBJECT_WORDS: Record<GrantSubject, { zh: string; en: string }> = {
  user: { zh: '用户', en: 'user' },
  dept: { zh: '部门', en: 'department' },
  post: { zh: '岗位', en: 'post' },
  triple: { zh: '三元组', en: 'triple' },
};

/** Checks one grant as given: its subject exists in the tenant, its role is known, its filter fits. */
async function checkGrant(tx: Tx, tenantId: string, raw: unknown): Promise<NewGrant & { role: AppRole }> {
  const g = parseInput(grantArgs, raw ?? {});
  const target = g.target.toLowerCase();
  if (!(SUBJECTS as readonly string[]).includes(g.type)) {
    throw new AppError('GRANT_TYPE_INVALID', { type: g.type.slice(0, 20) });
  }
  const type = g.type as GrantSubject;
  if (!isAppRole(g.permission)) throw new AppError('GRANT_ROLE_UNKNOWN', { permission: g.permission.slice(0, 50) });
  const role = g.permission;
  const read = readGivenFilter(role, g.filter);
  if ('problem' in read) {
    const words = FILTER_WORDS[read.problem.problem];
    throw new AppError('GRANT_FILTER_INVALID', {
      detail: `${read.problem.key}：${words.zh}`,
      detail_en: `${read.problem.key}: ${words.en}`,
    });
  }
  const notFound = () =>
    new AppError('GRANT_TARGET_NOT_FOUND', {
      what: `${SUBJECT_WORDS[type].zh} ${g.target.slice(0, 40)}`,
      what_en: `${SUBJECT_WORDS[type].en} ${g.target.slice(0, 40)}`,
    });
  if (!isUuid(target)) throw notFound();
  if (type === 'user') {
    const userRole = (await repo.userRoles(tx, tenantId, [target])).get(target);
    if (!userRole) throw notFound();
    if (userRole === 'visitor') throw new AppError('GRANT_TO_VISITOR');
  } else {
    const exists = type === 'dept' ? existingDepartmentIds : type === 'post' ? existingPostIds : repo.existingTripleIds;
    if (!(await exists(tx, tenantId, [target])).has(target)) throw notFound();
  }
  // ids are stored as the database writes them (lower case), so the same grant is the same text
  const lower = (ids: string[]) => [...new Set(ids.map((i) => i.toLowerCase()))];
  const filter = {
    ...read.filter,
    resources: lower(read.filter.resources),
    resourceTypes: lower(read.filter.resourceTypes),
    areas: lower(read.filter.areas),
  };
  await checkFilterIds(tx, tenantId, filter);
  return { type, target, permission: role, role, filter: grantFilterText(filter) };
}

/** Every id a filter names exists in the tenant (GRANT_FILTER_UNKNOWN_ID otherwise). */
async function checkFilterIds(tx: Tx, tenantId: string, f: GrantFilter): Promise<void> {
  const unknown = (what: string, whatEn: string, id: string) =>
    new AppError('GRANT_FILTER_UNKNOWN_ID', { what, what_en: whatEn, id: id.slice(0, 40) });
  const lower = (ids: string[]) => ids.map((i) => i.toLowerCase());
  const resources = await directoryResources().existingResourceIds(tx, tenantId, lower(f.resources));
  const badResource = f.resources.find((r) => !resources.has(r.toLowerCase()));
  if (badResource) throw unknown('资源', 'resource', badResource);
  const types = await directoryResources().existingResourceTypeIds(tx, tenantId, lower(f.resourceTypes));
  const badType = f.resourceTypes.find((r) => !types.has(r.toLowerCase()));
  if (badType) throw unknown('资源类型', 'resource type', badType);
  const areas = await directoryResources().existingResourceIds(tx, tenantId, lower(f.areas));
  const badArea = f.areas.find((r) => !areas.has(r.toLowerCase()));
  if (badArea) throw unknown('访客区域', 'visitor area', badArea);
  const badVisitorType = f.visitorTypes.find((t) => !Object.hasOwn(VISITOR_TYPES, t));
  if (badVisitorType) throw unknown('访客类型', 'visitor type', badVisitorType);
}

/** What the operate log says of a grant. */
function grantWords(g: { permission: string; filter: string }, targetName: string | null): string {
  const role = isAppRole(g.permission) ? APP_ROLES[g.permission].name : g.permission;
  return `${targetName ?? ''}：${role}${g.filter ? ` ${g.filter}` : '（全部）'}`;
}

/** Grants checked grants in the caller's transaction; the grant ids, in the order given. */
async function storeGrants(
  tx: Tx,
  ctx: RequestContext,
  c: Caller,
  grants: readonly (NewGrant & { role: AppRole })[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const g of grants) {
    const stored = await repo.upsertGrant(tx, c.tenant.id, g, c.user.account);
    ids.push(stored.id);
    if (!stored.created) continue;
    const [record] = await repo.findGrantsByIds(tx, c.tenant.id, [stored.id]);
    await audit(tx, ctx, {
      module: 'permission',
      type: 'grant',
      content: `授予 ${grantWords(g, record?.target_name ?? null)}`,
      object: stored.id,
    });
  }
  return ids;
}

/** `grantPermission`: the grant (the same grant given again: the existing one). */
export async function grantPermission(ctx: RequestContext, args: unknown): Promise<GrantRecord> {
  const c = caller(ctx);
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const grant = await checkGrant(tx, c.tenant.id, args);
    const [id] = await storeGrants(tx, ctx, c, [grant]);
    const [record] = await repo.findGrantsByIds(tx, c.tenant.id, [id!]);
    return record!;
  });
}

/** `grantPermissions`: all the grants or none; their ids in the order given. */
export async function grantPermissions(ctx: RequestContext, models: unknown): Promise<string[]> {
  const c = caller(ctx);
  if (!Array.isArray(models) || !models.length || models.length > MAX_BATCH) {
    throw new AppError('GRANT_BATCH', { max: MAX_BATCH });
  }
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const checked = [];
    for (const m of models) checked.push(await checkGrant(tx, c.tenant.id, m));
    return storeGrants(tx, ctx, c, checked);
  });
}

/**
 * Runs `change` and refuses it (rolling back) when it would take the tenant administrator role
 * from the caller: a grant-made administrator cannot lock themselves out.
 */
async function refuseLosingOwnAdmin(tx: Tx, c: Caller, change: () => Promise<void>): Promise<void> {
  const ownRole = (await repo.userRoles(tx, c.tenant.id, [c.user.id])).get(c.user.id);
  const heldBefore =
    ownRole !== 'admin' && (await repo.grantsOfUser(tx, c.tenant.id, c.user.id)).some((g) => g.permission === 'admin');
  await change();
  if (!heldBefore) return;
  const heldAfter = (await repo.grantsOfUser(tx, c.tenant.id, c.user.id)).some((g) => g.permission === 'admin');
  if (!heldAfter) throw new AppError('GRANT_ADMIN_SELF_REVOKE');
}

/** Revokes grants by their revoke ids, all or none. */
async function revoke(ctx: RequestContext, revokeIds: unknown[]): Promise<number> {
  const c = caller(ctx);
  if (!revokeIds.length || revokeIds.length > MAX_BATCH) throw new AppError('GRANT_BATCH', { max: MAX_BATCH });
  const ids = revokeIds.map((r) => (typeof r === 'string' ? r.trim() : ''));
  const bad = ids.find((r) => !isUuid(r));
  if (bad !== undefined) throw new AppError('GRANT_NOT_FOUND', { revokeId: String(bad).slice(0, 40) });
  const wanted = [...new Set(ids.map((i) => i.toLowerCase()))];
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const found = await repo.findGrantsByRevokeIds(tx, c.tenant.id, wanted);
    const have = new Set(found.map((g) => g.grant.revoke_id.toLowerCase()));
    const missing = wanted.find((r) => !have.has(r));
    if (missing) throw new AppError('GRANT_NOT_FOUND', { revokeId: missing });
    await refuseLosingOwnAdmin(tx, c, async () => {
      await repo.deleteGrants(
        tx,
        c.tenant.id,
        found.map((g) => g.grant.id),
      );
    });
    for (const g of found) {
      await audit(tx, ctx, {
        module: 'permission',
        type: 'revoke',
        content: `撤销 ${grantWords(g.grant, g.target_name)}`,
        object: g.grant.id,
      });
    }
    return found.length;
  });
}

export const revokePermission = (ctx: RequestContext, revokeId: unknown) => revoke(ctx, [revokeId]);

export async function revokePermissions(ctx: RequestContext, revokeIds: unknown): Promise<number> {
  if (!Array.isArray(revokeIds)) throw new AppError('GRANT_BATCH', { max: MAX_BATCH });
  return revoke(ctx, revokeIds);
}

// ---- Applications, roles, accesses ----

export function listFlows(ctx: RequestContext) {
  caller(ctx);
  return Object.entries(APPLICATIONS).map(([code, a]) => ({
    id: code,
    code,
    name: a.name,
    nameEn: a.nameEn,
    tags: a.tags,
    visible: true,
    ready: true,
  }));
}

export function listAppRoles(ctx: RequestContext, app: unknown) {
  caller(ctx);
  const wanted = typeof app === 'string' && app.trim() ? app.trim() : null;
  return (Object.keys(APP_ROLES) as AppRole[])
    .filter((code) => !wanted || APP_ROLES[code].app === wanted)
    .map((code) => ({ code, ...APP_ROLES[code] }));
}

export interface AccessRecord {
  permission: AppRole;
  app: string;
  filter: GrantFilter;
  via: GrantRecord[];
}

/**
 * `accesses(userId)`: the roles a user holds and the grants they come through (a tenant
 * administrator by role holds `admin` with no grant). Another user's only for a tenant
 * administrator.
 */
export async function listAccesses(ctx: RequestContext, userId: unknown): Promise<AccessRecord[]> {
  const c = caller(ctx);
  const asked = userId === null || userId === undefined || userId === '' ? c.user.id : userId;
  if (asked !== c.user.id && c.user.role !== 'admin') throw new AppError('FORBIDDEN');
  if (!isUuid(asked)) throw new AppError('USER_NOT_FOUND');
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const role = (await repo.userRoles(tx, c.tenant.id, [asked])).get(asked);
    if (!role) throw new AppError('USER_NOT_FOUND');
    const rows = await repo.grantsOfUser(tx, c.tenant.id, asked);
    const records = new Map(
      (await repo.findGrantsByIds(tx, c.tenant.id, [...new Set(rows.map((r) => r.grant_id))])).map((g) => [
        g.grant.id,
        g,
      ]),
    );
    const out: AccessRecord[] = [];
    for (const code of Object.keys(APP_ROLES) as AppRole[]) {
      const via = [...new Set(rows.filter((r) => r.permission === code).map((r) => r.grant_id))]
        .map((id) => records.get(id))
        .filter((g): g is GrantRecord => !!g);
      const byRole = code === 'admin' && role === 'admin';
      if (!via.length && !byRole) continue;
      out.push({
        permission: code,
        app: APP_ROLES[code].app,
        filter: byRole ? mergeFilters([]) : mergeFilters(via.map((g) => parseGrantFilter(g.grant.filter))),
        via,
      });
    }
    return out;
  });
}
