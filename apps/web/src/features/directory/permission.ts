import type { MenuEntry } from './api/canvasmenus.ts';

/** The description of the menu entry that makes its holder an administrator (spec 6). */
export const HOME_MENU_DESCRIPTION = 'home page';

/**
 * What the signed-in user may do in the back office: `admin` everything their menus grant,
 * `scoped` the back-office sections their grants open (docs/GLOSSARY.md "Grants": a venue
 * administrator, approver, check-in staff member, visitor administrator or gate staff member
 * who is not a tenant administrator), `user` nothing.
 */
export type Permission = 'admin' | 'scoped' | 'user';

/**
 * The back-office sections a grant may open to a user who is not a tenant administrator: the
 * server's `canvasmenus` names them for the user's grants (resourceAdmin: bookings and the sign
 * desk; approver: bookings; checkinStaff: the sign desk; visitorAdmin: the visitor back office;
 * visitorGate: the gate check). Other entries do not open anything to such a user.
 */
export const SCOPED_SECTIONS = [
  '/manage/appointment',
  '/manage/sign',
  '/manage/visitorManagement',
  '/manage/accessControlCheck',
] as const;

/** What a resource administrator of the directory (`me.managesResources`) gets without grants. */
const RESOURCE_ADMIN_SECTIONS = ['/manage/appointment', '/manage/sign'];

const live = (menus: readonly MenuEntry[]) => menus.filter((m) => !m.deleted);

const isAdminMenus = (menus: readonly MenuEntry[]) => live(menus).some((m) => m.description === HOME_MENU_DESCRIPTION);

/** The scoped sections a non-administrator's visible menu entries name. */
function scopedSectionsOf(menus: readonly MenuEntry[]): Set<string> {
  const scoped = new Set<string>(SCOPED_SECTIONS);
  return new Set(
    live(menus)
      .filter((m) => m.visible && scoped.has(m.uri))
      .map((m) => m.uri),
  );
}

/**
 * The user's permission from their menus: admin when the home-page entry is among them, or
 * when the deployment runs in local-menu mode (flag YES), which grants admin and all routes;
 * otherwise scoped when their menus name a section a grant opens, or when the directory says
 * they administer a resource (`me.managesResources`); user otherwise.
 */
export function permissionOf(
  menus: readonly MenuEntry[],
  localMenuMode: string,
  managesResources: boolean | null | undefined = false,
): Permission {
  if (localMenuMode === 'YES') return 'admin';
  if (isAdminMenus(menus)) return 'admin';
  return managesResources || scopedSectionsOf(menus).size ? 'scoped' : 'user';
}

/** Whether the user may enter the back office at all (the header's "enter management" link). */
export const entersBackOffice = (permission: Permission): boolean => permission !== 'user';

/**
 * The back-office sections the user may open: all in local-menu mode; an administrator every
 * visible menu uri; anyone else the scoped sections their menus name (with the bookings and
 * the sign desk for a resource administrator of the directory).
 */
export function allowedManageRoots(
  menus: readonly MenuEntry[],
  localMenuMode: string,
  managesResources: boolean | null | undefined = false,
): Set<string> | 'all' {
  if (localMenuMode === 'YES') return 'all';
  if (isAdminMenus(menus))
    return new Set(
      live(menus)
        .filter((m) => m.visible)
        .map((m) => m.uri),
    );
  const roots = scopedSectionsOf(menus);
  if (managesResources) for (const s of RESOURCE_ADMIN_SECTIONS) roots.add(s);
  return roots;
}

/**
 * Whether the user manages bookings of some resources: a tenant administrator, or a scoped user
 * whose sections include the bookings (a venue administrator or approver by grant, or a resource
 * administrator of the directory). The server lists only what they manage.
 */
export const managesBookings = (permission: Permission, roots: Set<string> | 'all'): boolean =>
  permission === 'admin' || (permission === 'scoped' && (roots === 'all' || roots.has('/manage/appointment')));
