import { randomUUID } from 'node:crypto';
import { formatDateTime, VISITOR_CATEGORY } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { requireUser, type AuthUser, type RequestContext, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { listDepartments, listPositions } from '../directory/directory.repository.ts';
import { normaliseFilterMap } from '../resources/resources.rules.ts';
import { replaceTypeNumberLimits, typeNumberLimits } from '../rules/rules.repository.ts';
import { checkRules, definedOnly } from '../rules/rules.service.ts';
import { wireNumberLimit } from '../rules/rules.rules.ts';
import { resourcesTypeInput } from './resource-types.inputs.ts';
import {
  countResourcesOfType,
  deleteType,
  findType,
  insertType,
  listTypes,
  replaceTypeAuths,
  replaceTypeExtendedProperties,
  typeAuths,
  typeExtendedProperties,
  typeFilterColumns,
  updateType,
  type NewResourcesType,
  type ResourcesTypeRow,
  type TypeFilter,
} from './resource-types.repository.ts';
import { deptWithAncestors, typeOpenTo, type Identity } from './resource-types.rules.ts';

/** The signed-in user's identity for grants: id, account, and each position's departments (with ancestors) and post. */
export async function identityOf(tx: Tx, tenantId: string, user: AuthUser): Promise<Identity> {
  const positions = (await listPositions(tx, tenantId, [user.id])).filter((p) => p.active);
  const depts = positions.some((p) => p.dept) ? await listDepartments(tx, tenantId) : [];
  const parentOf = new Map(depts.map((d) => [d.id, d.parent]));
  const codeOf = new Map(depts.map((d) => [d.id, d.code]));
  return {
    userKeys: [user.id, user.account],
    positions: positions.map((p) => {
      const deptIds = p.dept ? deptWithAncestors(p.dept.id, parentOf) : [];
      return {
        deptKeys: [...deptIds, ...deptIds.map((id) => codeOf.get(id) ?? '').filter(Boolean)],
        postKeys: p.post ? [p.post.id, p.post.code] : [],
      };
    }),
  };
}

export function typeFilterOf(input: unknown): TypeFilter {
  return normaliseFilterMap(input, typeFilterColumns, ['id']);
}

/** Resource types in the contract's shape, with their children. */
export async function wireTypes(tx: Tx, tenant: TenantRef, rows: ResourcesTypeRow[]) {
  const ids = rows.map((r) => r.id);
  const [auths, props, limits] = await Promise.all([
    typeAuths(tx, tenant.id, ids),
    typeExtendedProperties(tx, tenant.id, ids),
    typeNumberLimits(tx, tenant.id, ids),
  ]);
  const t = (d: Date) => formatDateTime(d.getTime(), tenant.timeZone);
  return rows.map((r) => {
    const { tenant_id: _tenant, update_time: _updated, user_display_info_config, create_time, ...rest } = r;
    return {
      ...rest,
      create_time: t(create_time),
      extendedProperties: (props.get(r.id) ?? []).map(({ tenant_id: _t, ...p }) => p),
      resourcesTypeAuthList: (auths.get(r.id) ?? []).map(({ tenant_id: _t, grant_time, ...a }) => ({
        ...a,
        resources_type_name: r.resources_name,
        grant_time: t(grant_time),
      })),
      userDisplayInfoConfigList: user_display_info_config.map((u) => ({
        ...u,
        resource_type_id: r.id,
        tenant_id: r.tenant_id,
      })),
      appointmentNumberLimitRuleList: (limits.get(r.id) ?? []).map((l) => wireNumberLimit(l, null)),
    };
  });
}
export type WireType = Awaited<ReturnType<typeof wireTypes>>[number];

/** The enabled types a user may book (administrators too go by the auth lists here). */
export async function typesOpenTo(
  tx: Tx,
  tenant: TenantRef,
  who: Identity,
  filter: TypeFilter,
): Promise<ResourcesTypeRow[]> {
  // Visitor areas' types (appointment_category 'visitor') are taken through visits, never booked.
  const rows = (await listTypes(tx, tenant.id, filter)).filter(
    (r) => r.state === 1 && r.del === 0 && r.appointment_category !== VISITOR_CATEGORY,
  );
  const auths = await typeAuths(
    tx,
    tenant.id,
    rows.map((r) => r.id),
  );
  return rows.filter((r) => typeOpenTo(auths.get(r.id) ?? [], who));
}

/** Every type of the tenant (administrators). */
export async function findAllTypes(ctx: RequestContext, filter: unknown) {
  const { tenant } = requireUser(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) =>
    wireTypes(tx, tenant, await listTypes(tx, tenant.id, typeFilterOf(filter))),
  );
}

/** The enabled types the signed-in user may book. */
export async function findTypesByAccount(ctx: RequestContext, filter: unknown) {
  const { tenant, user } = requireUser(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const who = await identityOf(tx, tenant.id, user);
    return wireTypes(tx, tenant, await typesOpenTo(tx, tenant, who, typeFilterOf(filter)));
  });
}

/** adminAuthType "0": the types the caller may book; otherwise administrators get every type, users the types they may book. */
export async function findTypesByAccountAuth(
  ctx: RequestContext,
  adminAuthType: string | null | undefined,
  filter: unknown,
) {
  const { user } = requireUser(ctx);
  if (adminAuthType !== '0' && user.role === 'admin') return findAllTypes(ctx, filter);
  return findTypesByAccount(ctx, filter);
}

/** One type: any of the tenant for administrators, otherwise only a type the user may book; null when neither. */
export async function findOneType(ctx: RequestContext, id: unknown): Promise<WireType | null> {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(id)) return null;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findType(tx, tenant.id, id);
    if (!row) return null;
    if (user.role !== 'admin') {
      const who = await identityOf(tx, tenant.id, user);
      const open = await typesOpenTo(tx, tenant, who, { id: { eq: id } });
      if (open.length === 0) return null;
    }
    return (await wireTypes(tx, tenant, [row]))[0]!;
  });
}

/** Creates (no id) or updates (id) a resource type with its child lists. Returns its id. */
export async function saveType(ctx: RequestContext, input: unknown, mode: 'save' | 'update'): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const model = parseInput(resourcesTypeInput, input);
  if (mode === 'update' && !model.id) throw new AppError('REQUIRED', { field: 'id' });
  if ((mode === 'save' && !model.resources_name) || model.resources_name === '') {
    throw new AppError('RESOURCE_TYPE_NAME_REQUIRED');
  }
  if (model.appointmentNumberLimitRuleList) {
    checkRules({ resourcesAppointmentNumberLimitRuleList: model.appointmentNumberLimitRuleList }, undefined);
  }
  const {
    id: _id,
    extendedProperties,
    resourcesTypeAuthList,
    userDisplayInfoConfigList,
    appointmentNumberLimitRuleList,
    ...scalars
  } = model;
  const values: Partial<NewResourcesType> = definedOnly(scalars);
  if (userDisplayInfoConfigList) {
    values.user_display_info_config = userDisplayInfoConfigList.map((u, i) => ({
      id: u.id ?? randomUUID(),
      field_name_en: u.field_name_en ?? '',
      field_name_cn: u.field_name_cn ?? '',
      field_data_type: u.field_data_type ?? '',
      field_category: u.field_category ?? '',
      display_order_num: u.display_order_num ?? i,
    }));
  }
  return withTenant(ctx.db, tenant.id, async (tx) => {
    let row: ResourcesTypeRow | undefined;
    if (mode === 'update') {
      row = await updateType(tx, tenant.id, model.id!, values);
      if (!row) throw new AppError('RESOURCE_TYPE_NOT_FOUND');
    } else {
      row = await insertType(tx, tenant.id, {
        ...values,
        resources_name: model.resources_name!,
        created_user: user.account,
        created_user_name: user.name,
      });
    }
    if (extendedProperties) await replaceTypeExtendedProperties(tx, tenant.id, row.id, extendedProperties);
    if (resourcesTypeAuthList) await replaceTypeAuths(tx, tenant.id, row.id, resourcesTypeAuthList, user);
    if (appointmentNumberLimitRuleList)
      await replaceTypeNumberLimits(tx, tenant.id, row.id, appointmentNumberLimitRuleList);
    await audit(tx, ctx, {
      module: 'resources_type',
      type: mode,
      content: `${mode === 'save' ? '新增' : '修改'}资源类型 ${row.resources_name}`,
      object: row.id,
    });
    return row.id;
  });
}

/** Enables (1) or disables (0) a resource type. */
export async function setTypeState(ctx: RequestContext, id: unknown, state: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (state !== 0 && state !== 1) throw new AppError('RESOURCE_TYPE_STATE_INVALID');
  if (!isUuid(id)) throw new AppError('RESOURCE_TYPE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await updateType(tx, tenant.id, id, { state });
    if (!row) throw new AppError('RESOURCE_TYPE_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'resources_type',
      type: 'state',
      content: `资源类型 ${row.resources_name} 状态改为 ${state}`,
      object: id,
    });
    return id;
  });
}

/** Deletes a resource type; refused while it has resources. */
export async function removeType(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('RESOURCE_TYPE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findType(tx, tenant.id, id, true);
    if (!row) throw new AppError('RESOURCE_TYPE_NOT_FOUND');
    const n = await countResourcesOfType(tx, tenant.id, id);
    if (n > 0) throw new AppError('RESOURCE_TYPE_HAS_RESOURCES', { count: n });
    await deleteType(tx, tenant.id, id);
    await audit(tx, ctx, {
      module: 'resources_type',
      type: 'delete',
      content: `删除资源类型 ${row.resources_name}`,
      object: id,
    });
    return id;
  });
}
