import type { ResourceListFilters } from './listVariables.ts';

/**
 * The resource list's view state, kept for the life of the page load (spec 2.4 keep-alive):
 * going to a resource's add or edit page and back finds the same filters, page and scroll
 * position. A module-level store survives the list's unmount; the query cache keeps the rows,
 * so the list comes back at once and the scroll position can be restored.
 */
export interface ResourceListState {
  filters: ResourceListFilters;
  page: { current: number; pageSize: number };
  scrollY: number;
}

const initial: ResourceListState = { filters: {}, page: { current: 1, pageSize: 10 }, scrollY: 0 };
let state: ResourceListState = initial;

export function readResourceListState(): ResourceListState {
  return state;
}

export function writeResourceListState(patch: Partial<ResourceListState>): void {
  state = { ...state, ...patch };
}

/** Forgets the kept state (the list's reset, and tests). */
export function resetResourceListState(): void {
  state = initial;
}
