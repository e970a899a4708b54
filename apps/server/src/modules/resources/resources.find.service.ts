import { isoDateOf, minutesOf, parseIsoDate, VISITOR_CATEGORY } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { listTypes } from '../resource-types/resource-types.repository.ts';
import { identityOf, typeFilterOf, typesOpenTo, wireTypes } from '../resource-types/resource-types.service.ts';
import { wireRuleLists } from '../rules/rules.rules.ts';
import { managedScope } from './resource-admins.ts';
import { resourceBookings } from './resources.bookings.ts';
import {
  listResources,
  pageResources,
  resourceFilterColumns,
  type ResourceFilter,
  type ResourceRow,
} from './resources.repository.ts';
import {
  capacityDescription,
  normaliseFilterMap,
  parseOrderBy,
  seriesDates,
  slotCapacity,
  slotClosure,
} from './resources.rules.ts';
import {
  type Loaded,
  type WireResource,
  closedPeriods,
  dateArg,
  dayBounds,
  effectiveOf,
  load,
  statsOf,
  timeArg,
  today,
  visibleRows,
  wireResource,
} from './resources.service.ts';

/* Finding resources: the lists, one resource, its slots on a date, and types with their resources. */

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
    const bookings = resourceBookings();
    const booked = await bookings.activeBookingsOverlapping(tx, tenant.id, [row.id], day.from, day.to);
    return wireRuleLists(lists, row.id, tenant.timeZone)
      .resourcesTimeSlot.filter((s) => s.del === 0)
      .map((s) => {
        const closed = slotClosure(periods, s.kssj, s.jssj);
        const at = bookings.slotInstants(isoDate, s.kssj, s.jssj, tenant.timeZone);
        const n =
          closed || !at
            ? 0
            : Math.max(
                0,
                slotCapacity(isoDate, s, row.available_number, lists.availableNumberRules) -
                  bookings.overlapCount(booked, at.startsAt, at.endsAt),
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
