import { parseIsoDate, type VisitorType } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';

/*
 * Pure rules of the visitor settings: the defaults a tenant starts with, and the checks of the
 * values a visitor or an application gives for the information fields (no I/O here).
 */

/** The detail settings of each visitor type a tenant starts with: an application needs the host's approval; invitations and booking guests none. */
export const DEFAULT_DETAIL_SETTINGS: readonly {
  visitor_type: VisitorType;
  is_invite_school_flow_path: number;
  is_enable_second_level: number;
}[] = [
  { visitor_type: '1', is_invite_school_flow_path: 1, is_enable_second_level: 0 },
  { visitor_type: '2', is_invite_school_flow_path: 0, is_enable_second_level: 0 },
  { visitor_type: '3', is_invite_school_flow_path: 0, is_enable_second_level: 0 },
];

/** A registration field's settings: as a tenant starts with them, as the form check reads them. */
export interface RegisterFieldSetting {
  field_name: string;
  field_label: string;
  field_label_en: string;
  is_valid: number;
  is_required: number;
}

/** The registration form's fields, in order, as a tenant starts with them. */
export const DEFAULT_REGISTER_FIELDS: readonly RegisterFieldSetting[] = [
  { field_name: 'visitor_name', field_label: '姓名', field_label_en: 'Name', is_valid: 1, is_required: 1 },
  { field_name: 'phone', field_label: '手机号', field_label_en: 'Mobile phone', is_valid: 1, is_required: 1 },
  { field_name: 'card_type', field_label: '证件类型', field_label_en: 'ID type', is_valid: 1, is_required: 1 },
  { field_name: 'card_number', field_label: '证件号码', field_label_en: 'ID number', is_valid: 1, is_required: 1 },
  { field_name: 'gender', field_label: '性别', field_label_en: 'Gender', is_valid: 1, is_required: 0 },
  { field_name: 'email', field_label: '邮箱', field_label_en: 'E-mail', is_valid: 1, is_required: 0 },
  { field_name: 'unit', field_label: '单位', field_label_en: 'Organisation', is_valid: 1, is_required: 0 },
  { field_name: 'post', field_label: '职务', field_label_en: 'Position', is_valid: 1, is_required: 0 },
  { field_name: 'person_type', field_label: '人员类型', field_label_en: 'Person type', is_valid: 1, is_required: 0 },
  { field_name: 'identity_type', field_label: '身份类型', field_label_en: 'Identity', is_valid: 0, is_required: 0 },
  { field_name: 'is_car', field_label: '是否驾车', field_label_en: 'Coming by car', is_valid: 1, is_required: 0 },
  { field_name: 'car_product', field_label: '车辆品牌', field_label_en: 'Car make', is_valid: 1, is_required: 0 },
  { field_name: 'car_card_number', field_label: '车牌号', field_label_en: 'Plate number', is_valid: 1, is_required: 0 },
  { field_name: 'visitor_picture', field_label: '照片', field_label_en: 'Photo', is_valid: 1, is_required: 0 },
  { field_name: 'remark', field_label: '备注', field_label_en: 'Remarks', is_valid: 1, is_required: 0 },
];

/** The registration fields the settings may name; phone is always shown and required. */
export const REGISTER_FIELD_NAMES = new Set(DEFAULT_REGISTER_FIELDS.map((f) => f.field_name));

/** Information field types (`field_type`) with their names. */
export const FIELD_TYPES = {
  text: { zh: '文本', en: 'Text' },
  textarea: { zh: '多行文本', en: 'Long text' },
  number: { zh: '数字', en: 'Number' },
  phone: { zh: '电话', en: 'Phone' },
  email: { zh: '邮箱', en: 'E-mail' },
  idcard: { zh: '身份证号', en: 'ID card number' },
  date: { zh: '日期', en: 'Date' },
  select: { zh: '下拉选择', en: 'Choice' },
  image: { zh: '图片', en: 'Picture' },
} as const;
export type FieldType = keyof typeof FIELD_TYPES;

/** An information field's settings, as validation needs them. */
export interface InfoField {
  field_name: string;
  field_label: string;
  field_label_en: string;
  field_type: string;
  /** Options of a select field, one per line. */
  data_range: string;
  is_visitor_valid_info: number;
  is_visitor_required_info: number;
  is_appointment_valid_info: number;
  is_appointment_required_info: number;
  is_show_school_info?: number;
  is_show_visit_record?: number;
}

/** The information fields a tenant starts with, in order. */
export const DEFAULT_INFO_FIELDS: readonly InfoField[] = [
  {
    field_name: 'emergency_contact',
    field_label: '紧急联系人',
    field_label_en: 'Emergency contact',
    field_type: 'text',
    data_range: '',
    is_visitor_valid_info: 1,
    is_visitor_required_info: 0,
    is_appointment_valid_info: 0,
    is_appointment_required_info: 0,
  },
  {
    field_name: 'emergency_phone',
    field_label: '紧急联系电话',
    field_label_en: 'Emergency phone',
    field_type: 'phone',
    data_range: '',
    is_visitor_valid_info: 1,
    is_visitor_required_info: 0,
    is_appointment_valid_info: 0,
    is_appointment_required_info: 0,
  },
  {
    field_name: 'nationality',
    field_label: '国籍/地区',
    field_label_en: 'Nationality',
    field_type: 'select',
    data_range: '中国大陆\n中国香港\n中国澳门\n中国台湾\n其他',
    is_visitor_valid_info: 1,
    is_visitor_required_info: 0,
    is_appointment_valid_info: 0,
    is_appointment_required_info: 0,
  },
  {
    field_name: 'health_declaration',
    field_label: '健康申报',
    field_label_en: 'Health declaration',
    field_type: 'select',
    data_range: '身体健康，无发热、咳嗽等症状\n有发热、咳嗽等症状',
    is_visitor_valid_info: 0,
    is_visitor_required_info: 0,
    is_appointment_valid_info: 1,
    is_appointment_required_info: 0,
  },
  {
    field_name: 'visit_items',
    field_label: '携带物品',
    field_label_en: 'Items brought',
    field_type: 'textarea',
    data_range: '',
    is_visitor_valid_info: 0,
    is_visitor_required_info: 0,
    is_appointment_valid_info: 1,
    is_appointment_required_info: 0,
  },
];

/** The options of a select field (`data_range`, one per line). */
export function optionsOf(dataRange: string): string[] {
  return dataRange
    .split(/\r?\n/)
    .map((o) => o.trim())
    .filter(Boolean);
}

/** The longest value each type takes (characters). */
const MAX_LENGTH: Record<string, number> = { textarea: 2000, image: 500 };
const DEFAULT_MAX_LENGTH = 200;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Whether `value` is an 18-character resident ID card number with a real birth date and a right check digit. */
export function isResidentIdNumber(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const birth = id.slice(6, 14);
  if (!isIsoDate(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`)) return false;
  if (Number(birth.slice(0, 4)) < 1900) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(id[i]), 0);
  return ID_CHECK[sum % 11] === id[17];
}

/** Whether `value` is a calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/** A mainland mobile number (11 digits, a leading +86 allowed). */
export function isMobilePhone(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value.replace(/[\s-]/g, '').replace(/^\+?86(?=1\d{10}$)/, ''));
}

/** A mobile number or a landline (area code and number, an extension allowed). */
export function isPhone(value: string): boolean {
  return isMobilePhone(value) || /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(value.replace(/\s/g, ''));
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/** Why a value does not fit its type (zh and en), or null when it does. */
export function typeProblem(type: string, value: string, dataRange = ''): { reason: string; reason_en: string } | null {
  const max = MAX_LENGTH[type] ?? DEFAULT_MAX_LENGTH;
  if (value.length > max) return { reason: `不能超过${max}个字符`, reason_en: `at most ${max} characters` };
  switch (type) {
    case 'number':
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(value) ? null : { reason: '须为数字', reason_en: 'must be a number' };
    case 'phone':
      return isPhone(value) ? null : { reason: '须为手机号或固定电话', reason_en: 'must be a phone number' };
    case 'email':
      return isEmail(value) ? null : { reason: '须为邮箱地址', reason_en: 'must be an e-mail address' };
    case 'idcard':
      return isResidentIdNumber(value)
        ? null
        : {
            reason: '须为18位身份证号（校验位正确）',
            reason_en: 'must be an 18-character ID card number with a right check digit',
          };
    case 'date':
      return isIsoDate(value) ? null : { reason: '须为日期（YYYY-MM-DD）', reason_en: 'must be a date (YYYY-MM-DD)' };
    case 'select': {
      const options = optionsOf(dataRange);
      return options.includes(value)
        ? null
        : { reason: `须为以下之一：${options.join('、')}`, reason_en: `must be one of: ${options.join(', ')}` };
    }
    default:
      return null;
  }
}

/** A field value as the wire sends it. */
/**
 * The information fields as asked when the overall settings' information collection
 * (`is_visitor_infor`) is `collecting`; off, none is required (of a visitor or of an
 * application), so nothing is ever missing.
 */
export function infoFieldsAsked<F extends Pick<InfoField, 'is_visitor_required_info' | 'is_appointment_required_info'>>(
  fields: readonly F[],
  collecting: boolean,
): F[] {
  return collecting
    ? [...fields]
    : fields.map((f) => ({ ...f, is_visitor_required_info: 0, is_appointment_required_info: 0 }));
}

export interface FieldValueInput {
  field_name: string;
  value?: string | null;
}

/**
 * Checks the information field values a visitor (`mode` 'visitor': /mobile/visitor/addinfo)
 * or a visit application ('appointment') gives, against the fields' settings: each named field
 * must exist and be shown in that mode, its value must fit its type, and every field required
 * in that mode must end up with a value (`previous`: values already kept, which fields not given
 * keep). Returns every value kept afterwards (field_name -> value; an empty value removes one).
 * Throws VISITOR_FIELD_UNKNOWN, VISITOR_FIELD_INVALID or VISITOR_FIELD_REQUIRED.
 */
export function validateFieldValues(
  fields: readonly InfoField[],
  values: readonly FieldValueInput[],
  mode: 'visitor' | 'appointment',
  previous: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const shown = (f: InfoField) => (mode === 'visitor' ? f.is_visitor_valid_info : f.is_appointment_valid_info) === 1;
  const required = (f: InfoField) =>
    shown(f) && (mode === 'visitor' ? f.is_visitor_required_info : f.is_appointment_required_info) === 1;
  const byName = new Map(fields.map((f) => [f.field_name, f]));
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(previous)) {
    if (byName.has(name) && typeof value === 'string' && value) result[name] = value;
  }
  for (const given of values) {
    const field = byName.get(given.field_name);
    if (!field || !shown(field)) throw new AppError('VISITOR_FIELD_UNKNOWN', { field: given.field_name.slice(0, 60) });
    const value = (given.value ?? '').trim();
    if (!value) {
      delete result[field.field_name];
      continue;
    }
    const problem = typeProblem(field.field_type, value, field.data_range);
    if (problem) {
      throw new AppError('VISITOR_FIELD_INVALID', {
        field: field.field_label,
        field_en: field.field_label_en || field.field_label,
        ...problem,
      });
    }
    result[field.field_name] = value;
  }
  for (const field of fields) {
    if (required(field) && !result[field.field_name]) {
      throw new AppError('VISITOR_FIELD_REQUIRED', {
        field: field.field_label,
        field_en: field.field_label_en || field.field_label,
      });
    }
  }
  return result;
}
