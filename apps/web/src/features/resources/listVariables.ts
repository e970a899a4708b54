import type { StringFilter } from './types.ts';

/** The resource list's search form. */
export interface ResourceListFilters {
  resources_type_id?: string;
  campus_code?: string;
  building_code?: string;
  resources_name?: string;
  /** "1" enabled, "0" disabled. */
  state?: string;
}

export interface ResourcesFilter {
  resources_type_id?: StringFilter;
  campus_code?: StringFilter;
  building_code?: StringFilter;
  resources_name?: StringFilter;
  state?: StringFilter;
  rule_template_id?: StringFilter;
}

/** findResourcesAll's filter for the search form: equality on codes and state, a name match. */
export function resourcesFilterOf(f: ResourceListFilters): ResourcesFilter {
  const name = f.resources_name?.trim();
  return {
    ...(f.resources_type_id ? { resources_type_id: { eq: f.resources_type_id } } : {}),
    ...(f.campus_code ? { campus_code: { eq: f.campus_code } } : {}),
    ...(f.building_code ? { building_code: { eq: f.building_code } } : {}),
    ...(name ? { resources_name: { like: name } } : {}),
    ...(f.state === '0' || f.state === '1' ? { state: { eq: f.state } } : {}),
  };
}
