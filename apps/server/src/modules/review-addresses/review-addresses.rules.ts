import { formatDateTime } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';

export const REVIEW_URL_MAX = 2048;

/** A review address as saved. */
export interface ReviewAddressDraft {
  name: string;
  name_en: string;
  url: string;
  resource_type_id: string;
  description: string;
  enabled: boolean;
}

/** Whether a URL is an absolute http(s) URL with a host (no javascript:, data:, relative paths). */
export function isHttpUrl(value: string): boolean {
  if (value.length > REVIEW_URL_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The address to store; refused without a name or with a URL that is not http(s). */
export function prepareReviewAddress(input: {
  name?: string;
  name_en?: string;
  url?: string;
  resource_type_id?: string;
  description?: string;
  enabled?: boolean;
}): ReviewAddressDraft {
  const name = (input.name ?? '').trim();
  if (!name) throw new AppError('REVIEW_ADDRESS_NAME_REQUIRED');
  const url = (input.url ?? '').trim();
  if (!isHttpUrl(url)) throw new AppError('REVIEW_ADDRESS_URL_INVALID');
  return {
    name,
    name_en: (input.name_en ?? '').trim(),
    url,
    resource_type_id: (input.resource_type_id ?? '').trim(),
    description: (input.description ?? '').trim(),
    enabled: input.enabled ?? true,
  };
}

export interface WireReviewAddress extends ReviewAddressDraft {
  id: string;
  create_time: string;
}

export function toWireReviewAddress(
  row: ReviewAddressDraft & { id: string; create_time: Date },
  timeZone: string,
): WireReviewAddress {
  return {
    id: row.id,
    name: row.name,
    name_en: row.name_en,
    url: row.url,
    resource_type_id: row.resource_type_id,
    description: row.description,
    enabled: row.enabled,
    create_time: formatDateTime(row.create_time.getTime(), timeZone),
  };
}
