import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { formatDateTime, instantOf, isoDateOf, parseIsoDate, VISITOR_CATEGORY } from '@yuyue/shared';
import type { Config } from '../../config.ts';
import { withTenant, type Db, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { successfulBookingCounts } from '../booking/booking.repository.ts';
import { storeGeneratedFile } from '../../platform/files/files.service.ts';
import { storageFor, type FileStorage } from '../../platform/files/storage.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { printedCheckInUrl } from '../checkin/checkin.signing.ts';
import { findCodesByCode, listItemsOf } from '../code-tables/code-tables.repository.ts';
import {
  findType,
  listTypes,
  typeExtendedProperties,
  type ResourcesTypeRow,
  type TypeAuthRow,
} from '../resource-types/resource-types.repository.ts';
import { typeOpenTo, type Identity } from '../resource-types/resource-types.rules.ts';
import { identityOf, typeFilterOf, typesOpenTo, wireTypes } from '../resource-types/resource-types.service.ts';
import type { OccupancyRow } from '../occupancy/occupancy.repository.ts';
import { activeBookingsOverlapping, overlapCount } from '../booking/booking.repository.ts';
import { slotInstants } from '../booking/booking.rules.ts';
import { ruleConfigKeys, ruleFieldNames, type RuleConfig } from '../rules/rules.columns.ts';
import {
  findTemplate,
  replaceRuleLists,
  type NumberLimitRuleRow,
  type RuleListRows,
  type RuleTemplateRow,
} from '../rules/rules.repository.ts';
import { wireRuleLists } from '../rules/rules.rules.ts';
import { checkRules, definedOnly, ruleListsOf, ruleScalarsOf } from '../rules/rules.service.ts';
import { managedScope } from './resource-admins.ts';
import { feedbackOf } from './resources.feedback.ts';
import { ownConfigKeys, resourcesInput, type ResourcesInput } from './resources.inputs.ts';
import {
  deleteResource,
  findResource,
  insertResource,
  listResources,
  loadResourceBundle,
  pageResources,
  replaceAuths,
  replaceVisibility,
  resourceFilterColumns,
  updateResource,
  type NewResource,
  type ResourceAuthRow,
  type ResourceFilter,
  type ResourceRow,
  type VisibilityRow,
} from './resources.repository.ts';
import {
  capacityDescription,
  closedPeriodsOf,
  dayHasOpenTime,
  effectiveRules,
  hhmm,
  minutesOf,
  normaliseFilterMap,
  parseOrderBy,
  resourceVisibleTo,
  ruleOwnerOf,
  seriesDates,
  slotCapacity,
  slotClosure,
  type ClosedPeriod,
} from './resources.rules.ts';
import {
  customAttributeProblem,
  extendedValuesOf,
  normalisedChannels,
  notificationProblem,
  preauditProblem,
  type PropertyItem,
  type SettingsProblem,
} from './resources.settings.rules.ts';
import type { ResourceOwnConfig } from './resources.tables.ts';

const ruleFields = ruleFieldNames as readonly string[];

/** Everything the wire shape of some resources needs, loaded once for the lot. */
interface Loaded {
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

function dayBounds(isoDates: string[], timeZone: string): { from: Date; to: Date } {
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

async function load(tx: Tx, tenant: TenantRef, rows: ResourceRow[], days: string[]): Promise<Loaded> {
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

function effectiveOf(row: ResourceRow, loaded: Loaded) {
  const owner = ownerOf(row, loaded.templates);
  const template = owner.kind === 'template' ? loaded.templates.get(owner.id) : undefined;
  return { rules: effectiveRules(row, template, ruleFields), lists: loaded.lists.get(owner.id)! };
}

function closedPeriods(row: ResourceRow, loaded: Loaded, isoDate: string, timeZone: string): ClosedPeriod[] {
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

async function statsOf(tx: Tx, tenantId: string, ids: string[], account: string): Promise<ResourceStats> {
  const social = await feedbackOf(tx, tenantId, ids, account);
  const totals = await successfulBookingCounts(tx, tenantId, ids);
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
function wireResource(row: ResourceRow, loaded: Loaded, isoDate: string, tenant: TenantRef, stats?: ResourceStats) {
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

function today(tenant: TenantRef): string {
  return isoDateOf(Date.now(), tenant.timeZone);
}

function dateArg(value: string | null | undefined, field: string, fallback: string): string {
  if (value === null || value === undefined || value.trim() === '') return fallback;
  if (!parseIsoDate(value.trim())) throw new AppError('INVALID_INPUT', { detail: `${field}: YYYY-MM-DD` });
  return value.trim();
}

function timeArg(value: string | null | undefined, field: string): string | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  if (minutesOf(value.trim()) === null) throw new AppError('INVALID_INPUT', { detail: `${field}: HH:mm` });
  return value.trim();
}

/** The resources of `rows` a user may see: enabled, of a type open to the user, and passing the resource's own lists. */
function visibleRows(who: Identity, rows: ResourceRow[], loaded: Loaded) {
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

export interface FindAllArgs {
  first?: number | null;
  offset?: number | null;
  typeId?: string | null;
  typeName?: string | null;
  resourceName?: string | null;
  bookDate?: string | null;
  bookStartTime?: string | null;
  bookEndTime?: string | null;
  item_name?: (string | null)[] | null;
  is_cyclicity?: string | null;
  cyclicity_start_date?: string | null;
  cyclicity_end_date?: string | null;
  cyclicity_start_time?: string | null;
  cyclicity_end_time?: string | null;
  cyclicity_strategy?: string | null;
  cyclicity_weekList?: (string | null)[] | null;
  cyclicity_dayList?: (string | null)[] | null;
  order_by?: string | null;
  cur_language?: string | null;
  filter?: unknown;
}

const LIST_MAX = 500;

/** Whether start..end ("HH:mm") is open on each date. */
function openThroughout(row: ResourceRow, loaded: Loaded, dates: string[], start: string, end: string, zone: string) {
  return dates.every((d) => slotClosure(closedPeriods(row, loaded, d, zone), start, end) === null);
}

/** `findResourcesAllByAccount`: the resources the caller may see, searched and ordered as asked. */
export async function findResourcesByAccount(ctx: RequestContext, args: FindAllArgs): Promise<WireResource[]> {
  const { tenant, user } = requireUser(ctx);
  const bookDate = dateArg(args.bookDate, 'bookDate', today(tenant));
  const bookStart = timeArg(args.bookStartTime, 'bookStartTime');
  const bookEnd = timeArg(args.bookEndTime, 'bookEndTime');
  if (bookStart && bookEnd && minutesOf(bookEnd)! <= minutesOf(bookStart)!) {
    throw new AppError('TIME_SLOT_INVALID', { start: bookStart, end: bookEnd });
  }
  const order = parseOrderBy(args.order_by ?? '');
  if (order === null) throw new AppError('ORDER_BY_INVALID', { value: (args.order_by ?? '').slice(0, 50) });
  let series: { dates: string[]; start: string; end: string } | undefined;
  if (args.is_cyclicity === '1') {
    const start = timeArg(args.cyclicity_start_time, 'cyclicity_start_time');
    const end = timeArg(args.cyclicity_end_time, 'cyclicity_end_time');
    const dates = seriesDates({
      start: args.cyclicity_start_date ?? '',
      end: args.cyclicity_end_date ?? '',
      strategy: args.cyclicity_strategy ?? '',
      weekList: (args.cyclicity_weekList ?? []).filter((v): v is string => !!v),
      dayList: (args.cyclicity_dayList ?? []).filter((v): v is string => !!v),
    });
    if (!dates || !start || !end || minutesOf(end)! <= minutesOf(start)!) {
      throw new AppError('INVALID_INPUT', {
        detail: 'cyclicity: start/end dates YYYY-MM-DD (at most 366 days), start/end times HH:mm, strategy 1, 2 or 3',
      });
    }
    series = { dates, start, end };
  }
  const en = args.cur_language === 'en';
  const itemNames = (args.item_name ?? []).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const filter: ResourceFilter = normaliseFilterMap(args.filter, resourceFilterColumns, [
      'id',
      'resources_type_id',
      'rule_template_id',
    ]);
    let typeIds: string[] | undefined;
    const typeId = args.typeId?.trim();
    if (typeId) typeIds = isUuid(typeId) ? [typeId] : [];
    const typeName = args.typeName?.trim();
    if (typeName) {
      const named = (await listTypes(tx, tenant.id, {})).filter(
        (t) => t.resources_name === typeName || t.resources_name_en === typeName,
      );
      const ids = named.map((t) => t.id);
      typeIds = typeIds ? typeIds.filter((id) => ids.includes(id)) : ids;
    }
    let rows = await listResources(tx, tenant.id, {
      filter,
      typeIds,
      name: args.resourceName?.trim() || undefined,
      itemNames,
      enabledOnly: user.role !== 'admin',
    });
    const days = [bookDate, ...(series?.dates ?? [])];
    const loaded = await load(tx, tenant, rows, days);
    if (user.role !== 'admin') rows = visibleRows(await identityOf(tx, tenant.id, user), rows, loaded);
    // visitor areas are taken through visits, never booked (administrators manage them in /manage)
    else rows = rows.filter((r) => loaded.types.get(r.resources_type_id)?.appointment_category !== VISITOR_CATEGORY);
    if (bookStart && bookEnd)
      rows = rows.filter((r) => openThroughout(r, loaded, [bookDate], bookStart, bookEnd, tenant.timeZone));
    if (series) {
      const s = series;
      rows = rows.filter((r) => openThroughout(r, loaded, s.dates, s.start, s.end, tenant.timeZone));
    }
    if (order) {
      const key = order.column === 'resources_name' && en ? 'resources_name_en' : order.column;
      const dir = order.desc ? -1 : 1;
      rows = [...rows].sort((a, b) => {
        const x = a[key];
        const y = b[key];
        const c =
          x instanceof Date && y instanceof Date
            ? x.getTime() - y.getTime()
            : typeof x === 'number' && typeof y === 'number'
              ? x - y
              : String(x).localeCompare(String(y), en ? 'en' : 'zh');
        return c * dir;
      });
    } else if (en) {
      rows = [...rows].sort(
        (a, b) =>
          a.order - b.order ||
          (a.resources_name_en || a.resources_name).localeCompare(b.resources_name_en || b.resources_name, 'en'),
      );
    }
    const offset = args.offset && args.offset > 0 ? args.offset : 0;
    const first = args.first && args.first > 0 ? Math.min(args.first, LIST_MAX) : LIST_MAX;
    const page = rows.slice(offset, offset + first);
    const stats = await statsOf(
      tx,
      tenant.id,
      page.map((r) => r.id),
      user.account,
    );
    return page.map((r) => wireResource(r, loaded, bookDate, tenant, stats));
  });
}

/**
 * The back office's page of resources (`findResourcesAll`): all of them for a tenant
 * administrator, those they administer for a resource administrator (the sign desk and the
 * booking overview list them), FORBIDDEN for a user administering none.
 */
export async function findResourcesPage(
  ctx: RequestContext,
  args: { first?: number | null; offset?: number | null; filter?: unknown },
) {
  const { tenant, user } = requireUser(ctx);
  const limit = args.first && args.first > 0 ? Math.min(args.first, LIST_MAX) : 20;
  const offset = args.offset && args.offset > 0 ? args.offset : 0;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const filter: ResourceFilter = normaliseFilterMap(args.filter, resourceFilterColumns, [
      'id',
      'resources_type_id',
      'rule_template_id',
    ]);
    // the resources the caller works with in the back office (approvers and check-in staff too)
    const managed = await managedScope(tx, tenant.id, user, undefined, 'any');
    const { rows, total } = await pageResources(tx, tenant.id, { filter, managed }, { limit, offset });
    const day = today(tenant);
    const loaded = await load(tx, tenant, rows, [day]);
    const stats = await statsOf(
      tx,
      tenant.id,
      rows.map((r) => r.id),
      user.account,
    );
    return { nodes: rows.map((r) => wireResource(r, loaded, day, tenant, stats)), total, offset };
  });
}

/** One resource the caller may see, with what `load` gives; undefined otherwise. */
async function visibleResource(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  user: AuthUser,
  id: unknown,
  days: string[],
  filter?: unknown,
) {
  if (!isUuid(id)) return undefined;
  const extra: ResourceFilter = normaliseFilterMap(filter, resourceFilterColumns, [
    'id',
    'resources_type_id',
    'rule_template_id',
  ]);
  const rows = await listResources(tx, tenant.id, {
    filter: { ...extra, id: { eq: id } },
    enabledOnly: user.role !== 'admin',
  });
  if (!rows.length) return undefined;
  const loaded = await load(tx, tenant, rows, days);
  const visible = user.role === 'admin' ? rows : visibleRows(await identityOf(tx, tenant.id, user), rows, loaded);
  const row = visible[0];
  return row ? { row, loaded } : undefined;
}

/** `findResources(id, filter)`: the resource (closed periods of today) or null when the caller may not see it. */
export async function findOneResource(ctx: RequestContext, id: unknown, filter: unknown): Promise<WireResource | null> {
  const { tenant, user } = requireUser(ctx);
  const day = today(tenant);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const found = await visibleResource(tx, ctx, tenant, user, id, [day], filter);
    if (!found) return null;
    const stats = await statsOf(tx, tenant.id, [found.row.id], user.account);
    return wireResource(found.row, found.loaded, day, tenant, stats);
  });
}

/**
 * A resource the caller may see, as booking needs it on a date: the row, its effective rules
 * and rule lists (its own or its template's), its type and the date's closed periods.
 * Undefined when the caller may not see it.
 */
export async function resourceOnDate(tx: Tx, ctx: RequestContext, id: unknown, isoDate: string) {
  const { tenant, user } = requireUser(ctx);
  const found = await visibleResource(tx, ctx, tenant, user, id, [isoDate]);
  if (!found) return undefined;
  const { rules, lists } = effectiveOf(found.row, found.loaded);
  return {
    row: found.row,
    rules,
    lists,
    type: found.loaded.types.get(found.row.resources_type_id),
    /** The per-person limits of the resource's type. */
    typeLimits: found.loaded.typeLimits.get(found.row.resources_type_id) ?? [],
    periods: closedPeriods(found.row, found.loaded, isoDate, tenant.timeZone),
  };
}

/**
 * `resourceOnDate` for several dates at once (periodic and batch booking): one load, and the
 * closed periods of each date. Undefined when the caller may not see the resource.
 */
export async function resourceOnDates(tx: Tx, ctx: RequestContext, id: unknown, isoDates: string[]) {
  const { tenant, user } = requireUser(ctx);
  const found = await visibleResource(tx, ctx, tenant, user, id, isoDates);
  if (!found) return undefined;
  const { rules, lists } = effectiveOf(found.row, found.loaded);
  const periods = new Map(isoDates.map((d) => [d, closedPeriods(found.row, found.loaded, d, tenant.timeZone)]));
  return { row: found.row, rules, lists, type: found.loaded.types.get(found.row.resources_type_id), periods };
}

/** The slots of a resource on a date with how many more bookings each takes (closed slots: 0 and why). */
export async function findTimeSlots(ctx: RequestContext, resourcesId: unknown, date: unknown) {
  const { tenant, user } = requireUser(ctx);
  const isoDate =
    typeof date === 'number'
      ? isoDateOf(date, tenant.timeZone)
      : typeof date === 'string' && parseIsoDate(date)
        ? date
        : null;
  if (!isoDate) throw new AppError('INVALID_INPUT', { detail: 'date: epoch ms or YYYY-MM-DD' });
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const found = await visibleResource(tx, ctx, tenant, user, resourcesId, [isoDate]);
    if (!found) throw new AppError('RESOURCE_NOT_FOUND');
    const { row, loaded } = found;
    const { rules, lists } = effectiveOf(row, loaded);
    if (rules.time_slot_rule === '2') return [];
    const periods = closedPeriods(row, loaded, isoDate, tenant.timeZone);
    const day = dayBounds([isoDate], tenant.timeZone);
    const booked = await activeBookingsOverlapping(tx, tenant.id, [row.id], day.from, day.to);
    return wireRuleLists(lists, row.id, tenant.timeZone)
      .resourcesTimeSlot.filter((s) => s.del === 0)
      .map((s) => {
        const closed = slotClosure(periods, s.kssj, s.jssj);
        const at = slotInstants(isoDate, s.kssj, s.jssj, tenant.timeZone);
        const n =
          closed || !at
            ? 0
            : Math.max(
                0,
                slotCapacity(isoDate, s, row.available_number, lists.availableNumberRules) -
                  overlapCount(booked, at.startsAt, at.endsAt),
              );
        const desc = closed ? { zh: closed.reason_cn, en: closed.reason_en } : capacityDescription(n);
        return {
          ...s,
          canAppointmentNumber: n,
          canAppointmentNumberDesc: desc.zh,
          canAppointmentNumberDesc_en: desc.en,
        };
      });
  });
}

/** Types the user may book with the resources of each the user may see; `withResources` attaches them. */
export async function findTypesWithResources(ctx: RequestContext, filter: unknown, withResources: boolean) {
  const { tenant, user } = requireUser(ctx);
  const day = today(tenant);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const who = await identityOf(tx, tenant.id, user);
    const types = await typesOpenTo(tx, tenant, who, typeFilterOf(filter));
    const rows = await listResources(tx, tenant.id, { filter: {}, typeIds: types.map((t) => t.id), enabledOnly: true });
    const loaded = await load(tx, tenant, rows, [day]);
    const visible = visibleRows(who, rows, loaded);
    const withAny = types.filter((t) => visible.some((r) => r.resources_type_id === t.id));
    const wired = await wireTypes(tx, tenant, withAny);
    return wired.map((t) => ({
      ...t,
      ...(withResources
        ? {
            resourcesList: visible
              .filter((r) => r.resources_type_id === t.id)
              .map((r) => wireResource(r, loaded, day, tenant)),
          }
        : {}),
    }));
  });
}

/** Where a new resource's QR code comes from; null when no storage is at hand (a seed without configuration). */
export interface QrCodeMaker {
  publicUrl: string;
  basePath: string;
  storage: FileStorage;
}

export function qrCodeMakerFor(
  config: Pick<Config, 'publicUrl' | 'basePath' | 'dataDir' | 'storage' | 's3'>,
  db: Db,
): QrCodeMaker {
  return { publicUrl: config.publicUrl, basePath: config.basePath, storage: storageFor(config, db) };
}

/** The check-in page a resource's QR code opens. */
export function checkInUrl(qr: Pick<QrCodeMaker, 'publicUrl' | 'basePath'>, resourceId: string): string {
  return `${qr.publicUrl}${qr.basePath}/mobile/venueDetail/${resourceId}`;
}

/** A QR code PNG of a URL. */
export function qrCodePng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });
}

/** Makes and stores a resource's QR code PNG; returns its uri and how to remove the bytes if the transaction fails. */
async function makeQrCode(tx: Tx, qr: QrCodeMaker, tenantId: string, by: string, resourceId: string) {
  // The page URL carries the resource's signed check-in code (modules/checkin).
  const bytes = await qrCodePng(await printedCheckInUrl(tx, tenantId, resourceId, checkInUrl(qr, resourceId)));
  return storeGeneratedFile(
    tx,
    qr.storage,
    { tenantId, basePath: qr.basePath, createdBy: by },
    { fileName: `resource-${resourceId}-qrcode.png`, mime: 'image/png', bytes },
  );
}

export interface Writer {
  tenantId: string;
  by: { account: string; name: string };
  qr: QrCodeMaker | null;
}

function stamp<T extends { id?: string }>(items: T[]): (Omit<T, 'id'> & { id: string; create_time: string })[] {
  const now = new Date().toISOString();
  return items.map((i) => ({ ...i, id: i.id ?? randomUUID(), create_time: now }));
}

/** The resource's row values from an input (fields left out are left out). */
function rowValues(model: ResourcesInput, stored: ResourceRow | undefined): Partial<NewResource> {
  const {
    id: _id,
    resourcesMonthList: _m,
    resourcesDate: _d,
    resourcesWeek: _w,
    resourcesTimeSlot: _s,
    resourcesNoReservationConfigList: _n,
    resourcesAvailableNumberRuleList: _a,
    resourcesAppointmentNumberLimitRuleList: _l,
    resourcesConfig,
    resourcesRoles,
    resourcesImage,
    resourcesVisibleList: _v,
    resourcesInvisibleList: _i,
    resourcesCooperativeDeptList,
    resourcesAuthList: _au,
    resourcesExtendedPropertiesList,
    resourcesCustomAttributeList,
    resourcesCustomAttributeContentList,
    ...scalars
  } = model;
  const values: Partial<NewResource> = definedOnly(scalars) as Partial<NewResource>;
  if (resourcesConfig) {
    const given = definedOnly(resourcesConfig) as Record<string, unknown>;
    const own: Record<string, unknown> = { ...(stored?.own_config ?? {}) };
    const rule: Record<string, unknown> = { ...(stored?.rule_config ?? {}) };
    for (const k of ownConfigKeys) if (k in given) own[k] = given[k];
    for (const k of ruleConfigKeys) if (k in given) rule[k] = given[k];
    values.own_config = own as ResourceOwnConfig;
    values.rule_config = rule as RuleConfig;
  }
  if (resourcesRoles) {
    values.roles = stamp(resourcesRoles).map((r, i) => ({
      id: r.id,
      post: r.post ?? '',
      post_name: r.post_name ?? '',
      dept: r.dept ?? '',
      dept_name: r.dept_name ?? '',
      order: r.order ?? i,
      del: r.del ?? 0,
      create_time: r.create_time,
    }));
  }
  if (resourcesImage) {
    values.images = stamp(resourcesImage).map((i) => ({
      id: i.id,
      uri: i.uri,
      image_category: i.image_category ?? '1',
      del: i.del ?? 0,
      create_time: i.create_time,
    }));
  }
  if (resourcesCooperativeDeptList) {
    values.cooperative_depts = stamp(resourcesCooperativeDeptList).map((d) => ({
      id: d.id,
      dept_id: d.dept_id,
      dept_name: d.dept_name ?? '',
      create_time: d.create_time,
    }));
  }
  if (resourcesExtendedPropertiesList) {
    values.extended_properties = resourcesExtendedPropertiesList.map((p) => ({
      id: p.id ?? randomUUID(),
      extended_properties_code: p.extended_properties_code,
      extended_properties_name: p.extended_properties_name ?? '',
      item_code: p.item_code ?? '',
      item_name: p.item_name ?? '',
      item_description: p.item_description ?? '',
      code_description: p.code_description ?? '',
    }));
  }
  if (resourcesCustomAttributeList) {
    values.custom_attributes = resourcesCustomAttributeList.map((a, i) => ({
      id: a.id ?? randomUUID(),
      field_name: a.field_name,
      field_desc_cn: a.field_desc_cn ?? '',
      field_desc_en: a.field_desc_en ?? '',
      field_desc_remark: a.field_desc_remark ?? '',
      collect_mode: a.collect_mode ?? '',
      default_value_cn: a.default_value_cn ?? '',
      default_value_en: a.default_value_en ?? '',
      data_range_cn: a.data_range_cn ?? '',
      data_range_en: a.data_range_en ?? '',
      is_required: a.is_required ?? '0',
      is_detail_display: a.is_detail_display ?? '0',
      order_num: a.order_num ?? i,
    }));
  }
  if (resourcesCustomAttributeContentList) {
    values.custom_attribute_contents = resourcesCustomAttributeContentList.map((c, i) => ({
      id: c.id ?? randomUUID(),
      field_name: c.field_name,
      field_desc_cn: c.field_desc_cn ?? '',
      field_desc_en: c.field_desc_en ?? '',
      is_detail_display: c.is_detail_display ?? '0',
      attribute_content: c.attribute_content ?? '',
      is_enable: c.is_enable ?? '1',
      order_num: c.order_num ?? i,
    }));
  }
  return values;
}

/** New custom attribute definitions without values: the stored values of attributes still defined stay. */
function withStillDefinedValues(model: ResourcesInput, stored: ResourceRow | undefined): ResourcesInput {
  if (!model.resourcesCustomAttributeList || model.resourcesCustomAttributeContentList || !stored) return model;
  const defined = new Set(model.resourcesCustomAttributeList.map((d) => d.field_name));
  return {
    ...model,
    resourcesCustomAttributeContentList: stored.custom_attribute_contents.filter((c) => defined.has(c.field_name)),
  };
}

function refuse(p: SettingsProblem | null): void {
  if (p) throw new AppError(p.code, p.params);
}

/**
 * Checks the settings a write changes, as they will be stored: custom attributes (definitions
 * and values together), pre-audit and notification channels; stores the channels in one form and
 * fills a value's labels from its definition when it has none.
 */
function checkSettings(values: Partial<NewResource>, stored: ResourceRow | undefined): void {
  if (values.custom_attributes !== undefined || values.custom_attribute_contents !== undefined) {
    const definitions = values.custom_attributes ?? stored?.custom_attributes ?? [];
    const contents = values.custom_attribute_contents ?? stored?.custom_attribute_contents ?? [];
    refuse(customAttributeProblem(definitions, contents));
    if (values.custom_attribute_contents) {
      const byName = new Map(definitions.map((d) => [d.field_name, d]));
      values.custom_attribute_contents = values.custom_attribute_contents.map((c) => {
        const d = byName.get(c.field_name);
        return d
          ? {
              ...c,
              field_desc_cn: c.field_desc_cn || d.field_desc_cn,
              field_desc_en: c.field_desc_en || d.field_desc_en,
            }
          : c;
      });
    }
  }
  if (values.own_config) refuse(preauditProblem(values.own_config));
  if (values.notifiy_channels !== undefined) {
    refuse(notificationProblem(values));
    values.notifiy_channels = normalisedChannels(values.notifiy_channels);
  }
}

/**
 * The extended property values a save stores, checked against the resource's type (the type
 * given, else the stored one) and the items of each property's code table; names come from
 * them. When only the type changes, stored values of properties the new type lacks are dropped.
 * Returns the model to write.
 */
async function withCheckedExtendedValues(
  tx: Tx,
  tenantId: string,
  model: ResourcesInput,
  stored: ResourceRow | undefined,
): Promise<ResourcesInput> {
  const typeId = model.resources_type_id ?? stored?.resources_type_id;
  const typeChanged = !!stored && !!model.resources_type_id && model.resources_type_id !== stored.resources_type_id;
  if (!typeId || (!model.resourcesExtendedPropertiesList && !typeChanged)) return model;
  const type = await findType(tx, tenantId, typeId);
  if (!type) throw new AppError('RESOURCE_TYPE_NOT_FOUND');
  const properties = (await typeExtendedProperties(tx, tenantId, [typeId])).get(typeId) ?? [];
  if (!model.resourcesExtendedPropertiesList) {
    const codes = new Set(properties.map((p) => p.extended_properties_code));
    return {
      ...model,
      resourcesExtendedPropertiesList: stored!.extended_properties.filter((v) => codes.has(v.extended_properties_code)),
    };
  }
  const itemsByCode = new Map<string, PropertyItem[]>();
  for (const code of new Set(model.resourcesExtendedPropertiesList.map((v) => v.extended_properties_code))) {
    if (!properties.some((p) => p.extended_properties_code === code)) continue;
    const table = await findCodesByCode(tx, tenantId, code);
    itemsByCode.set(code, table ? await listItemsOf(tx, tenantId, table.id) : []);
  }
  const checked = extendedValuesOf(model.resourcesExtendedPropertiesList, type.resources_name, properties, itemsByCode);
  if ('problem' in checked) refuse(checked.problem);
  return { ...model, resourcesExtendedPropertiesList: 'values' in checked ? checked.values : [] };
}

/**
 * Writes a resource (new when `stored` is undefined) with its lists in the caller's
 * transaction: checks the type, the template or its own rules, and makes the QR code of a new
 * resource. Returns the row and `discard`, which removes stored QR bytes if the transaction fails.
 */
export async function writeResource(
  tx: Tx,
  w: Writer,
  given: ResourcesInput,
  stored?: ResourceRow,
): Promise<{ row: ResourceRow; discard: () => Promise<void> }> {
  const model = withStillDefinedValues(given, stored);
  if (!stored && !model.resources_name) throw new AppError('RESOURCE_NAME_REQUIRED');
  if (model.resources_name === '') throw new AppError('RESOURCE_NAME_REQUIRED');
  if (!stored && !model.resources_type_id) throw new AppError('RESOURCE_TYPE_REQUIRED');
  if (model.resources_type_id && !(await findType(tx, w.tenantId, model.resources_type_id))) {
    throw new AppError('RESOURCE_TYPE_NOT_FOUND');
  }
  const ruleSource = model.rule_source ?? stored?.rule_source ?? '0';
  const templateId = model.rule_template_id ?? (model.rule_source === undefined ? stored?.rule_template_id : undefined);
  if (ruleSource === '1') {
    if (!templateId) throw new AppError('RULE_TEMPLATE_REQUIRED');
    if (!(await findTemplate(tx, w.tenantId, templateId, 'share'))) throw new AppError('RULE_TEMPLATE_NOT_FOUND');
  }
  const lists = ruleSource === '1' ? {} : ruleListsOf(model);
  const values = rowValues(model, stored);
  checkSettings(values, stored);
  if (ruleSource === '1') {
    // The template's rules apply; rule fields sent with the resource are not kept.
    for (const f of Object.keys(ruleScalarsOf(model))) delete (values as Record<string, unknown>)[f];
    delete values.rule_config;
  } else {
    checkRules(lists, values.rule_config ?? stored?.rule_config);
  }
  values.rule_source = ruleSource;
  values.rule_template_id = ruleSource === '1' ? templateId! : null;
  let discard = async () => {};
  let row: ResourceRow | undefined;
  if (stored) {
    row = await updateResource(tx, w.tenantId, stored.id, values);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND');
  } else {
    const id = randomUUID();
    let qcode = '';
    if (w.qr) {
      const file = await makeQrCode(tx, w.qr, w.tenantId, w.by.account, id);
      qcode = file.uri;
      discard = file.discard;
    }
    row = await insertResource(tx, w.tenantId, {
      ...values,
      id,
      resources_name: model.resources_name!,
      resources_type_id: model.resources_type_id!,
      qcode_image_url: qcode,
      created_user: w.by.account,
      created_user_name: w.by.name,
    });
  }
  try {
    if (ruleSource === '0') await replaceRuleLists(tx, w.tenantId, { kind: 'resource', id: row.id }, lists, w.by);
    if (model.resourcesVisibleList) {
      await replaceVisibility(
        tx,
        w.tenantId,
        row.id,
        'visible',
        model.resourcesVisibleList.map((v) => ({
          obj_id: v.visible_obj_id,
          obj_name: v.visible_obj_name,
          obj_type: v.visible_obj_type,
        })),
      );
    }
    if (model.resourcesInvisibleList) {
      await replaceVisibility(
        tx,
        w.tenantId,
        row.id,
        'invisible',
        model.resourcesInvisibleList.map((v) => ({
          obj_id: v.invisible_obj_id,
          obj_name: v.invisible_obj_name,
          obj_type: v.invisible_obj_type,
        })),
      );
    }
    if (model.resourcesAuthList) await replaceAuths(tx, w.tenantId, row.id, model.resourcesAuthList, w.by);
  } catch (err) {
    await discard();
    throw err;
  }
  return { row, discard };
}

function writerOf(ctx: RequestContext, tenant: TenantRef, user: AuthUser): Writer {
  return {
    tenantId: tenant.id,
    by: { account: user.account, name: user.name },
    qr: qrCodeMakerFor(ctx.config, ctx.db),
  };
}

/** Runs a write that may have stored QR bytes; removes them when the transaction fails. */
async function withDiscard<T>(
  ctx: RequestContext,
  tenant: TenantRef,
  fn: (tx: Tx, track: (d: () => Promise<void>) => void) => Promise<T>,
): Promise<T> {
  const discards: (() => Promise<void>)[] = [];
  try {
    return await withTenant(ctx.db, tenant.id, (tx) => fn(tx, (d) => discards.push(d)));
  } catch (err) {
    await Promise.all(discards.map((d) => d()));
    throw err;
  }
}

/** Creates (no id) or updates (id) a resource with its lists. Returns its id. */
export async function saveResource(ctx: RequestContext, input: unknown, mode: 'save' | 'update'): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const model = parseInput(resourcesInput, input);
  if (mode === 'update' && !model.id) throw new AppError('REQUIRED', { field: 'id' });
  return withDiscard(ctx, tenant, async (tx, track) => {
    const stored = mode === 'update' ? await findResource(tx, tenant.id, model.id!, true) : undefined;
    if (mode === 'update' && !stored) throw new AppError('RESOURCE_NOT_FOUND');
    const checked = await withCheckedExtendedValues(tx, tenant.id, model, stored);
    const { row, discard } = await writeResource(tx, writerOf(ctx, tenant, user), checked, stored);
    track(discard);
    await audit(tx, ctx, {
      module: 'resources',
      type: mode,
      content: `${mode === 'save' ? '新增' : '修改'}资源 ${row.resources_name}`,
      object: row.id,
    });
    return row.id;
  });
}

/** Enables (1) or disables (0) a resource. */
export async function setResourceState(ctx: RequestContext, id: unknown, state: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (state !== 0 && state !== 1) throw new AppError('RESOURCE_STATE_INVALID');
  if (!isUuid(id)) throw new AppError('RESOURCE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await updateResource(tx, tenant.id, id, { state });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'resources',
      type: 'state',
      content: `资源 ${row.resources_name} 状态改为 ${state}`,
      object: id,
    });
    return id;
  });
}

/** Deletes a resource with its lists, grants and occupancies. */
export async function removeResource(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('RESOURCE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findResource(tx, tenant.id, id, true);
    if (!row) throw new AppError('RESOURCE_NOT_FOUND');
    await deleteResource(tx, tenant.id, id);
    await audit(tx, ctx, {
      module: 'resources',
      type: 'delete',
      content: `删除资源 ${row.resources_name}`,
      object: id,
    });
    return id;
  });
}

/** Copies a resource with its settings and lists; the copy is disabled and named "… 副本" / "… (Copy)". Returns the copy's id. */
export async function copyResource(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('RESOURCE_NOT_FOUND');
  return withDiscard(ctx, tenant, async (tx, track) => {
    const source = await findResource(tx, tenant.id, id);
    if (!source) throw new AppError('RESOURCE_NOT_FOUND');
    const day = today(tenant);
    const loaded = await load(tx, tenant, [source], [day]);
    const wire = wireResource(source, loaded, day, tenant);
    const own = loaded.lists.get(source.id)!;
    const model = parseInput(resourcesInput, {
      ...wire,
      id: undefined,
      rule_template_id: source.rule_template_id ?? '',
      resources_name: `${source.resources_name} 副本`.slice(0, 100),
      resources_name_en: source.resources_name_en ? `${source.resources_name_en} (Copy)`.slice(0, 200) : '',
      state: 0,
      del: undefined,
      resourcesTimeSlot:
        source.rule_source === '0'
          ? own.timeSlots.map((s) => ({ kssj: s.kssj, jssj: s.jssj, order: s.order, del: s.del }))
          : undefined,
      resourcesImage: source.images.map((i) => ({ uri: i.uri, image_category: i.image_category, del: i.del })),
      resourcesRoles: source.roles.map(({ id: _i, create_time: _c, ...r }) => r),
      resourcesCooperativeDeptList: source.cooperative_depts.map(({ id: _i, create_time: _c, ...d }) => d),
      resourcesExtendedPropertiesList: source.extended_properties.map(({ id: _i, ...p }) => p),
      resourcesCustomAttributeList: source.custom_attributes.map(({ id: _i, ...a }) => a),
      resourcesCustomAttributeContentList: source.custom_attribute_contents.map(({ id: _i, ...c }) => c),
    });
    const { row, discard } = await writeResource(tx, writerOf(ctx, tenant, user), model);
    track(discard);
    await audit(tx, ctx, {
      module: 'resources',
      type: 'copy',
      content: `复制资源 ${source.resources_name}`,
      object: `${source.id},${row.id}`,
    });
    return row.id;
  });
}
