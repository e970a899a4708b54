import { formatDateTime, maskName } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  inScope,
  isWholeScope,
  requireVisitorAdminScope,
  signedIn,
  type VisitorAdminScope,
} from './visitors.access.ts';
import {
  bearersByIds,
  deleteBearers,
  directoryNames,
  entriesGrouped,
  insertBearers,
  listBearers,
  markVisitsDeleted,
  positionsOf,
  setBearersEnabled,
  visitsLocked,
  visitsPerArea,
  visitsPerPeriod,
  visitsPerType,
  type BearerRow,
  type BearerType,
  type StatsQuery,
} from './visitors.admin-visits.repository.ts';
import { mayInvite, statsRange, withAncestors, type StatsArgs } from './visitors.admin-visits.rules.ts';
import { releaseVisitSeats } from './visitors.appointments.areas.ts';
import { revokePassesOf } from './visitors.appointments.repository.ts';
import { VISITOR_TYPES, dayWindow, visitorTypeName } from './visitors.appointments.rules.ts';
import { visitorClock } from './visitors.appointments.viewer.ts';
import { resourceNames, visitorAreas } from './visitors.areas.repository.ts';
import { splitIds } from './visitors.areas.rules.ts';

/**
 * The visitor back office's visits slice (visitors.admin-visits.graphql): deleting visits, the
 * invitation bearers (and the check that a host may invite) and the statistics. Every operation
 * is for tenant administrators and holders of the visitor 'admin' right. The list of visits and
 * its filters: findVisitorAppointmentInformationAll (visitors.appointments.service.ts).
 */

const MAX_IDS = 200;

/**
 * The caller, checked to hold the visitor 'admin' right, their scope and a transaction in their
 * tenant. `whole`: the operation is tenant-wide (the invitation bearers): an administrator whose
 * scope names areas or visitor types is refused.
 */
async function asAdmin<T>(
  ctx: RequestContext,
  run: (tx: Tx, tenantId: string, user: AuthUser, scope: VisitorAdminScope) => Promise<T>,
  whole = false,
) {
  const { tenant, user } = signedIn(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const scope = await requireVisitorAdminScope(tx, tenant.id, user);
    if (whole && !isWholeScope(scope)) throw new AppError('FORBIDDEN');
    return run(tx, tenant.id, user, scope);
  });
}

/** As asAdmin, for a tenant-wide operation (an administrator with a scope is refused). */
const asWholeAdmin = <T>(ctx: RequestContext, run: (tx: Tx, tenantId: string, user: AuthUser) => Promise<T>) =>
  asAdmin(ctx, run, true);

/** Distinct ids of a request (1..MAX_IDS, each a uuid), or `notFound`. */
function idsOf(
  raw: readonly (string | null | undefined)[] | null | undefined,
  notFound: 'VISIT_NOT_FOUND' | 'VISITOR_BEARER_NOT_FOUND',
) {
  const ids = [
    ...new Set(
      (raw ?? [])
        .map((id) =>
          String(id ?? '')
            .trim()
            .toLowerCase(),
        )
        .filter(Boolean),
    ),
  ];
  if (!ids.length || ids.length > MAX_IDS) throw new AppError('VISIT_BATCH_SIZE', { max: MAX_IDS });
  if (!ids.every((id) => isUuid(id))) throw new AppError(notFound);
  return ids;
}

/**
 * `batchDeleteVisitorAppointmentInformation(ids)`, and `batchDeleteAppointmentInformation(ids)`
 * when every id is a visit (booking.claims.ts): deletes the visits (all or none: an unknown id
 * refuses the request), freeing the seats they hold and revoking their passes.
 */
export async function batchDeleteVisits(
  ctx: RequestContext,
  raw: readonly (string | null)[],
): Promise<{ ids: string[] }> {
  const ids = idsOf(raw, 'VISIT_NOT_FOUND');
  const { tenant } = signedIn(ctx);
  return asAdmin(ctx, async (tx, tenantId, _user, scope) => {
    const rows = await visitsLocked(tx, tenantId, ids);
    // a visit outside the administrator's scope is not theirs to see
    const covered = rows.filter((r) => inScope(scope, { areas: r.in_school_area, visitor_type: r.visitor_type }));
    if (covered.length !== ids.length) throw new AppError('VISIT_NOT_FOUND');
    let revoked = 0;
    for (const row of rows) {
      await releaseVisitSeats(tx, tenant, row);
      revoked += await revokePassesOf(tx, tenantId, row.id, 'deleted', new Date(visitorClock.now()));
    }
    await markVisitsDeleted(tx, tenantId, ids);
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'batchDelete',
      content: `删除来访 ${rows.length} 条（${rows
        .slice(0, 20)
        .map((r) => `${maskName(r.visitor_name)} ${r.in_school_date}`)
        .join('、')}${rows.length > 20 ? '…' : ''}），撤销通行证 ${revoked} 张`,
      object: ids.join(','),
    });
    return { ids: rows.map((r) => r.id) };
  });
}

// --- invitation bearers

const BEARER_TYPES: readonly BearerType[] = ['dept', 'post', 'user'];

function bearerTypeOf(value: unknown): BearerType {
  const type = String(value ?? '').trim() as BearerType;
  if (!BEARER_TYPES.includes(type))
    throw new AppError('VISITOR_BEARER_INVALID', { field: `bearer_type ${String(value ?? '').slice(0, 20)}` });
  return type;
}

export interface BearerNode {
  id: string;
  bearer_type: string;
  bearer_id: string;
  bearer_name: string;
  is_enable: number;
  mod_user: string;
  mod_time: string;
}

/** `findVisitorInvitationBearerList`. */
export async function bearerList(
  ctx: RequestContext,
  args: { bearer_type?: string | null; name?: string | null; is_enable?: number | null },
): Promise<BearerNode[]> {
  const { tenant } = signedIn(ctx);
  const type = args.bearer_type?.trim() ? bearerTypeOf(args.bearer_type) : undefined;
  const is_enable = args.is_enable === 0 || args.is_enable === 1 ? args.is_enable : undefined;
  return asWholeAdmin(ctx, async (tx, tenantId) => {
    const rows = await listBearers(tx, tenantId, {
      bearer_type: type,
      name: args.name?.trim() || undefined,
      is_enable,
    });
    return rows.map((r) => bearerNode(r, tenant.timeZone));
  });
}

function bearerNode(r: BearerRow, timeZone: string): BearerNode {
  return {
    id: r.id,
    bearer_type: r.bearer_type,
    bearer_id: r.bearer_id,
    bearer_name: r.bearer_name,
    is_enable: r.is_enable,
    mod_user: r.mod_user,
    mod_time: formatDateTime(r.mod_time.getTime(), timeZone),
  };
}

/**
 * `saveVisitorInvitationBearers`: adds departments, posts or users of the directory (an id the
 * directory does not know refuses the request); one already listed is kept.
 */
export async function saveBearers(
  ctx: RequestContext,
  models: readonly ({ bearer_type?: string | null; bearer_id?: string | null } | null)[],
): Promise<{ ids: string[] }> {
  if (!models.length || models.length > MAX_IDS) throw new AppError('VISIT_BATCH_SIZE', { max: MAX_IDS });
  const wanted = models.map((m) => {
    const bearer_type = bearerTypeOf(m?.bearer_type);
    const bearer_id = String(m?.bearer_id ?? '')
      .trim()
      .toLowerCase();
    if (!isUuid(bearer_id))
      throw new AppError('VISITOR_BEARER_INVALID', { field: `bearer_id ${String(m?.bearer_id ?? '').slice(0, 40)}` });
    return { bearer_type, bearer_id };
  });
  return asWholeAdmin(ctx, async (tx, tenantId, user) => {
    const rows = [];
    for (const type of BEARER_TYPES) {
      const ids = [...new Set(wanted.filter((w) => w.bearer_type === type).map((w) => w.bearer_id))];
      const names = await directoryNames(tx, tenantId, type, ids);
      const unknown = ids.find((id) => !names.has(id));
      if (unknown) throw new AppError('VISITOR_BEARER_INVALID', { field: `${type} ${unknown}` });
      rows.push(
        ...ids.map((id) => ({ bearer_type: type, bearer_id: id, bearer_name: names.get(id)!, mod_user: user.account })),
      );
    }
    const added = await insertBearers(tx, tenantId, rows);
    if (added.length) {
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'save',
        content: `新增可邀请者：${added.map((r) => `${r.bearer_type} ${r.bearer_name}`).join('、')}`,
        object: added.map((r) => r.id).join(','),
      });
    }
    return { ids: added.map((r) => r.id) };
  });
}

/** `updateVisitorInvitationBearerState(ids, is_enable)`. */
export async function setBearerState(
  ctx: RequestContext,
  raw: readonly string[],
  isEnable: unknown,
): Promise<{ ids: string[] }> {
  const ids = idsOf(raw, 'VISITOR_BEARER_NOT_FOUND');
  if (isEnable !== 0 && isEnable !== 1) throw new AppError('VISITOR_BEARER_INVALID', { field: 'is_enable' });
  return asWholeAdmin(ctx, async (tx, tenantId, user) => {
    if ((await bearersByIds(tx, tenantId, ids)).length !== ids.length) throw new AppError('VISITOR_BEARER_NOT_FOUND');
    const rows = await setBearersEnabled(tx, tenantId, ids, isEnable, user.account);
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'updateState',
      content: `${isEnable ? '启用' : '停用'}可邀请者：${rows.map((r) => r.bearer_name).join('、')}`,
      object: ids.join(','),
    });
    return { ids };
  });
}

/** `deleteVisitorInvitationBearers(ids)`. */
export async function removeBearers(ctx: RequestContext, raw: readonly string[]): Promise<{ ids: string[] }> {
  const ids = idsOf(raw, 'VISITOR_BEARER_NOT_FOUND');
  return asWholeAdmin(ctx, async (tx, tenantId) => {
    if ((await bearersByIds(tx, tenantId, ids)).length !== ids.length) throw new AppError('VISITOR_BEARER_NOT_FOUND');
    const rows = await deleteBearers(tx, tenantId, ids);
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'delete',
      content: `删除可邀请者：${rows.map((r) => r.bearer_name).join('、')}`,
      object: ids.join(','),
    });
    return { ids };
  });
}

/**
 * Refuses (VISITOR_INVITE_NOT_ALLOWED) a user the enabled invitation bearers do not cover; with
 * no enabled bearer everyone may invite. Called where invitations are saved.
 */
export async function requireInviter(tx: Tx, tenantId: string, user: AuthUser): Promise<void> {
  const enabled = await listBearers(tx, tenantId, { is_enable: 1 });
  if (!enabled.length) return;
  const mine = await positionsOf(tx, tenantId, user.id);
  const allowed = mayInvite(enabled, {
    userId: user.id,
    departments: withAncestors(mine.departments, mine.parentOf),
    posts: mine.posts,
  });
  if (!allowed) throw new AppError('VISITOR_INVITE_NOT_ALLOWED');
}

// --- statistics

export interface VisitorDataStatistics {
  category: string;
  from: string;
  to: string;
  total_visits: number;
  total_approved: number;
  total_entries: number;
  peak_hour: number;
  periods: {
    period: string;
    visits: number;
    approved: number;
    rejected: number;
    cancelled: number;
    pending: number;
    entries: number;
  }[];
  areas: { resources_id: string; resources_name: string; resources_name_en: string; visits: number; entries: number }[];
  types: { visitor_type: string; name: string; name_en: string; visits: number }[];
  hours: { hour: number; entries: number }[];
}

/** `findVisitorAppointmentDataStatistics`: see VisitorDataStatistics in visitors.admin-visits.graphql. */
export async function visitStatistics(
  ctx: RequestContext,
  args: StatsArgs & { resourcesIds?: string | null },
): Promise<VisitorDataStatistics> {
  const { tenant } = signedIn(ctx);
  const range = statsRange(args, visitorClock.now(), tenant.timeZone);
  const areas = splitIds(args.resourcesIds).map((a) => a.toLowerCase());
  if (areas.length > 100 || !areas.every((a) => isUuid(a)))
    throw new AppError('VISITOR_STATS_INVALID', {
      field: 'resourcesIds',
      value: String(args.resourcesIds).slice(0, 40),
    });
  const q: StatsQuery = {
    from: range.from,
    to: range.to,
    starts_at: dayWindow(range.from, tenant.timeZone).starts_at,
    ends_at: dayWindow(range.to, tenant.timeZone).ends_at,
    unit: range.unit,
    timeZone: tenant.timeZone,
    areas,
    scope: { areas: [], types: [] },
  };
  return asAdmin(ctx, async (tx, tenantId, _user, scope) => {
    // a scoped administrator: only their areas (asking for another is refused) and types
    if (scope.areas.length && areas.some((a) => !scope.areas.includes(a))) throw new AppError('FORBIDDEN');
    q.scope = scope;
    const [perPeriod, perArea, perType, entries, offered] = await Promise.all([
      visitsPerPeriod(tx, tenantId, q),
      visitsPerArea(tx, tenantId, q),
      visitsPerType(tx, tenantId, q),
      entriesGrouped(tx, tenantId, q),
      visitorAreas(tx, tenantId, areas.length ? areas : scope.areas.length ? scope.areas : undefined),
    ]);
    const periods = range.periods.map((period) => {
      const of = perPeriod.filter((r) => r.period === period);
      const sum = (states: number[]) => of.filter((r) => states.includes(r.state)).reduce((s, r) => s + r.n, 0);
      return {
        period,
        visits: of.reduce((s, r) => s + r.n, 0),
        approved: sum([2]),
        rejected: sum([3]),
        cancelled: sum([4]),
        pending: sum([0, 1, 5]),
        entries: entries.filter((r) => r.period === period).reduce((s, r) => s + r.n, 0),
      };
    });
    // areas: the visitor areas (or those asked) and any other place visits or entries name
    const areaIds = [
      ...new Set([...offered.map((a) => a.id), ...perArea.map((r) => r.area), ...entries.map((r) => r.area)]),
    ].filter((id) => (!areas.length || areas.includes(id)) && (!scope.areas.length || scope.areas.includes(id)));
    const names = await resourceNames(tx, tenantId, areaIds);
    const areaRows = areaIds
      .map((id) => ({
        resources_id: id,
        resources_name: names.get(id)?.zh ?? id,
        resources_name_en: names.get(id)?.en || names.get(id)?.zh || id,
        visits: perArea.filter((r) => r.area === id).reduce((s, r) => s + r.n, 0),
        entries: entries.filter((r) => r.area === id).reduce((s, r) => s + r.n, 0),
      }))
      .sort(
        (a, b) => b.visits + b.entries - (a.visits + a.entries) || a.resources_name.localeCompare(b.resources_name),
      );
    const types = [...new Set([...VISITOR_TYPES, ...perType.map((r) => r.type)])]
      .filter((type) => !scope.types.length || scope.types.includes(type))
      .map((type) => {
        const name = visitorTypeName(type);
        return {
          visitor_type: type,
          name: name.zh,
          name_en: name.en,
          visits: perType.filter((r) => r.type === type).reduce((s, r) => s + r.n, 0),
        };
      });
    const hours = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      entries: entries.filter((r) => r.hour === hour).reduce((s, r) => s + r.n, 0),
    }));
    const peak = hours.reduce((best, h) => (h.entries > best.entries ? h : best), { hour: -1, entries: 0 });
    return {
      category: range.category,
      from: range.from,
      to: range.to,
      total_visits: periods.reduce((s, p) => s + p.visits, 0),
      total_approved: periods.reduce((s, p) => s + p.approved, 0),
      total_entries: periods.reduce((s, p) => s + p.entries, 0),
      peak_hour: peak.hour,
      periods,
      areas: areaRows,
      types,
      hours,
    };
  });
}
