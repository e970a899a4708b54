/**
 * The page tags of the back office (spec 2.6, "tags view"): one tag per visited page, closable
 * except affixed ones (the home page). Pure functions; the layout keeps the list in state.
 */

export interface PageTag {
  /** The page's path (pathname), the tag's identity. */
  path: string;
  /** i18n key of the page title. */
  title: string;
  /** Affixed tags stay open whatever the user closes. */
  affix?: boolean;
}

/** Whether the user turned the tags view on (off by default), kept in local storage. */
export const TAGS_VIEW_KEY = 'yy-manage-tags-view';

export function readTagsView(): boolean {
  try {
    return window.localStorage.getItem(TAGS_VIEW_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeTagsView(on: boolean): void {
  try {
    window.localStorage.setItem(TAGS_VIEW_KEY, on ? '1' : '0');
  } catch (err) {
    console.warn('[manage] failed to store the tags view setting', err);
  }
}

/** Adds the tag of a visited page at the end, or updates its title if it is open already. */
export function addTag(tags: readonly PageTag[], tag: PageTag): PageTag[] {
  const index = tags.findIndex((t) => t.path === tag.path);
  if (index < 0) return [...tags, tag];
  const current = tags[index]!;
  if (current.title === tag.title && Boolean(current.affix) === Boolean(tag.affix)) return [...tags];
  const next = [...tags];
  next[index] = { ...current, title: tag.title, affix: current.affix || tag.affix };
  return next;
}

/** The tags without `path`; affixed tags are not closed. */
export function closeTag(tags: readonly PageTag[], path: string): PageTag[] {
  return tags.filter((t) => t.path !== path || t.affix);
}

/** Keeps only the affixed tags and `path`. */
export function closeOtherTags(tags: readonly PageTag[], path: string): PageTag[] {
  return tags.filter((t) => t.affix || t.path === path);
}

/** Keeps only the affixed tags. */
export function closeAllTags(tags: readonly PageTag[]): PageTag[] {
  return tags.filter((t) => t.affix);
}

/**
 * Where to go after the tags changed while `activePath` was shown: stay when its tag is still
 * open, else the last open tag, else `fallback` (the home page).
 */
export function pathAfterClose(tags: readonly PageTag[], activePath: string, fallback: string): string {
  if (tags.some((t) => t.path === activePath)) return activePath;
  return tags[tags.length - 1]?.path ?? fallback;
}
