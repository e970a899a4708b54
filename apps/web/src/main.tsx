import { createRoot, type Root } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { App, createQueryClient } from './app/App.tsx';
import { preloadRoutes } from './app/router.tsx';
import './app/global.css';
import { accessToken, currentUser, signIn, startSilentRenew, stopSilentRenew } from './features/auth/auth.ts';
import { prefetchSession } from './app/session.tsx';
import { configureGraphql } from './lib/graphql.ts';
import { initI18n } from './lib/i18n.ts';
import { runtimeConfig, setRuntimeOverride, type RuntimeConfig } from './lib/runtime-config.ts';
import { noteGraphqlError } from './app/tenant-failure.ts';

declare global {
  interface Window {
    /** Set by the qiankun entry script of index.html (vite.config.ts): a host will call mount. */
    __YUYUE_HOSTED__?: boolean;
  }
}

/** What a mounted app holds, so that unmount can let go of all of it. */
let mounted: { root: Root; queryClient: QueryClient } | null = null;

async function render(container: HTMLElement): Promise<void> {
  configureGraphql({
    token: accessToken,
    unauthorized: () => void signIn(window.location.pathname.slice(runtimeConfig().basePath.length) || '/'),
    onError: noteGraphqlError,
  });
  // Everything the first page waits for starts at once: the translations, the matched routes'
  // code and, when signed in, the guard's queries.
  const queryClient = createQueryClient();
  const translations = initI18n();
  const basename = runtimeConfig().basePath;
  preloadRoutes(window.location.pathname, basename);
  const user = await currentUser();
  if (user) prefetchSession(queryClient, user);
  await translations;
  const root = createRoot(container);
  mounted = { root, queryClient };
  root.render(<App basename={basename} queryClient={queryClient} />);
  startSilentRenew();
}

/** Props a qiankun host passes to a sub-application. */
interface HostProps {
  container?: HTMLElement;
  /** Where the host shows the app; default: the path the server serves it under. */
  basePath?: string;
  /** The server's settings from index.html, passed on by the qiankun entry script. */
  runtime?: Partial<RuntimeConfig>;
}

// qiankun lifecycle: under a host, the qiankun entry script of index.html (vite.config.ts)
// imports this module and calls these; standalone, the module renders at once.
export async function bootstrap(): Promise<void> {}

export async function mount(props: HostProps = {}): Promise<void> {
  setRuntimeOverride({ ...props.runtime, ...(props.basePath ? { basePath: props.basePath } : {}) });
  // The template's <base href> came into the host's document with the app, where it would
  // change the base URL of the host's own links (the app's assets need it no more).
  props.container?.querySelectorAll('base').forEach((base) => base.remove());
  const container =
    props.container?.querySelector<HTMLElement>('#root') ?? props.container ?? document.getElementById('root')!;
  await render(container);
}

export async function unmount(): Promise<void> {
  if (!mounted) return;
  const { root, queryClient } = mounted;
  mounted = null;
  root.unmount();
  queryClient.clear();
  stopSilentRenew();
}

if (!window.__POWERED_BY_QIANKUN__ && !window.__YUYUE_HOSTED__) void render(document.getElementById('root')!);
