import { CHUNK_LOAD_TIMEOUT_MS } from '@yuyue/shared';
import { lazy, type ComponentType, type ReactElement } from 'react';

/** A script chunk that did not load in time or at all (spec 8). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Loads a lazily imported page, failing with a ChunkLoadError after 120 s. */
export async function loadPage(importer: () => Promise<{ default: ComponentType }>): Promise<ComponentType> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_LOAD_TIMEOUT_MS);
  });
  try {
    const mod = await Promise.race([importer(), timeout]);
    return mod.default;
  } catch (err) {
    throw err instanceof ChunkLoadError ? err : new ChunkLoadError(err);
  } finally {
    clearTimeout(timer);
  }
}

/** A route's component loaded on demand: the element to render, and `load` to start loading it early. */
export interface LazyRoute {
  element: ReactElement;
  /** Starts loading the component (once; later calls return the same promise). */
  load: () => Promise<ComponentType>;
}

/**
 * The component `importer` gives, loaded the first time it renders or `load` is called (React's
 * `lazy`). While it loads, the element suspends (the nearest Suspense boundary, or the page shown
 * before during a navigation, which the router runs as a transition); a failed load throws a
 * ChunkLoadError to the nearest error boundary.
 */
export function lazyRoute(importer: () => Promise<{ default: ComponentType }>): LazyRoute {
  let loading: Promise<ComponentType> | undefined;
  const load = () => (loading ??= loadPage(importer));
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return { element: <Page />, load };
}
