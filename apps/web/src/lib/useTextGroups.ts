import { useEffect, useReducer } from 'react';
import type { TextGroupsLoader } from './i18n.ts';

/**
 * Whether the named groups of a section's texts are there, loading them when not (and when
 * `enabled`): for components other screens place, which render a placeholder (or nothing) until
 * their texts are there rather than keys.
 */
export function useTextGroups<G extends string>(
  load: TextGroupsLoader<G>,
  names: readonly G[],
  enabled = true,
): boolean {
  const ready = load.loaded(names);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // the names as one value: a new array literal every render does not start a new load
  const key = names.join(' ');
  useEffect(() => {
    if (ready || !enabled) return;
    let alive = true;
    load(key.split(' ') as G[]).then(
      () => alive && rerender(),
      (err: unknown) => console.warn('[i18n] failed to load texts', key, err),
    );
    return () => {
      alive = false;
    };
  }, [ready, enabled, load, key]);
  return ready;
}
