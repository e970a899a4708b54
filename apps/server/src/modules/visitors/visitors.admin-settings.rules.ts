import { VISITOR_TYPES } from '@yuyue/shared';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { FIELD_TYPES, REGISTER_FIELD_NAMES } from './visitors.settings.rules.ts';
import { VISITOR_PERMISSIONS } from './visitors.access.ts';

/*
 * Pure rules of the visitor back office's settings (overall, visitor types, fields, person
 * types, visitor administrators): input shapes and the checks that need no database.
 */

/** Retention of visitor personal data after a visit, in days. */
export const RETENTION_MIN_DAYS = 7;
export const RETENTION_MAX_DAYS = 3650;

/** The code table of visitor person types, and the items a tenant starts with. */
export const PERSON_TYPE_CODE = 'yy_visitor_person_type';
export const PERSON_TYPE_TABLE = { code: PERSON_TYPE_CODE, name: '访客人员类型', name_en: 'Visitor person types' };
export const DEFAULT_PERSON_TYPES: readonly { item_code: string; item_name: string; item_name_en: string }[] = [
  { item_code: 'business', item_name: '商务来访', item_name_en: 'Business visitor' },
  { item_code: 'parent', item_name: '家长', item_name_en: 'Parent' },
  { item_code: 'alumni', item_name: '校友', item_name_en: 'Alumnus' },
  { item_code: 'contractor', item_name: '施工人员', item_name_en: 'Contractor' },
  { item_code: 'delivery', item_name: '快递外卖', item_name_en: 'Delivery' },
  { item_code: 'other', item_name: '其他', item_name_en: 'Other' },
];

/** Registration fields that must always be shown and required (a visitor is known by them). */
export const FIXED_REGISTER_FIELDS: ReadonlySet<string> = new Set(['visitor_name', 'phone']);

const flag = z.union([z.literal(0), z.literal(1)]);
const text = (max: number) => z.string().trim().max(max);

export const overallInput = z.object({
  sys_name: text(100).optional(),
  /** An http(s) URL or a path on this origin (uploads answer `/yy-sys/api/file/<id>`). */
  banner_img: text(2048)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), 'an http(s) URL or a path')
    .optional(),
  welcome_content: z.string().max(50_000).optional(),
  visitor_infor_cotent: z.string().max(50_000).optional(),
  in_school_name: text(100).optional(),
  is_welcome_setting: flag.optional(),
  is_visitor_qr_code: flag.optional(),
  is_visitor_infor: flag.optional(),
  is_invite_school_flow_path: flag.optional(),
  apply_school_resources: z.string().max(20_000).optional(),
  other_setting: z.string().max(4000).optional(),
  retention_days: z.number().int().optional(),
});
export type OverallInput = z.output<typeof overallInput>;

export const detailInput = z.object({
  id: z.string().optional().nullable(),
  visitor_type: z.string().trim().min(1).max(10),
  is_invite_school_flow_path: flag.optional(),
  is_enable_second_level: flag.optional(),
  invite_school_flow_path: z.string().max(4000).optional(),
  is_enable: flag.optional(),
  apply_school_resources: z.string().max(20_000).optional(),
});
export type DetailInput = z.output<typeof detailInput>;

export const registerFieldInput = z.object({
  id: z.string().optional().nullable(),
  field_name: z.string().trim().min(1).max(60),
  field_label: text(60).optional(),
  field_label_en: text(60).optional(),
  is_valid: flag.optional(),
  is_required: flag.optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export type RegisterFieldInput = z.output<typeof registerFieldInput>;

export const infoFieldInput = z.object({
  id: z.string().optional().nullable(),
  field_name: z.string().trim().max(60).optional(),
  field_label: text(60).optional(),
  field_label_en: text(60).optional(),
  field_type: z.string().trim().max(20).optional(),
  data_range: z.array(z.string().max(200)).max(200).optional(),
  is_visitor_valid_info: flag.optional(),
  is_visitor_required_info: flag.optional(),
  is_appointment_valid_info: flag.optional(),
  is_appointment_required_info: flag.optional(),
  is_show_school_info: flag.optional(),
  is_show_visit_record: flag.optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export type InfoFieldInput = z.output<typeof infoFieldInput>;

export const personTypeInput = z.object({
  id: z.string().optional().nullable(),
  item_code: z.string().trim().max(50).optional(),
  item_name: text(50),
  item_name_en: text(50).optional(),
  item_index: z.number().int().min(0).max(10_000).optional(),
});
export type PersonTypeInput = z.output<typeof personTypeInput>;

export const adminInput = z.object({
  id: z.string().optional().nullable(),
  admin_user: z.string().trim().max(100).optional(),
  permission: z.string().trim().max(20).optional(),
  scope_areas: z.string().max(20_000).optional(),
  scope_types: z.string().max(100).optional(),
  is_enable: flag.optional(),
});
export type AdminInput = z.output<typeof adminInput>;

/** Distinct non-empty ids of a comma separated list, in the order given. */
export function idList(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** A retention period in days, or VISITOR_RETENTION_RANGE. */
export function checkRetentionDays(days: number): number {
  if (!Number.isInteger(days) || days < RETENTION_MIN_DAYS || days > RETENTION_MAX_DAYS) {
    throw new AppError('VISITOR_RETENTION_RANGE', { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS });
  }
  return days;
}

/** A known visitor type ('1', '2', '3'), or VISITOR_TYPE_UNKNOWN. */
export function checkVisitorType(type: string): string {
  if (!Object.hasOwn(VISITOR_TYPES, type)) throw new AppError('VISITOR_TYPE_UNKNOWN', { type: type.slice(0, 20) });
  return type;
}

/** Visitor types of a comma separated list, each known (empty: every type). */
export function checkVisitorTypes(value: string | undefined): string[] {
  return idList(value).map(checkVisitorType);
}

/** The visitor permission ('admin' or 'gate'), or VISITOR_ADMIN_PERMISSION_INVALID. */
export function checkPermission(value: string | undefined): string {
  const permission = value ?? '';
  if (!Object.hasOwn(VISITOR_PERMISSIONS, permission)) {
    throw new AppError('VISITOR_ADMIN_PERMISSION_INVALID', { permission: permission.slice(0, 20) });
  }
  return permission;
}

/**
 * A registration field's flags after a change: an unknown field is refused; the name and phone
 * stay shown and required; a field not shown is not required.
 */
export function registerFieldFlags(name: string, isValid: number, isRequired: number) {
  if (!REGISTER_FIELD_NAMES.has(name)) throw new AppError('VISITOR_FIELD_UNKNOWN', { field: name.slice(0, 60) });
  if (FIXED_REGISTER_FIELDS.has(name) && (isValid !== 1 || isRequired !== 1)) {
    throw new AppError('VISITOR_REGISTER_FIELD_FIXED', { field: name });
  }
  return { is_valid: isValid, is_required: isValid === 1 ? isRequired : 0 };
}

/** An information field's name: a letter, then letters, digits or underscores (at most 60). */
export function checkFieldName(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,59}$/.test(name))
    throw new AppError('VISITOR_FIELD_NAME_INVALID', { field: name.slice(0, 60) });
  return name;
}

/** Names the registration form uses; an information field may not take one. */
export function checkFieldNameFree(name: string): string {
  if (REGISTER_FIELD_NAMES.has(name) || name === 'password')
    throw new AppError('VISITOR_FIELD_NAME_TAKEN', { field: name });
  return name;
}

/** A known information field type, or VISITOR_FIELD_TYPE_INVALID. */
export function checkFieldType(type: string): string {
  if (!Object.hasOwn(FIELD_TYPES, type)) throw new AppError('VISITOR_FIELD_TYPE_INVALID', { type: type.slice(0, 20) });
  return type;
}

/** The stored options of a field (one per line, trimmed, distinct): a choice needs at least one. */
export function optionsText(type: string, options: readonly string[] | undefined): string {
  const list = [...new Set((options ?? []).map((o) => o.replace(/[\r\n]+/g, ' ').trim()).filter(Boolean))];
  if (type === 'select' && list.length === 0) throw new AppError('VISITOR_FIELD_OPTIONS_REQUIRED');
  return type === 'select' ? list.join('\n') : '';
}

/**
 * An information field's flags: not shown in a mode means not required there. Returns the
 * flags with that applied.
 */
export function infoFieldFlags<
  T extends {
    is_visitor_valid_info: number;
    is_visitor_required_info: number;
    is_appointment_valid_info: number;
    is_appointment_required_info: number;
  },
>(f: T): T {
  return {
    ...f,
    is_visitor_required_info: f.is_visitor_valid_info === 1 ? f.is_visitor_required_info : 0,
    is_appointment_required_info: f.is_appointment_valid_info === 1 ? f.is_appointment_required_info : 0,
  };
}

/** A person type's code from its given code or, without one, its name (letters kept, else a sequence). */
export function personTypeCode(given: string | undefined, existing: ReadonlySet<string>): string {
  const code = (given ?? '').trim();
  if (code) {
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(code))
      throw new AppError('VISITOR_PERSON_TYPE_CODE_INVALID', { code: code.slice(0, 50) });
    return code;
  }
  let n = existing.size + 1;
  while (existing.has(`type${n}`)) n++;
  return `type${n}`;
}
