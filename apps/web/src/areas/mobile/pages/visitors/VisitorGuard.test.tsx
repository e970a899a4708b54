import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { Outlet } from 'react-router';
import { Guard } from '../../../../app/session.tsx';
import type { SignedInUser } from '../../../../features/auth/auth.ts';
import { fakeStudent } from '../../../../testing/fake-auth.ts';
import { renderRoutes } from '../../../../testing/render-routes.tsx';
import MobileLayout from '../../MobileLayout.tsx';
import { fakeVisitor, prepareVisitorTests, serveVisitors } from './testing.tsx';

const auth = vi.hoisted(() => ({ user: null as SignedInUser | null }));
vi.mock('../../../../features/auth/auth.ts', () => ({
  currentUser: async () => auth.user,
  signIn: vi.fn(async () => {}),
  watchUser: () => () => {},
}));

beforeAll(prepareVisitorTests);
afterEach(() => vi.unstubAllGlobals());

/** The mobile area as the router builds it (the guard, the layout), with stand-in pages. */
const routes: RouteObject[] = [
  {
    element: (
      <Guard>
        <Outlet />
      </Guard>
    ),
    children: [
      {
        path: '/mobile',
        element: <MobileLayout />,
        children: [
          { path: 'home', element: <p>booking home</p> },
          { path: 'personcenter', element: <p>person centre</p> },
          { path: 'visitor/home', element: <p>visitor home</p> },
          { path: 'visitor/mine', element: <p>my visits</p> },
        ],
      },
      { path: '/pc/home', element: <p>desktop home</p> },
      { path: '/manage/console', element: <p>back office</p> },
    ],
  },
];

/** What the guard and the layout may ask for a visitor: their own identity and the tenant, no more. */
const SHELL_FOR_VISITORS = new Set(['checkTenantStatus', 'me']);

describe('the visitor shell', () => {
  it.each(['/mobile/home', '/mobile/personcenter', '/pc/home', '/manage/console'])(
    'sends a visitor from %s to the visitor home',
    async (path) => {
      auth.user = fakeVisitor;
      const calls = serveVisitors({});
      const router = renderRoutes(routes, path);
      expect(await screen.findByText('visitor home')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/mobile/visitor/home');
      expect(calls.map((c) => c.op).filter((op) => !SHELL_FOR_VISITORS.has(op))).toEqual([]);
    },
  );

  it("gives a visitor the visitor pages' tabs, no booking tabs and no notices", async () => {
    auth.user = fakeVisitor;
    const calls = serveVisitors({});
    renderRoutes(routes, '/mobile/visitor/mine');
    expect(await screen.findByText('my visits')).toBeTruthy();
    const tabs = within(screen.getByRole('navigation'));
    expect(tabs.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['访客预约', '/mobile/visitor/home'],
      ['我的访客', '/mobile/visitor/mine'],
      ['访问记录', '/mobile/visitor/history'],
    ]);
    expect(screen.queryByText('我的预约')).toBeNull();
    // give any late query its chance: still only the shell's own calls
    await waitFor(() => expect(calls.some((c) => c.op === 'me')).toBe(true));
    expect(calls.map((c) => c.op).filter((op) => !SHELL_FOR_VISITORS.has(op))).toEqual([]);
  });

  it('leaves a user of the directory where they are, with the booking tabs', async () => {
    auth.user = fakeStudent;
    serveVisitors({ findNoticeAll: { findNoticeAll: { edges: [], totalCount: 0 } } });
    const router = renderRoutes(routes, '/mobile/home');
    expect(await screen.findByText('booking home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mobile/home');
    expect(within(screen.getByRole('navigation')).getByText('我的预约')).toBeTruthy();
  });
});
