import { formatDateTime } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError, UNIQUE_VIOLATION, sqlState } from '../../platform/errors.ts';
import { sanitizeRichText } from '../../platform/html.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import * as codeRepo from '../code-tables/code-tables.repository.ts';
import {
  inScope,
  isWholeScope,
  requireVisitorAdminScope,
  signedIn,
  type VisitorAdminScope,
} from './visitors.access.ts';
import * as repo from './visitors.admin-settings.repository.ts';
import {
  adminInput,
  checkFieldName,
  checkFieldNameFree,
  checkFieldType,
  checkPermission,
  checkRetentionDays,
  checkVisitorType,
  checkVisitorTypes,
  detailInput,
  idList,
  infoFieldFlags,
  infoFieldInput,
  optionsText,
  overallInput,
  personTypeCode,
  personTypeInput,
  registerFieldFlags,
  registerFieldInput,
} from './visitors.admin-settings.rules.ts';
import { visitorAreas } from './visitors.areas.repository.ts';
import * as settingsRepo from './visitors.settings.repository.ts';

/*
 * The visitor back office's settings (apps_yy_sys): overall settings, visitor types,
 * registration and information fields, person types and visitor administrators. Callers:
 * tenant administrators and holders of the visitor 'admin' right; visitor administrators are
 * granted by tenant administrators only (no one grants themselves a right). Every change is
 * audited (module 'visitor'). The visitor's pages read the same rows (no cache in between), so
 * a change shows at their next request.
 */

const BATCH_MAX = 200;

interface Caller {
  tenant: TenantRef;
  user: AuthUser;
}

/** The refusal of a change outside the caller's scope. */
const outOfScope = (what: string, whatEn: string) => new AppError('VISITOR_OUT_OF_SCOPE', { what, what_en: whatEn });

/**
 * Runs `fn` in the tenant's transaction after checking the caller holds the visitor 'admin'
 * right. `whole`: the change concerns every area and visitor type (tenant-wide settings), so
 * only an administrator whose scope covers everything may make it.
 */
async function asVisitorAdmin<T>(
  ctx: RequestContext,
  fn: (tx: Tx, c: Caller, scope: VisitorAdminScope) => Promise<T>,
  opts: { whole?: boolean } = {},
): Promise<T> {
  const c = signedIn(ctx);
  return withTenant(ctx.db, c.tenant.id, async (tx) => {
    const scope = await requireVisitorAdminScope(tx, c.tenant.id, c.user);
    if (opts.whole && !isWholeScope(scope)) throw outOfScope('全校访客设置', 'tenant-wide visitor settings');
    return fn(tx, c, scope);
  });
}

const WHOLE = { whole: true } as const;

/** Runs `fn` for a tenant administrator (granting visitor rights). */
async function asTenantAdmin<T>(ctx: RequestContext, fn: (tx: Tx, c: Caller) => Promise<T>): Promise<T> {
  const c = signedIn(ctx);
  if (c.user.role !== 'admin') throw new AppError('FORBIDDEN');
  return withTenant(ctx.db, c.tenant.id, (tx) => fn(tx, c));
}

function idOf(value: unknown, missing: () => AppError): string {
  if (value === null || value === undefined || value === '') throw new AppError('REQUIRED', { field: 'id' });
  if (!isUuid(value)) throw missing();
  return value;
}

function idsOf(value: unknown, missing: () => AppError): string[] {
  if (!Array.isArray(value) || value.length === 0) throw new AppError('REQUIRED', { field: 'ids' });
  if (value.length > BATCH_MAX) throw new AppError('INVALID_INPUT', { detail: `ids: at most ${BATCH_MAX}` });
  return [...new Set(value.map((v) => idOf(v, missing)))];
}

function listOf(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw new AppError('REQUIRED', { field });
  if (value.length > BATCH_MAX) throw new AppError('INVALID_INPUT', { detail: `${field}: at most ${BATCH_MAX}` });
  return value;
}

/** Area ids that must each be a visitor area (VISITOR_SETTINGS_AREA_UNKNOWN otherwise); returns them comma joined. */
async function checkAreas(tx: Tx, tenantId: string, value: string | undefined): Promise<string> {
  const ids = idList(value);
  if (ids.length === 0) return '';
  const bad = ids.find((id) => !isUuid(id));
  if (bad) throw new AppError('VISITOR_SETTINGS_AREA_UNKNOWN', { id: String(bad).slice(0, 40) });
  const known = new Set((await visitorAreas(tx, tenantId, ids)).map((a) => a.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing) throw new AppError('VISITOR_SETTINGS_AREA_UNKNOWN', { id: missing });
  return ids.join(',');
}

/** Directory users (role user or admin) of the accounts, in the order given; an unknown one is refused. */
async function checkUsers(tx: Tx, tenantId: string, accounts: string[]) {
  const found = await repo.directoryUsers(tx, tenantId, accounts);
  const byAccount = new Map(found.filter((u) => u.role !== 'visitor').map((u) => [u.account, u]));
  return accounts.map((account) => {
    const user = byAccount.get(account);
    if (!user) throw new AppError('VISITOR_ADMIN_USER_UNKNOWN', { account: account.slice(0, 60) });
    return user;
  });
}

const zoneOf = (c: Caller) => c.tenant.timeZone;

// ---- Overall settings ----

/** `findVisitorAreaResourcesAll`: every visitor area, for choosing the areas that take visitors and scopes. */
export async function allAreas(ctx: RequestContext) {
  return asVisitorAdmin(ctx, (tx, c) => visitorAreas(tx, c.tenant.id));
}

/** `updateVisitorOverallSettingsEntity` / `saveVisitorOverallSettingsEntity`: the tenant has one row; both change it. */
export async function saveOverall(ctx: RequestContext, model: unknown): Promise<string> {
  const input = parseInput(overallInput, model ?? {});
  return asVisitorAdmin(
    ctx,
    async (tx, c) => {
      const patch: Parameters<typeof settingsRepo.updateOverallSettings>[2] = {};
      if (input.retention_days !== undefined) patch.retention_days = checkRetentionDays(input.retention_days);
      if (input.apply_school_resources !== undefined) {
        patch.apply_school_resources = await checkAreas(tx, c.tenant.id, input.apply_school_resources);
      }
      if (input.welcome_content !== undefined) patch.welcome_content = sanitizeRichText(input.welcome_content);
      if (input.visitor_infor_cotent !== undefined) {
        patch.visitor_infor_cotent = sanitizeRichText(input.visitor_infor_cotent);
      }
      if (input.other_setting !== undefined && input.other_setting.trim() !== '') {
        try {
          JSON.parse(input.other_setting);
        } catch {
          throw new AppError('INVALID_INPUT', { detail: 'other_setting: JSON text' });
        }
      }
      for (const key of [
        'sys_name',
        'banner_img',
        'in_school_name',
        'other_setting',
        'is_welcome_setting',
        'is_visitor_qr_code',
        'is_visitor_infor',
        'is_invite_school_flow_path',
      ] as const) {
        if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
      }
      const row = await settingsRepo.updateOverallSettings(tx, c.tenant.id, { ...patch, mod_user: c.user.account });
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'update',
        content: `修改访客总体设置：${Object.keys(patch).join(', ')}`,
        object: row.id,
      });
      return row.id;
    },
    WHOLE,
  );
}

// ---- Visitor types ----

async function applyDetail(tx: Tx, ctx: RequestContext, c: Caller, scope: VisitorAdminScope, model: unknown) {
  const input = parseInput(detailInput, model ?? {});
  const type = checkVisitorType(input.visitor_type);
  // A visitor type's settings hold for all its visits, whatever their areas.
  if (!inScope(scope, { areas: [], visitor_type: type })) throw outOfScope(`访客类型 ${type}`, `visitor type ${type}`);
  const current = await repo.findDetailByType(tx, c.tenant.id, type);
  if (!current) throw new AppError('VISITOR_TYPE_UNKNOWN', { type });
  const patch: Parameters<typeof repo.updateDetail>[3] = { mod_user: c.user.account };
  if (input.is_invite_school_flow_path !== undefined)
    patch.is_invite_school_flow_path = input.is_invite_school_flow_path;
  if (input.is_enable_second_level !== undefined) patch.is_enable_second_level = input.is_enable_second_level;
  if (input.is_enable !== undefined) patch.is_enable = input.is_enable;
  if (input.invite_school_flow_path !== undefined) {
    const accounts = idList(input.invite_school_flow_path);
    await checkUsers(tx, c.tenant.id, accounts);
    patch.invite_school_flow_path = accounts.join(',');
  }
  if (input.apply_school_resources !== undefined) {
    patch.apply_school_resources = await checkAreas(tx, c.tenant.id, input.apply_school_resources);
  }
  const row = (await repo.updateDetail(tx, c.tenant.id, type, patch))!;
  await audit(tx, ctx, {
    module: 'visitor',
    type: 'update',
    content: `修改访客类型设置 ${type}：审批 ${row.is_invite_school_flow_path}，二级审批 ${row.is_enable_second_level}，启用 ${row.is_enable}`,
    object: row.id,
  });
  return row.id;
}

/** `updateVisitorDetailSettings` / `saveVisitorDetailSettings`: a visitor type's settings (each type has one row). */
export async function saveDetail(ctx: RequestContext, model: unknown): Promise<string> {
  return asVisitorAdmin(ctx, (tx, c, scope) => applyDetail(tx, ctx, c, scope, model));
}

/** `batchUpdateVisitorDetailSettings`: several types at once, all or nothing. */
export async function saveDetails(ctx: RequestContext, models: unknown): Promise<string[]> {
  const list = listOf(models, 'models');
  return asVisitorAdmin(ctx, async (tx, c, scope) => {
    const ids: string[] = [];
    for (const model of list) ids.push(await applyDetail(tx, ctx, c, scope, model));
    return ids;
  });
}

// ---- Registration fields ----

async function applyRegisterField(tx: Tx, c: Caller, model: unknown) {
  const input = parseInput(registerFieldInput, model ?? {});
  const [current] = (await settingsRepo.listRegisterFields(tx, c.tenant.id)).filter(
    (f) => f.field_name === input.field_name,
  );
  if (!current) throw new AppError('VISITOR_FIELD_UNKNOWN', { field: input.field_name });
  const flags = registerFieldFlags(
    current.field_name,
    input.is_valid ?? current.is_valid,
    input.is_required ?? current.is_required,
  );
  const row = (await repo.updateRegisterField(tx, c.tenant.id, current.field_name, {
    ...flags,
    ...(input.field_label ? { field_label: input.field_label } : {}),
    ...(input.field_label_en !== undefined ? { field_label_en: input.field_label_en } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
    mod_user_name: c.user.name || c.user.account,
  }))!;
  return row;
}

/** `updateVisitorRegistorFieldSettingEntity`: one registration field. */
export async function saveRegisterField(ctx: RequestContext, model: unknown): Promise<string> {
  return asVisitorAdmin(
    ctx,
    async (tx, c) => {
      const row = await applyRegisterField(tx, c, model);
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'update',
        content: `修改注册字段 ${row.field_name}：显示 ${row.is_valid}，必填 ${row.is_required}，顺序 ${row.sort}`,
        object: row.id,
      });
      return row.id;
    },
    WHOLE,
  );
}

/** `batchUpdateVisitorRegistorFieldSettingEntity`: several fields (e.g. a new order), all or nothing. */
export async function saveRegisterFields(ctx: RequestContext, models: unknown): Promise<string[]> {
  const list = listOf(models, 'models');
  return asVisitorAdmin(
    ctx,
    async (tx, c) => {
      const rows = [];
      for (const model of list) rows.push(await applyRegisterField(tx, c, model));
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'update',
        content: `修改注册字段：${rows.map((r) => `${r.field_name}(${r.is_valid}/${r.is_required}/${r.sort})`).join(', ')}`,
        object: rows.map((r) => r.id).join(','),
      });
      return rows.map((r) => r.id);
    },
    WHOLE,
  );
}

// ---- Information fields ----

async function applyInfoField(tx: Tx, c: Caller, model: unknown, mode: 'save' | 'update') {
  const input = parseInput(infoFieldInput, model ?? {});
  const fieldNotFound = () => new AppError('VISITOR_INFO_FIELD_NOT_FOUND');
  const current =
    mode === 'update' ? await repo.findInfoField(tx, c.tenant.id, idOf(input.id, fieldNotFound)) : undefined;
  if (mode === 'update' && !current) throw fieldNotFound();
  const label = input.field_label ?? current?.field_label ?? '';
  if (!label) throw new AppError('REQUIRED', { field: 'field_label' });
  const type = checkFieldType(input.field_type ?? current?.field_type ?? 'text');
  const flags = infoFieldFlags({
    is_visitor_valid_info: input.is_visitor_valid_info ?? current?.is_visitor_valid_info ?? 1,
    is_visitor_required_info: input.is_visitor_required_info ?? current?.is_visitor_required_info ?? 0,
    is_appointment_valid_info: input.is_appointment_valid_info ?? current?.is_appointment_valid_info ?? 0,
    is_appointment_required_info: input.is_appointment_required_info ?? current?.is_appointment_required_info ?? 0,
  });
  const values = {
    field_label: label,
    field_label_en: input.field_label_en ?? current?.field_label_en ?? '',
    field_type: type,
    data_range: optionsText(
      type,
      input.data_range ?? (current ? current.data_range.split('\n').filter(Boolean) : undefined),
    ),
    ...flags,
    is_show_school_info: input.is_show_school_info ?? current?.is_show_school_info ?? 0,
    is_show_visit_record: input.is_show_visit_record ?? current?.is_show_visit_record ?? 0,
    mod_user_name: c.user.name || c.user.account,
  };
  if (current) {
    // The name is the key values are kept under: it never changes.
    return (await repo.updateInfoField(tx, c.tenant.id, current.id, {
      ...values,
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
    }))!;
  }
  if (!input.field_name) throw new AppError('REQUIRED', { field: 'field_name' });
  const name = checkFieldNameFree(checkFieldName(input.field_name));
  await settingsRepo.ensureVisitorDefaults(tx, c.tenant.id);
  const sort = input.sort ?? (await repo.nextInfoFieldSort(tx, c.tenant.id));
  try {
    return await repo.insertInfoField(tx, c.tenant.id, { ...values, field_name: name, sort });
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw new AppError('VISITOR_FIELD_NAME_TAKEN', { field: name });
    throw err;
  }
}

/** `saveVisitorInfoFieldSettingsEntity` (a new field) / `updateVisitorInfoFieldSettingsEntity`. */
export async function saveInfoField(ctx: RequestContext, model: unknown, mode: 'save' | 'update'): Promise<string> {
  return asVisitorAdmin(
    ctx,
    async (tx, c) => {
      const row = await applyInfoField(tx, c, model, mode);
      await audit(tx, ctx, {
        module: 'visitor',
        type: mode,
        content: `${mode === 'save' ? '新增' : '修改'}信息字段 ${row.field_name} ${row.field_label}（${row.field_type}）`,
        object: row.id,
      });
      return row.id;
    },
    WHOLE,
  );
}

/** `batchUpdateVisitorInfoFieldSettingsEntity`: several fields (flags, order), all or nothing. */
export async function saveInfoFields(ctx: RequestContext, models: unknown): Promise<string[]> {
  const list = listOf(models, 'models');
  return asVisitorAdmin(
    ctx,
    async (tx, c) => {
      const rows = [];
      for (const model of list) rows.push(await applyInfoField(tx, c, model, 'update'));
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'update',
        content: `修改信息字段：${rows.map((r) => r.field_name).join(', ')}`,
        object: rows.map((r) => r.id).join(','),
      });
      return rows.map((r) => r.id);
    },
    WHOLE,
  );
}

/** `deleteVisitorInfoFieldSettingsEntity` / `batchDeleteVisitorInfoFieldSettingsEntity`. Values kept under the names stay in the records. */
export async function deleteInfoFields(ctx: RequestContext, ids: unknown): Promise<string[]> {
  const list = idsOf(ids, () => new AppError('VISITOR_INFO_FIELD_NOT_FOUND'));
  return asVisitorAdmin(
    ctx,
    async (tx, c) => {
      const deleted = await repo.deleteInfoFields(tx, c.tenant.id, list);
      if (deleted.length !== list.length) throw new AppError('VISITOR_INFO_FIELD_NOT_FOUND');
      await audit(tx, ctx, {
        module: 'visitor',
        type: list.length > 1 ? 'batchDelete' : 'delete',
        content: `删除信息字段：${deleted.map((d) => d.field_name).join(', ')}`,
        object: list.join(','),
      });
      return list;
    },
    WHOLE,
  );
}

// ---- Person types ----

function toWirePersonType(row: repo.PersonTypeRow, zone: string) {
  return {
    id: row.id,
    item_code: row.item_code,
    item_name: row.item_name,
    item_name_en: row.item_name_en,
    item_index: row.item_index,
    create_time: formatDateTime(row.create_time.getTime(), zone),
  };
}

/** `findVisitorPersonTypeList`: the person types (any signed-in caller: the phone forms offer them). */
export async function personTypes(ctx: RequestContext) {
  const c = signedIn(ctx);
  const rows = await withTenant(ctx.db, c.tenant.id, (tx) => repo.listPersonTypes(tx, c.tenant.id));
  return rows.map((r) => toWirePersonType(r, zoneOf(c)));
}

/** `saveVisitorPersonType` / `updateVisitorPersonType`: an item of the person types' code table. */
export async function savePersonType(ctx: RequestContext, model: unknown, mode: 'save' | 'update'): Promise<string> {
  const input = parseInput(personTypeInput, model ?? {});
  if (!input.item_name) throw new AppError('REQUIRED', { field: 'item_name' });
  const notFound = () => new AppError('VISITOR_PERSON_TYPE_NOT_FOUND');
  return asVisitorAdmin(
    ctx,
    async (tx, c) => {
      const items = await repo.listPersonTypes(tx, c.tenant.id);
      const codesId = await repo.ensurePersonTypeTable(tx, c.tenant.id);
      const current = mode === 'update' ? items.find((i) => i.id === idOf(input.id, notFound)) : undefined;
      if (mode === 'update' && !current) throw notFound();
      const others = items.filter((i) => i.id !== current?.id);
      if (others.some((i) => i.item_name === input.item_name)) {
        throw new AppError('VISITOR_PERSON_TYPE_TAKEN', { name: input.item_name });
      }
      const code =
        current && !input.item_code
          ? current.item_code
          : personTypeCode(input.item_code, new Set(others.map((i) => i.item_code)));
      if (others.some((i) => i.item_code === code)) throw new AppError('VISITOR_PERSON_TYPE_TAKEN', { name: code });
      const fields = {
        item_code: code,
        item_name: input.item_name,
        item_name_en: input.item_name_en ?? current?.item_name_en ?? '',
        item_description: current?.item_description ?? '',
        item_index: input.item_index ?? current?.item_index ?? Math.max(0, ...items.map((i) => i.item_index)) + 1,
        item_parent: input.item_name,
      };
      const row = current
        ? (await codeRepo.updateItem(tx, c.tenant.id, current.id, fields))!
        : (await codeRepo.insertItems(tx, c.tenant.id, codesId, [fields]))[0]!;
      await audit(tx, ctx, {
        module: 'visitor',
        type: mode === 'save' ? 'saveItem' : 'updateItem',
        content: `${mode === 'save' ? '新增' : '修改'}访客人员类型 ${row.item_code} ${row.item_name}`,
        object: row.id,
      });
      return row.id;
    },
    WHOLE,
  );
}

/** `deleteVisitorPersonType`: records keep the name they were saved with. */
export async function deletePersonTypes(ctx: RequestContext, ids: unknown): Promise<string[]> {
  const notFound = () => new AppError('VISITOR_PERSON_TYPE_NOT_FOUND');
  const list = idsOf(ids, notFound);
  return asVisitorAdmin(
    ctx,
    async (tx, c) => {
      const items = new Map((await repo.listPersonTypes(tx, c.tenant.id)).map((i) => [i.id, i]));
      if (list.some((id) => !items.has(id))) throw notFound();
      for (const id of list) await codeRepo.deleteItem(tx, c.tenant.id, id);
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'deleteItem',
        content: `删除访客人员类型：${list.map((id) => items.get(id)!.item_name).join(', ')}`,
        object: list.join(','),
      });
      return list;
    },
    WHOLE,
  );
}

// ---- Visitor administrators ----

function toWireAdmin(row: repo.AdminPermissionRow, zone: string) {
  return {
    id: row.id,
    admin_user: row.admin_user,
    admin_user_name: row.admin_user_name,
    permission: row.permission,
    scope_areas: row.scope_areas,
    scope_types: row.scope_types,
    is_enable: row.is_enable,
    mod_user: row.mod_user,
    mod_time: formatDateTime(row.mod_time.getTime(), zone),
  };
}

/** `findVisitorAdminPermissionsEntityList`: visitor administrators and gate staff (visitor 'admin' right). */
export async function admins(
  ctx: RequestContext,
  filter: { keyword?: string | null; permission?: string | null } = {},
) {
  return asVisitorAdmin(ctx, async (tx, c) => {
    const rows = await repo.listAdmins(tx, c.tenant.id, {
      keyword: filter.keyword?.trim().slice(0, 100) || undefined,
      permission: filter.permission?.trim() || undefined,
    });
    return rows.map((r) => toWireAdmin(r, zoneOf(c)));
  });
}

/** `saveVisitorAdminPermissionsEntity` / `updateVisitorAdminPermissionsEntity` (tenant administrators). */
export async function saveAdmin(ctx: RequestContext, model: unknown, mode: 'save' | 'update'): Promise<string> {
  const input = parseInput(adminInput, model ?? {});
  const notFound = () => new AppError('VISITOR_ADMIN_NOT_FOUND');
  return asTenantAdmin(ctx, async (tx, c) => {
    const current = mode === 'update' ? await repo.findAdmin(tx, c.tenant.id, idOf(input.id, notFound)) : undefined;
    if (mode === 'update' && !current) throw notFound();
    const values = {
      permission: checkPermission(input.permission ?? current?.permission),
      scope_areas:
        input.scope_areas !== undefined
          ? await checkAreas(tx, c.tenant.id, input.scope_areas)
          : (current?.scope_areas ?? ''),
      scope_types:
        input.scope_types !== undefined ? checkVisitorTypes(input.scope_types).join(',') : (current?.scope_types ?? ''),
      is_enable: input.is_enable ?? current?.is_enable ?? 1,
      mod_user: c.user.account,
    };
    let row: repo.AdminPermissionRow;
    if (current) {
      row = (await repo.updateAdmins(tx, c.tenant.id, [current.id], values))[0]!;
    } else {
      if (!input.admin_user) throw new AppError('REQUIRED', { field: 'admin_user' });
      const [user] = await checkUsers(tx, c.tenant.id, [input.admin_user]);
      const inserted = await repo.insertAdmin(tx, c.tenant.id, {
        ...values,
        admin_user: user!.account,
        admin_user_name: user!.name,
      });
      if (!inserted) throw new AppError('VISITOR_ADMIN_TAKEN', { account: user!.account });
      row = inserted;
    }
    await audit(tx, ctx, {
      module: 'visitor',
      type: mode,
      content: `${mode === 'save' ? '新增' : '修改'}访客管理员 ${row.admin_user}：${row.permission}，区域 ${row.scope_areas || '全部'}，类型 ${row.scope_types || '全部'}，启用 ${row.is_enable}`,
      object: row.id,
    });
    return row.id;
  });
}

/** `updateVisitorAdminPermissionsEntityState(ids, is_enable)`: enable or disable several. */
export async function setAdminsEnabled(ctx: RequestContext, ids: unknown, isEnable: unknown): Promise<string[]> {
  const notFound = () => new AppError('VISITOR_ADMIN_NOT_FOUND');
  const list = idsOf(ids, notFound);
  if (isEnable !== 0 && isEnable !== 1) throw new AppError('INVALID_INPUT', { detail: 'is_enable: 0 or 1' });
  return asTenantAdmin(ctx, async (tx, c) => {
    const rows = await repo.updateAdmins(tx, c.tenant.id, list, { is_enable: isEnable, mod_user: c.user.account });
    if (rows.length !== list.length) throw notFound();
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'updateState',
      content: `${isEnable === 1 ? '启用' : '停用'}访客管理员：${rows.map((r) => r.admin_user).join(', ')}`,
      object: list.join(','),
    });
    return list;
  });
}

/** `deleteVisitorAdminPermissionsEntity` / `batchDeleteVisitorAdminPermissionsEntity`. */
export async function deleteAdmins(ctx: RequestContext, ids: unknown): Promise<string[]> {
  const notFound = () => new AppError('VISITOR_ADMIN_NOT_FOUND');
  const list = idsOf(ids, notFound);
  return asTenantAdmin(ctx, async (tx, c) => {
    const rows = await repo.deleteAdmins(tx, c.tenant.id, list);
    if (rows.length !== list.length) throw notFound();
    await audit(tx, ctx, {
      module: 'visitor',
      type: list.length > 1 ? 'batchDelete' : 'delete',
      content: `删除访客管理员：${rows.map((r) => r.admin_user).join(', ')}`,
      object: list.join(','),
    });
    return list;
  });
}
