import { formatDateTime } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';

export const COLLECTION_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'phone', 'email'] as const;
export type CollectionFieldType = (typeof COLLECTION_FIELD_TYPES)[number];

/** Most choices a select field may have. */
export const COLLECTION_OPTIONS_MAX = 100;

export interface CollectionOption {
  value: string;
  label_zh: string;
  label_en: string;
}

/** A field as saved (order_num undefined: append after the type's last field). */
export interface CollectionConfigDraft {
  resource_type_id: string;
  field_name: string;
  label_zh: string;
  label_en: string;
  field_type: CollectionFieldType;
  options: CollectionOption[];
  required: boolean;
  order_num?: number;
  enabled: boolean;
}

const FIELD_NAME_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * The field to store. Refused without a resource type or Chinese label, with a field name
 * that is not an identifier, an unknown type, or a select without choices. Choices of other
 * types are dropped; a choice's value defaults to its Chinese label; duplicate values are refused.
 */
export function prepareCollectionConfig(input: {
  resource_type_id?: string;
  field_name?: string;
  label_zh?: string;
  label_en?: string;
  field_type?: string;
  options?: ({ value?: string; label_zh?: string; label_en?: string } | null)[];
  required?: boolean;
  order_num?: number;
  enabled?: boolean;
}): CollectionConfigDraft {
  const resourceTypeId = (input.resource_type_id ?? '').trim();
  if (!resourceTypeId) throw new AppError('RESOURCE_TYPE_REQUIRED');
  const fieldName = (input.field_name ?? '').trim();
  if (!FIELD_NAME_RE.test(fieldName)) throw new AppError('COLLECTION_FIELD_NAME_INVALID');
  const labelZh = (input.label_zh ?? '').trim();
  if (!labelZh) throw new AppError('COLLECTION_LABEL_REQUIRED');
  const fieldType = (input.field_type ?? '').trim();
  if (!(COLLECTION_FIELD_TYPES as readonly string[]).includes(fieldType)) {
    throw new AppError('COLLECTION_FIELD_TYPE_INVALID', { type: fieldType.slice(0, 20) });
  }
  let options: CollectionOption[] = [];
  if (fieldType === 'select') {
    options = (input.options ?? []).map((o) => {
      const label_zh = (o?.label_zh ?? '').trim();
      if (!label_zh) throw new AppError('COLLECTION_OPTIONS_REQUIRED');
      return { value: (o?.value ?? '').trim() || label_zh, label_zh, label_en: (o?.label_en ?? '').trim() };
    });
    if (options.length === 0) throw new AppError('COLLECTION_OPTIONS_REQUIRED');
    if (new Set(options.map((o) => o.value)).size !== options.length) {
      throw new AppError('COLLECTION_OPTION_DUPLICATE');
    }
  }
  return {
    resource_type_id: resourceTypeId,
    field_name: fieldName,
    label_zh: labelZh,
    label_en: (input.label_en ?? '').trim(),
    field_type: fieldType as CollectionFieldType,
    options,
    required: input.required ?? false,
    ...(input.order_num !== undefined ? { order_num: input.order_num } : {}),
    enabled: input.enabled ?? true,
  };
}

/**
 * The new order of a resource type's fields: `ids` must be distinct fields of one type. Returns
 * [id, order_num] pairs, the first listed getting 1.
 */
export function sortOrder(
  ids: readonly string[],
  rows: readonly { id: string; resource_type_id: string }[],
): [string, number][] {
  if (new Set(ids).size !== ids.length || rows.length !== ids.length) throw new AppError('COLLECTION_SORT_MISMATCH');
  const types = new Set(rows.map((r) => r.resource_type_id));
  if (types.size !== 1) throw new AppError('COLLECTION_SORT_MISMATCH');
  return ids.map((id, i) => [id, i + 1]);
}

export interface WireCollectionConfig extends Required<CollectionConfigDraft> {
  id: string;
  create_time: string;
}

export function toWireCollectionConfig(
  row: Omit<WireCollectionConfig, 'create_time' | 'field_type'> & { field_type: string; create_time: Date },
  timeZone: string,
): Omit<WireCollectionConfig, 'field_type'> & { field_type: string } {
  return {
    id: row.id,
    resource_type_id: row.resource_type_id,
    field_name: row.field_name,
    label_zh: row.label_zh,
    label_en: row.label_en,
    field_type: row.field_type,
    options: row.options,
    required: row.required,
    order_num: row.order_num,
    enabled: row.enabled,
    create_time: formatDateTime(row.create_time.getTime(), timeZone),
  };
}
