import { useSyncExternalStore } from 'react';
import { RequestError } from '../lib/graphql.ts';

/*
 * A page the server refuses to the signed-in user (FORBIDDEN on a query of its first load) shows
 * the no-permission page instead of a failed load whose retry could never work. Queries report
 * here (the query client's cache, app/App.tsx); the page at that browser path is replaced until
 * the user navigates elsewhere.
 */

let forbiddenPath: string | null = null;
const listeners = new Set<() => void>();

const emit = () => {
  for (const l of listeners) l();
};

/** Whether an error is the server's refusal of the caller's rights (not of the sign-in). */
export function isForbiddenError(err: unknown): boolean {
  return err instanceof RequestError && err.code === 'FORBIDDEN';
}

/**
 * A query failed: when the server refused the caller (FORBIDDEN) before the query had any data
 * (the page's load, not a later refresh), the page at the current path becomes the no-permission
 * page. Queries may opt out with `meta: { forbidden: 'inline' }` when a refusal is part of the page.
 */
export function reportQueryError(
  err: unknown,
  query: { state: { data: unknown }; meta?: Record<string, unknown> | undefined },
): void {
  if (!isForbiddenError(err) || query.state.data !== undefined || query.meta?.forbidden === 'inline') return;
  if (typeof window === 'undefined') return;
  forbiddenPath = window.location.pathname;
  emit();
}

/** Forgets a refusal (the user left the page). */
export function clearForbidden(): void {
  if (forbiddenPath === null) return;
  forbiddenPath = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the page at the browser's current path was refused to the user. */
export function useForbiddenHere(): boolean {
  const path = useSyncExternalStore(subscribe, () => forbiddenPath);
  return path !== null && typeof window !== 'undefined' && path === window.location.pathname;
}
