import { isUuid } from '../../platform/ids.ts';

/**
 * Pure rules of visitor areas as visits, passes and settings name them: the comma-separated id
 * lists they are stored as, and the names shown for them.
 */

/** Comma-separated ids (areas, approvers' accounts), trimmed, without blanks or repeats, in their order. */
export function splitIds(value: string | null | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** The area ids a pass names (`in_school_area`, `permission`): UUIDs only, lower case, once each, sorted. */
export function areaIdsOf(text: string | null | undefined): string[] {
  return [...new Set(splitIds(text).map((s) => s.toLowerCase()))].filter((s) => isUuid(s)).sort();
}

/** An area's names. */
export interface AreaName {
  zh: string;
  en: string;
}

/** The names of areas in the order of `ids` (English falling back to Chinese); an id without a name shows as itself. */
export function areaNamesOf(
  ids: readonly string[],
  names: ReadonlyMap<string, AreaName>,
): { zh: string[]; en: string[] } {
  return {
    zh: ids.map((id) => names.get(id)?.zh ?? id),
    en: ids.map((id) => names.get(id)?.en || names.get(id)?.zh || id),
  };
}
