import type { ResourceOwnConfig } from './types.ts';

/** An absolute http(s) URL with a host and no spaces. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
}

/**
 * What is wrong with pre-audit settings (the server refuses the same): a URL that is not
 * http(s), or pre-audit on with no URL, department or post. Null when fine.
 */
export function preauditIssue(c: ResourceOwnConfig | null | undefined): 'urlInvalid' | 'targetRequired' | null {
  const url = (c?.preaudit_url ?? '').trim();
  if (url && !isHttpUrl(url)) return 'urlInvalid';
  if (c?.preaudit_enable === '1' && !url && !(c.preaudit_dept ?? '').trim() && !(c.preaudit_post ?? '').trim()) {
    return 'targetRequired';
  }
  return null;
}
