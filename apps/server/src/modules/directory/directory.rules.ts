import type { Role } from '../../platform/context.ts';

/** The description that marks the back-office home entry; having it makes a user an admin (spec 6). */
export const HOME_MENU_DESCRIPTION = 'home page';

export interface MenuSeed {
  name: string;
  text: string;
  uri: string;
  icon: string;
  description?: string;
  required_role: Role;
}

/** The back-office menu a new tenant gets (spec 2.4); administrators see it, users do not. */
export const defaultMenus: readonly MenuSeed[] = [
  {
    name: 'home',
    text: '首页',
    uri: '/manage/home',
    icon: 'home',
    description: HOME_MENU_DESCRIPTION,
    required_role: 'admin',
  },
  { name: 'resources', text: '资源管理', uri: '/manage/resources', icon: 'appstore', required_role: 'admin' },
  { name: 'appointment', text: '预约管理', uri: '/manage/appointment', icon: 'calendar', required_role: 'admin' },
  { name: 'sign', text: '签到签退', uri: '/manage/sign', icon: 'scan', required_role: 'admin' },
  { name: 'black', text: '黑名单管理', uri: '/manage/black', icon: 'stop', required_role: 'admin' },
  { name: 'evaluate', text: '评价管理', uri: '/manage/evaluate', icon: 'star', required_role: 'admin' },
  { name: 'notice', text: '公告管理', uri: '/manage/notice', icon: 'notification', required_role: 'admin' },
  { name: 'cloudMeeting', text: '云会议', uri: '/manage/cloudMeeting', icon: 'video-camera', required_role: 'admin' },
  {
    name: 'visitorManagement',
    text: '访客管理',
    uri: '/manage/visitorManagement',
    icon: 'team',
    required_role: 'admin',
  },
  {
    name: 'accessControlCheck',
    text: '门禁核验',
    uri: '/manage/accessControlCheck',
    icon: 'safety',
    required_role: 'admin',
  },
  { name: 'console', text: '应用中心', uri: '/manage/console', icon: 'control', required_role: 'admin' },
  { name: 'settings', text: '系统设置', uri: '/manage/settings', icon: 'setting', required_role: 'admin' },
];

/** Whether a user of `role` sees a menu entry that requires `required`. */
export function menuVisibleTo(required: string, role: Role): boolean {
  return required === 'user' || role === 'admin';
}

/** A menu entry as the rules see it. */
export interface MenuEntry {
  name: string;
  required_role: string;
  description: string;
  deleted: boolean;
}

/**
 * The entries of a tenant's menu a user of `role` gets from `canvasmenus`: not deleted, and
 * allowed for the role, or (for a user who is no tenant administrator) among the sections their
 * grants open (`opened`, entry names: directory.grants.rules.ts SECTIONS_OF_ROLE), never the
 * home-page entry, which makes the web app treat them as a full administrator. Hidden
 * (`visible` false) entries stay: the web app keeps hidden routes.
 */
export function menusFor<M extends MenuEntry>(
  entries: readonly M[],
  role: Role,
  opened: ReadonlySet<string> = new Set(),
): M[] {
  return entries.filter(
    (m) =>
      !m.deleted &&
      (menuVisibleTo(m.required_role, role) ||
        (role === 'user' && opened.has(m.name) && m.description !== HOME_MENU_DESCRIPTION)),
  );
}

/** `local_menu_mode` of the tenant's settings as the wire gives it: `YES` or `NO`. */
export function localMenuModeOf(settings: Record<string, unknown>): 'YES' | 'NO' {
  const value = settings.local_menu_mode;
  return typeof value === 'string' && value.trim().toUpperCase() === 'YES' ? 'YES' : 'NO';
}

/** A department's place in the tree. */
export interface DepartmentLink {
  id: string;
  parent: string;
}

/**
 * Whether giving department `id` the parent `parent` would make a cycle: the parent is the
 * department itself or one of its descendants. `links` are the tenant's departments.
 */
export function wouldCreateCycle(id: string, parent: string, links: readonly DepartmentLink[]): boolean {
  if (!parent) return false;
  const parentOf = new Map(links.map((l) => [l.id, l.parent]));
  const seen = new Set<string>();
  for (let at: string | undefined = parent; at; at = parentOf.get(at)) {
    if (at === id) return true;
    // Stored data with a cycle of its own cannot reach `id` through it.
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}

export interface TreeNode<D extends DepartmentLink> {
  department: D;
  children: TreeNode<D>[];
}

/**
 * Nests departments under their parents, keeping the order given. A department whose parent
 * does not exist is a root. With `rootId`, the tree under that department alone (empty when
 * it does not exist).
 */
export function buildDepartmentTree<D extends DepartmentLink>(
  departments: readonly D[],
  rootId?: string,
): TreeNode<D>[] {
  const nodes = new Map(departments.map((d) => [d.id, { department: d, children: [] as TreeNode<D>[] }]));
  const roots: TreeNode<D>[] = [];
  for (const node of nodes.values()) {
    const parent = node.department.parent ? nodes.get(node.department.parent) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  if (rootId === undefined) return roots;
  const root = nodes.get(rootId);
  return root ? [root] : [];
}

/** Longest avatar accepted: 1.5 MB of URI text. */
export const MAX_IMAGE_BYTES = 1.5 * 1024 * 1024;
const MAX_URL_LENGTH = 2000;
const DATA_URI = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * What is wrong with an avatar, or null when it is acceptable: an http(s) URL, a site path,
 * or a base64 image data URI (no SVG: it can carry script) of at most MAX_IMAGE_BYTES.
 */
export function avatarProblem(image: string): 'too_large' | 'invalid' | null {
  if (Buffer.byteLength(image, 'utf8') > MAX_IMAGE_BYTES) return 'too_large';
  if (image.startsWith('data:')) return DATA_URI.test(image) ? null : 'invalid';
  if (image.length > MAX_URL_LENGTH || /[\s\p{Cc}]/u.test(image)) return 'invalid';
  if (image.startsWith('/')) return image.startsWith('//') ? 'invalid' : null;
  try {
    const url = new URL(image);
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** Who may set the avatar of `account`: its owner, or an administrator of the tenant. */
export function maySetAvatar(actor: { account: string; role: Role }, account: string): boolean {
  return actor.role === 'admin' || actor.account === account;
}

/**
 * Whether an administrator's change to a user would take away their own access: deleting,
 * disabling or demoting themselves. Another administrator has to do that.
 */
export function isSelfLockout(
  actorId: string,
  targetId: string,
  change: { delete?: boolean; role?: string; disabled?: boolean },
): boolean {
  if (actorId !== targetId) return false;
  return change.delete === true || change.disabled === true || (change.role !== undefined && change.role !== 'admin');
}

/** Whether a viewer sees a user's identity fields (card number, card type, birthday). */
export function seesPrivateFields(viewer: { id: string; role: Role }, userId: string): boolean {
  return viewer.role === 'admin' || viewer.id === userId;
}

/**
 * How much of a person's record a viewer sees (docs/GLOSSARY.md "Contact details"):
 * - `full`: the person themself and the tenant's administrators (everything, identity fields too);
 * - `contact`: an administrator of a resource the person has booked (name, account, department,
 *   phone and email);
 * - `basic`: anyone else (name, account and department only).
 */
export type PersonView = 'full' | 'contact' | 'basic';

/** The viewer as the contact rule sees them. */
export interface ContactViewer {
  id: string;
  account: string;
  role: Role;
}

/**
 * The one rule of who sees whose contact details, for the directory's users and the
 * participants of booking lists. `person` names the subject by user id and/or account (a
 * booking's participant carries only `participant_id`, an account or a user id);
 * `administersTheirBooking`: the viewer administers a resource the person booked (or, for a
 * participant, the resource of that booking).
 */
export function personViewOf(
  viewer: ContactViewer,
  person: { id?: string | null; account?: string | null },
  administersTheirBooking: boolean,
): PersonView {
  if (viewer.role === 'admin') return 'full';
  const isSelf =
    (!!person.id && person.id === viewer.id) ||
    (!!person.account && (person.account === viewer.account || person.account === viewer.id));
  if (isSelf) return 'full';
  return administersTheirBooking ? 'contact' : 'basic';
}

/** Whether a view shows phone and email. */
export function showsContact(view: PersonView): boolean {
  return view !== 'basic';
}

/**
 * Filters of `users` that only the tenant's administrators may use: filtering by role or post
 * would reveal what an ordinary viewer may not see (who is an administrator, who holds a post).
 */
export function adminOnlyUserFilters(filter: Record<string, unknown>): string[] {
  return (['role', 'post'] as const).filter((key) => {
    const f = filter[key] as { eq?: unknown; in?: unknown; like?: unknown } | null | undefined;
    if (!f || typeof f !== 'object') return false;
    return Object.values(f).some((v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length));
  });
}
