import { randomUUID } from 'node:crypto';
import { formatDateTime, isoDateOf, maskName } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { inScope, signedIn, visitorAdminScopeOf, visitorRightsOf, type VisitorAdminScope } from './visitors.access.ts';
import * as repo from './visitors.admin-records.repository.ts';
import { arriveTimeOf, batchIds, dataSourceName, dayOf, pagingOf } from './visitors.admin-records.rules.ts';
import { visitAreaNames, visitAreasShown } from './visitors.appointments.areas.ts';
import { dayWindow, stateName, VISIT_STATE } from './visitors.appointments.rules.ts';
import { visitorClock } from './visitors.appointments.viewer.ts';
import { resourceNames, visitorAreas } from './visitors.areas.repository.ts';
import { asAdmin, intOf, outOfScope, text, type AdminCall, type Filter } from './visitors.admin-call.ts';

/**
 * The visitor back office's cars and gate entries (visitors.admin-records.graphql): visitors'
 * cars by date and area, and the entries recorded at gates (list, day summary, hand entries and
 * imports). The 'admin' or the 'gate' right; gate staff see names masked.
 */

// ---------------------------------------------------------------- cars

/**
 * Runs `fn` for a caller holding the visitor 'admin' or 'gate' right; tells whether 'admin'
 * (with its scope; gate staff see every gate's).
 */
async function asGateOrAdmin<T>(ctx: RequestContext, fn: (c: AdminCall & { admin: boolean }) => Promise<T>) {
  const { tenant, user } = signedIn(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const scope = await visitorAdminScopeOf(tx, tenant.id, user);
    if (scope) return fn({ tenant, user, tx, scope, admin: true });
    if (!(await visitorRightsOf(tx, tenant.id, user)).has('gate')) throw new AppError('FORBIDDEN');
    return fn({ tenant, user, tx, scope: { areas: [], types: [] }, admin: false });
  });
}

/** `findVisitorCarList`: visits with a car by date, area, plate and state (default approved). */
export async function listCars(
  ctx: RequestContext,
  args: { first?: unknown; offset?: unknown; filter?: Filter },
  max = 200,
) {
  const f = args.filter ?? {};
  const paging = max > 200 ? { limit: max, offset: 0 } : pagingOf(args.first, args.offset);
  const day = dayOf(text(f.in_school_date), 'in_school_date');
  const states = [
    ...(text(f.state) !== undefined ? [text(f.state)!] : []),
    ...(f.state?.in ?? []).filter((s): s is string => typeof s === 'string'),
  ].map((s) => intOf(s, 'state')!);
  const q: repo.CarQuery = {
    from: day ?? dayOf(text(f.in_school_date, 'gte'), 'in_school_date'),
    to: day ?? dayOf(text(f.in_school_date, 'lte'), 'in_school_date'),
    area: text(f.in_school_area),
    plate: text(f.car_card_number, 'like') ?? text(f.car_card_number),
    states: states.length ? states : [VISIT_STATE.approved],
    ...paging,
  };
  if (q.area && !isUuid(q.area)) q.area = '00000000-0000-0000-0000-000000000000';
  return asGateOrAdmin(ctx, async ({ tenant, tx, scope }) => {
    const { rows, total } = await repo.pageCars(tx, tenant.id, {
      ...q,
      scopeAreas: scope.areas,
      scopeTypes: scope.types,
    });
    const names = await visitAreaNames(tx, tenant.id, rows);
    return {
      rows: rows.map((r) => {
        const areas = visitAreasShown(r, names);
        const state = stateName(r.state);
        return {
          id: r.id,
          visitor_id: r.visitor_id,
          visitor_name: r.visitor_name,
          phone: r.phone_mask,
          car_product: r.car_product,
          car_card_number: r.car_card_number,
          in_school_date: r.in_school_date,
          in_school_area: r.in_school_area,
          in_school_area_name: areas.zh,
          in_school_area_name_en: areas.en,
          accept_visit_name: r.accept_visit_name,
          state: r.state,
          state_name: state.zh,
          state_name_en: state.en,
        };
      }),
      total,
      offset: paging.offset,
    };
  });
}

// ---------------------------------------------------------------- entries

function entryQuery(tenant: TenantRef, filter: Filter, paging: { limit: number; offset: number }): repo.EntryQuery {
  const f = filter ?? {};
  const day = dayOf(text(f.arrive_time), 'arrive_time');
  const from = day ?? dayOf(text(f.arrive_time, 'gte'), 'arrive_time');
  const to = day ?? dayOf(text(f.arrive_time, 'lte'), 'arrive_time');
  const place = text(f.arrival_place);
  return {
    from: from ? dayWindow(from, tenant.timeZone).starts_at : undefined,
    to: to ? dayWindow(to, tenant.timeZone).ends_at : undefined,
    place: place ? place.toLowerCase() : undefined,
    dataSource: intOf(text(f.data_source), 'data_source'),
    name: text(f.visitor_name, 'like') ?? text(f.visitor_name),
    ...paging,
  };
}

async function wireEntries(tx: Tx, tenant: TenantRef, rows: repo.EntryRow[], admin: boolean) {
  const names = await resourceNames(tx, tenant.id, [...new Set(rows.map((r) => r.arrival_place))]);
  return rows.map((r) => {
    const place = names.get(r.arrival_place);
    const source = dataSourceName(r.data_source);
    return {
      id: r.id,
      apply_id: r.apply_id,
      visitor_id: r.visitor_id,
      visitor_name: admin ? r.visitor_name : maskName(r.visitor_name),
      arrive_time: formatDateTime(r.arrive_time.getTime(), tenant.timeZone),
      arrival_place: r.arrival_place,
      arrival_place_name: place?.zh ?? r.arrival_place,
      arrival_place_name_en: place?.en || place?.zh || r.arrival_place,
      data_source: r.data_source,
      data_source_name: source.zh,
      data_source_name_en: source.en,
      repeat: r.repeat,
      recorded_by: r.recorded_by,
    };
  });
}

/** `findVisitorListEntityList`: entries by day(s), gate, source and name, newest first. */
export async function listEntries(
  ctx: RequestContext,
  args: { first?: unknown; offset?: unknown; filter?: Filter },
  max = 200,
) {
  const paging = max > 200 ? { limit: max, offset: 0 } : pagingOf(args.first, args.offset);
  return asGateOrAdmin(ctx, async ({ tenant, tx, admin, scope }) => {
    const q = { ...entryQuery(tenant, args.filter, paging), scopeAreas: scope.areas };
    const { rows, total } = await repo.pageEntries(tx, tenant.id, q);
    return { rows: await wireEntries(tx, tenant, rows, admin), total, offset: paging.offset };
  });
}

/** `findVisitorListSummary`: a day's entries, people, people on campus now, and entries ever. */
export async function entrySummary(ctx: RequestContext, dateArg: unknown) {
  return asGateOrAdmin(ctx, async ({ tenant, tx, scope }) => {
    const now = visitorClock.now();
    const date = dayOf(typeof dateArg === 'string' ? dateArg : '', 'date') ?? isoDateOf(now, tenant.timeZone);
    const { starts_at, ends_at } = dayWindow(date, tenant.timeZone);
    return {
      date,
      ...(await repo.entrySummary(tx, tenant.id, starts_at, ends_at, new Date(now), scope.areas)),
    };
  });
}

/** An entry's values from its input: the visit's visitor and name when apply_id is given. */
async function entryValues(
  tx: Tx,
  tenant: TenantRef,
  scope: VisitorAdminScope,
  model: Record<string, unknown>,
  partial: boolean,
) {
  const out: {
    apply_id?: string | null;
    visitor_id?: string | null;
    visitor_name?: string;
    arrive_time?: Date;
    arrival_place?: string;
  } = {};
  const applyId = typeof model.apply_id === 'string' ? model.apply_id.trim() : '';
  if (applyId) {
    if (!isUuid(applyId)) throw new AppError('VISITOR_ENTRY_INVALID', { field: 'apply_id' });
    const [visit] = await repo.visitsByIds(tx, tenant.id, [applyId]);
    if (!visit) throw new AppError('VISITOR_ENTRY_INVALID', { field: 'apply_id' });
    Object.assign(out, { apply_id: visit.id, visitor_id: visit.visitor_id, visitor_name: visit.visitor_name });
  } else if (typeof model.visitor_name === 'string' && model.visitor_name.trim()) {
    const name = model.visitor_name.trim();
    if (name.length > 50) throw new AppError('VISITOR_ENTRY_INVALID', { field: 'visitor_name' });
    out.visitor_name = name;
  } else if (!partial) {
    throw new AppError('REQUIRED', { field: 'visitor_name' });
  }
  if (!partial || model.arrive_time !== undefined)
    out.arrive_time = arriveTimeOf(model.arrive_time, tenant.timeZone, visitorClock.now());
  const place = typeof model.arrival_place === 'string' ? model.arrival_place.trim().toLowerCase() : '';
  if (place || !partial) {
    if (!isUuid(place) || !(await visitorAreas(tx, tenant.id, [place])).length) {
      throw new AppError('VISITOR_GATE_PLACE_INVALID');
    }
    if (!inScope(scope, { areas: [place] })) throw outOfScope();
    out.arrival_place = place;
  }
  return out;
}

/**
 * `saveVisitorList` (one, data_source 1) and `batchSaveVisitorList` (an import, data_source 2):
 * entries recorded by an administrator, all or none. Returns their ids.
 */
export async function saveEntries(ctx: RequestContext, modelsArg: unknown, dataSource: 1 | 2): Promise<string[]> {
  const models = (Array.isArray(modelsArg) ? modelsArg : []) as Record<string, unknown>[];
  if (!models.length) throw new AppError('REQUIRED', { field: 'models' });
  if (models.length > 500) throw new AppError('VISITOR_ENTRIES_TOO_MANY', { max: 500 });
  return asAdmin(ctx, async ({ tenant, user, tx, scope }) => {
    const rows = [];
    for (const model of models) {
      const values = await entryValues(tx, tenant, scope, model ?? {}, false);
      rows.push({
        ...values,
        visitor_name: values.visitor_name!,
        arrive_time: values.arrive_time!,
        arrival_place: values.arrival_place!,
        data_source: dataSource,
        entry_key: `${dataSource === 1 ? 'manual' : 'import'}:${randomUUID()}`,
        recorded_by: user.account,
      });
    }
    const saved = await repo.insertEntries(tx, tenant.id, rows);
    await audit(tx, ctx, {
      module: 'visitor',
      type: dataSource === 1 ? 'save' : 'import',
      content:
        `${dataSource === 1 ? '手工登记进入' : '导入进入记录'} ${saved.length} 条：${saved.map((s) => maskName(s.visitor_name)).join('、')}`.slice(
          0,
          4000,
        ),
      object: saved.map((s) => s.id).join(','),
    });
    return saved.map((s) => s.id);
  });
}

/** `updateVisitorList`: an entry's time, place, name or visit. */
export async function updateEntry(ctx: RequestContext, modelArg: unknown): Promise<string> {
  const model = (modelArg && typeof modelArg === 'object' ? modelArg : {}) as Record<string, unknown>;
  const id = typeof model.id === 'string' ? model.id.trim() : '';
  if (!isUuid(id)) throw new AppError('VISITOR_ENTRY_NOT_FOUND');
  return asAdmin(ctx, async ({ tenant, tx, scope }) => {
    const row = await repo.findEntry(tx, tenant.id, id);
    if (!row) throw new AppError('VISITOR_ENTRY_NOT_FOUND');
    if (!inScope(scope, { areas: [row.arrival_place] })) throw outOfScope();
    const values = await entryValues(tx, tenant, scope, model, true);
    await repo.updateEntry(tx, tenant.id, id, values);
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'update',
      content: `修改进入记录 ${maskName(values.visitor_name ?? row.visitor_name)}：${Object.keys(values).join(',')}`,
      object: id,
    });
    return id;
  });
}

/** `deleteVisitorList` / `batchDeleteVisitorList`: all or none. */
export async function deleteEntries(ctx: RequestContext, idsArg: unknown): Promise<string[]> {
  const ids = batchIds(idsArg);
  if (ids.some((i) => !isUuid(i))) throw new AppError('VISITOR_ENTRY_NOT_FOUND');
  return asAdmin(ctx, async ({ tenant, tx, scope }) => {
    const found = await repo.entriesByIds(tx, tenant.id, ids);
    if (found.length !== ids.length) throw new AppError('VISITOR_ENTRY_NOT_FOUND');
    if (found.some((e) => !inScope(scope, { areas: [e.arrival_place] }))) throw outOfScope();
    const deleted = await repo.deleteEntries(tx, tenant.id, ids);
    if (deleted !== ids.length) throw new AppError('VISITOR_ENTRY_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'visitor',
      type: ids.length > 1 ? 'batchDelete' : 'delete',
      content: `删除进入记录 ${ids.length} 条`,
      object: ids.join(','),
    });
    return ids;
  });
}
