import type { MenuEntry } from './api/canvasmenus.ts';

/** The description of the menu entry that makes its holder an administrator (spec 6). */
export const HOME_MENU_DESCRIPTION = 'home page';

export type Permission = 'admin' | 'user';

/**
 * The user's permission from their menus: admin when the home-page entry is among them, or
 * when the deployment runs in local-menu mode (flag YES), which grants admin and all routes.
 */
export function permissionOf(menus: readonly MenuEntry[], localMenuMode: string): Permission {
  if (localMenuMode === 'YES') return 'admin';
  return menus.some((m) => !m.deleted && m.description === HOME_MENU_DESCRIPTION) ? 'admin' : 'user';
}

/** The back-office sections the user may open: every menu uri, or all in local-menu mode. */
export function allowedManageRoots(menus: readonly MenuEntry[], localMenuMode: string): Set<string> | 'all' {
  if (localMenuMode === 'YES') return 'all';
  return new Set(menus.filter((m) => !m.deleted && m.visible).map((m) => m.uri));
}
