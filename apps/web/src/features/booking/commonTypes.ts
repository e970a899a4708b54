/**
 * The user's common resource types (常用): the categories the home page shows, chosen on
 * /mobile/menuManage and kept in this browser per account. Never chosen: every type shows.
 */
const key = (account: string) => `yy-mobile-common-types:${account}`;

export function loadCommonTypes(account: string): string[] | null {
  try {
    const raw = window.localStorage.getItem(key(account));
    const value: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

export function saveCommonTypes(account: string, ids: readonly string[]): void {
  window.localStorage.setItem(key(account), JSON.stringify(ids));
}

export function resetCommonTypes(account: string): void {
  window.localStorage.removeItem(key(account));
}

/**
 * The types to show, in the user's order: the chosen ones that still exist, or every type
 * when nothing was chosen.
 */
export function commonTypesOf<T extends { id: string }>(types: readonly T[], chosen: readonly string[] | null): T[] {
  if (chosen === null) return [...types];
  const byId = new Map(types.map((t) => [t.id, t]));
  return chosen.flatMap((id) => {
    const type = byId.get(id);
    return type ? [type] : [];
  });
}

/** Moves an id one place up (-1) or down (+1) in a list. */
export function moveId(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const i = ids.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return [...ids];
  const out = [...ids];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}
