import { coversWholeTenant, grantFilterText, parseGrantFilter, type GrantFilter } from '@yuyue/shared';
import type { RoleScope } from './types.ts';

/** The kinds of things a grant's filter names, in the order they are told. */
export const FILTER_KINDS = ['resources', 'resourceTypes', 'areas', 'visitorTypes'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/** The kinds a role of `scope` may narrow by. */
export const kindsOfScope = (scope: RoleScope): readonly FilterKind[] =>
  scope === 'resources' ? ['resources', 'resourceTypes'] : scope === 'visitors' ? ['areas', 'visitorTypes'] : [];

/** One part of a filter told in words: its kind and the names of what it covers. */
export interface FilterPart {
  kind: FilterKind;
  names: string[];
}

/**
 * What a grant covers, as parts per kind with names (`nameOf` gives a name for an id, or
 * undefined when it is unknown: then `missing(id)`). An empty list: the whole tenant ("全部").
 */
export function describeFilter(
  filter: string | null | undefined,
  nameOf: (kind: FilterKind, id: string) => string | undefined,
  missing: (id: string) => string,
): FilterPart[] {
  const f = parseGrantFilter(filter);
  if (coversWholeTenant(f)) return [];
  return FILTER_KINDS.filter((kind) => f[kind].length).map((kind) => ({
    kind,
    names: f[kind].map((id) => nameOf(kind, id) ?? missing(id)),
  }));
}

/** What a grant dialog's scope pickers chose. */
export type ScopeChoice = Partial<Record<FilterKind, string[]>>;

/** The filter text of a grant from the scope pickers ('' when nothing is chosen: the whole tenant). */
export function filterOfChoice(choice: ScopeChoice): string {
  const f: GrantFilter = {
    resources: choice.resources ?? [],
    resourceTypes: choice.resourceTypes ?? [],
    areas: choice.areas ?? [],
    visitorTypes: choice.visitorTypes ?? [],
  };
  return grantFilterText(f);
}
