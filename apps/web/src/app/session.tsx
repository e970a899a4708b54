import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { currentUser, signIn, watchUser, type SignedInUser } from '../features/auth/auth.ts';
import type { QueryClient } from '@tanstack/react-query';
import { checkTenantStatusQueryOptions, useCheckTenantStatus } from '../features/tenants/api/checkTenantStatus.ts';
import { sysSettingsQueryOptions, useSysSettings, type SysSettings } from '../features/settings/api/sysSettings.ts';
import { meQueryOptions, useMe, type Me } from '../features/directory/api/me.ts';
import { canvasmenusQueryOptions, useCanvasmenus, type MenuEntry } from '../features/directory/api/canvasmenus.ts';
import { allowedManageRoots, permissionOf, type Permission } from '../features/directory/permission.ts';
import { useUserImage } from '../features/directory/api/findUserImage.ts';
import { fileUrl } from '../lib/attachment-link.ts';
import { FullPageSpinner } from '../components/FullPageSpinner.tsx';
import { tenantFailureFlag } from './tenant-failure.ts';
import { isVisitorUser, visitorMayOpen, VISITOR_HOME } from '../features/visitors/role.ts';

/** What every signed-in page knows: who, with which permission and menus, under which settings. */
export interface Session {
  token: string;
  user: SignedInUser;
  /** Display name: the directory's, or the account when the directory has no record (spec 6). */
  name: string;
  account: string;
  me: Me | null;
  avatar: string | null;
  settings: SysSettings;
  permission: Permission;
  menus: MenuEntry[];
  manageRoots: Set<string> | 'all';
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in route');
  return session;
}

/** The session when there is one (open pages inside an area), else null. */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

/** Tracks the stored OIDC user; a renewed token replaces it (and so reloads the routes). */
function useOidcUser(): SignedInUser | null | undefined {
  const [user, setUser] = useState<SignedInUser | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void currentUser().then((u) => alive && setUser(u));
    const unwatch = watchUser((u) => setUser(u));
    return () => {
      alive = false;
      unwatch();
    };
  }, []);
  return user;
}

/**
 * Starts the guard's queries for a signed-in user before the first page renders, so that they
 * travel with the page's code instead of after it (the guard then finds them under way).
 */
export function prefetchSession(queryClient: QueryClient, user: SignedInUser): void {
  const token = user.access_token;
  void queryClient.prefetchQuery(checkTenantStatusQueryOptions(token));
  void queryClient.prefetchQuery(sysSettingsQueryOptions(token));
  void queryClient.prefetchQuery(meQueryOptions(token));
  // a visitor has no menus (section: visitors)
  if (!isVisitorUser(user)) void queryClient.prefetchQuery(canvasmenusQueryOptions(token, user.profile.sub));
}

/**
 * The navigation guard (spec 2.5) for routes that need sign-in: signs in when needed, checks
 * the tenant (unless `tenantCheck` is false), loads settings, avatar, user info and menus,
 * then renders the page with the session.
 */
export function Guard({ children, tenantCheck = true }: { children: ReactNode; tenantCheck?: boolean }) {
  const location = useLocation();
  const user = useOidcUser();
  const token = user?.access_token ?? null;
  // A registered visitor reaches the visitor pages only, and has no menus to load (section: visitors)
  const visitor = isVisitorUser(user);
  const tenant = useCheckTenantStatus(token);
  const settings = useSysSettings(token);
  const me = useMe(token);
  const menus = useCanvasmenus(visitor ? null : token, user?.profile.sub ?? null);
  // a visitor has no avatar to read (the avatar query is refused to visitors)
  const avatar = useUserImage(token, visitor ? null : (me.data?.account ?? user?.profile.preferred_username ?? null));

  useEffect(() => {
    if (user === null) void signIn(location.pathname + location.search + location.hash);
  }, [user, location.pathname, location.search, location.hash]);

  if (me.error) console.warn('[guard] failed to load user info', me.error);
  if (menus.error) console.error('[guard] failed to load menus', menus.error);

  const session = useMemo<Session | null>(() => {
    if (!user || !token) return null;
    const account = me.data?.account ?? String(user.profile.preferred_username ?? user.profile.sub);
    const menuList = menus.data ?? [];
    const localMode = String(settings.local_menu_mode);
    return {
      token,
      user,
      account,
      name: me.data?.name ?? account,
      me: me.data ?? null,
      // An avatar is a private file: shown with the user's token (lib/attachment-link.ts fileUrl).
      avatar: avatar ? fileUrl(avatar, token) : null,
      settings,
      permission: permissionOf(menuList, localMode, me.data?.managesResources),
      menus: menuList,
      manageRoots: allowedManageRoots(menuList, localMode, me.data?.managesResources),
    };
  }, [user, token, me.data, menus.data, settings, avatar]);

  if (user === undefined || user === null) return <FullPageSpinner />;
  if (visitor && !visitorMayOpen(location.pathname)) return <Navigate to={VISITOR_HOME} replace />;
  if (tenantCheck) {
    if (tenant.isPending) return <FullPageSpinner />;
    if (tenant.error || tenant.data?.errcode !== '0') {
      return <Navigate to={tenantFailureFlag() ? '/error/401' : '/tenant/init'} replace />;
    }
  }
  if (me.isPending || (menus.isPending && !visitor) || !session) return <FullPageSpinner />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
