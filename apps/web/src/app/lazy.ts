import { CHUNK_LOAD_TIMEOUT_MS } from '@yuyue/shared';
import type { ComponentType } from 'react';

/** A script chunk that did not load in time or at all (spec 8). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Loads a lazily imported page, failing with a ChunkLoadError after 120 s. */
export async function loadPage(
  importer: () => Promise<{ default: ComponentType }>,
): Promise<{ Component: ComponentType }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_LOAD_TIMEOUT_MS);
  });
  try {
    const mod = await Promise.race([importer(), timeout]);
    return { Component: mod.default };
  } catch (err) {
    throw err instanceof ChunkLoadError ? err : new ChunkLoadError(err);
  } finally {
    clearTimeout(timer);
  }
}
