import { outsidePage, type OutsidePage } from '@yuyue/shared';

/** The external pages of the settings (`outside_pages`), the valid ones, in order. */
export function outsidePagesOf(settings: Record<string, unknown>): OutsidePage[] {
  const list = Array.isArray(settings.outside_pages) ? settings.outside_pages : [];
  return list.flatMap((p) => {
    const parsed = outsidePage.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Whether a URL is one the settings accept for an external page (absolute http(s), no credentials). */
export function isOutsideUrl(url: string): boolean {
  return outsidePage.shape.url.safeParse(url).success;
}

/**
 * The page a `/manage/iframe/outside` address asks for: `?index=` (0-based) or `?url=` (only one
 * of the configured pages), else the only page when there is one; null when a choice is needed.
 */
export function chosenPage(pages: readonly OutsidePage[], params: URLSearchParams): OutsidePage | null {
  const index = params.get('index');
  if (index !== null && /^\d+$/.test(index)) return pages[Number(index)] ?? null;
  const url = params.get('url');
  if (url) return pages.find((p) => p.url === url) ?? null;
  return pages.length === 1 ? pages[0]! : null;
}
