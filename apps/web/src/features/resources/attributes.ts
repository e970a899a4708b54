/**
 * Custom attributes of a resource as the form edits them: each attribute is its definition
 * (resourcesCustomAttributeList) and its value (resourcesCustomAttributeContentList, same
 * field_name) in one row. `collect_mode`: "0" free text, "1" one option, "2" several options
 * (a value of several is stored comma separated); options are `data_range_cn`/`data_range_en`,
 * comma separated, the English ones in the same order.
 */

export type CollectMode = '0' | '1' | '2';

/** A definition as the server returns it. */
export interface ResourceCustomAttribute {
  id?: string | null;
  field_name: string;
  field_desc_cn?: string | null;
  field_desc_en?: string | null;
  field_desc_remark?: string | null;
  collect_mode?: string | null;
  default_value_cn?: string | null;
  default_value_en?: string | null;
  data_range_cn?: string | null;
  data_range_en?: string | null;
  is_required?: string | null;
  is_detail_display?: string | null;
  order_num?: number | null;
}

/** A value as the server returns it. */
export interface ResourceCustomAttributeContent {
  id?: string | null;
  field_name: string;
  field_desc_cn?: string | null;
  field_desc_en?: string | null;
  attribute_content?: string | null;
  is_detail_display?: string | null;
  is_enable?: string | null;
  order_num?: number | null;
}

export const CUSTOM_ATTRIBUTE_FIELDS = `resourcesCustomAttributeList { id field_name field_desc_cn field_desc_en
    field_desc_remark collect_mode default_value_cn default_value_en data_range_cn data_range_en is_required
    is_detail_display order_num }
  resourcesCustomAttributeContentList { id field_name field_desc_cn field_desc_en attribute_content is_detail_display
    is_enable order_num }`;

/** One attribute in the form. `value` and `default_value` are a list for "2", else text. */
export interface AttributeForm {
  id?: string;
  valueId?: string;
  field_name: string;
  field_desc_cn: string;
  field_desc_en: string;
  field_desc_remark: string;
  collect_mode: CollectMode;
  options_cn: string[];
  options_en: string[];
  /** The Chinese default (an option, or options for "2"). */
  default_value: string | string[];
  /** The English default of free text (choices take the English option of the default). */
  default_value_en: string;
  is_required: '0' | '1';
  is_detail_display: '0' | '1';
  is_enable: '0' | '1';
  value: string | string[];
}

const modeOf = (v: string | null | undefined): CollectMode => (v === '1' || v === '2' ? v : '0');
const flag = (v: string | null | undefined): '0' | '1' => (v === '1' ? '1' : '0');
const str = (v: string | null | undefined) => (v ?? '').trim();

/** Options of a data range text: separated by commas or new lines, trimmed. */
export function optionsOf(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[,，\n\r]+/)
    .map((o) => o.trim())
    .filter(Boolean);
}
const pickedOf = (text: string | null | undefined) =>
  (text ?? '')
    .split(/[,，]/)
    .map((o) => o.trim())
    .filter(Boolean);

/** A value or default of a mode: a list for "2", else text. */
function valueOf(mode: CollectMode, text: string | null | undefined): string | string[] {
  return mode === '2' ? pickedOf(text) : (text ?? '');
}

/** The form's rows of stored attributes; values without a definition become free-text attributes. */
export function attributeFormsOf(
  definitions: readonly ResourceCustomAttribute[] | null | undefined,
  contents: readonly ResourceCustomAttributeContent[] | null | undefined,
): AttributeForm[] {
  const values = contents ?? [];
  const rows: AttributeForm[] = [...(definitions ?? [])]
    .sort((a, b) => (a.order_num ?? 0) - (b.order_num ?? 0))
    .map((d) => {
      const mode = modeOf(d.collect_mode);
      const content = values.find((c) => c.field_name === d.field_name);
      return {
        ...(d.id ? { id: d.id } : {}),
        ...(content?.id ? { valueId: content.id } : {}),
        field_name: d.field_name,
        field_desc_cn: d.field_desc_cn ?? '',
        field_desc_en: d.field_desc_en ?? '',
        field_desc_remark: d.field_desc_remark ?? '',
        collect_mode: mode,
        options_cn: optionsOf(d.data_range_cn),
        options_en: optionsOf(d.data_range_en),
        default_value: valueOf(mode, d.default_value_cn),
        default_value_en: mode === '0' ? (d.default_value_en ?? '') : '',
        is_required: flag(d.is_required),
        is_detail_display: flag(d.is_detail_display),
        is_enable: content?.is_enable === '0' ? '0' : '1',
        value: valueOf(mode, content?.attribute_content),
      };
    });
  for (const c of values) {
    if (rows.some((r) => r.field_name === c.field_name)) continue;
    rows.push({
      ...newAttribute(),
      ...(c.id ? { valueId: c.id } : {}),
      field_name: c.field_name,
      field_desc_cn: c.field_desc_cn || c.field_name,
      field_desc_en: c.field_desc_en ?? '',
      is_detail_display: flag(c.is_detail_display),
      is_enable: c.is_enable === '0' ? '0' : '1',
      value: c.attribute_content ?? '',
    });
  }
  return rows;
}

/** A new attribute: optional free text, shown in the details. */
export function newAttribute(): AttributeForm {
  return {
    field_name: '',
    field_desc_cn: '',
    field_desc_en: '',
    field_desc_remark: '',
    collect_mode: '0',
    options_cn: [],
    options_en: [],
    default_value: '',
    default_value_en: '',
    is_required: '0',
    is_detail_display: '1',
    is_enable: '1',
    value: '',
  };
}

const asList = (v: string | string[] | null | undefined) =>
  (Array.isArray(v) ? v : typeof v === 'string' && v.trim() ? [v] : []).map((x) => x.trim()).filter(Boolean);
const asText = (v: string | string[] | null | undefined) => (Array.isArray(v) ? v.join(',') : (v ?? '')).trim();

/** The English options matching Chinese ones (by position), comma separated. */
function englishOf(a: AttributeForm, picked: string[]): string {
  return picked
    .map((p) => a.options_en[a.options_cn.indexOf(p)] ?? '')
    .filter(Boolean)
    .join(',');
}

/** InputResourcesCustomAttribute and InputResourcesCustomAttributeContent lists of the form's rows. */
export function attributeInputOf(rows: readonly AttributeForm[] | null | undefined) {
  const list = rows ?? [];
  return {
    resourcesCustomAttributeList: list.map((a, i) => {
      const choice = a.collect_mode !== '0';
      const defaults = choice ? asList(a.default_value) : [];
      return {
        ...(a.id ? { id: a.id } : {}),
        field_name: str(a.field_name),
        field_desc_cn: str(a.field_desc_cn),
        field_desc_en: str(a.field_desc_en),
        field_desc_remark: str(a.field_desc_remark),
        collect_mode: a.collect_mode,
        data_range_cn: choice ? (a.options_cn ?? []).map((o) => o.trim()).join(',') : '',
        data_range_en: choice ? (a.options_en ?? []).map((o) => o.trim()).join(',') : '',
        default_value_cn: choice ? defaults.join(',') : asText(a.default_value),
        default_value_en: choice ? englishOf(a, defaults) : str(a.default_value_en),
        is_required: flag(a.is_required),
        is_detail_display: flag(a.is_detail_display),
        order_num: i + 1,
      };
    }),
    resourcesCustomAttributeContentList: list.map((a, i) => ({
      ...(a.valueId ? { id: a.valueId } : {}),
      field_name: str(a.field_name),
      field_desc_cn: str(a.field_desc_cn),
      field_desc_en: str(a.field_desc_en),
      attribute_content: a.collect_mode === '2' ? asList(a.value).join(',') : asText(a.value),
      is_detail_display: flag(a.is_detail_display),
      is_enable: a.is_enable === '0' ? '0' : '1',
      order_num: i + 1,
    })),
  };
}

export type AttributeIssueCode =
  | 'nameRequired'
  | 'nameInvalid'
  | 'nameDuplicate'
  | 'labelRequired'
  | 'optionsRequired'
  | 'optionsMismatch'
  | 'defaultInvalid'
  | 'valueRequired'
  | 'valueInvalid';

/** What is wrong with a field of an attribute row; the message is `resources.attribute.issue.<code>`. */
export interface AttributeIssue {
  index: number;
  field: keyof AttributeForm;
  code: AttributeIssueCode;
}

const FIELD_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** Every problem of the attribute rows (the server refuses the same). */
export function attributeIssues(rows: readonly AttributeForm[] | null | undefined): AttributeIssue[] {
  const issues: AttributeIssue[] = [];
  const list = rows ?? [];
  list.forEach((a, index) => {
    const add = (field: keyof AttributeForm, code: AttributeIssueCode) => issues.push({ index, field, code });
    const name = str(a.field_name);
    if (!name) add('field_name', 'nameRequired');
    else if (!FIELD_NAME.test(name)) add('field_name', 'nameInvalid');
    else if (list.findIndex((b) => str(b.field_name) === name) < index) add('field_name', 'nameDuplicate');
    if (!str(a.field_desc_cn)) add('field_desc_cn', 'labelRequired');
    const choice = a.collect_mode !== '0';
    const options = (a.options_cn ?? []).map((o) => o.trim()).filter(Boolean);
    if (choice) {
      const en = (a.options_en ?? []).map((o) => o.trim()).filter(Boolean);
      if (options.length === 0) add('options_cn', 'optionsRequired');
      else if (en.length > 0 && en.length !== options.length) add('options_en', 'optionsMismatch');
      if (asList(a.default_value).some((d) => !options.includes(d))) add('default_value', 'defaultInvalid');
    }
    const picked = choice ? asList(a.value) : [];
    const empty = choice ? picked.length === 0 : !asText(a.value);
    if (empty && a.is_required === '1') add('value', 'valueRequired');
    else if (choice && picked.some((p) => !options.includes(p))) add('value', 'valueInvalid');
  });
  return issues;
}
