import type { TenantRow } from './tenants.repository.ts';

export type TenantStatus = 'ok' | 'unknown' | 'disabled' | 'not_initialized';

/** The state of a tenant as the navigation guard sees it (spec 4). */
export function tenantStatus(row: TenantRow | undefined): TenantStatus {
  if (!row) return 'unknown';
  if (row.state !== '1') return 'disabled';
  if (!row.initialized_at) return 'not_initialized';
  return 'ok';
}
