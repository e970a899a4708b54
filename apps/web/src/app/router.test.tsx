import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../components/RouteError.tsx';
import { initI18n } from '../lib/i18n.ts';
import { App } from './App.tsx';
import { lazyRoute } from './lazy.tsx';

vi.mock('../features/auth/auth.ts', () => import('../testing/fake-auth.ts').then((m) => m.signedInAuth()));

beforeAll(async () => {
  await initI18n();
});
afterEach(() => window.history.replaceState(null, '', '/'));

/** A module whose loading the test finishes (or fails) when it wants. */
function deferredPage(text: string) {
  let resolve: () => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const importer = () =>
    new Promise<{ default: () => React.ReactElement }>((res, rej) => {
      resolve = () => res({ default: () => <p>{text}</p> });
      reject = rej;
    });
  return { importer, resolve: () => resolve(), reject: (err: unknown) => reject(err) };
}

describe('the app under its base path', () => {
  it('sends an unknown path to the 404 page', async () => {
    window.history.replaceState(null, '', '/yy-sys/nowhere');
    render(<App basename="/yy-sys" queryClient={new QueryClient()} />);
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(window.location.pathname).toBe('/yy-sys/error/404');
  });

  it('opens the icon page (/public/svg) without sign-in', { timeout: 60_000 }, async () => {
    window.history.replaceState(null, '', '/yy-sys/public/svg');
    render(<App basename="/yy-sys" queryClient={new QueryClient()} />);
    expect(await screen.findByRole('heading', { name: '图标库' }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制图标名称 video-camera' })).toBeTruthy();
  });
});

describe('lazily loaded routes', () => {
  function renderPages(a: ReturnType<typeof lazyRoute>, b: ReturnType<typeof lazyRoute>) {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Link to="/b">to b</Link>
        <Link to="/a">to a</Link>
        <RouteErrorBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Routes>
              <Route path="/a" element={a.element} />
              <Route path="/b" element={b.element} />
            </Routes>
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
  }

  it('keep the page shown until the next one has loaded, and load once', async () => {
    const a = deferredPage('page a');
    const b = deferredPage('page b');
    const importB = vi.fn(b.importer);
    const routeB = lazyRoute(importB);
    renderPages(lazyRoute(a.importer), routeB);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => a.resolve());
    expect(await screen.findByText('page a')).toBeTruthy();

    void routeB.load();
    fireEvent.click(screen.getByText('to b'));
    expect(screen.getByText('page a')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    await act(async () => b.resolve());
    expect(await screen.findByText('page b')).toBeTruthy();
    expect(importB).toHaveBeenCalledTimes(1);
  });

  it('show the error page when a chunk fails, and the next navigation renders again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const a = deferredPage('page a');
    const b = deferredPage('page b');
    renderPages(lazyRoute(a.importer), lazyRoute(b.importer));
    await act(async () => a.resolve());
    fireEvent.click(await screen.findByText('to b'));
    await act(async () => b.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('button', { name: '刷新页面' })).toBeTruthy();
    expect(error).toHaveBeenCalledWith('[route] page failed', expect.objectContaining({ name: 'ChunkLoadError' }));
    fireEvent.click(screen.getByText('to a'));
    expect(await screen.findByText('page a')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '刷新页面' })).toBeNull();
    error.mockRestore();
  });
});
