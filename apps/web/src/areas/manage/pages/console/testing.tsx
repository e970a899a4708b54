import i18n from 'i18next';
import { APP_ROLES, APPLICATIONS } from '@yuyue/shared';
import { LANGUAGE_KEY } from '../../../../lib/i18n.ts';
import { loadTranslations } from '../../../../locales/index.ts';
import type { AppRoleEntry, Grant } from '../../../../features/grants/types.ts';

/** Fixtures and helpers of the application centre's component tests (not shipped). */

export const ROLES: AppRoleEntry[] = Object.entries(APP_ROLES).map(([code, r]) => ({ code, ...r }));

export const FLOWS = Object.entries(APPLICATIONS).map(([code, a], i) => ({
  id: String(i + 1),
  name: a.name,
  nameEn: a.nameEn,
  code,
  tags: a.tags,
  visible: true,
  ready: true,
}));

/** `appRoles` answered as the server does: one application's roles, or all. */
export const appRoles = (v: Record<string, unknown>) => ({
  appRoles: ROLES.filter((r) => !v.app || r.app === v.app),
});

export const grant = (id: string, patch: Partial<Grant>): Grant => ({
  id,
  type: 'user',
  permission: 'resourceAdmin',
  filter: null,
  revokeId: `rv-${id}`,
  target: `target-${id}`,
  targetName: '张老师 (zhang)',
  app: 'booking',
  grantedBy: '系统管理员',
  createTime: '2026-03-01T08:00:00.000Z',
  ...patch,
});

export const page = <T,>(nodes: T[], totalCount = nodes.length) => ({
  edges: nodes.map((node) => ({ node })),
  totalCount,
});

/** Switches the tests to English (the texts loaded first), back with `toChinese`. */
export async function toEnglish() {
  for (const part of ['core', 'desktop', 'manage'] as const) {
    i18n.addResourceBundle('en', 'translation', await loadTranslations('en', part), true, true);
  }
  window.localStorage.setItem(LANGUAGE_KEY, 'en');
  await i18n.changeLanguage('en');
}

export async function toChinese() {
  window.localStorage.removeItem(LANGUAGE_KEY);
  await i18n.changeLanguage('zh');
}
