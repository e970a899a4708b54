/**
 * The applications of a deployment and the roles each offers (the application centre,
 * `/manage/console`). A role is given by a permission grant (`grantPermission`) to a user, a
 * department (and the departments below it), a post or a triple; what holds it decides at once
 * what the policy table, the services and the menus let a user do (docs/GLOSSARY.md "Grants").
 *
 * `scope` says what a grant's filter may narrow: `resources` (resource ids and resource type
 * ids: `GrantFilter.resources`, `GrantFilter.resourceTypes`), `visitors` (visitor area ids and
 * visitor types: `GrantFilter.areas`, `GrantFilter.visitorTypes`) or `none`. `staff` marks the
 * roles of people who act at a desk or a gate (`/authorize/staff`).
 */
export type AppRoleScope = 'none' | 'resources' | 'visitors';

export interface AppRoleInfo {
  app: AppCode;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  scope: AppRoleScope;
  staff: boolean;
}

export type AppCode = 'booking' | 'visitor';

export const APPLICATIONS: Readonly<Record<AppCode, { name: string; nameEn: string; tags: string }>> = {
  booking: { name: '场馆预约', nameEn: 'Venue booking', tags: 'booking' },
  visitor: { name: '访客管理', nameEn: 'Visitor management', tags: 'visitor' },
};

export const APP_ROLES = {
  admin: {
    app: 'booking',
    name: '租户管理员',
    nameEn: 'Tenant administrator',
    description: '管理本租户的全部后台功能',
    descriptionEn: 'Runs the whole back office of the tenant',
    scope: 'none',
    staff: false,
  },
  resourceAdmin: {
    app: 'booking',
    name: '场馆管理员',
    nameEn: 'Venue administrator',
    description: '管理所授场馆的预约、审批与签到',
    descriptionEn: 'Manages the bookings, approvals and check-ins of the venues granted',
    scope: 'resources',
    staff: false,
  },
  approver: {
    app: 'booking',
    name: '预约审批人',
    nameEn: 'Booking approver',
    description: '审批所授场馆的预约',
    descriptionEn: 'Approves the bookings of the venues granted',
    scope: 'resources',
    staff: false,
  },
  checkinStaff: {
    app: 'booking',
    name: '签到人员',
    nameEn: 'Check-in staff',
    description: '在签到台为所授场馆的预约扫码、签到签退与标记爽约',
    descriptionEn: 'Scans, checks in and out and marks no-shows for the venues granted',
    scope: 'resources',
    staff: true,
  },
  visitorAdmin: {
    app: 'visitor',
    name: '访客管理员',
    nameEn: 'Visitor administrator',
    description: '管理所授区域与类型的访客预约、记录与设置',
    descriptionEn: 'Manages the visits, records and settings of the areas and types granted',
    scope: 'visitors',
    staff: false,
  },
  visitorGate: {
    app: 'visitor',
    name: '门岗人员',
    nameEn: 'Gate staff',
    description: '在门岗核验访客通行码并登记出入',
    descriptionEn: 'Verifies entry passes and records entries at a gate',
    scope: 'visitors',
    staff: true,
  },
} as const satisfies Record<string, AppRoleInfo>;

export type AppRole = keyof typeof APP_ROLES;

export const isAppRole = (value: unknown): value is AppRole =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(APP_ROLES, value);

/** What a scoped grant covers; every list empty (or the filter empty): the whole tenant. */
export interface GrantFilter {
  resources: string[];
  resourceTypes: string[];
  areas: string[];
  visitorTypes: string[];
}

export const WHOLE_TENANT: GrantFilter = Object.freeze({
  resources: [],
  resourceTypes: [],
  areas: [],
  visitorTypes: [],
}) as GrantFilter;

const listOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? [...new Set(value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()))]
    : [];

/** Reads a stored or given filter (JSON text); anything not a JSON object reads as the whole tenant. */
export function parseGrantFilter(text: string | null | undefined): GrantFilter {
  if (!text || !text.trim()) return WHOLE_TENANT;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return WHOLE_TENANT;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return WHOLE_TENANT;
  const o = raw as Record<string, unknown>;
  return {
    resources: listOf(o.resources),
    resourceTypes: listOf(o.resourceTypes),
    areas: listOf(o.areas),
    visitorTypes: listOf(o.visitorTypes),
  };
}

/** Whether a filter narrows nothing. */
export const coversWholeTenant = (f: GrantFilter): boolean =>
  !f.resources.length && !f.resourceTypes.length && !f.areas.length && !f.visitorTypes.length;

/** The canonical text of a filter (sorted lists, empty lists left out; '' for the whole tenant). */
export function grantFilterText(f: GrantFilter): string {
  if (coversWholeTenant(f)) return '';
  const out: Record<string, string[]> = {};
  for (const key of ['resources', 'resourceTypes', 'areas', 'visitorTypes'] as const) {
    if (f[key].length) out[key] = [...f[key]].sort();
  }
  return JSON.stringify(out);
}

/** A role a signed-in user holds through some grant, with what it covers. */
export interface EffectiveGrant {
  permission: AppRole;
  filter: GrantFilter;
}
