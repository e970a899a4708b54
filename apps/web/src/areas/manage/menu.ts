import type { Permission } from '../../features/directory/permission.ts';
import { MANAGE_ROOT } from './paths.ts';

/** A back-office sidebar entry: a section with children, or a page. Titles are i18n keys. */
export interface ManageMenuItem {
  path: string;
  title: string;
  icon?: string;
  children?: ManageMenuItem[];
}

const m = (path: string) => `${MANAGE_ROOT}/${path}`;

/** The sidebar (spec 2.4); each section shows when the user's menus grant its root. */
export const manageMenu: ManageMenuItem[] = [
  { path: m('home'), title: 'route.manage.home', icon: 'home' },
  {
    path: m('resources'),
    title: 'route.manage.resources',
    icon: 'appstore',
    children: [
      { path: m('resources/resources-list'), title: 'route.manage.resourcesList' },
      { path: m('resources/resources-rule-template'), title: 'route.manage.resourcesRuleTemplate' },
      { path: m('resources/resources-type-list'), title: 'route.manage.resourcesTypeList' },
      { path: m('resources/resources-occupy-list'), title: 'route.manage.resourcesOccupyList' },
    ],
  },
  {
    path: m('appointment'),
    title: 'route.manage.appointment',
    icon: 'calendar',
    children: [
      { path: m('appointment/list'), title: 'route.manage.appointmentList' },
      { path: m('appointment/appointmentUser-list'), title: 'route.manage.appointmentUserList' },
      { path: m('appointment/venues-statistics'), title: 'route.manage.venuesStatistics' },
      { path: m('appointment/ballot-draws'), title: 'ballotAdmin.title' },
    ],
  },
  { path: m('sign'), title: 'route.manage.sign', icon: 'scan' },
  {
    path: m('black'),
    title: 'route.manage.black',
    icon: 'stop',
    children: [
      { path: m('black/black-list'), title: 'route.manage.blackList' },
      { path: m('black/black-settings'), title: 'route.manage.blackSettings' },
    ],
  },
  { path: m('evaluate/evaluate-list'), title: 'route.manage.evaluate', icon: 'star' },
  { path: m('notice/notice-list'), title: 'route.manage.notice', icon: 'notification' },
  {
    path: m('cloudMeeting'),
    title: 'route.manage.cloudMeeting',
    icon: 'video',
    children: [
      { path: m('cloudMeeting/cloudMeeting-list'), title: 'route.manage.cloudMeetingList' },
      { path: m('cloudMeeting/parameterSetting'), title: 'route.manage.cloudMeetingParameterSetting' },
      { path: m('cloudMeeting/IPwhiteList'), title: 'route.manage.cloudMeetingIPwhiteList' },
    ],
  },
  {
    path: m('visitorManagement'),
    title: 'route.manage.visitorManagement',
    icon: 'team',
    children: [
      { path: m('visitorManagement/overallSettings'), title: 'route.manage.visitorOverallSettings' },
      { path: m('visitorManagement/detailSettings'), title: 'route.manage.visitorDetailSettings' },
      { path: m('visitorManagement/fieldSettings'), title: 'route.manage.visitorFieldSettings' },
      { path: m('visitorManagement/registerFieldSettings'), title: 'route.manage.visitorRegisterFieldSettings' },
      { path: m('visitorManagement/visitorInfo'), title: 'route.manage.visitorInfo' },
      { path: m('visitorManagement/visitorAppointmentManage'), title: 'route.manage.visitorAppointmentManage' },
      { path: m('visitorManagement/visitorCars'), title: 'route.manage.visitorCars' },
      { path: m('visitorManagement/visitorList'), title: 'route.manage.visitorList' },
      { path: m('visitorManagement/longTermVisitor'), title: 'route.manage.longTermVisitor' },
      { path: m('visitorManagement/visitorInvitation'), title: 'route.manage.visitorInvitation' },
      { path: m('visitorManagement/visitorInvitationBear'), title: 'route.manage.visitorInvitationBear' },
      { path: m('visitorManagement/statistics'), title: 'route.manage.visitorStatistics' },
      { path: m('visitorManagement/visitorPersonType'), title: 'route.manage.visitorPersonType' },
      { path: m('visitorManagement/visitorOperateLog'), title: 'route.manage.visitorOperateLog' },
    ],
  },
  { path: m('accessControlCheck'), title: 'route.manage.accessControlCheck', icon: 'safety' },
  { path: m('console'), title: 'route.manage.console', icon: 'control' },
  {
    path: m('settings'),
    title: 'route.manage.settings',
    icon: 'setting',
    children: [
      { path: m('settings/sys'), title: 'route.manage.settingsSys' },
      { path: m('settings/code'), title: 'route.manage.settingsCode' },
      { path: m('settings/operate-log'), title: 'route.manage.settingsOperateLog' },
      { path: m('settings/review-manage'), title: 'route.manage.settingsReviewManage' },
      { path: m('settings/collection-config'), title: 'route.manage.settingsCollectionConfig' },
      { path: m('settings/location-manage'), title: 'route.manage.settingsLocationManage' },
      { path: m('settings/instruction'), title: 'route.manage.settingsInstruction' },
      { path: m('settings/notification-mail'), title: 'notificationsAdmin.title' },
    ],
  },
];

/** The section root of a back-office path: `/manage/settings/sys` -> `/manage/settings`. */
export function sectionOf(pathname: string): string {
  const [, root, section] = pathname.split('/');
  return `/${root}/${section ?? ''}`;
}

/** The sidebar the user may see: sections granted by their menus (or all in local-menu mode). */
export function visibleMenu(allowed: Set<string> | 'all'): ManageMenuItem[] {
  if (allowed === 'all') return manageMenu;
  return manageMenu.filter((item) => allowed.has(sectionOf(item.path)) || item.path === `${MANAGE_ROOT}/home`);
}

/**
 * Whether the user may open a back-office path: paths under a section are allowed when the
 * section is in the user's sidebar; hidden pages outside every section (the usage instruction,
 * the signer page, embedded pages) are always kept (spec 6).
 */
export function isAllowedPath(pathname: string, visible: readonly ManageMenuItem[]): boolean {
  const section = sectionOf(pathname);
  if (visible.some((item) => sectionOf(item.path) === section)) return true;
  return !manageMenu.some((item) => sectionOf(item.path) === section);
}

/** A page list: sidebar pages, and `hidden` pages reached from them (an entry ending in `/` is a prefix). */
interface PageList {
  sidebar: readonly string[];
  hidden: readonly string[];
}

const visitorPages = manageMenu.find((item) => item.path === m('visitorManagement'))?.children ?? [];

/**
 * The back office of a user who is not a tenant administrator (docs/GLOSSARY.md "Grants"): home
 * and the usage instruction always, and per section their grants open (permission.ts
 * `SCOPED_SECTIONS`) the pages the server scopes to their grants: the bookings list (with the
 * change of time, and the ballot page its toolbar links to for those who administer resources:
 * their draws and their resources' release modes) but not the statistics, the sign desk and the
 * signer, the whole visitor back office, the gate check.
 */
export const SCOPED_PAGES: { always: PageList; sections: Readonly<Record<string, PageList>> } = {
  always: { sidebar: [m('home')], hidden: [m('instruction')] },
  sections: {
    [m('appointment')]: {
      sidebar: [m('appointment/list')],
      hidden: [m('appointment'), m('appointment/appointment-update/'), m('appointment/ballot-draws')],
    },
    [m('sign')]: { sidebar: [m('sign')], hidden: [m('signer')] },
    [m('visitorManagement')]: {
      sidebar: visitorPages.map((p) => p.path),
      hidden: [m('visitorManagement'), m('visitorManagement/')],
    },
    [m('accessControlCheck')]: { sidebar: [m('accessControlCheck')], hidden: [] },
  },
};

/**
 * The sidebar items among `paths`: sections keep only their children among them, and a section
 * left with one child is that child, with the section's icon (no submenu of one entry).
 */
function menuOf(paths: readonly string[]): ManageMenuItem[] {
  return manageMenu.flatMap((item) => {
    if (!item.children) return paths.includes(item.path) ? [item] : [];
    const children = item.children.filter((c) => paths.includes(c.path));
    if (children.length === 1) return [{ ...children[0]!, icon: item.icon }];
    return children.length ? [{ ...item, children }] : [];
  });
}

/** The pages a scoped user of the sections `roots` may use. */
function scopedPages(roots: Set<string> | 'all'): PageList {
  const lists = [
    SCOPED_PAGES.always,
    ...Object.entries(SCOPED_PAGES.sections)
      .filter(([root]) => roots === 'all' || roots.has(root))
      .map(([, list]) => list),
  ];
  return { sidebar: lists.flatMap((l) => l.sidebar), hidden: lists.flatMap((l) => l.hidden) };
}

/** Whether `pathname` is among `pages` (a hidden entry ending in `/` is a prefix of longer paths). */
function inPages(pages: PageList, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pages.sidebar.includes(path)) return true;
  return pages.hidden.some((p) => (p.endsWith('/') ? path.startsWith(p) && path.length > p.length : path === p));
}

/** What of the back office a user may see and open. */
export interface ManageAccess {
  menu: ManageMenuItem[];
  mayOpen: (pathname: string) => boolean;
}

/**
 * The back office of a user of `permission`: an administrator the sections their menus grant
 * (`allowed`), a scoped user home and the pages of the sections their grants open (`allowed`,
 * see `SCOPED_PAGES`), a user none (null).
 */
export function manageAccess(permission: Permission, allowed: Set<string> | 'all'): ManageAccess | null {
  if (permission === 'admin') {
    const menu = visibleMenu(allowed);
    return { menu, mayOpen: (pathname) => isAllowedPath(pathname, menu) };
  }
  if (permission === 'scoped') {
    const pages = scopedPages(allowed);
    return { menu: menuOf(pages.sidebar), mayOpen: (pathname) => inPages(pages, pathname) };
  }
  return null;
}

/** One crumb: its i18n title key, and a path when it links somewhere. */
export interface Crumb {
  title: string;
  path?: string;
}

/**
 * The breadcrumb of a page, from the home page (spec 2.6): home, then the page's sidebar
 * section when it groups pages, then the page itself. The last crumb does not link.
 */
export function breadcrumbOf(pathname: string, pageTitle: string | undefined, home: string): Crumb[] {
  if (pathname === home || !pageTitle) return [{ title: 'route.manage.home' }];
  const section = manageMenu.find((item) => sectionOf(item.path) === sectionOf(pathname));
  const crumbs: Crumb[] = [{ title: 'route.manage.home', path: home }];
  if (section?.children && section.title !== pageTitle) crumbs.push({ title: section.title });
  crumbs.push({ title: pageTitle });
  return crumbs;
}
