import type { FindResourcesAllByAccountVariables } from './api/findResourcesAllByAccount.ts';
import { minutesOf } from './dates.ts';
import type { BookableResource } from './types.ts';

/** Orders of the search: the administrators' order, popularity, name, largest first. */
export const SEARCH_SORTS = {
  default: 'order asc',
  hits: 'hits desc',
  name: 'resources_name asc',
  capacity: 'capacity desc',
} as const;
export type SearchSort = keyof typeof SEARCH_SORTS;

/** The search's state; kept in the page's URL so that coming back from a detail restores it. */
export interface SearchState {
  typeId: string;
  keyword: string;
  sort: SearchSort;
  campus: string;
  building: string;
  floor: string;
  /** Least capacity, '' for any. */
  minCapacity: string;
  /** '' any, '1' needs approval, '0' does not. */
  approval: string;
  /** "YYYY-MM-DD" the time filter and the closed periods refer to ('' today). */
  date: string;
  /** "HH:mm": only resources open for this whole period. */
  start: string;
  end: string;
}

const KEYS = [
  'typeId',
  'keyword',
  'sort',
  'campus',
  'building',
  'floor',
  'minCapacity',
  'approval',
  'date',
  'start',
  'end',
] as const satisfies readonly (keyof SearchState)[];

export const emptySearch: SearchState = {
  typeId: '',
  keyword: '',
  sort: 'default',
  campus: '',
  building: '',
  floor: '',
  minCapacity: '',
  approval: '',
  date: '',
  start: '',
  end: '',
};

export function searchStateOf(params: URLSearchParams): SearchState {
  const state: SearchState = { ...emptySearch };
  for (const key of KEYS) {
    const value = params.get(key)?.trim() ?? '';
    if (key === 'sort') state.sort = value in SEARCH_SORTS ? (value as SearchSort) : 'default';
    else state[key] = value;
  }
  if (!/^\d+$/.test(state.minCapacity)) state.minCapacity = '';
  if (state.approval !== '0' && state.approval !== '1') state.approval = '';
  return state;
}

/** The URL parameters of a state (defaults left out). */
export function searchParamsOf(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = state[key];
    if (value && !(key === 'sort' && value === 'default')) params.set(key, value);
  }
  return params;
}

/** Whether the time filter is a usable period (both ends, start before end). */
export function hasTimeFilter(state: Pick<SearchState, 'start' | 'end'>): boolean {
  const s = minutesOf(state.start);
  const e = minutesOf(state.end);
  return s !== null && e !== null && s < e;
}

/** How many of the filter panel's conditions are set (the toolbar shows it). */
export function activeFilterCount(state: SearchState): number {
  return [state.campus, state.building, state.floor, state.minCapacity, state.approval].filter(Boolean).length;
}

/** The query of a state; capacity is applied to the answer (`withCapacity`). */
export function searchVariables(state: SearchState, lang: 'zh' | 'en'): FindResourcesAllByAccountVariables {
  const time = hasTimeFilter(state);
  return {
    first: 500,
    offset: 0,
    typeId: state.typeId,
    resourceName: state.keyword,
    bookDate: state.date,
    bookStartTime: time ? state.start : '',
    bookEndTime: time ? state.end : '',
    order_by: SEARCH_SORTS[state.sort],
    cur_language: lang,
    filter: {
      campus_code: { eq: state.campus },
      building_code: { eq: state.building },
      floor_code: { eq: state.floor },
      need_approve: { eq: state.approval },
    },
  };
}

/** The resources holding at least `minCapacity` people ('' keeps all). */
export function withCapacity<T extends Pick<BookableResource, 'capacity'>>(
  list: readonly T[],
  minCapacity: string,
): T[] {
  const min = Number(minCapacity);
  if (!minCapacity || !Number.isFinite(min) || min <= 0) return [...list];
  return list.filter((r) => (r.capacity ?? 0) >= min);
}
