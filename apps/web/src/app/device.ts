import { useEffect } from 'react';
import { matchRoutes, useLocation, useNavigate, type RouteObject } from 'react-router';

/** Below this width the device is mobile (spec 9). */
export const MOBILE_BREAKPOINT = 992;

export type Device = 'desktop' | 'mobile';

export function deviceOf(width: number): Device {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

/**
 * The path of the same page for the other device (`/pc/x` <-> `/mobile/x`), or null when the
 * path belongs to neither area, already fits the device, or has no counterpart route.
 */
export function swappedPath(pathname: string, device: Device, routes: RouteObject[]): string | null {
  const from = device === 'mobile' ? '/pc' : '/mobile';
  const to = device === 'mobile' ? '/mobile' : '/pc';
  if (pathname !== from && !pathname.startsWith(`${from}/`)) return null;
  const candidate = to + pathname.slice(from.length);
  const matches = matchRoutes(routes, candidate);
  const leaf = matches?.[matches.length - 1];
  return leaf && leaf.route.path !== '*' ? candidate : null;
}

/** Swaps pc and mobile paths as the window crosses the breakpoint or the user navigates. */
export function useDeviceSwitch(routes: RouteObject[]): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const check = () => {
      const target = swappedPath(location.pathname, deviceOf(window.innerWidth), routes);
      if (target) navigate(target + location.search + location.hash, { replace: true });
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [location.pathname, location.search, location.hash, navigate, routes]);
}
