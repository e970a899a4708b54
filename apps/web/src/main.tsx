import { createRoot, type Root } from 'react-dom/client';
import { App, createQueryClient } from './app/App.tsx';
import './app/global.css';
import { accessToken, signIn } from './features/auth/auth.ts';
import { configureGraphql } from './lib/graphql.ts';
import { initI18n } from './lib/i18n.ts';
import { runtimeConfig, setRuntimeOverride } from './lib/runtime-config.ts';
import { noteGraphqlError } from './app/tenant-failure.ts';

let root: Root | null = null;

async function render(container: HTMLElement): Promise<void> {
  await initI18n();
  configureGraphql({
    token: accessToken,
    unauthorized: () => void signIn(window.location.pathname.slice(runtimeConfig().basePath.length) || '/'),
    onError: noteGraphqlError,
  });
  root = createRoot(container);
  root.render(<App basename={runtimeConfig().basePath} queryClient={createQueryClient()} />);
}

/** Props a qiankun host passes to a sub-application. */
interface HostProps {
  container?: HTMLElement;
  basePath?: string;
}

// qiankun lifecycle: the host loads this module and calls these; standalone, it renders at once.
export async function bootstrap(): Promise<void> {}

export async function mount(props: HostProps = {}): Promise<void> {
  if (props.basePath) setRuntimeOverride({ basePath: props.basePath });
  const container =
    props.container?.querySelector<HTMLElement>('#root') ?? props.container ?? document.getElementById('root')!;
  await render(container);
}

export async function unmount(): Promise<void> {
  root?.unmount();
  root = null;
}

if (!window.__POWERED_BY_QIANKUN__) void render(document.getElementById('root')!);
