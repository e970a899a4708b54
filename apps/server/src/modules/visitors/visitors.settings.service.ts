import { formatDateTime, maskCardNumber, maskPhone, VISITOR_TYPES } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { signedIn } from './visitors.access.ts';
import { offeredAreas, type VisitorArea } from './visitors.areas.repository.ts';
import { splitIds } from './visitors.areas.rules.ts';
import * as repo from './visitors.settings.repository.ts';
import { personTypeNames } from './visitors.admin-settings.repository.ts';
import { FIELD_TYPES, optionsOf, type InfoField } from './visitors.settings.rules.ts';
import { decrypt, encrypt, type VisitorKeys } from '../../platform/data-key.ts';

/*
 * The visitor settings as visitors' and hosts' pages read them (apps_yy_sys). Defaults are
 * seeded per tenant on first need (visitors.settings.repository.ts). Nothing here is personal.
 */

const time = (d: Date, zone: string) => formatDateTime(d.getTime(), zone);

export function toWireOverall(row: repo.OverallSettingsRow, zone: string) {
  const { tenant_id: _t, mod_user: _u, ...rest } = row;
  return { ...rest, mod_time: time(row.mod_time, zone) };
}

export function toWireDetail(row: repo.DetailSettingsRow) {
  const names = VISITOR_TYPES[row.visitor_type as keyof typeof VISITOR_TYPES];
  return {
    id: row.id,
    overall_settings_id: row.overall_settings_id ?? '',
    visitor_type: row.visitor_type,
    visitor_type_name: names?.zh ?? row.visitor_type,
    visitor_type_name_en: names?.en ?? row.visitor_type,
    apply_school_resources: row.apply_school_resources,
    is_invite_school_flow_path: row.is_invite_school_flow_path,
    invite_school_flow_path: row.invite_school_flow_path,
    is_enable_second_level: row.is_enable_second_level,
    is_enable: row.is_enable,
  };
}

export function toWireRegisterField(row: repo.RegisterFieldRow, zone: string) {
  const { tenant_id: _t, ...rest } = row;
  return { ...rest, mod_time: time(row.mod_time, zone) };
}

export function toWireInfoField(row: repo.InfoFieldRow) {
  const type = FIELD_TYPES[row.field_type as keyof typeof FIELD_TYPES];
  return {
    id: row.id,
    field_name: row.field_name,
    field_label: row.field_label,
    field_label_en: row.field_label_en,
    field_type: row.field_type,
    fieldTypeName: type?.zh ?? row.field_type,
    fieldTypeName_en: type?.en ?? row.field_type,
    data_range: optionsOf(row.data_range),
    is_visitor_valid_info: row.is_visitor_valid_info,
    is_visitor_required_info: row.is_visitor_required_info,
    is_appointment_required_info: row.is_appointment_required_info,
    is_appointment_valid_info: row.is_appointment_valid_info,
    is_show_school_info: row.is_show_school_info,
    is_show_visit_record: row.is_show_visit_record,
    sort: row.sort,
  };
}

/** Information field types whose values are personal numbers: kept sealed, shown masked. */
const SEALED_FIELD_TYPES: Readonly<Record<string, (plain: string) => string>> = {
  phone: maskPhone,
  idcard: maskCardNumber,
};
const isSealed = (value: string) => value.startsWith('v1.');

/**
 * Information field values as they are stored: those of phone and ID card fields sealed
 * (visitors.crypto.ts), the others as they are. Values already sealed stay so.
 */
export function sealFieldValues(
  keys: VisitorKeys,
  tenantId: string,
  fields: readonly Pick<InfoField, 'field_name' | 'field_type'>[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const typeOf = new Map(fields.map((f) => [f.field_name, f.field_type]));
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      SEALED_FIELD_TYPES[typeOf.get(name) ?? ''] && !isSealed(value) ? encrypt(keys, tenantId, value) : value,
    ]),
  );
}

/** Stored information field values as shown: phone and ID card values masked, or whole when `whole`. */
export function shownFieldValues(
  keys: VisitorKeys,
  tenantId: string,
  fields: readonly Pick<InfoField, 'field_name' | 'field_type'>[],
  stored: Readonly<Record<string, string>>,
  whole: boolean,
): Record<string, string> {
  const typeOf = new Map(fields.map((f) => [f.field_name, f.field_type]));
  return Object.fromEntries(
    Object.entries(stored).map(([name, value]) => {
      const mask = SEALED_FIELD_TYPES[typeOf.get(name) ?? ''];
      if (!mask) return [name, value];
      // A value stored before sealing began is masked all the same.
      const plain = isSealed(value) ? decrypt(keys, tenantId, value) : value;
      return [name, whole ? plain : mask(plain)];
    }),
  );
}

/** `findVisitorOverallSettingsEntity`. */
export async function overallSettings(ctx: RequestContext) {
  const { tenant } = signedIn(ctx);
  const row = await withTenant(ctx.db, tenant.id, (tx) => repo.ensureVisitorDefaults(tx, tenant.id));
  return toWireOverall(row, tenant.timeZone);
}

/** `findVisitorCategoryConfig`: overall settings, the offered visitor types and the areas. */
export async function categoryConfig(ctx: RequestContext) {
  const { tenant } = signedIn(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const settings = await repo.visitorSettings(tx, tenant.id);
    const areas = await offeredAreas(tx, tenant.id, splitIds(settings.overall.apply_school_resources));
    return {
      overallSettings: toWireOverall(settings.overall, tenant.timeZone),
      detailSettings: settings.details.filter((d) => d.is_enable === 1).map(toWireDetail),
      areas,
    };
  });
}

/** `findVisitorRegistorFieldSettingEntityList` (every one) and `findRegisterValidField` (shown ones). */
export async function registerFields(ctx: RequestContext, onlyValid: boolean) {
  const { tenant } = signedIn(ctx);
  const rows = await withTenant(ctx.db, tenant.id, (tx) => repo.listRegisterFields(tx, tenant.id, { onlyValid }));
  return rows.map((r) => toWireRegisterField(r, tenant.timeZone));
}

/** `findVisitorInfoFieldSettingsEntityList` (every one) and `findVisitorValidFieldInfo` (a visitor's). */
export async function infoFields(ctx: RequestContext, onlyVisitorValid: boolean) {
  const { tenant } = signedIn(ctx);
  const rows = await withTenant(ctx.db, tenant.id, (tx) => repo.listInfoFields(tx, tenant.id, { onlyVisitorValid }));
  return rows.map(toWireInfoField);
}

/** `findVisitorInfoFieldDataRange`: a select field's options (an unknown field is refused). */
export async function infoFieldOptions(ctx: RequestContext, fieldName: unknown): Promise<string[]> {
  const { tenant } = signedIn(ctx);
  const name = typeof fieldName === 'string' ? fieldName.trim() : '';
  if (!name) throw new AppError('REQUIRED', { field: 'fieldEnName' });
  // The registration field person_type takes its options from the person types' code table.
  if (name === 'person_type') return withTenant(ctx.db, tenant.id, (tx) => personTypeNames(tx, tenant.id));
  const [row] = await withTenant(ctx.db, tenant.id, (tx) =>
    repo.listInfoFields(tx, tenant.id, { fieldName: name.slice(0, 100) }),
  );
  if (!row) throw new AppError('VISITOR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
  return optionsOf(row.data_range);
}

/** `findVisitorDetailSettingsList`. */
export async function detailSettings(ctx: RequestContext) {
  const { tenant } = signedIn(ctx);
  const rows = await withTenant(ctx.db, tenant.id, (tx) => repo.listDetailSettings(tx, tenant.id));
  return rows.map(toWireDetail);
}

/** `findVisitorOverAllSettingsResources`: the areas that take visitors. */
export async function areas(ctx: RequestContext): Promise<VisitorArea[]> {
  const { tenant } = signedIn(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const overall = await repo.ensureVisitorDefaults(tx, tenant.id);
    return offeredAreas(tx, tenant.id, splitIds(overall.apply_school_resources));
  });
}
