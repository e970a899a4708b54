import { formatDateTime, maskName, parseIsoDate } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { seatsTaken } from '../booking/booking.repository.ts';
import { signedIn } from './visitors.access.ts';
import { areasAsked, visitAreaNames, visitAreasShown } from './visitors.appointments.areas.ts';
import {
  auditsOf,
  currentPassSerials,
  findVisit,
  pageVisits,
  unclaimedOfPhone,
  updateVisit,
  type VisitAuditRow,
  type VisitQuery,
  type VisitRow,
} from './visitors.appointments.repository.ts';
import {
  VISIT_STATE,
  auditStep,
  canCancel,
  canSee,
  dayWindow,
  partySeats,
  stateName,
  stateOnceRegistered,
  updateRefusal,
  visitDateOf,
  type VisitorType,
} from './visitors.appointments.rules.ts';
import { pathOf, relationOf, viewerOf, visitorClock, type Viewer } from './visitors.appointments.viewer.ts';
import { offeredAreas } from './visitors.areas.repository.ts';
import { splitIds } from './visitors.areas.rules.ts';
import { infoFieldsOf, visitorSettings } from './visitors.settings.repository.ts';
import { shownFieldValues } from './visitors.settings.service.ts';
import { decrypt, visitorKeys } from '../../platform/data-key.ts';

/**
 * Reading visits (visitors.appointments.graphql): the lists and the detail each caller may see
 * (a visitor first claiming the invitations to their phone), and the areas' remaining daily
 * quotas. Saving and changing visits: visitors.applications.service.ts; approving, rejecting and
 * cancelling them: visitors.decisions.service.ts.
 */

/**
 * Invitations to the phone of a visitor who registered since: linked to the registration and
 * moved to the state approval asks for. Run on the visitor's own reads.
 */
async function claimInvitations(tx: Tx, ctx: RequestContext, tenant: TenantRef, viewer: Viewer): Promise<VisitRow[]> {
  const me = viewer.visitor;
  if (!me) return [];
  const rows = await unclaimedOfPhone(tx, tenant.id, me.phone_hash);
  const claimed: VisitRow[] = [];
  for (const row of rows) {
    const state = stateOnceRegistered(row.visitor_type as VisitorType, pathOf(viewer, row.visitor_type));
    claimed.push(await updateVisit(tx, tenant.id, row.id, { visitor_id: me.id, state }));
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'update',
      content: `访客注册后认领邀请：${stateName(state).zh}`,
      object: row.id,
    });
  }
  return claimed;
}

export interface VisitNode {
  id: string;
  visitor_id: string | null;
  visitor_name: string;
  phone: string;
  visitor_type: string;
  in_school_date: string;
  in_school_reason: string;
  in_school_area: string;
  in_school_area_name: string;
  in_school_area_name_en: string;
  peers: number;
  in_child: number;
  accept_visit_name: string;
  accept_visit_phone: string;
  accept_visit_unit: string;
  is_car: number;
  car_product: string;
  car_card_number: string;
  remark: string;
  booking_id: string | null;
  state: number;
  state_name: string;
  state_name_en: string;
  reject_reason: string;
  created_user_name: string;
  create_time: string;
  pass_id: string | null;
  can_cancel: boolean;
  can_update: boolean;
  can_audit: boolean;
  infoList: { field_name: string; field_label: string | null; field_label_en: string | null; value: string }[];
  auditList?: {
    id: string;
    step: number;
    result: string;
    reason: string;
    operator_name: string;
    create_time: string;
  }[];
}

/** A visit's stored information values, as strings. */
function storedInfo(row: VisitRow): Record<string, string> {
  return Object.fromEntries(
    Object.entries((row.info ?? {}) as Record<string, unknown>).map(([name, value]) => [name, String(value ?? '')]),
  );
}

/**
 * Visits as the contract shows them to the viewer: phone and the phone and ID card information
 * values masked, or whole when `whole` (the caller checked the right and logged the view).
 */
async function nodesOf(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  viewer: Viewer,
  rows: readonly VisitRow[],
  now: number,
  opts: { withTrail: boolean; whole: boolean },
): Promise<VisitNode[]> {
  const ids = rows.map((r) => r.id);
  const keys = visitorKeys(ctx.config);
  const [names, passes, trails, fields] = await Promise.all([
    visitAreaNames(tx, tenant.id, rows),
    currentPassSerials(tx, tenant.id, ids),
    opts.withTrail ? auditsOf(tx, tenant.id, ids) : Promise.resolve(new Map<string, VisitAuditRow[]>()),
    infoFieldsOf(tx, tenant.id),
  ]);
  const fieldOf = new Map(fields.map((f) => [f.field_name, f]));
  return rows.map((r) => {
    const rel = relationOf(viewer, r);
    const area = visitAreasShown(r, names);
    const state = stateName(r.state);
    const node: VisitNode = {
      id: r.id,
      visitor_id: r.visitor_id,
      visitor_name: r.visitor_name,
      phone: opts.whole && r.phone_enc ? decrypt(keys, tenant.id, r.phone_enc) : r.phone_mask,
      visitor_type: r.visitor_type,
      in_school_date: r.in_school_date,
      in_school_reason: r.in_school_reason,
      in_school_area: r.in_school_area,
      in_school_area_name: area.zh,
      in_school_area_name_en: area.en,
      peers: r.peers,
      in_child: r.in_child,
      accept_visit_name: r.accept_visit_name,
      accept_visit_phone: r.accept_visit_phone,
      accept_visit_unit: r.accept_visit_unit,
      is_car: r.is_car,
      car_product: r.car_product,
      car_card_number: r.car_card_number,
      remark: r.remark,
      booking_id: r.booking_id,
      state: r.state,
      state_name: state.zh,
      state_name_en: state.en,
      reject_reason: r.reject_reason,
      created_user_name: r.created_user_name,
      create_time: formatDateTime(r.create_time.getTime(), tenant.timeZone),
      pass_id: r.state === VISIT_STATE.approved ? (passes.get(r.id) ?? null) : null,
      can_cancel: canCancel(r, rel, now),
      can_update: updateRefusal(r, rel, now) === null,
      can_audit: auditStep(r, rel, now) !== null,
      infoList: Object.entries(shownFieldValues(keys, tenant.id, fields, storedInfo(r), opts.whole)).map(
        ([field_name, value]) => ({
          field_name,
          field_label: fieldOf.get(field_name)?.field_label ?? null,
          field_label_en: fieldOf.get(field_name)?.field_label_en ?? null,
          value,
        }),
      ),
    };
    if (opts.withTrail) {
      node.auditList = (trails.get(r.id) ?? []).map((a) => ({
        id: a.id,
        step: a.step,
        result: a.result,
        reason: a.reason,
        operator_name: a.operator_name,
        create_time: formatDateTime(a.create_time.getTime(), tenant.timeZone),
      }));
    }
    return node;
  });
}

export interface VisitListArgs {
  paging?: { first?: number | null; offset?: number | null } | null;
  first?: number | null;
  offset?: number | null;
  filter?: unknown;
  appointmentDate?: readonly (string | null)[] | null;
  only_flow?: string | null;
  updateAppointmentState?: string | null;
}

function condition(raw: unknown): { eq?: string; in?: string[]; like?: string } | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const { eq, in: list, like } = raw as { eq?: unknown; in?: unknown; like?: unknown };
  const c: { eq?: string; in?: string[]; like?: string } = {};
  if ((typeof eq === 'string' && eq !== '') || typeof eq === 'number') c.eq = String(eq);
  if (Array.isArray(list)) c.in = list.filter((x) => typeof x === 'string' || typeof x === 'number').map(String);
  if (typeof like === 'string' && like !== '') c.like = like;
  return Object.keys(c).length ? c : undefined;
}

/**
 * `findVisitorAppointmentInformationAll`: the visits the caller may see, newest first (a
 * visitor: their own, claiming invitations to their phone first; a host: those they host or
 * invited, and those awaiting their second-level approval; a visitor administrator: all).
 */
export async function listVisits(
  ctx: RequestContext,
  args: VisitListArgs,
): Promise<{ nodes: VisitNode[]; total: number; offset: number }> {
  const { tenant, user } = signedIn(ctx);
  const now = visitorClock.now();
  const limit = Math.min(Math.max(Number(args.paging?.first ?? args.first ?? 10) || 10, 1), 200);
  const offset = Math.max(Number(args.paging?.offset ?? args.offset ?? 0) || 0, 0);
  const range = (args.appointmentDate ?? []).filter((d): d is string => typeof d === 'string' && d.trim() !== '');
  for (const d of range)
    if (!parseIsoDate(d.trim().slice(0, 10))) throw new AppError('VISIT_DATE_INVALID', { value: d.slice(0, 40) });
  const filter = (args.filter ?? {}) as Record<string, unknown>;
  const history = args.updateAppointmentState === '1' ? '1' : args.updateAppointmentState === '0' ? '0' : undefined;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, tenant, user);
    if (user.role === 'visitor') await claimInvitations(tx, ctx, tenant, viewer);
    const query: VisitQuery = {
      now: new Date(now),
      limit,
      offset,
      history,
      from: range[0]?.trim().slice(0, 10),
      to: range[1]?.trim().slice(0, 10),
      state: condition(filter.state),
      visitor_type: condition(filter.visitor_type),
      in_school_area: condition(filter.in_school_area),
      in_school_date: condition(filter.in_school_date),
      visitor_name: condition(filter.visitor_name),
      hostOrInviter: condition(filter.host),
      booking_id: condition(filter.booking_id),
    };
    if (user.role === 'visitor') {
      if (!viewer.visitor || args.only_flow === '1') return { nodes: [], total: 0, offset };
      query.visitorId = viewer.visitor.id;
    } else {
      query.host = { userId: user.id, account: user.account };
      query.secondLevelTypes = viewer.secondLevelTypes;
      query.secondLevelByRight = viewer.secondLevelByRight;
      if (viewer.adminScope) query.adminScope = viewer.adminScope;
      if (args.only_flow === '1') query.awaitingMe = true;
      else if (viewer.adminScope) query.all = true;
    }
    const { rows, total } = await pageVisits(tx, tenant.id, query);
    return {
      nodes: await nodesOf(tx, ctx, tenant, viewer, rows, now, { withTrail: false, whole: false }),
      total,
      offset,
    };
  });
}

/**
 * `findVisitorAppointmentDetail`: one visit with its approval trail, for whoever may see it;
 * numbers masked. `whole` (the visitor 'admin' right only): the phone and the phone and ID card
 * information values whole, the view written to the operate log.
 */
export async function visitDetail(ctx: RequestContext, id: unknown, wholeArg?: unknown): Promise<VisitNode> {
  const { tenant, user } = signedIn(ctx);
  const whole = wholeArg === true;
  const now = visitorClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, tenant, user);
    if (whole && !viewer.rights.has('admin')) throw new AppError('FORBIDDEN');
    if (user.role === 'visitor') await claimInvitations(tx, ctx, tenant, viewer);
    if (!isUuid(id)) throw new AppError('VISIT_NOT_FOUND');
    const row = await findVisit(tx, tenant.id, id);
    const rel = row ? relationOf(viewer, row) : undefined;
    if (!row || !rel || !canSee(rel)) throw new AppError('VISIT_NOT_FOUND');
    // whole numbers: only for a visit the administrator's scope covers
    if (whole && !rel.admin) throw new AppError('FORBIDDEN');
    if (whole) {
      await audit(tx, ctx, {
        module: 'visitor',
        type: 'viewWhole',
        content: `${maskName(row.visitor_name)} ${row.phone_mask}`.trim(),
        object: row.id,
      });
    }
    const [node] = await nodesOf(tx, ctx, tenant, viewer, [row], now, { withTrail: true, whole });
    return node!;
  });
}

export interface AvailableNumberArgs {
  in_school_date?: unknown;
  in_school_area?: string | null;
  peers?: number | null;
  in_child?: number | null;
}

/**
 * `findVisitorAvailableNumber`: each asked area's quota on each asked date, the seats taken
 * (held by visits awaiting approval or approved) and what is left; no area asked: every area
 * open to visitors.
 */
export async function availableNumbers(ctx: RequestContext, models: readonly (AvailableNumberArgs | null)[]) {
  const { tenant } = signedIn(ctx);
  if (models.length > 31) throw new AppError('VISIT_BATCH_SIZE', { max: 31 });
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const out = [];
    const allowed = splitIds((await visitorSettings(tx, tenant.id)).overall.apply_school_resources);
    for (const m of models) {
      if (!m) continue;
      const date = visitDateOf(m.in_school_date, tenant.timeZone);
      const seats = partySeats(m.peers, m.in_child);
      const asked = splitIds(m.in_school_area);
      const areas = asked.length
        ? await areasAsked(tx, tenant.id, allowed, m.in_school_area)
        : await offeredAreas(tx, tenant.id, allowed);
      const window = dayWindow(date, tenant.timeZone);
      for (const a of areas) {
        const used = a.available_number > 0 ? await seatsTaken(tx, tenant.id, { resources_id: a.id, ...window }) : 0;
        const remaining = a.available_number > 0 ? Math.max(0, a.available_number - used) : -1;
        out.push({
          in_school_date: date,
          resources_id: a.id,
          resources_name: a.resources_name,
          resources_name_en: a.resources_name_en,
          available_number: a.available_number,
          used,
          remaining,
          enough: remaining < 0 || remaining >= seats,
        });
      }
    }
    return out;
  });
}
