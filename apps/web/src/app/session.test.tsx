import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { SignedInUser } from '../features/auth/auth.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { configureGraphql } from '../lib/graphql.ts';
import { Guard, useSession } from './session.tsx';
import { setItem } from '../lib/storage.ts';
import { ROUTES_KEY } from '../features/directory/api/canvasmenus.ts';

// The identity provider is outside the web app: its user comes from a stub of the auth module.
const auth = vi.hoisted(() => ({ user: null as SignedInUser | null, signIn: vi.fn(async () => {}) }));
vi.mock('../features/auth/auth.ts', () => {
  return {
    currentUser: async () => auth.user,
    signIn: auth.signIn,
    watchUser: () => () => {},
  };
});

function fakeUser(): SignedInUser {
  return { access_token: 'tok', profile: { sub: 't:u', preferred_username: 'student' } };
}

type GraphqlAnswer = Record<string, unknown> | { errors: { message: string }[] };

/** An answer that never comes (a slow server). */
const HANG: GraphqlAnswer = {};

/** The server as the guard sees it: one answer per operation name, and the settings GET. */
function serve(answers: Record<string, GraphqlAnswer>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/sys/settings')) {
        return new Response(JSON.stringify({ entities: [{ id: 's', manage_setting: '{"sys_name":"测试系统"}' }] }));
      }
      const op = JSON.parse(String(init?.body)).operationName as string;
      const answer = answers[op];
      if (answer === HANG) return new Promise<Response>(() => {});
      if (!answer)
        return new Response(JSON.stringify({ errors: [{ message: `no answer for ${op}` }] }), { status: 200 });
      return new Response(JSON.stringify('errors' in answer ? { data: null, ...answer } : { data: answer }));
    }),
  );
}

function Page() {
  const s = useSession();
  return (
    <p>
      page for {s.name} ({s.permission}) in {s.settings.sys_name}
      {s.avatar ? <img alt="avatar" src={s.avatar} /> : null}
    </p>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/pc/home',
        element: (
          <Guard>
            <Page />
          </Guard>
        ),
      },
      { path: '/tenant/init', element: <p>tenant init page</p> },
      { path: '/error/401', element: <p>401 page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const ok = { checkTenantStatus: { errcode: '0', msg: '', msg_en: '' } };
const me = { me: { id: 'u', account: 'student', name: '张同学', positions: [] } };
const noMenus = { canvasmenus: [] };
const avatar = { findUserImage: null };

beforeEach(() => {
  configureGraphql({ token: async () => auth.user?.access_token ?? null, unauthorized: () => {}, onError: () => {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  auth.user = null;
  auth.signIn.mockClear();
});

describe('navigation guard (spec 2.5)', () => {
  it('sends a signed-out visitor to sign-in with the path to return to', async () => {
    serve({});
    renderAt('/pc/home?x=1');
    await vi.waitFor(() => expect(auth.signIn).toHaveBeenCalledWith('/pc/home?x=1'));
  });

  it('renders the page with the session once tenant, settings, user and menus are loaded', async () => {
    auth.user = fakeUser();
    serve({ checkTenantStatus: ok, me, canvasmenus: noMenus, findUserImage: avatar });
    renderAt('/pc/home');
    expect(await screen.findByText('page for 张同学 (user) in 测试系统')).toBeTruthy();
  });

  it("shows the avatar, a private file, with the user's token", async () => {
    auth.user = fakeUser();
    const image = '/yy-sys/api/file/0f8fad5b-d9cb-469f-a165-70867728950e';
    serve({
      checkTenantStatus: ok,
      me,
      canvasmenus: noMenus,
      findUserImage: { findUserImage: { account: 'student', image, create_time: '2026-03-01 10:00:00' } },
    });
    renderAt('/pc/home');
    const img = await screen.findByRole('img', { name: 'avatar' });
    expect(img.getAttribute('src')).toBe(`${image}?access_token=tok`);
  });

  it('makes a user with the home-page menu an administrator', async () => {
    auth.user = fakeUser();
    serve({
      checkTenantStatus: ok,
      me,
      findUserImage: avatar,
      canvasmenus: {
        canvasmenus: [
          {
            id: '1',
            name: 'home',
            text: '首页',
            uri: '/manage/home',
            icon: '',
            parent: '',
            target: '',
            description: 'home page',
            visible: true,
            deleted: false,
          },
        ],
      },
    });
    renderAt('/pc/home');
    expect(await screen.findByText(/\(admin\)/)).toBeTruthy();
  });

  it('sends the user to tenant initialisation when the tenant is not ready', async () => {
    auth.user = fakeUser();
    serve({
      checkTenantStatus: { checkTenantStatus: { errcode: '500', msg: '租户未初始化', msg_en: '' } },
      me,
      canvasmenus: noMenus,
      findUserImage: avatar,
    });
    const router = renderAt('/pc/home');
    expect(await screen.findByText('tenant init page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tenant/init');
  });

  it('sends the user to 401 instead when the tenant-failure flag is set', async () => {
    auth.user = fakeUser();
    window.sessionStorage.setItem('tenant-failure', '1');
    serve({
      checkTenantStatus: { checkTenantStatus: { errcode: '500', msg: '租户已停用', msg_en: '' } },
      me,
      canvasmenus: noMenus,
      findUserImage: avatar,
    });
    renderAt('/pc/home');
    expect(await screen.findByText('401 page')).toBeTruthy();
  });

  it('shows the account as the name when user info fails to load', async () => {
    auth.user = fakeUser();
    serve({
      checkTenantStatus: ok,
      me: { errors: [{ message: 'boom' }] },
      canvasmenus: noMenus,
      findUserImage: avatar,
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/pc/home');
    expect(await screen.findByText('page for student (user) in 测试系统')).toBeTruthy();
  });

  it('carries on with no menus when the menu load fails', async () => {
    auth.user = fakeUser();
    serve({ checkTenantStatus: ok, me, canvasmenus: { errors: [{ message: 'menus down' }] }, findUserImage: avatar });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/pc/home');
    expect(await screen.findByText('page for 张同学 (user) in 测试系统')).toBeTruthy();
  });

  it('shows the stored menus of the same user at once while fresh ones load', async () => {
    auth.user = fakeUser();
    const home = {
      id: '1',
      name: 'home',
      text: '首页',
      uri: '/manage/home',
      icon: '',
      parent: '',
      target: '',
      description: 'home page',
      visible: true,
      deleted: false,
    };
    setItem(ROUTES_KEY, { subject: 't:u', menus: [home] });
    serve({ checkTenantStatus: ok, me, canvasmenus: HANG, findUserImage: avatar });
    renderAt('/pc/home');
    expect(await screen.findByText(/\(admin\)/)).toBeTruthy();
  });

  it("never shows another user's stored menus", async () => {
    auth.user = fakeUser();
    setItem(ROUTES_KEY, { subject: 'someone-else', menus: [] });
    serve({ checkTenantStatus: ok, me, canvasmenus: HANG, findUserImage: avatar });
    renderAt('/pc/home');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(/page for/)).toBeNull();
  });
});
