import { outsidePage } from '@yuyue/shared';
import type { Executor } from '../../db/client.ts';
import { allSettingsValues } from './manage-home.repository.ts';

/** How long the framed origins are kept before they are read again (a settings change shows within it). */
export const OUTSIDE_ORIGINS_TTL_MS = 10_000;

/** The origins of the external pages in some tenants' settings (`outside_pages`), valid entries only. */
export function outsideOrigins(settings: readonly Record<string, unknown>[]): string[] {
  const origins = new Set<string>();
  for (const s of settings) {
    const pages = Array.isArray(s.outside_pages) ? s.outside_pages : [];
    for (const p of pages) {
      const page = outsidePage.safeParse(p);
      if (page.success) origins.add(new URL(page.data.url).origin);
    }
  }
  return [...origins].sort();
}

/**
 * The origins /manage/iframe/outside may frame (the web app's frame-src): those of every tenant's
 * external pages, read at most every OUTSIDE_ORIGINS_TTL_MS (one read for all requests meanwhile;
 * a failed read keeps the last list).
 */
export function outsideOriginsSource(db: Executor): () => Promise<string[]> {
  let kept: { at: number; origins: string[] } | null = null;
  let reading: Promise<string[]> | null = null;
  return async () => {
    if (kept && Date.now() - kept.at < OUTSIDE_ORIGINS_TTL_MS) return kept.origins;
    reading ??= allSettingsValues(db)
      .then((values) => {
        kept = { at: Date.now(), origins: outsideOrigins(values) };
        return kept.origins;
      })
      .catch(() => kept?.origins ?? [])
      .finally(() => {
        reading = null;
      });
    return reading;
  };
}
