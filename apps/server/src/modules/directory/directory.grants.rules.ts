import {
  APP_ROLES,
  APPLICATIONS,
  coversWholeTenant,
  grantFilterText,
  isAppRole,
  WHOLE_TENANT,
  type AppRole,
  type EffectiveGrant,
  type GrantFilter,
} from '@yuyue/shared';

/*
 * Pure rules of permission grants (docs/GLOSSARY.md "Grants"): what a grant's filter may say,
 * how the grants a user holds merge, and which back-office menu sections each role opens.
 */

/** The keys a filter may carry for each scope of role. */
const SCOPE_KEYS = {
  none: [],
  resources: ['resources', 'resourceTypes'],
  visitors: ['areas', 'visitorTypes'],
} as const satisfies Record<string, readonly (keyof GrantFilter)[]>;

/** Why a given filter is refused: the key (or `filter` itself) and what is wrong. */
export interface FilterProblem {
  key: string;
  problem: 'not_json' | 'not_object' | 'unknown_key' | 'not_list' | 'not_text' | 'too_long';
}

/** Most ids one list of a filter may name. */
export const MAX_FILTER_ITEMS = 500;

/**
 * Reads a filter given to `grantPermission` strictly: empty (or `{}`) for the whole tenant, else
 * a JSON object whose keys fit the role's scope (`resources`/`resourceTypes` for booking roles,
 * `areas`/`visitorTypes` for visitor roles, none for `admin`), each a list of non-empty texts.
 * Returns the filter, or what is wrong with it.
 */
export function readGivenFilter(
  role: AppRole,
  text: string | null | undefined,
): { filter: GrantFilter } | { problem: FilterProblem } {
  if (text === null || text === undefined || !text.trim()) return { filter: WHOLE_TENANT };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { problem: { key: 'filter', problem: 'not_json' } };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { problem: { key: 'filter', problem: 'not_object' } };
  const allowed: readonly string[] = SCOPE_KEYS[APP_ROLES[role].scope];
  const out: GrantFilter = { resources: [], resourceTypes: [], areas: [], visitorTypes: [] };
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!allowed.includes(key)) return { problem: { key, problem: 'unknown_key' } };
    if (!Array.isArray(value)) return { problem: { key, problem: 'not_list' } };
    if (value.length > MAX_FILTER_ITEMS) return { problem: { key, problem: 'too_long' } };
    const items: string[] = [];
    for (const v of value) {
      if (typeof v !== 'string' || !v.trim() || v.length > 100) return { problem: { key, problem: 'not_text' } };
      items.push(v.trim());
    }
    out[key as keyof GrantFilter] = [...new Set(items)];
  }
  return { filter: out };
}

/**
 * What several grants of one role cover together: the whole tenant when any of them does, else
 * the union of their lists.
 */
export function mergeFilters(filters: readonly GrantFilter[]): GrantFilter {
  if (!filters.length || filters.some(coversWholeTenant)) return WHOLE_TENANT;
  const union = (key: keyof GrantFilter) => [...new Set(filters.flatMap((f) => f[key]))].sort();
  return {
    resources: union('resources'),
    resourceTypes: union('resourceTypes'),
    areas: union('areas'),
    visitorTypes: union('visitorTypes'),
  };
}

/** The roles a user holds, each once, with the filters of its grants merged. */
export function rolesHeld(grants: readonly EffectiveGrant[]): Map<AppRole, GrantFilter> {
  const byRole = new Map<AppRole, GrantFilter[]>();
  for (const g of grants) byRole.set(g.permission, [...(byRole.get(g.permission) ?? []), g.filter]);
  return new Map([...byRole].map(([role, filters]) => [role, mergeFilters(filters)]));
}

/** Grant rows (permission and stored filter text) as effective grants, unknown roles dropped, each once. */
export function effectiveGrantsOf(rows: readonly { permission: string; filter: string }[]): EffectiveGrant[] {
  const seen = new Set<string>();
  const out: EffectiveGrant[] = [];
  for (const r of rows) {
    if (!isAppRole(r.permission)) continue;
    const key = `${r.permission}\u0000${r.filter}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ permission: r.permission, filter: parseStored(r.filter) });
  }
  return out;
}

/** A stored filter (canonical JSON, see `grantFilterText`) as a filter. */
function parseStored(text: string): GrantFilter {
  if (!text) return WHOLE_TENANT;
  try {
    const o = JSON.parse(text) as Partial<Record<keyof GrantFilter, unknown>>;
    const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    return {
      resources: list(o.resources),
      resourceTypes: list(o.resourceTypes),
      areas: list(o.areas),
      visitorTypes: list(o.visitorTypes),
    };
  } catch {
    return WHOLE_TENANT;
  }
}

/** Whether a user holds the tenant administrator role through a grant. */
export const holdsAdminGrant = (grants: readonly EffectiveGrant[] | undefined): boolean =>
  !!grants?.some((g) => g.permission === 'admin');

/**
 * The back-office sections (menu entry names, see `defaultMenus`) each role opens to a user who
 * is not a tenant administrator. Never the `home` entry: having it makes the web app treat the
 * user as a full administrator (spec 6).
 */
export const SECTIONS_OF_ROLE: Readonly<Record<Exclude<AppRole, 'admin'>, readonly string[]>> = {
  resourceAdmin: ['appointment', 'sign'],
  approver: ['appointment'],
  checkinStaff: ['sign'],
  visitorAdmin: ['visitorManagement'],
  visitorGate: ['accessControlCheck'],
};

/** The menu entry names a user's grants open (a tenant administrator's are decided by role). */
export function sectionsOpenedBy(grants: readonly EffectiveGrant[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const g of grants ?? []) {
    if (g.permission === 'admin') continue;
    for (const s of SECTIONS_OF_ROLE[g.permission]) out.add(s);
  }
  return out;
}

/** The canonical stored text of a given filter (`grantFilterText`). */
export const storedFilter = (f: GrantFilter): string => grantFilterText(f);

/**
 * The roles an `administrators(service, type)` question asks about: `type` alone, the roles of
 * the application `service` names, or `admin`. A `service` that is no application code (the
 * original's clients send `apps_yy_sys`, the whole system) does not narrow. Null for an unknown
 * `type`.
 */
export function rolesAsked(service: string | undefined, type: string | undefined): AppRole[] | null {
  const app = service && Object.hasOwn(APPLICATIONS, service) ? service : undefined;
  if (type) {
    if (!isAppRole(type)) return null;
    if (app && APP_ROLES[type].app !== app) return [];
    return [type];
  }
  if (app) return (Object.keys(APP_ROLES) as AppRole[]).filter((r) => APP_ROLES[r].app === app);
  return ['admin'];
}
