import { formatDateTime, isoDateOf } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError, sqlState, UNIQUE_VIOLATION } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { pageOf } from '../notices/notices.rules.ts';
import { timeRangeOf } from '../logs/logs.rules.ts';
import { normaliseFilterMap } from '../resources/resources.rules.ts';
import { evaluateInput, replyInput } from './evaluations.inputs.ts';
import {
  deleteLike,
  evaluateOfBooking,
  findBookingForEvaluate,
  findEvaluate,
  findLike,
  insertEvaluate,
  insertLike,
  likeCounts,
  lockEvaluates,
  markEvaluatesDeleted,
  pageEvaluates,
  pageLikes,
  scoreSums,
  setBookingEvaluated,
  updateEvaluate,
  type EvaluateRow,
} from './evaluations.repository.ts';
import {
  evaluateFilterColumns,
  evaluateRefusal,
  evaluateStates,
  evaluateUuidColumns,
  likeFilterColumns,
  roundedMean,
  toWireEvaluate,
} from './evaluations.rules.ts';
import { bookingClock } from '../../platform/clock.ts';
import { resourceOnDate } from '../resources/resources.find.service.ts';

export type WireEvaluate = ReturnType<typeof toWireEvaluate>;

export interface PageArgs {
  first?: number | null;
  offset?: number | null;
  after?: string | null;
  filter?: unknown;
}

const describe = (row: Pick<EvaluateRow, 'resources_name' | 'appointment_date' | 'start_time' | 'end_time'>) =>
  `${row.resources_name} ${row.appointment_date} ${row.start_time}-${row.end_time}`;

/**
 * `saveAppointmentEvaluate`: without `id`, evaluates one of the caller's performed bookings
 * (once per booking); with `id`, replaces the caller's own evaluation. Returns its id.
 */
export async function saveEvaluate(ctx: RequestContext, input: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const m = parseInput(evaluateInput, input);
  const values = {
    composite_score: m.composite_score,
    resources_score: m.resources_score,
    system_score: m.system_score,
    service_score: m.service_score,
    content: m.content ?? '',
    pictures: m.pictures ?? [],
    is_anonymous: m.is_anonymous ?? '0',
  };
  return withTenant(ctx.db, tenant.id, async (tx) => {
    if (m.id) {
      const row = await findEvaluate(tx, tenant.id, m.id, true);
      if (!row) throw new AppError('EVALUATE_NOT_FOUND');
      if (row.created_user !== user.account) throw new AppError('EVALUATE_NOT_AUTHOR');
      if (m.appointment_id && m.appointment_id !== row.appointment_id) {
        throw new AppError('INVALID_INPUT', { detail: 'appointment_id: an evaluation stays with its booking' });
      }
      await updateEvaluate(tx, tenant.id, row.id, values);
      await audit(tx, ctx, {
        module: 'evaluate',
        type: 'update',
        content: `修改评价 ${describe(row)}`,
        object: row.id,
      });
      return row.id;
    }
    const booking = await findBookingForEvaluate(tx, tenant.id, m.appointment_id!);
    if (!booking) throw new AppError('APPOINTMENT_NOT_FOUND');
    const refusal = evaluateRefusal(booking, user.account);
    if (refusal) throw new AppError(refusal);
    if (await evaluateOfBooking(tx, tenant.id, booking.id)) throw new AppError('EVALUATE_DUPLICATE');
    let row: EvaluateRow;
    try {
      row = await insertEvaluate(tx, tenant.id, {
        ...values,
        appointment_id: booking.id,
        resources_id: booking.resources_id,
        resources_type_id: booking.resources_type_id,
        resources_name: booking.resources_name,
        resources_name_en: booking.resources_name_en,
        appointment_date: booking.appointment_date,
        start_time: booking.start_time,
        end_time: booking.end_time,
        created_user: user.account,
        created_user_name: user.name,
      });
    } catch (err) {
      if (sqlState(err) === UNIQUE_VIOLATION) throw new AppError('EVALUATE_DUPLICATE');
      throw err;
    }
    await setBookingEvaluated(tx, tenant.id, booking.id, '1');
    await audit(tx, ctx, { module: 'evaluate', type: 'save', content: `评价预约 ${describe(row)}`, object: row.id });
    return row.id;
  });
}

/** The caller's own evaluation, locked; refused when it does not exist or is someone else's. */
async function ownEvaluate(tx: Tx, tenantId: string, user: AuthUser, id: unknown): Promise<EvaluateRow> {
  const row = isUuid(id) ? await findEvaluate(tx, tenantId, id, true) : undefined;
  if (!row) throw new AppError('EVALUATE_NOT_FOUND');
  if (row.created_user !== user.account) throw new AppError('EVALUATE_NOT_AUTHOR');
  return row;
}

/**
 * Deletes an evaluation (kept as deleted): the caller's own, or, for a tenant administrator, any
 * of the tenant's. The booking may be evaluated again; the resource's count and means no longer
 * include it (they are summed from the evaluations not deleted). Returns its id.
 */
export async function deleteEvaluate(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row =
      user.role === 'admin' ? await anyEvaluate(tx, tenant.id, id) : await ownEvaluate(tx, tenant.id, user, id);
    await markEvaluatesDeleted(tx, tenant.id, [row.id]);
    await setBookingEvaluated(tx, tenant.id, row.appointment_id, '0');
    const whose = row.created_user === user.account ? '' : `（${row.created_user_name || row.created_user}）`;
    await audit(tx, ctx, {
      module: 'evaluate',
      type: 'delete',
      content: `删除评价 ${describe(row)}${whose}`,
      object: row.id,
    });
    return row.id;
  });
}

/** Most evaluations one batch delete takes. */
export const EVALUATE_DELETE_MAX = 200;

/**
 * Administrators delete evaluations of the tenant, all or nothing: refused when an id is not an
 * evaluation of the tenant (or is deleted already). Returns the ids deleted.
 */
export async function batchDeleteEvaluates(ctx: RequestContext, ids: unknown): Promise<string[]> {
  const { tenant } = requireUser(ctx);
  const list = [...new Set(Array.isArray(ids) ? ids : [])];
  if (!list.length || list.length > EVALUATE_DELETE_MAX) {
    throw new AppError('EVALUATE_IDS_REQUIRED', { max: EVALUATE_DELETE_MAX });
  }
  if (!list.every(isUuid)) throw new AppError('EVALUATE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const rows = await lockEvaluates(tx, tenant.id, list);
    if (rows.length !== list.length) throw new AppError('EVALUATE_NOT_FOUND');
    const deleted = rows.map((r) => r.id);
    await markEvaluatesDeleted(tx, tenant.id, deleted);
    await setBookingEvaluated(
      tx,
      tenant.id,
      rows.map((r) => r.appointment_id),
      '0',
    );
    await audit(tx, ctx, {
      module: 'evaluate',
      type: 'batchDelete',
      content: `批量删除评价 ${deleted.length} 条：${rows.map((r) => `${describe(r)}（${r.created_user_name || r.created_user}）`).join('；')}`,
      object: deleted.join(','),
    });
    return deleted;
  });
}

/** An evaluation an administrator acts on, locked. */
async function anyEvaluate(tx: Tx, tenantId: string, id: unknown): Promise<EvaluateRow> {
  const row = isUuid(id) ? await findEvaluate(tx, tenantId, id, true) : undefined;
  if (!row) throw new AppError('EVALUATE_NOT_FOUND');
  return row;
}

/** Administrators show ('1') or hide ('0') an evaluation. Returns its id. */
export async function setEvaluateState(ctx: RequestContext, id: unknown, state: unknown): Promise<string> {
  const { tenant } = requireUser(ctx);
  const next = typeof state === 'number' || typeof state === 'string' ? String(state).trim() : '';
  if (!evaluateStates.includes(next)) throw new AppError('EVALUATE_STATE_INVALID');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await anyEvaluate(tx, tenant.id, id);
    await updateEvaluate(tx, tenant.id, row.id, { state: next });
    await audit(tx, ctx, {
      module: 'evaluate',
      type: 'updateState',
      content: `${next === '1' ? '显示' : '隐藏'}评价 ${describe(row)}（${row.created_user_name}）`,
      object: row.id,
    });
    return row.id;
  });
}

/** Administrators reply to an evaluation (a new reply replaces the old one). Returns its id. */
export async function replyEvaluate(ctx: RequestContext, id: unknown, reply: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  const text = parseInput(replyInput, reply ?? '');
  if (!text) throw new AppError('EVALUATE_REPLY_REQUIRED');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await anyEvaluate(tx, tenant.id, id);
    await updateEvaluate(tx, tenant.id, row.id, {
      reply_content: text,
      reply_user: user.account,
      reply_user_name: user.name,
      reply_time: new Date(bookingClock.now()),
    });
    await audit(tx, ctx, { module: 'evaluate', type: 'reply', content: `回复评价 ${describe(row)}`, object: row.id });
    return row.id;
  });
}

const evaluateFilterOf = (filter: unknown) => normaliseFilterMap(filter, evaluateFilterColumns, evaluateUuidColumns);

function wirePage(rows: EvaluateRow[], tenant: TenantRef, anonymise: boolean) {
  return rows.map((r) => toWireEvaluate(r, tenant.timeZone, anonymise));
}

/**
 * A resource's shown evaluations, newest first, as any user sees them (venue reviews):
 * anonymous authors without account and name. Refused when the caller may not see the resource.
 */
export async function listResourceEvaluates(ctx: RequestContext, resourcesId: unknown, args: PageArgs) {
  const { tenant } = requireUser(ctx);
  const page = pageOf(args);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const res = await resourceOnDate(tx, ctx, resourcesId, isoDateOf(bookingClock.now(), tenant.timeZone));
    if (!res) throw new AppError('RESOURCE_NOT_FOUND');
    const { rows, total } = await pageEvaluates(tx, tenant.id, {
      filter: evaluateFilterOf(args.filter),
      resourcesId: res.row.id,
      shownOnly: true,
      ...page,
    });
    return { rows: wirePage(rows, tenant, true), total, offset: page.offset };
  });
}

/** The caller's own evaluations (hidden ones too), newest first. */
export async function listOwnEvaluates(ctx: RequestContext, args: PageArgs) {
  const { tenant, user } = requireUser(ctx);
  const page = pageOf(args);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await pageEvaluates(tx, tenant.id, {
      filter: evaluateFilterOf(args.filter),
      author: user.account,
      ...page,
    });
    return { rows: wirePage(rows, tenant, false), total, offset: page.offset };
  });
}

/**
 * Every evaluation of the tenant (administrators, /manage/evaluate), authors shown, newest first;
 * `createTime` [from, to] keeps those written in that range ("YYYY-MM-DD": whole days in the
 * tenant's time zone, or "YYYY-MM-DD HH:mm:ss"; either end may be empty).
 */
export async function listEvaluates(ctx: RequestContext, args: PageArgs & { createTime?: (string | null)[] | null }) {
  const { tenant } = requireUser(ctx);
  const page = pageOf(args);
  const range = timeRangeOf(args.createTime, tenant.timeZone);
  if (!range) throw new AppError('EVALUATE_DATE_INVALID');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await pageEvaluates(tx, tenant.id, {
      filter: evaluateFilterOf(args.filter),
      createdFrom: range.from,
      createdBefore: range.to,
      ...page,
    });
    return { rows: wirePage(rows, tenant, false), total, offset: page.offset };
  });
}

/** One evaluation: administrators and its author see it whole; other users a shown one, anonymised. */
export async function getEvaluate(ctx: RequestContext, id: unknown): Promise<WireEvaluate | null> {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(id)) return null;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findEvaluate(tx, tenant.id, id);
    if (!row) return null;
    const privileged = user.role === 'admin' || row.created_user === user.account;
    if (!privileged && row.state !== '1') return null;
    return toWireEvaluate(row, tenant.timeZone, !privileged);
  });
}

/** Per resource: how many shown evaluations it has and their mean scores (2 decimals). */
export async function evaluateAverages(ctx: RequestContext, resourcesIds: unknown) {
  const { tenant } = requireUser(ctx);
  const ids = [...new Set((Array.isArray(resourcesIds) ? resourcesIds : []).filter(isUuid))].slice(0, 500);
  const sums = await withTenant(ctx.db, tenant.id, (tx) => scoreSums(tx, tenant.id, ids));
  const byId = new Map(sums.map((s) => [s.resources_id, s]));
  return ids.map((id) => {
    const s = byId.get(id);
    const n = s?.n ?? 0;
    return {
      resources_id: id,
      evaluateCount: n,
      average: roundedMean(s?.composite ?? 0, n),
      resources_score: roundedMean(s?.resources ?? 0, n),
      system_score: roundedMean(s?.system ?? 0, n),
      service_score: roundedMean(s?.service ?? 0, n),
    };
  });
}

/**
 * The resource fields of api-contract 4 that evaluations and favourites feed, for resource lists
 * (in the caller's transaction): `like` how many users have it as a favourite, `liked` whether
 * `account` does, `evaluateCount` and `average` (mean composite score) of its shown evaluations.
 * Resources read it through their port (resources.feedback.ts), registered by the resolvers.
 */
export async function resourceStats(tx: Tx, tenantId: string, resourceIds: string[], account: string) {
  const likes = await likeCounts(tx, tenantId, resourceIds, account);
  const sums = await scoreSums(tx, tenantId, resourceIds);
  const byId = new Map(sums.map((s) => [s.resources_id, s]));
  return new Map(
    resourceIds.map((id) => {
      const s = byId.get(id);
      const l = likes.get(id);
      return [
        id,
        {
          like: l?.count ?? 0,
          liked: l?.mine ?? false,
          evaluateCount: s?.n ?? 0,
          average: roundedMean(s?.composite ?? 0, s?.n ?? 0),
        },
      ];
    }),
  );
}

/** A resource the caller may see, for favourites; refused otherwise. */
async function visibleResourceId(tx: Tx, ctx: RequestContext, tenant: TenantRef, id: unknown): Promise<string> {
  const res = await resourceOnDate(tx, ctx, id, isoDateOf(bookingClock.now(), tenant.timeZone));
  if (!res) throw new AppError('RESOURCE_NOT_FOUND');
  return res.row.id;
}

/** Adds a resource the caller may see to the caller's favourites (again: no change). Returns the favourite's id. */
export async function saveLike(ctx: RequestContext, resourcesId: unknown): Promise<string> {
  const { tenant, user } = requireUser(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const id = await visibleResourceId(tx, ctx, tenant, resourcesId);
    const row = await insertLike(tx, tenant.id, {
      resources_id: id,
      created_user: user.account,
      created_user_name: user.name,
    });
    if (!row) return (await findLike(tx, tenant.id, user.account, id))!.id;
    await audit(tx, ctx, { module: 'like', type: 'save', content: `收藏资源 ${id}`, object: id });
    return row.id;
  });
}

/** Removes a resource from the caller's favourites; the removed favourite's id, or null when it was none. */
export async function removeLike(ctx: RequestContext, resourcesId: unknown): Promise<string | null> {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(resourcesId)) throw new AppError('RESOURCE_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await deleteLike(tx, tenant.id, user.account, resourcesId);
    if (!row) return null;
    await audit(tx, ctx, {
      module: 'like',
      type: 'delete',
      content: `取消收藏资源 ${resourcesId}`,
      object: resourcesId,
    });
    return row.id;
  });
}

/** The caller's favourites with their resources, newest first. */
export async function listLikes(ctx: RequestContext, args: PageArgs) {
  const { tenant, user } = requireUser(ctx);
  const page = pageOf(args);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await pageLikes(tx, tenant.id, {
      account: user.account,
      filter: normaliseFilterMap(args.filter, likeFilterColumns, likeFilterColumns),
      ...page,
    });
    const nodes = rows.map(({ like, resource, resources_type_name, resources_type_name_en }) => {
      const { images, ...fields } = resource;
      const picture = images.find((i) => i.del === 0 && i.image_category !== '2') ?? images.find((i) => i.del === 0);
      return {
        id: like.id,
        resources_id: like.resources_id,
        ...fields,
        resources_type_name: resources_type_name ?? '',
        resources_type_name_en: resources_type_name_en ?? '',
        image_uri: picture?.uri ?? '',
        created_user: like.created_user,
        created_user_name: like.created_user_name,
        create_time: formatDateTime(like.create_time.getTime(), tenant.timeZone),
      };
    });
    return { rows: nodes, total, offset: page.offset };
  });
}
