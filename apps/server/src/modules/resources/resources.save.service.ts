import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import { withTenant, type Db, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { storeGeneratedFile } from '../../platform/files/files.service.ts';
import { storageFor, type FileStorage } from '../../platform/files/storage.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { findCodesByCode, listItemsOf } from '../code-tables/code-tables.repository.ts';
import { findType, typeExtendedProperties } from '../resource-types/resource-types.repository.ts';
import { ruleConfigKeys, type RuleConfig } from '../rules/rules.columns.ts';
import { findTemplate, replaceRuleLists } from '../rules/rules.repository.ts';
import { checkRules, definedOnly, ruleListsOf, ruleScalarsOf } from '../rules/rules.service.ts';
import { printedCheckInUrl } from './resources.checkin.ts';
import { ownConfigKeys, resourcesInput, type ResourcesInput } from './resources.inputs.ts';
import {
  deleteResource,
  findResource,
  insertResource,
  replaceAuths,
  replaceVisibility,
  updateResource,
  type NewResource,
  type ResourceRow,
} from './resources.repository.ts';
import {
  customAttributeProblem,
  extendedValuesOf,
  normalisedChannels,
  notificationProblem,
  preauditProblem,
  type PropertyItem,
  type SettingsProblem,
} from './resources.settings.rules.ts';
import type { ResourceOwnConfig } from './resources.tables.ts';
import { load, today, wireResource } from './resources.service.ts';

/* Writing resources: save and update with their settings, state, removal, copies, and QR codes. */

/** Where a new resource's QR code comes from; null when no storage is at hand (a seed without configuration). */
export interface QrCodeMaker {
  publicUrl: string;
  basePath: string;
  storage: FileStorage;
}

export function qrCodeMakerFor(
  config: Pick<Config, 'publicUrl' | 'basePath' | 'dataDir' | 'storage' | 's3'>,
  db: Db,
): QrCodeMaker {
  return { publicUrl: config.publicUrl, basePath: config.basePath, storage: storageFor(config, db) };
}

/** The check-in page a resource's QR code opens. */
export function checkInUrl(qr: Pick<QrCodeMaker, 'publicUrl' | 'basePath'>, resourceId: string): string {
  return `${qr.publicUrl}${qr.basePath}/mobile/venueDetail/${resourceId}`;
}

/** A QR code PNG of a URL. */
export function qrCodePng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });
}

/** Makes and stores a resource's QR code PNG; returns its uri and how to remove the bytes if the transaction fails. */
async function makeQrCode(tx: Tx, qr: QrCodeMaker, tenantId: string, by: string, resourceId: string) {
  // The page URL carries the resource's signed check-in code (modules/checkin, through resources.checkin.ts).
  const bytes = await qrCodePng(await printedCheckInUrl(tx, tenantId, resourceId, checkInUrl(qr, resourceId)));
  return storeGeneratedFile(
    tx,
    qr.storage,
    { tenantId, basePath: qr.basePath, createdBy: by },
    { fileName: `resource-${resourceId}-qrcode.png`, mime: 'image/png', bytes },
  );
}

export interface Writer {
  tenantId: string;
  by: { account: string; name: string };
  qr: QrCodeMaker | null;
}

function stamp<T extends { id?: string }>(items: T[]): (Omit<T, 'id'> & { id: string; create_time: string })[] {
  const now = new Date().toISOString();
  return items.map((i) => ({ ...i, id: i.id ?? randomUUID(), create_time: now }));
}

/** The resource's row values from an input (fields left out are left out). */
function rowValues(model: ResourcesInput, stored: ResourceRow | undefined): Partial<NewResource> {
  const {
    id: _id,
    resourcesMonthList: _m,
    resourcesDate: _d,
    resourcesWeek: _w,
    resourcesTimeSlot: _s,
    resourcesNoReservationConfigList: _n,
    resourcesAvailableNumberRuleList: _a,
    resourcesAppointmentNumberLimitRuleList: _l,
    resourcesConfig,
    resourcesRoles,
    resourcesImage,
    resourcesVisibleList: _v,
    resourcesInvisibleList: _i,
    resourcesCooperativeDeptList,
    resourcesAuthList: _au,
    resourcesExtendedPropertiesList,
    resourcesCustomAttributeList,
    resourcesCustomAttributeContentList,
    ...scalars
  } = model;
  const values: Partial<NewResource> = definedOnly(scalars) as Partial<NewResource>;
  if (resourcesConfig) {
    const given = definedOnly(resourcesConfig) as Record<string, unknown>;
    const own: Record<string, unknown> = { ...(stored?.own_config ?? {}) };
    const rule: Record<string, unknown> = { ...(stored?.rule_config ?? {}) };
    for (const k of ownConfigKeys) if (k in given) own[k] = given[k];
    for (const k of ruleConfigKeys) if (k in given) rule[k] = given[k];
    values.own_config = own as ResourceOwnConfig;
    values.rule_config = rule as RuleConfig;
  }
  if (resourcesRoles) {
    values.roles = stamp(resourcesRoles).map((r, i) => ({
      id: r.id,
      post: r.post ?? '',
      post_name: r.post_name ?? '',
      dept: r.dept ?? '',
      dept_name: r.dept_name ?? '',
      order: r.order ?? i,
      del: r.del ?? 0,
      create_time: r.create_time,
    }));
  }
  if (resourcesImage) {
    values.images = stamp(resourcesImage).map((i) => ({
      id: i.id,
      uri: i.uri,
      image_category: i.image_category ?? '1',
      del: i.del ?? 0,
      create_time: i.create_time,
    }));
  }
  if (resourcesCooperativeDeptList) {
    values.cooperative_depts = stamp(resourcesCooperativeDeptList).map((d) => ({
      id: d.id,
      dept_id: d.dept_id,
      dept_name: d.dept_name ?? '',
      create_time: d.create_time,
    }));
  }
  if (resourcesExtendedPropertiesList) {
    values.extended_properties = resourcesExtendedPropertiesList.map((p) => ({
      id: p.id ?? randomUUID(),
      extended_properties_code: p.extended_properties_code,
      extended_properties_name: p.extended_properties_name ?? '',
      item_code: p.item_code ?? '',
      item_name: p.item_name ?? '',
      item_description: p.item_description ?? '',
      code_description: p.code_description ?? '',
    }));
  }
  if (resourcesCustomAttributeList) {
    values.custom_attributes = resourcesCustomAttributeList.map((a, i) => ({
      id: a.id ?? randomUUID(),
      field_name: a.field_name,
      field_desc_cn: a.field_desc_cn ?? '',
      field_desc_en: a.field_desc_en ?? '',
      field_desc_remark: a.field_desc_remark ?? '',
      collect_mode: a.collect_mode ?? '',
      default_value_cn: a.default_value_cn ?? '',
      default_value_en: a.default_value_en ?? '',
      data_range_cn: a.data_range_cn ?? '',
      data_range_en: a.data_range_en ?? '',
      is_required: a.is_required ?? '0',
      is_detail_display: a.is_detail_display ?? '0',
      order_num: a.order_num ?? i,
    }));
  }
  if (resourcesCustomAttributeContentList) {
    values.custom_attribute_contents = resourcesCustomAttributeContentList.map((c, i) => ({
      id: c.id ?? randomUUID(),
      field_name: c.field_name,
      field_desc_cn: c.field_desc_cn ?? '',
      field_desc_en: c.field_desc_en ?? '',
      is_detail_display: c.is_detail_display ?? '0',
      attribute_content: c.attribute_content ?? '',
      is_enable: c.is_enable ?? '1',
      order_num: c.order_num ?? i,
    }));
  }
  return values;
}

/** New custom attribute definitions without values: the stored values of attributes still defined stay. */
function withStillDefinedValues(model: ResourcesInput, stored: ResourceRow | undefined): ResourcesInput {
  if (!model.resourcesCustomAttributeList || model.resourcesCustomAttributeContentList || !stored) return model;
  const defined = new Set(model.resourcesCustomAttributeList.map((d) => d.field_name));
  return {
    ...model,
    resourcesCustomAttributeContentList: stored.custom_attribute_contents.filter((c) => defined.has(c.field_name)),
  };
}

function refuse(p: SettingsProblem | null): void {
  if (p) throw new AppError(p.code, p.params);
}

/**
 * Checks the settings a write changes, as they will be stored: custom attributes (definitions
 * and values together), pre-audit and notification channels; stores the channels in one form and
 * fills a value's labels from its definition when it has none.
 */
function checkSettings(values: Partial<NewResource>, stored: ResourceRow | undefined): void {
  if (values.custom_attributes !== undefined || values.custom_attribute_contents !== undefined) {
    const definitions = values.custom_attributes ?? stored?.custom_attributes ?? [];
    const contents = values.custom_attribute_contents ?? stored?.custom_attribute_contents ?? [];
    refuse(customAttributeProblem(definitions, contents));
    if (values.custom_attribute_contents) {
      const byName = new Map(definitions.map((d) => [d.field_name, d]));
      values.custom_attribute_contents = values.custom_attribute_contents.map((c) => {
        const d = byName.get(c.field_name);
        return d
          ? {
              ...c,
              field_desc_cn: c.field_desc_cn || d.field_desc_cn,
              field_desc_en: c.field_desc_en || d.field_desc_en,
            }
          : c;
      });
    }
  }
  if (values.own_config) refuse(preauditProblem(values.own_config));
  if (values.notifiy_channels !== undefined) {
    refuse(notificationProblem(values));
    values.notifiy_channels = normalisedChannels(values.notifiy_channels);
  }
}

/**
 * The extended property values a save stores, checked against the resource's type (the type
 * given, else the stored one) and the items of each property's code table; names come from
 * them. When only the type changes, stored values of properties the new type lacks are dropped.
 * Returns the model to write.
 */
async function withCheckedExtendedValues(
  tx: Tx,
  tenantId: string,
  model: ResourcesInput,
  stored: ResourceRow | undefined,
): Promise<ResourcesInput> {
  const typeId = model.resources_type_id ?? stored?.resources_type_id;
  const typeChanged = !!stored && !!model.resources_type_id && model.resources_type_id !== stored.resources_type_id;
  if (!typeId || (!model.resourcesExtendedPropertiesList && !typeChanged)) return model;
  const type = await findType(tx, tenantId, typeId);
  if (!type) throw new AppError('RESOURCE_TYPE_NOT_FOUND');
  const properties = (await typeExtendedProperties(tx, tenantId, [typeId])).get(typeId) ?? [];
  if (!model.resourcesExtendedPropertiesList) {
    const codes = new Set(properties.map((p) => p.extended_properties_code));
    return {
      ...model,
      resourcesExtendedPropertiesList: stored!.extended_properties.filter((v) => codes.has(v.extended_properties_code)),
    };
  }
  const itemsByCode = new Map<string, PropertyItem[]>();
  for (const code of new Set(model.resourcesExtendedPropertiesList.map((v) => v.extended_properties_code))) {
    if (!properties.some((p) => p.extended_properties_code === code)) continue;
    const table = await findCodesByCode(tx, tenantId, code);
    itemsByCode.set(code, table ? await listItemsOf(tx, tenantId, table.id) : []);
  }
  const checked = extendedValuesOf(model.resourcesExtendedPropertiesList, type.resources_name, properties, itemsByCode);
  if ('problem' in checked) refuse(checked.problem);
  return { ...model, resourcesExtendedPropertiesList: 'values' in checked ? checked.values : [] };
}

/**
 * Writes a resource (new when `stored` is undefined) with its lists in the caller's
 * transaction: checks the type, the template or its own rules, and makes the QR code of a new
 * resource. Returns the row and `discard`, which removes stored QR bytes if the transaction fails.
 */
export async function writeResource(
  tx: Tx,
  w: Writer,
  given: ResourcesInput,
  stored?: ResourceRow,
): Promise<{ row: ResourceRow; discard: () => Promise<void> }> {
  const model = withStillDefinedValues(given, stored);
  if (!stored && !model.resources_name) throw new AppError('RESOURCE_NAME_REQUIRED');
  if (model.resources_name === '') throw new AppError('RESOURCE_NAME_REQUIRED');
  if (!stored && !model.resources_type_id) throw new AppError('RESOURCE_TYPE_REQUIRED');
  if (model.resources_type_id && !(await findType(tx, w.tenantId, model.resources_type_id))) {
    throw new AppError('RESOURCE_TYPE_NOT_FOUND');
  }
  const ruleSource = model.rule_source ?? stored?.rule_source ?? '0';
  const templateId = model.rule_template_id ?? (model.rule_source === undefined ? stored?.rule_template_id : undefined);
  if (ruleSource === '1') {
    if (!templateId) throw new AppError('RULE_TEMPLATE_REQUIRED');
    if (!(await findTemplate(tx, w.tenantId, templateId, 'share'))) throw new AppError('RULE_TEMPLATE_NOT_FOUND');
  }
  const lists = ruleSource === '1' ? {} : ruleListsOf(model);
  const values = rowValues(model, stored);
  checkSettings(values, stored);
  if (ruleSource === '1') {
    // The template's rules apply; rule fields sent with the resource are not kept.
    for (const f of Object.keys(ruleScalarsOf(model))) delete (values as Record<string, unknown>)[f];
    delete values.rule_config;
  } else {
    checkRules(lists, values.rule_config ?? stored?.rule_config);
  }
  values.rule_source = ruleSource;
  values.rule_template_id = ruleSource === '1' ? templateId! : null;
  let discard = async () => {};
  let row: ResourceRow | undefined;
  if (stored) {
    row = await updateResource(tx, w.tenantId, stored.id, values);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND');
  } else {
    const id = randomUUID();
    let qcode = '';
    if (w.qr) {
      const file = await makeQrCode(tx, w.qr, w.tenantId, w.by.account, id);
      qcode = file.uri;
      discard = file.discard;
    }
    row = await insertResource(tx, w.tenantId, {
      ...values,
      id,
      resources_name: model.resources_name!,
      resources_type_id: model.resources_type_id!,
      qcode_image_url: qcode,
      created_user: w.by.account,
      created_user_name: w.by.name,
    });
  }
  try {
    if (ruleSource === '0') await replaceRuleLists(tx, w.tenantId, { kind: 'resource', id: row.id }, lists, w.by);
    if (model.resourcesVisibleList) {
      await replaceVisibility(
        tx,
        w.tenantId,
        row.id,
        'visible',
        model.resourcesVisibleList.map((v) => ({
          obj_id: v.visible_obj_id,
          obj_name: v.visible_obj_name,
          obj_type: v.visible_obj_type,
        })),
      );
    }
    if (model.resourcesInvisibleList) {
      await replaceVisibility(
        tx,
        w.tenantId,
        row.id,
        'invisible',
        model.resourcesInvisibleList.map((v) => ({
          obj_id: v.invisible_obj_id,
          obj_name: v.invisible_obj_name,
          obj_type: v.invisible_obj_type,
        })),
      );
    }
    if (model.resourcesAuthList) await replaceAuths(tx, w.tenantId, row.id, model.resourcesAuthList, w.by);
  } catch (err) {
    await discard();
    throw err;
  }
  return { row, discard };
}

function writerOf(ctx: RequestContext, tenant: TenantRef, user: AuthUser): Writer {
  return {
    tenantId: tenant.id,
    by: { account: user.account, name: user.name },
    qr: qrCodeMakerFor(ctx.config, ctx.db),
  };
}

/** Runs a write that may have stored QR bytes; removes them when the transaction fails. */
async function withDiscard<T>(
  ctx: RequestContext,
  tenant: TenantRef,
  fn: (tx: Tx, track: (d: () => Promise<void>) => void) => Promise<T>,
): Promise<T> {
  const discards: (() => Promise<void>)[] = [];
  try {
    return await withTenant(ctx.db, tenant.id, (tx) => fn(tx, (d) => discards.push(d)));
  } catch (err) {
    await Promise.all(discards.map((d) => d()));
    throw err;
  }
}

/** Creates (no id) or updates (id) a resource with its lists. Returns its id. */
export async function saveResource(ctx: RequestContext, input: unknown, mode: 'save' | 'update'): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const model = parseInput(resourcesInput, input);
  if (mode === 'update' && !model.id) throw new AppError('REQUIRED', { field: 'id' });
  return withDiscard(ctx, tenant, async (tx, track) => {
    const stored = mode === 'update' ? await findResource(tx, tenant.id, model.id!, true) : undefined;
    if (mode === 'update' && !stored) throw new AppError('RESOURCE_NOT_FOUND');
    const checked = await withCheckedExtendedValues(tx, tenant.id, model, stored);
    const { row, discard } = await writeResource(tx, writerOf(ctx, tenant, user), checked, stored);
    track(discard);
    await audit(tx, ctx, {
      module: 'resources',
      type: mode,
      content: `${mode === 'save' ? '新增' : '修改'}资源 ${row.resources_name}`,
      object: row.id,
    });
    return row.id;
  });
}

/** Enables (1) or disables (0) a resource. */
export async function setResourceState(ctx: RequestContext, id: unknown, state: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (state !== 0 && state !== 1) throw new AppError('RESOURCE_STATE_INVALID');
  if (!isUuid(id)) throw new AppError('RESOURCE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await updateResource(tx, tenant.id, id, { state });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'resources',
      type: 'state',
      content: `资源 ${row.resources_name} 状态改为 ${state}`,
      object: id,
    });
    return id;
  });
}

/** Deletes a resource with its lists, grants and occupancies. */
export async function removeResource(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('RESOURCE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findResource(tx, tenant.id, id, true);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND');
    await deleteResource(tx, tenant.id, id);
    await audit(tx, ctx, {
      module: 'resources',
      type: 'delete',
      content: `删除资源 ${row.resources_name}`,
      object: id,
    });
    return id;
  });
}

/** Copies a resource with its settings and lists; the copy is disabled and named "… 副本" / "… (Copy)". Returns the copy's id. */
export async function copyResource(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('RESOURCE_NOT_FOUND');
  return withDiscard(ctx, tenant, async (tx, track) => {
    const source = await findResource(tx, tenant.id, id);
    if (!source) throw new AppError('RESOURCE_NOT_FOUND');
    const day = today(tenant);
    const loaded = await load(tx, tenant, [source], [day]);
    const wire = wireResource(source, loaded, day, tenant);
    const own = loaded.lists.get(source.id)!;
    const model = parseInput(resourcesInput, {
      ...wire,
      id: undefined,
      rule_template_id: source.rule_template_id ?? '',
      resources_name: `${source.resources_name} 副本`.slice(0, 100),
      resources_name_en: source.resources_name_en ? `${source.resources_name_en} (Copy)`.slice(0, 200) : '',
      state: 0,
      del: undefined,
      resourcesTimeSlot:
        source.rule_source === '0'
          ? own.timeSlots.map((s) => ({ kssj: s.kssj, jssj: s.jssj, order: s.order, del: s.del }))
          : undefined,
      resourcesImage: source.images.map((i) => ({ uri: i.uri, image_category: i.image_category, del: i.del })),
      resourcesRoles: source.roles.map(({ id: _i, create_time: _c, ...r }) => r),
      resourcesCooperativeDeptList: source.cooperative_depts.map(({ id: _i, create_time: _c, ...d }) => d),
      resourcesExtendedPropertiesList: source.extended_properties.map(({ id: _i, ...p }) => p),
      resourcesCustomAttributeList: source.custom_attributes.map(({ id: _i, ...a }) => a),
      resourcesCustomAttributeContentList: source.custom_attribute_contents.map(({ id: _i, ...c }) => c),
    });
    const { row, discard } = await writeResource(tx, writerOf(ctx, tenant, user), model);
    track(discard);
    await audit(tx, ctx, {
      module: 'resources',
      type: 'copy',
      content: `复制资源 ${source.resources_name}`,
      object: `${source.id},${row.id}`,
    });
    return row.id;
  });
}
