import { use } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useDeviceSwitch } from './device.ts';
import { ensureTranslations, withTexts } from '../lib/i18n.ts';
import RouteTitle, { RouteTitleContext } from '../components/RouteTitle.tsx';
import { MOBILE_ROOT, mobileRoutes } from '../areas/mobile/paths.ts';
import { PC_ROOT, pcRoutes } from '../areas/pc/paths.ts';
import { lazyRoute } from './lazy.tsx';
import type { RouteDef } from './route-def.ts';
import { Guard } from './session.tsx';
import { ForbiddenGate } from './ForbiddenGate.tsx';

/** What the app keeps on a route: its title (i18n key) and, for a lazily loaded one, how to start loading it. */
interface RouteHandle {
  title?: string;
  preload?: () => void;
}

type Importer = () => Promise<{ default: React.ComponentType }>;

/**
 * A route rendering a lazily loaded component. Every route a path matches starts loading when
 * the path is matched (`preloadMatches`), so a layout and its page load side by side.
 */
function lazy(importer: Importer, handle: RouteHandle = {}): Pick<RouteObject, 'element' | 'handle'> {
  const { element, load } = lazyRoute(importer);
  return { element, handle: { ...handle, preload: () => void load().catch(() => null) } satisfies RouteHandle };
}

/** A route without a page yet: its title (the layouts show it anyway, so it is no chunk of its own). */
const titleOnly = (title: string): Pick<RouteObject, 'element' | 'handle'> => ({
  element: <RouteTitle />,
  handle: { title } satisfies RouteHandle,
});

/** A page's route: a refusal of its load by the server shows the no-permission page (app/forbidden.ts). */
function pageRoute(importer: Importer, title: string): Pick<RouteObject, 'element' | 'handle'> {
  const route = lazy(importer, { title });
  return { ...route, element: <ForbiddenGate>{route.element}</ForbiddenGate> };
}

function toRoute(root: string, def: RouteDef): RouteObject {
  if (def.redirect) return { path: def.path, element: <Navigate to={`${root}/${def.redirect}`} replace /> };
  return { path: def.path, ...(def.page ? pageRoute(def.page, def.title) : titleOnly(def.title)) };
}

/** An area: its signed-in routes inside the guard and the area's layout, its open routes without. */
function area(root: string, defs: RouteDef[], layout: Importer): RouteObject {
  return {
    path: root,
    children: [
      { index: true, element: <Navigate to={`${root}/home`} replace /> },
      {
        element: (
          <Guard>
            <Outlet />
          </Guard>
        ),
        children: [{ ...lazy(layout), children: defs.filter((d) => d.auth !== false).map((d) => toRoute(root, d)) }],
      },
      ...defs.filter((d) => d.auth === false).map((d) => toRoute(root, d)),
    ],
  };
}

/** The tenant set-up pages (outside the back office's area) show the back office's texts. */
const tenantPage = <T,>(module: Promise<T>) => withTexts(module, ensureTranslations('manage'));

/** A signed-in route outside the areas, its page (or title) in the guard. */
function guarded(path: string, title: string, page: Importer | null, tenantCheck?: false): RouteObject {
  return {
    path,
    element: (
      <Guard tenantCheck={tenantCheck}>
        <Outlet />
      </Guard>
    ),
    children: [{ index: true, ...(page ? pageRoute(page, title) : titleOnly(title)) }],
  };
}

/** Every route of the web app (spec 2) but the back office's, which `routesFor` adds. */
const appRoutes: RouteObject[] = [
  { path: '/', element: <Navigate to={`${MOBILE_ROOT}/home`} replace /> },
  { path: '/oidc-callback', ...lazy(() => import('../areas/public/pages/OidcCallback.tsx')) },
  { path: '/oidc-callback-error', ...lazy(() => import('../areas/public/pages/OidcCallbackError.tsx')) },
  { path: '/error/401', ...lazy(() => import('../areas/public/pages/Error401.tsx')) },
  { path: '/error/404', ...lazy(() => import('../areas/public/pages/Error404.tsx')) },
  {
    path: '/public/svg',
    ...pageRoute(() => import('../areas/pc/pages/icons/IconSprite.tsx'), 'route.other.publicSvg'),
  },
  guarded(
    '/tenant/init',
    'route.other.tenantInit',
    () => tenantPage(import('../areas/manage/pages/tenant/TenantInit.tsx')),
    false,
  ),
  guarded(
    '/tenant/manualInit',
    'route.other.tenantManualInit',
    () => tenantPage(import('../areas/manage/pages/tenant/TenantManualInit.tsx')),
    false,
  ),
  guarded('/visitor/accessControlScan', 'route.other.accessControlScan', () =>
    withTexts(
      import('../areas/mobile/pages/visitors-gate/GateScan.tsx'),
      import('../features/visitors/gate/i18n.ts').then((m) => m.ensureVisitorGateTranslations()),
    ),
  ),
  area(PC_ROOT, pcRoutes, () =>
    Promise.all([import('../areas/pc/PcLayout.tsx'), ensureTranslations('desktop')]).then(([layout]) => layout),
  ),
  area(MOBILE_ROOT, mobileRoutes, () => import('../areas/mobile/MobileLayout.tsx')),
  { path: '*', element: <Navigate to="/error/404" replace /> },
];

/** The root route: every route inside the device switch. */
const rootRoute = (children: RouteObject[]): RouteObject[] => [{ element: <DeviceSwitch />, children }];

export const routes = rootRoute(appRoutes);

/** The back office's root; its route table loads with it, keeping it out of the other areas' first download. */
const MANAGE_PREFIX = '/manage';

const isManagePath = (appPath: string) => appPath === MANAGE_PREFIX || appPath.startsWith(`${MANAGE_PREFIX}/`);

let withManage: Promise<RouteObject[]> | undefined;

/** The route table a path (under the base path) is matched against: with the back office's routes for a /manage path. */
function routesFor(appPath: string): RouteObject[] | Promise<RouteObject[]> {
  if (!isManagePath(appPath)) return routes;
  return (withManage ??= Promise.all([
    import('../areas/manage/paths.ts'),
    ensureTranslations('desktop'),
    ensureTranslations('manage'),
  ]).then(([{ MANAGE_ROOT, manageRoutes }]) => {
    const manage = area(MANAGE_ROOT, manageRoutes, () => import('../areas/manage/ManageLayout.tsx'));
    return rootRoute([manage, ...appRoutes]);
  }));
}

/** Starts loading the code of every matched route at once (a layout and its page side by side). */
function preloadMatches(matches: ReturnType<typeof matchRoutes>): void {
  for (const match of matches ?? []) (match.route.handle as RouteHandle | undefined)?.preload?.();
}

/**
 * Starts loading what the page at `pathname` (the browser's, base path included) needs, before
 * the app renders: the route table and the code of the matched routes.
 */
export function preloadRoutes(pathname: string, basename: string): void {
  const appPath = pathname.startsWith(basename) ? pathname.slice(basename.length) || '/' : pathname;
  void Promise.resolve(routesFor(appPath))
    .then((table) => preloadMatches(matchRoutes(table, appPath)))
    .catch(() => null);
}

/**
 * The routes at the current location. A navigation suspends until the route table and the
 * matched routes' code are there (the router runs it as a transition, so the page before stays
 * until then); the title of the deepest matched route that has one goes to the layouts.
 */
export function AppRoutes() {
  const location = useLocation();
  const table = routesFor(location.pathname);
  const current = Array.isArray(table) ? table : use(table);
  const matches = matchRoutes(current, location);
  preloadMatches(matches);
  const title = matches
    ?.map((m) => (m.route.handle as RouteHandle | undefined)?.title)
    .findLast((t) => t !== undefined);
  const element = useRoutes(current);
  return <RouteTitleContext value={title}>{element}</RouteTitleContext>;
}

/** Root element: swaps pc and mobile paths with the viewport, then renders the page. */
function DeviceSwitch() {
  useDeviceSwitch(routes);
  return <Outlet />;
}
