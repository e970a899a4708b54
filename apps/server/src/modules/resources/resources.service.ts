import { formatDateTime, hhmm, instantOf, isoDateOf, minutesOf, parseIsoDate, VISITOR_CATEGORY } from '@yuyue/shared';
import { type Tx } from '../../db/client.ts';
import { type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type ResourcesTypeRow, type TypeAuthRow } from '../resource-types/resource-types.repository.ts';
import { typeOpenTo, type Identity } from '../resource-types/resource-types.rules.ts';
import type { OccupancyRow } from '../occupancy/occupancy.repository.ts';
import { ruleFieldNames } from '../rules/rules.columns.ts';
import { type NumberLimitRuleRow, type RuleListRows, type RuleTemplateRow } from '../rules/rules.repository.ts';
import { wireRuleLists } from '../rules/rules.rules.ts';
import { resourceBookings } from './resources.bookings.ts';
import { feedbackOf } from './resources.feedback.ts';
import {
  loadResourceBundle,
  type ResourceAuthRow,
  type ResourceRow,
  type VisibilityRow,
} from './resources.repository.ts';
import {
  closedPeriodsOf,
  dayHasOpenTime,
  effectiveRules,
  resourceVisibleTo,
  ruleOwnerOf,
  type ClosedPeriod,
} from './resources.rules.ts';

/*
 * Resources as the lists and the detail show them: what is loaded once for some resources, and
 * their wire shape. The use cases are beside it: resources.find.service.ts (finding and reading)
 * and resources.save.service.ts (saving, state, removal, copies and QR codes).
 */

const ruleFields = ruleFieldNames as readonly string[];

/** Everything the wire shape of some resources needs, loaded once for the lot. */
export interface Loaded {
  types: Map<string, ResourcesTypeRow>;
  /** Grants of the loaded resources' types. */
  typeAuths: Map<string, TypeAuthRow[]>;
  /** Per-person limits of the loaded resources' types. */
  typeLimits: Map<string, NumberLimitRuleRow[]>;
  templates: Map<string, RuleTemplateRow>;
  lists: Map<string, RuleListRows>;
  visibility: Map<string, VisibilityRow[]>;
  auths: Map<string, ResourceAuthRow[]>;
  occupancies: Map<string, OccupancyRow[]>;
}

/** The instants from the first date's midnight to the day after the last, in the tenant's zone. */
export function dayBounds(isoDates: string[], timeZone: string): { from: Date; to: Date } {
  const sorted = [...isoDates].sort();
  const first = parseIsoDate(sorted[0]!)!;
  const last = parseIsoDate(sorted[sorted.length - 1]!)!;
  const next = new Date(Date.UTC(last.year, last.month - 1, last.day + 1));
  return {
    from: new Date(instantOf(first, { hour: 0, minute: 0 }, timeZone)),
    to: new Date(
      instantOf(
        { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
        { hour: 0, minute: 0 },
        timeZone,
      ),
    ),
  };
}

/** Loads what `wireResource` needs for `rows` on `days` (types, grants, rules, occupations), once for the lot. */
export async function load(tx: Tx, tenant: TenantRef, rows: ResourceRow[], days: string[]): Promise<Loaded> {
  const ids = rows.map((r) => r.id);
  const templateIds = [
    ...new Set(rows.filter((r) => r.rule_source === '1' && r.rule_template_id).map((r) => r.rule_template_id!)),
  ];
  const { from, to } = dayBounds(days, tenant.timeZone);
  // Rule lists of both possible owners (a template that turns out missing falls back to the resource's own).
  const owners = [
    ...rows.map((r) => ({ kind: 'resource' as const, id: r.id })),
    ...templateIds.map((id) => ({ kind: 'template' as const, id })),
  ];
  const bundle = await loadResourceBundle(tx, tenant.id, {
    ids,
    typeIds: [...new Set(rows.map((r) => r.resources_type_id))],
    templateIds,
    owners,
    from,
    to,
  });
  const templateMap = new Map(bundle.templates.map((t) => [t.id, t]));
  const occupancies = new Map<string, OccupancyRow[]>();
  for (const o of bundle.occupancies) occupancies.set(o.resources_id, [...(occupancies.get(o.resources_id) ?? []), o]);
  return {
    types: new Map(bundle.types.map((t) => [t.id, t])),
    typeAuths: bundle.typeAuths,
    typeLimits: bundle.typeLimits,
    templates: templateMap,
    lists: bundle.lists,
    visibility: bundle.visibility,
    auths: bundle.auths,
    occupancies,
  };
}

/** Whose rules apply: the template when the resource uses one that exists, else its own. */
function ownerOf(row: ResourceRow, templates: Map<string, RuleTemplateRow>) {
  const owner = ruleOwnerOf(row);
  return owner.kind === 'template' && !templates.has(owner.id) ? { kind: 'resource' as const, id: row.id } : owner;
}

/** The rules a resource follows (its own or its template's) and their date lists. */
export function effectiveOf(row: ResourceRow, loaded: Loaded) {
  const owner = ownerOf(row, loaded.templates);
  const template = owner.kind === 'template' ? loaded.templates.get(owner.id) : undefined;
  return { rules: effectiveRules(row, template, ruleFields), lists: loaded.lists.get(owner.id)! };
}

/** The periods of `isoDate` the resource is closed, and why. */
export function closedPeriods(row: ResourceRow, loaded: Loaded, isoDate: string, timeZone: string): ClosedPeriod[] {
  const { rules, lists } = effectiveOf(row, loaded);
  return closedPeriodsOf({
    isoDate,
    rules,
    lists,
    occupancies: (loaded.occupancies.get(row.id) ?? []).map((o) => ({
      startsAt: o.starts_at.getTime(),
      endsAt: o.ends_at.getTime(),
      reason_cn: o.reason_cn,
      reason_en: o.reason_en,
    })),
    timeZone,
  });
}

function grantsOf(row: ResourceRow, loaded: Loaded) {
  const vis = loaded.visibility.get(row.id) ?? [];
  const toGrant = (v: VisibilityRow) => ({ grant_object_id: v.obj_id, grant_object_type: v.obj_type });
  return {
    visible: vis.filter((v) => v.kind === 'visible').map(toGrant),
    invisible: vis.filter((v) => v.kind === 'invisible').map(toGrant),
    auths: loaded.auths.get(row.id) ?? [],
  };
}

/** Favourites, evaluations and successful bookings of resources, as the lists and the detail show them. */
type ResourceStats = Map<string, { like: number; evaluateCount: number; average: number; total: number }>;

export async function statsOf(tx: Tx, tenantId: string, ids: string[], account: string): Promise<ResourceStats> {
  const social = await feedbackOf(tx, tenantId, ids, account);
  const totals = await resourceBookings().successfulBookingCounts(tx, tenantId, ids);
  return new Map(
    ids.map((id) => {
      const s = social.get(id);
      return [
        id,
        {
          like: s?.like ?? 0,
          evaluateCount: s?.evaluateCount ?? 0,
          average: s?.average ?? 0,
          total: totals.get(id) ?? 0,
        },
      ];
    }),
  );
}

/**
 * A resource in the contract's shape, its closed periods computed for `isoDate`; `like`,
 * `evaluateCount` and `average` from `stats` (read by the lists and the detail, not the engine).
 */
export function wireResource(
  row: ResourceRow,
  loaded: Loaded,
  isoDate: string,
  tenant: TenantRef,
  stats?: ResourceStats,
) {
  const t = (d: Date) => formatDateTime(d.getTime(), tenant.timeZone);
  const { rules, lists } = effectiveOf(row, loaded);
  const type = loaded.types.get(row.resources_type_id);
  const periods = closedPeriods(row, loaded, isoDate, tenant.timeZone);
  const {
    tenant_id: _tenant,
    update_time: _updated,
    own_config,
    images,
    roles,
    cooperative_depts,
    extended_properties,
    custom_attributes,
    custom_attribute_contents,
    rule_config,
    create_time,
    rule_template_id,
    ...scalars
  } = rules;
  const vis = loaded.visibility.get(row.id) ?? [];
  return {
    ...scalars,
    rule_template_id: rule_template_id ?? '',
    resources_type_name: type?.resources_name ?? '',
    resources_type_name_en: type?.resources_name_en ?? '',
    // Cloud meetings are switched on per resource type; a resource offers one when its type does.
    wemeet_enable: type?.wemeet_enable ?? '0',
    create_time: t(create_time),
    like: stats?.get(row.id)?.like ?? 0,
    evaluateCount: stats?.get(row.id)?.evaluateCount ?? 0,
    average: stats?.get(row.id)?.average ?? 0,
    totalSuccessReserveCounts: stats?.get(row.id)?.total ?? 0,
    reservable_status: row.state === 1 && dayHasOpenTime(periods) ? '1' : '0',
    ...wireRuleLists(lists, row.id, tenant.timeZone),
    noReservationTimeSlotList: periods.map((p) => ({
      book_date: isoDate,
      start_time: hhmm(p.start),
      end_time: hhmm(p.end),
      reason_cn: p.reason_cn,
      reason_en: p.reason_en,
    })),
    resourcesRoles: roles.map((r) => ({ ...r, resources_id: row.id })),
    resourcesImage: images.map((i) => ({ ...i, resources_id: row.id })),
    resourcesVisibleList: vis
      .filter((v) => v.kind === 'visible')
      .map((v) => ({
        id: v.id,
        resources_id: row.id,
        visible_obj_id: v.obj_id,
        visible_obj_name: v.obj_name,
        visible_obj_type: v.obj_type,
        create_time: t(v.create_time),
      })),
    resourcesInvisibleList: vis
      .filter((v) => v.kind === 'invisible')
      .map((v) => ({
        id: v.id,
        resources_id: row.id,
        invisible_obj_id: v.obj_id,
        invisible_obj_name: v.obj_name,
        invisible_obj_type: v.obj_type,
        create_time: t(v.create_time),
      })),
    resourcesCooperativeDeptList: cooperative_depts.map((d) => ({ ...d, resources_id: row.id })),
    resourcesAuthList: (loaded.auths.get(row.id) ?? []).map(({ tenant_id: _t, grant_time, ...a }) => ({
      ...a,
      resources_name: row.resources_name,
      grant_time: t(grant_time),
    })),
    resourcesExtendedPropertiesList: extended_properties.map((p) => ({ ...p, resources_id: row.id })),
    resourcesConfig: { resources_id: row.id, ...own_config, ...rule_config },
    resourcesCustomAttributeList: custom_attributes.map((a) => ({ ...a, resources_type_id: row.resources_type_id })),
    resourcesCustomAttributeContentList: custom_attribute_contents.map((c) => ({ ...c, resources_id: row.id })),
    userDisplayInfoConfigList: (type?.user_display_info_config ?? []).map((u) => ({
      ...u,
      resource_type_id: row.resources_type_id,
      tenant_id: tenant.id,
    })),
  };
}
export type WireResource = ReturnType<typeof wireResource>;

/** Today's date in the tenant's zone. */
export function today(tenant: TenantRef): string {
  return isoDateOf(Date.now(), tenant.timeZone);
}

/** A "YYYY-MM-DD" argument, `fallback` when absent; INVALID_INPUT when unreadable. */
export function dateArg(value: string | null | undefined, field: string, fallback: string): string {
  if (value === null || value === undefined || value.trim() === '') return fallback;
  if (!parseIsoDate(value.trim())) throw new AppError('INVALID_INPUT', { detail: `${field}: YYYY-MM-DD` });
  return value.trim();
}

/** An "HH:mm" argument, undefined when absent; INVALID_INPUT when unreadable. */
export function timeArg(value: string | null | undefined, field: string): string | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  if (minutesOf(value.trim()) === null) throw new AppError('INVALID_INPUT', { detail: `${field}: HH:mm` });
  return value.trim();
}

/** The resources of `rows` a user may see: enabled, of a type open to the user, and passing the resource's own lists. */
export function visibleRows(who: Identity, rows: ResourceRow[], loaded: Loaded) {
  const typeOpen = (typeId: string) => {
    const type = loaded.types.get(typeId);
    return (
      !!type &&
      type.state === 1 &&
      type.del === 0 &&
      type.appointment_category !== VISITOR_CATEGORY &&
      typeOpenTo(loaded.typeAuths.get(typeId) ?? [], who)
    );
  };
  return rows.filter(
    (r) => r.state === 1 && r.del === 0 && typeOpen(r.resources_type_id) && resourceVisibleTo(grantsOf(r, loaded), who),
  );
}
