/**
 * The tenant-failure flag (spec 8): set when a GraphQL error carries the text of a tenant
 * check result; with it set, a failed tenant check leads to /error/401 instead of /tenant/init.
 */
const FLAG_KEY = 'tenant-failure';
const TENANT_RESULT_TEXTS = ['租户未初始化', '租户已停用', '租户不存在'];

export function noteGraphqlError(message: string): void {
  if (TENANT_RESULT_TEXTS.some((t) => message.includes(t))) window.sessionStorage.setItem(FLAG_KEY, '1');
}

export function tenantFailureFlag(): boolean {
  return window.sessionStorage.getItem(FLAG_KEY) === '1';
}
