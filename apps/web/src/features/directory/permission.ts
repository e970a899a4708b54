import type { MenuEntry } from './api/canvasmenus.ts';

/** The description of the menu entry that makes its holder an administrator (spec 6). */
export const HOME_MENU_DESCRIPTION = 'home page';

/**
 * What the signed-in user may do in the back office: `admin` everything their menus grant,
 * `resourceAdmin` (a user administering resources: docs/GLOSSARY.md "Administrators") the
 * bookings list and the sign desk of the resources they manage, `user` nothing.
 */
export type Permission = 'admin' | 'resourceAdmin' | 'user';

/**
 * The user's permission from their menus: admin when the home-page entry is among them, or
 * when the deployment runs in local-menu mode (flag YES), which grants admin and all routes;
 * otherwise resourceAdmin when the directory says they administer a resource (`me.managesResources`).
 */
export function permissionOf(
  menus: readonly MenuEntry[],
  localMenuMode: string,
  managesResources: boolean | null | undefined = false,
): Permission {
  if (localMenuMode === 'YES') return 'admin';
  if (menus.some((m) => !m.deleted && m.description === HOME_MENU_DESCRIPTION)) return 'admin';
  return managesResources ? 'resourceAdmin' : 'user';
}

/** Whether the user may enter the back office at all (the header's "enter management" link). */
export const entersBackOffice = (permission: Permission): boolean => permission !== 'user';

/** The back-office sections the user may open: every menu uri, or all in local-menu mode. */
export function allowedManageRoots(menus: readonly MenuEntry[], localMenuMode: string): Set<string> | 'all' {
  if (localMenuMode === 'YES') return 'all';
  return new Set(menus.filter((m) => !m.deleted && m.visible).map((m) => m.uri));
}
