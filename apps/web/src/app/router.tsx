import { Navigate, Outlet, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { useDeviceSwitch } from './device.ts';
import { ensureTranslations, withTexts } from '../lib/i18n.ts';
import RouteError from '../components/RouteError.tsx';
import { FullPageSpinner } from '../components/FullPageSpinner.tsx';
import { MOBILE_ROOT, mobileRoutes } from '../areas/mobile/paths.ts';
import { PC_ROOT, pcRoutes } from '../areas/pc/paths.ts';
import { loadPage } from './lazy.ts';
import type { RouteDef } from './route-def.ts';
import { Guard } from './session.tsx';

const routeTitlePage = () => import('../components/RouteTitle.tsx');

function toRoute(root: string, def: RouteDef): RouteObject {
  if (def.redirect) return { path: def.path, element: <Navigate to={`${root}/${def.redirect}`} replace /> };
  return { path: def.path, handle: { title: def.title }, lazy: () => loadPage(def.page ?? routeTitlePage) };
}

/** An area: its signed-in routes inside the guard and the area's layout, its open routes without. */
function area(root: string, defs: RouteDef[], layout: () => Promise<{ default: React.ComponentType }>): RouteObject {
  return {
    id: root,
    path: root,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={`${root}/home`} replace /> },
      {
        element: (
          <Guard>
            <Outlet />
          </Guard>
        ),
        children: [
          {
            lazy: () => loadPage(layout),
            children: defs.filter((d) => d.auth !== false).map((d) => toRoute(root, d)),
          },
        ],
      },
      ...defs.filter((d) => d.auth === false).map((d) => toRoute(root, d)),
    ],
  };
}

const page = (importer: () => Promise<{ default: React.ComponentType }>) => () => loadPage(importer);

/** The tenant set-up pages (outside the back office's area) show the back office's texts. */
const tenantPage = <T,>(module: Promise<T>) => withTexts(module, ensureTranslations('manage'));

const ROOT_ID = 'root';

/** The back office's root; its route table loads with it, keeping it out of the other areas' first download. */
const MANAGE_PREFIX = '/manage';

/**
 * Adds the back office's routes the first time a /manage path is visited (react-router's lazy
 * route discovery; it passes the full path, base path included). Patching again is harmless:
 * the area route has a fixed id.
 */
export function routeDiscovery(basename: string): PatchRoutesOnNavigationFunction {
  return async ({ path, patch }) => {
    const appPath = path.startsWith(basename) ? path.slice(basename.length) : path;
    if (appPath !== MANAGE_PREFIX && !appPath.startsWith(`${MANAGE_PREFIX}/`)) return;
    const [{ MANAGE_ROOT, manageRoutes }] = await Promise.all([
      import('../areas/manage/paths.ts'),
      ensureTranslations('desktop'),
      ensureTranslations('manage'),
    ]);
    patch(ROOT_ID, [area(MANAGE_ROOT, manageRoutes, () => import('../areas/manage/ManageLayout.tsx'))]);
  };
}

/** Every route of the web app (spec 2); the back office's are added by `discoverRoutes`. */
export const routes: RouteObject[] = [
  {
    id: ROOT_ID,
    element: <DeviceSwitch />,
    errorElement: <RouteError />,
    HydrateFallback: FullPageSpinner,
    children: [
      { path: '/', element: <Navigate to={`${MOBILE_ROOT}/home`} replace /> },
      { path: '/oidc-callback', lazy: page(() => import('../areas/public/pages/OidcCallback.tsx')) },
      { path: '/oidc-callback-error', lazy: page(() => import('../areas/public/pages/OidcCallbackError.tsx')) },
      { path: '/error/401', lazy: page(() => import('../areas/public/pages/Error401.tsx')) },
      { path: '/error/404', lazy: page(() => import('../areas/public/pages/Error404.tsx')) },
      { path: '/public/svg', handle: { title: 'route.other.publicSvg' }, lazy: page(routeTitlePage) },
      {
        path: '/tenant/init',
        handle: { title: 'route.other.tenantInit' },
        element: (
          <Guard tenantCheck={false}>
            <Outlet />
          </Guard>
        ),
        children: [
          { index: true, lazy: page(() => tenantPage(import('../areas/manage/pages/tenant/TenantInit.tsx'))) },
        ],
      },
      {
        path: '/tenant/manualInit',
        handle: { title: 'route.other.tenantManualInit' },
        element: (
          <Guard tenantCheck={false}>
            <Outlet />
          </Guard>
        ),
        children: [
          { index: true, lazy: page(() => tenantPage(import('../areas/manage/pages/tenant/TenantManualInit.tsx'))) },
        ],
      },
      {
        path: '/visitor/accessControlScan',
        handle: { title: 'route.other.accessControlScan' },
        element: (
          <Guard>
            <Outlet />
          </Guard>
        ),
        children: [{ index: true, lazy: page(routeTitlePage) }],
      },
      area(PC_ROOT, pcRoutes, () =>
        Promise.all([import('../areas/pc/PcLayout.tsx'), ensureTranslations('desktop')]).then(([layout]) => layout),
      ),
      area(MOBILE_ROOT, mobileRoutes, () => import('../areas/mobile/MobileLayout.tsx')),
      { path: '*', element: <Navigate to="/error/404" replace /> },
    ],
  },
];

/** Root element: swaps pc and mobile paths with the viewport, then renders the page. */
function DeviceSwitch() {
  useDeviceSwitch(routes);
  return <Outlet />;
}
