import { formatDateTime, parseIsoDate } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { releaseSeat, seatsTaken, takeSeat } from '../booking/booking.repository.ts';
import { signedIn, visitorRightsOf, type VisitorRight } from './visitors.access.ts';
import {
  auditsOf,
  bookingForGuests,
  currentPassSerials,
  findHosts,
  findVisit,
  hostsByIds,
  insertVisitAudit,
  insertVisits,
  pageVisits,
  peopleOfBooking,
  resourceIdsAt,
  resourceNames,
  revokePassesOf,
  unclaimedOfPhone,
  updateVisit,
  visitorByPhoneHash,
  visitorByUser,
  visitorsByIds,
  type BookingForGuests,
  type HostUser,
  type NewVisit,
  type VisitorPerson,
  type VisitQuery,
  type VisitRow,
} from './visitors.appointments.repository.ts';
import {
  VISIT_STATE,
  approvalPathOf,
  auditStep,
  canCancel,
  canSee,
  checkVisitDate,
  dayWindow,
  initialState,
  partySeats,
  seatMoves,
  splitIds,
  stateAfterHost,
  stateName,
  stateOnceRegistered,
  updateRefusal,
  visitDateOf,
  visitorTypeOf,
  type ApprovalPath,
  type Relation,
  type VisitorType,
} from './visitors.appointments.rules.ts';
import { visitorAreas, type VisitorArea } from './visitors.areas.repository.ts';
import { normalisePhone, sealPhone, visitorKeys } from './visitors.crypto.ts';
import { infoFieldsOf, visitorSettings } from './visitors.settings.repository.ts';
import { validateFieldValues, type InfoField } from './visitors.settings.rules.ts';
import { queueVisitNotices, sendVisitTexts, type PendingText, type VisitEvent } from './visitors.notify.ts';

/** The clock of visit rules (tests set it). */
export const visitorClock = { now: (): number => Date.now() };

/** Most guests one batch invitation may name. */
export const MAX_BATCH = 50;

// --- who is asking

interface Viewer {
  user: AuthUser;
  visitor: VisitorPerson | undefined;
  rights: Set<VisitorRight>;
  paths: Map<VisitorType, ApprovalPath>;
  /** Visitor types whose second level this viewer approves. */
  secondLevelTypes: VisitorType[];
  /** The overall settings' areas open to visitors (empty: every visitor area). */
  applyAreas: string[];
}

async function viewerOf(tx: Tx, tenant: TenantRef, user: AuthUser): Promise<Viewer> {
  const [visitor, rights, settings] = await Promise.all([
    user.role === 'visitor' ? visitorByUser(tx, tenant.id, user.id) : Promise.resolve(undefined),
    visitorRightsOf(tx, tenant.id, user),
    visitorSettings(tx, tenant.id),
  ]);
  const paths = new Map<VisitorType, ApprovalPath>();
  for (const type of ['1', '2', '3'] as const) {
    paths.set(type, approvalPathOf(type, settings.detailOf(type)));
  }
  const secondLevelTypes =
    user.role === 'visitor'
      ? []
      : [...paths].filter(([, p]) => p.secondLevel && isApprover(p, user, rights)).map(([type]) => type);
  return {
    user,
    visitor,
    rights,
    paths,
    secondLevelTypes,
    applyAreas: splitIds(settings.overall.apply_school_resources),
  };
}

function isApprover(path: ApprovalPath, user: AuthUser, rights: Set<VisitorRight>): boolean {
  return path.approvers.length ? path.approvers.includes(user.account) : rights.has('admin');
}

function relationOf(viewer: Viewer, row: VisitRow): Relation {
  const staff = viewer.user.role !== 'visitor';
  return {
    visitor: !!viewer.visitor && row.visitor_id === viewer.visitor.id,
    host: staff && !!row.host_user_id && row.host_user_id === viewer.user.id,
    inviter: staff && row.visitor_type !== '1' && row.created_user === viewer.user.account,
    secondLevel: staff && viewer.secondLevelTypes.includes(row.visitor_type as VisitorType),
    admin: viewer.rights.has('admin'),
  };
}

const pathOf = (viewer: Viewer, type: string) =>
  viewer.paths.get(type as VisitorType) ?? approvalPathOf('1', undefined);

// --- input

export interface VisitInput {
  id?: string | null;
  visitor_type?: string | null;
  visitor_name?: string | null;
  phone?: string | null;
  in_school_date?: unknown;
  in_school_reason?: string | null;
  in_school_area?: string | null;
  peers?: number | null;
  in_child?: number | null;
  accept_visit_name?: string | null;
  accept_visit_phone?: string | null;
  accept_visit_unit?: string | null;
  is_car?: number | null;
  car_product?: string | null;
  car_card_number?: string | null;
  remark?: string | null;
  booking_id?: string | null;
  infoList?: readonly ({ field_name: string; value?: string | null } | null)[] | null;
}

const FIELD_LIMITS: Record<string, { max: number; zh: string; en: string }> = {
  visitor_name: { max: 100, zh: '姓名', en: 'Name' },
  in_school_reason: { max: 500, zh: '来访事由', en: 'Reason' },
  accept_visit_name: { max: 100, zh: '被访人姓名', en: "Host's name" },
  accept_visit_phone: { max: 100, zh: '被访人电话', en: "Host's phone" },
  accept_visit_unit: { max: 200, zh: '被访人单位', en: "Host's unit" },
  car_product: { max: 100, zh: '车辆品牌', en: 'Car make' },
  car_card_number: { max: 50, zh: '车牌号', en: 'Plate number' },
  remark: { max: 500, zh: '备注', en: 'Remark' },
};

/** A text field of the input, trimmed, refused when too long. */
function text(model: VisitInput, field: keyof typeof FIELD_LIMITS): string {
  const value = String((model as Record<string, unknown>)[field] ?? '').trim();
  const limit = FIELD_LIMITS[field]!;
  if (value.length > limit.max) throw new AppError('VISIT_TEXT_TOO_LONG', { field: limit.zh, max: limit.max });
  return value;
}

/**
 * A visit's information field values, checked against the information fields' settings (the
 * fields a visit asks for, each value fitting its type); an application must fill in the
 * required ones, an invitation's host need not. `previous`: the values a change keeps.
 */
async function infoOf(
  tx: Tx,
  tenantId: string,
  model: VisitInput,
  requireAll: boolean,
  previous: Readonly<Record<string, string>> = {},
): Promise<Record<string, string>> {
  const given = (model.infoList ?? []).filter((f): f is { field_name: string; value?: string | null } => !!f);
  for (const f of given) {
    if ((f.value ?? '').length > 2000)
      throw new AppError('VISIT_TEXT_TOO_LONG', { field: f.field_name.slice(0, 60), max: 2000 });
  }
  const fields: InfoField[] = await infoFieldsOf(tx, tenantId);
  const asked = requireAll ? fields : fields.map((f) => ({ ...f, is_appointment_required_info: 0 }));
  return validateFieldValues(asked, given.slice(0, 100), 'appointment', previous);
}

const carOf = (model: VisitInput) => ({
  is_car: model.is_car === 1 ? 1 : 0,
  car_product: model.is_car === 1 ? text(model, 'car_product') : '',
  car_card_number: model.is_car === 1 ? text(model, 'car_card_number') : '',
});

/** A guest's phone: digits (a leading +86 dropped), refused when it cannot be a phone number. */
function guestPhone(value: string | null | undefined, index: number): string {
  const phone = normalisePhone((value ?? '').trim());
  if (!/^\d{6,15}$/.test(phone)) throw new AppError('VISIT_GUEST_PHONE_INVALID', { index });
  return phone;
}

// --- areas and quotas

/** The visitor areas asked for, refused when one is not a visitor area or not among the overall settings' areas. */
async function areasAsked(
  tx: Tx,
  tenantId: string,
  allowed: readonly string[],
  value: string | null | undefined,
): Promise<VisitorArea[]> {
  const ids = splitIds(value);
  if (!ids.length) throw new AppError('VISIT_AREAS_REQUIRED');
  if (ids.length > 50) throw new AppError('VISIT_AREA_INVALID', { area: String(ids[50]).slice(0, 40) });
  const bad = ids.find((id): boolean => !isUuid(id));
  if (bad !== undefined) throw new AppError('VISIT_AREA_INVALID', { area: bad.slice(0, 40) });
  const found = await visitorAreas(tx, tenantId, ids);
  for (const id of ids) {
    if (!found.some((a) => a.id === id) || (allowed.length > 0 && !allowed.includes(id))) {
      throw new AppError('VISIT_AREA_INVALID', { area: id });
    }
  }
  return ids.map((id) => found.find((a) => a.id === id)!);
}

/** A booking guest's areas: the visitor areas in the room's building, else its campus, else all. */
async function areasOfBooking(
  tx: Tx,
  tenantId: string,
  allowed: readonly string[],
  booking: BookingForGuests,
): Promise<VisitorArea[]> {
  const all = (await visitorAreas(tx, tenantId)).filter((a) => !allowed.length || allowed.includes(a.id));
  if (!all.length) throw new AppError('VISIT_AREAS_REQUIRED');
  const ids = all.map((a) => a.id);
  for (const place of [{ building_code: booking.building_code }, { campus_code: booking.campus_code }]) {
    const code = place.building_code ?? place.campus_code;
    if (!code) continue;
    const at = await resourceIdsAt(tx, tenantId, ids, place);
    if (at.length) return all.filter((a) => at.includes(a.id));
  }
  return all;
}

async function takeSeats(tx: Tx, tenant: TenantRef, date: string, areas: readonly VisitorArea[], seats: number) {
  const window = dayWindow(date, tenant.timeZone);
  // In one order of ids everywhere: two visits taking the same areas never wait for each other in a circle.
  for (const area of [...areas].sort((a, b) => a.id.localeCompare(b.id))) {
    if (area.available_number <= 0) continue;
    const slot = { resources_id: area.id, ...window, capacity: area.available_number, seats };
    if (!(await takeSeat(tx, tenant.id, slot))) {
      const used = await seatsTaken(tx, tenant.id, slot);
      throw new AppError('VISIT_QUOTA_FULL', {
        area: area.resources_name,
        date,
        remaining: Math.max(0, area.available_number - used),
        seats,
      });
    }
  }
}

async function releaseSeats(tx: Tx, tenant: TenantRef, date: string, areaIds: readonly string[], seats: number) {
  const window = dayWindow(date, tenant.timeZone);
  for (const id of [...areaIds].sort()) await releaseSeat(tx, tenant.id, { resources_id: id, ...window, seats });
}

// --- names for display

interface Named {
  zh: string;
  en: string;
}

async function areaNames(tx: Tx, tenantId: string, rows: readonly VisitRow[]): Promise<Map<string, Named>> {
  const ids = [...new Set(rows.flatMap((r) => splitIds(r.in_school_area)))].filter(isUuid);
  return resourceNames(tx, tenantId, ids);
}

function namesOf(row: VisitRow, names: ReadonlyMap<string, Named>): Named {
  const ids = splitIds(row.in_school_area);
  return {
    zh: ids.map((id) => names.get(id)?.zh ?? id).join('、'),
    en: ids.map((id) => names.get(id)?.en || names.get(id)?.zh || id).join(', '),
  };
}

// --- notifications

async function notify(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  event: VisitEvent,
  rows: readonly VisitRow[],
  reason = '',
): Promise<PendingText[]> {
  if (!rows.length) return [];
  const names = await areaNames(tx, tenant.id, rows);
  const hostIds = [...new Set(rows.map((r) => r.host_user_id).filter((id): id is string => !!id))];
  const visitorIds = [...new Set(rows.map((r) => r.visitor_id).filter((id): id is string => !!id))];
  const [hosts, people] = await Promise.all([
    hostsByIds(tx, tenant.id, hostIds),
    visitorsByIds(tx, tenant.id, visitorIds),
  ]);
  return queueVisitNotices(
    tx,
    ctx,
    tenant,
    event,
    rows.map((visit) => ({ visit, areas: namesOf(visit, names).zh, reason })),
    new Map(hosts.map((h) => [h.id, h])),
    new Map(people.map((p) => [p.id, p.email])),
  );
}

// --- saving

interface Prepared {
  values: NewVisit;
  areas: VisitorArea[];
  booking?: BookingForGuests;
}

function pickHost(found: HostUser[], name: string): HostUser | undefined {
  return found.find((h) => h.name === name) ?? found[0];
}

/** A visitor's own application: name and phone from their registration, the host from the directory. */
async function prepareApplication(
  tx: Tx,
  tenant: TenantRef,
  viewer: Viewer,
  model: VisitInput,
  now: number,
): Promise<Prepared> {
  const me = viewer.visitor;
  if (viewer.user.role !== 'visitor' || !me) throw new AppError('VISIT_NOT_A_VISITOR');
  const path = pathOf(viewer, '1');
  if (!path.enabled) throw new AppError('VISIT_TYPE_DISABLED', { type: '1' });
  const date = visitDateOf(model.in_school_date, tenant.timeZone);
  checkVisitDate(date, now, tenant.timeZone);
  const seats = partySeats(model.peers, model.in_child);
  const areas = await areasAsked(tx, tenant.id, viewer.applyAreas, model.in_school_area);
  const hostKey = text(model, 'accept_visit_phone');
  const hostName = text(model, 'accept_visit_name');
  let host: HostUser | undefined;
  if (hostKey) {
    host = pickHost(await findHosts(tx, tenant.id, [hostKey, normalisePhone(hostKey)]), hostName);
    if (!host) throw new AppError('VISIT_HOST_NOT_FOUND', { host: hostKey });
  } else if (path.approval) {
    throw new AppError('VISIT_HOST_REQUIRED');
  }
  const window = dayWindow(date, tenant.timeZone);
  return {
    areas,
    values: {
      visitor_id: me.id,
      visitor_name: me.visitor_name,
      phone_enc: me.phone_enc,
      phone_hash: me.phone_hash,
      phone_mask: me.phone_mask,
      visitor_type: '1',
      in_school_date: date,
      valid_from: window.starts_at,
      valid_to: window.ends_at,
      in_school_reason: text(model, 'in_school_reason'),
      in_school_area: areas.map((a) => a.id).join(','),
      peers: model.peers ?? 0,
      in_child: model.in_child ?? 0,
      seats,
      accept_visit_name: hostName || host?.name || '',
      accept_visit_phone: hostKey,
      accept_visit_unit: text(model, 'accept_visit_unit'),
      host_user_id: host?.id ?? null,
      host_account: host?.account ?? '',
      ...carOf(model),
      remark: text(model, 'remark'),
      info: await infoOf(tx, tenant.id, model, true),
      state: initialState('1', path, true),
      seats_held: true,
      created_user: viewer.user.account,
      created_user_name: me.visitor_name,
    },
  };
}

/** A host's invitation of one guest (type '2'), or a booker's guest of a booking (type '3'). */
async function prepareInvitation(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  viewer: Viewer,
  model: VisitInput,
  type: VisitorType,
  index: number,
  now: number,
  bookings: Map<string, { booking: BookingForGuests; people: number }>,
): Promise<Prepared> {
  if (viewer.user.role === 'visitor') throw new AppError('VISIT_VISITOR_CANNOT_INVITE');
  const path = pathOf(viewer, type);
  if (!path.enabled) throw new AppError('VISIT_TYPE_DISABLED', { type });
  const name = text(model, 'visitor_name');
  if (!name || !model.phone?.trim()) throw new AppError('VISIT_GUEST_REQUIRED', { index });
  const phone = guestPhone(model.phone, index);
  const seats = partySeats(model.peers, model.in_child);
  const sealed = sealPhone(visitorKeys(ctx.config), tenant.id, phone);
  const registered = await visitorByPhoneHash(tx, tenant.id, sealed.phone_hash);

  let date: string;
  let window: { starts_at: Date; ends_at: Date };
  let areas: VisitorArea[];
  let booking: BookingForGuests | undefined;
  if (type === '3') {
    const id = model.booking_id?.trim() ?? '';
    if (!isUuid(id)) throw new AppError('VISIT_BOOKING_NOT_FOUND');
    let known = bookings.get(id);
    if (!known) {
      const found = await bookingForGuests(tx, tenant.id, id);
      if (!found) throw new AppError('VISIT_BOOKING_NOT_FOUND');
      known = { booking: found, people: await peopleOfBooking(tx, tenant.id, id) };
      bookings.set(id, known);
    }
    booking = known.booking;
    if (booking.appointment_user !== viewer.user.account) throw new AppError('VISIT_BOOKING_NOT_BOOKER');
    if (!bookingActive(booking, now)) throw new AppError('VISIT_BOOKING_NOT_FOUND');
    if (booking.capacity > 0 && known.people + seats > booking.capacity) {
      throw new AppError('VISIT_ROOM_FULL', { capacity: booking.capacity, have: known.people, seats });
    }
    known.people += seats;
    date = booking.appointment_date;
    window = { starts_at: booking.starts_at, ends_at: booking.ends_at };
    areas = await areasOfBooking(tx, tenant.id, viewer.applyAreas, booking);
  } else {
    date = visitDateOf(model.in_school_date, tenant.timeZone);
    checkVisitDate(date, now, tenant.timeZone);
    window = dayWindow(date, tenant.timeZone);
    areas = await areasAsked(tx, tenant.id, viewer.applyAreas, model.in_school_area);
  }
  return {
    areas,
    booking,
    values: {
      visitor_id: registered?.id ?? null,
      visitor_name: name,
      ...sealed,
      visitor_type: type,
      in_school_date: date,
      valid_from: window.starts_at,
      valid_to: window.ends_at,
      in_school_reason: text(model, 'in_school_reason'),
      in_school_area: areas.map((a) => a.id).join(','),
      peers: model.peers ?? 0,
      in_child: model.in_child ?? 0,
      seats,
      accept_visit_name: viewer.user.name,
      accept_visit_phone: text(model, 'accept_visit_phone'),
      accept_visit_unit: text(model, 'accept_visit_unit'),
      host_user_id: viewer.user.id,
      host_account: viewer.user.account,
      ...carOf(model),
      remark: text(model, 'remark'),
      info: await infoOf(tx, tenant.id, model, false),
      booking_id: booking?.id ?? null,
      state: initialState(type, path, !!registered),
      seats_held: true,
      created_user: viewer.user.account,
      created_user_name: viewer.user.name,
    },
  };
}

/** A booking guests may still be added to: valid, not rejected, not terminated or missed, not ended. */
function bookingActive(b: BookingForGuests, now: number): boolean {
  return b.del === 0 && b.active && b.state === '0' && b.audit_status !== '3' && b.ends_at.getTime() > now;
}

/**
 * `saveVisitorAppointment` / `batchSaveVisitorAppointment`: saves visits in one transaction (all
 * or none), each taking its party's seats from every area's daily quota, in the state the visitor
 * type's approval asks for; the host and the visitors are told. Returns the visits' ids in order.
 */
export async function saveVisits(
  ctx: RequestContext,
  models: readonly VisitInput[],
  batch: boolean,
): Promise<{ ids: string[] }> {
  const { tenant, user } = signedIn(ctx);
  if (batch && (models.length < 1 || models.length > MAX_BATCH))
    throw new AppError('VISIT_BATCH_SIZE', { max: MAX_BATCH });
  if (!batch && models.length !== 1) throw new AppError('VISIT_BATCH_SIZE', { max: 1 });
  const now = visitorClock.now();
  let texts: PendingText[] = [];
  const ids = await withTenant(ctx.db, tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, tenant, user);
    const fallback: VisitorType = user.role === 'visitor' ? '1' : '2';
    const bookings = new Map<string, { booking: BookingForGuests; people: number }>();
    const prepared: Prepared[] = [];
    for (const [i, model] of models.entries()) {
      const type = visitorTypeOf(model.visitor_type, fallback);
      if (batch && type === '1') throw new AppError('VISIT_VISITOR_CANNOT_INVITE');
      prepared.push(
        type === '1'
          ? await prepareApplication(tx, tenant, viewer, model, now)
          : await prepareInvitation(tx, ctx, tenant, viewer, model, type, i + 1, now, bookings),
      );
    }
    for (const p of prepared) await takeSeats(tx, tenant, p.values.in_school_date, p.areas, p.values.seats ?? 1);
    const rows = await insertVisits(
      tx,
      tenant.id,
      prepared.map((p) => p.values),
    );
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'save',
      content: rows
        .map((r) => `${r.visitor_type === '1' ? '来访申请' : '邀请访客'} ${r.in_school_date} ${stateName(r.state).zh}`)
        .join('; '),
      object: rows.map((r) => r.id).join(','),
    });
    const applications = rows.filter((r) => r.visitor_type === '1');
    const invitations = rows.filter((r) => r.visitor_type !== '1');
    texts = [
      ...(await notify(tx, ctx, tenant, 'submitted', applications)),
      ...(await notify(tx, ctx, tenant, 'invited', invitations)),
    ];
    return rows.map((r) => r.id);
  });
  await sendVisitTexts(ctx, tenant, texts);
  return { ids };
}

/** A visit the viewer may see, locked; VISIT_NOT_FOUND otherwise (nothing said about others' visits). */
async function visibleLocked(tx: Tx, viewer: Viewer, tenantId: string, id: unknown) {
  if (!isUuid(id)) throw new AppError('VISIT_NOT_FOUND');
  const row = await findVisit(tx, tenantId, id, true);
  if (!row) throw new AppError('VISIT_NOT_FOUND');
  const rel = relationOf(viewer, row);
  if (!canSee(rel)) throw new AppError('VISIT_NOT_FOUND');
  return { row, rel };
}

/**
 * `updateVisitorAppointment`: its visitor or inviting host changes a visit not yet approved and
 * not started: date, areas, party, car, reason, remark, information. The seats move with it in
 * one transaction (refused, and nothing changed, when they do not fit).
 */
export async function updateVisitInfo(ctx: RequestContext, model: VisitInput): Promise<{ id: string }> {
  const { tenant, user } = signedIn(ctx);
  const now = visitorClock.now();
  let texts: PendingText[] = [];
  const id = await withTenant(ctx.db, tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, tenant, user);
    const { row, rel } = await visibleLocked(tx, viewer, tenant.id, model.id);
    const refusal = updateRefusal(row, rel, now);
    if (refusal) throw new AppError(refusal);
    const has = (k: keyof VisitInput) => model[k] !== undefined && model[k] !== null;
    const peers = has('peers') ? model.peers! : row.peers;
    const children = has('in_child') ? model.in_child! : row.in_child;
    const seats = partySeats(peers, children);
    let date = row.in_school_date;
    let window = { starts_at: row.valid_from, ends_at: row.valid_to };
    let areas: VisitorArea[];
    if (row.visitor_type === '3') {
      // A booking's guest keeps the booking's day and areas; only the party may change, within the room.
      const booking = row.booking_id ? await bookingForGuests(tx, tenant.id, row.booking_id) : undefined;
      if (!booking || !bookingActive(booking, now)) throw new AppError('VISIT_BOOKING_NOT_FOUND');
      const people = await peopleOfBooking(tx, tenant.id, booking.id, row.id);
      if (booking.capacity > 0 && people + seats > booking.capacity) {
        throw new AppError('VISIT_ROOM_FULL', { capacity: booking.capacity, have: people, seats });
      }
      areas = await visitorAreas(tx, tenant.id, splitIds(row.in_school_area));
    } else {
      if (has('in_school_date')) {
        date = visitDateOf(model.in_school_date, tenant.timeZone);
        checkVisitDate(date, now, tenant.timeZone);
        window = dayWindow(date, tenant.timeZone);
      }
      areas = has('in_school_area')
        ? await areasAsked(tx, tenant.id, viewer.applyAreas, model.in_school_area)
        : await visitorAreas(tx, tenant.id, splitIds(row.in_school_area));
    }
    const moves = seatMoves(
      { date: row.in_school_date, areas: splitIds(row.in_school_area), seats: row.seats, held: row.seats_held },
      { date, areas: areas.map((a) => a.id), seats },
    );
    await releaseSeats(tx, tenant, row.in_school_date, moves.release, row.seats);
    await takeSeats(
      tx,
      tenant,
      date,
      areas.filter((a) => moves.take.includes(a.id)),
      seats,
    );
    const merged: VisitInput = { ...model, is_car: has('is_car') ? model.is_car : row.is_car };
    const changed = await updateVisit(tx, tenant.id, row.id, {
      in_school_date: date,
      valid_from: window.starts_at,
      valid_to: window.ends_at,
      in_school_area: areas.map((a) => a.id).join(','),
      peers,
      in_child: children,
      seats,
      seats_held: true,
      in_school_reason: has('in_school_reason') ? text(model, 'in_school_reason') : row.in_school_reason,
      remark: has('remark') ? text(model, 'remark') : row.remark,
      ...(has('is_car') || has('car_product') || has('car_card_number')
        ? carOf({
            ...merged,
            car_product: model.car_product ?? row.car_product,
            car_card_number: model.car_card_number ?? row.car_card_number,
          })
        : {}),
      ...(has('infoList')
        ? { info: await infoOf(tx, tenant.id, model, row.visitor_type === '1', row.info as Record<string, string>) }
        : {}),
    });
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'update',
      content: `修改来访 ${changed.in_school_date}，${changed.seats} 人`,
      object: row.id,
    });
    texts = await notify(tx, ctx, tenant, 'changed', [changed]);
    return row.id;
  });
  await sendVisitTexts(ctx, tenant, texts);
  return { id };
}

/**
 * `auditVisitorAppointment`: the host (step 1) or a second-level approver (step 2) approves
 * (state '2') or rejects (state '3', reason required) a visit awaiting them. A rejection frees
 * the seats. One locked decision: of two approvers at once, the second finds it decided.
 */
export async function decideVisit(
  ctx: RequestContext,
  args: { id: string; state: string; reason?: string | null },
): Promise<{ id: string; state: number }> {
  const { tenant, user } = signedIn(ctx);
  const decision = String(args.state ?? '').trim();
  if (decision !== '2' && decision !== '3')
    throw new AppError('VISIT_AUDIT_STATE_INVALID', { state: decision.slice(0, 10) });
  const reason = (args.reason ?? '').trim();
  if (reason.length > 500) throw new AppError('VISIT_TEXT_TOO_LONG', { field: '原因', max: 500 });
  if (decision === '3' && !reason) throw new AppError('VISIT_REJECT_REASON_REQUIRED');
  const now = visitorClock.now();
  let texts: PendingText[] = [];
  const result = await withTenant(ctx.db, tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, tenant, user);
    const { row, rel } = await visibleLocked(tx, viewer, tenant.id, args.id);
    const step = auditStep(row, rel, now);
    if (!step) throw new AppError('VISIT_NOT_AWAITING_YOU');
    const approve = decision === '2';
    const state = approve
      ? step === 1
        ? stateAfterHost(pathOf(viewer, row.visitor_type))
        : VISIT_STATE.approved
      : VISIT_STATE.rejected;
    if (!approve && row.seats_held)
      await releaseSeats(tx, tenant, row.in_school_date, splitIds(row.in_school_area), row.seats);
    const changed = await updateVisit(tx, tenant.id, row.id, {
      state,
      ...(approve ? {} : { reject_reason: reason, seats_held: false }),
    });
    await insertVisitAudit(tx, tenant.id, {
      appointment_id: row.id,
      step,
      result: approve ? 'approved' : 'rejected',
      reason,
      operator_id: user.account,
      operator_name: user.name,
    });
    await audit(tx, ctx, {
      module: 'visitor',
      type: approve ? 'approve' : 'reject',
      content: `${step === 1 ? '被访人审批' : '二级审批'}：${stateName(state).zh}${reason ? `（${reason}）` : ''}`,
      object: row.id,
    });
    if (state === VISIT_STATE.approved) texts = await notify(tx, ctx, tenant, 'approved', [changed]);
    else if (state === VISIT_STATE.rejected) texts = await notify(tx, ctx, tenant, 'rejected', [changed], reason);
    return { id: row.id, state };
  });
  await sendVisitTexts(ctx, tenant, texts);
  return result;
}

/**
 * `cancelVisitorAppointment`: its visitor, its inviting host or a visitor administrator cancels
 * a visit before it starts (reason required): the seats are freed and its passes revoked.
 */
export async function cancelVisit(
  ctx: RequestContext,
  args: { id: string; reason?: string | null },
): Promise<{ id: string }> {
  const { tenant, user } = signedIn(ctx);
  const reason = (args.reason ?? '').trim();
  if (!reason) throw new AppError('VISIT_CANCEL_REASON_REQUIRED');
  if (reason.length > 500) throw new AppError('VISIT_TEXT_TOO_LONG', { field: '取消原因', max: 500 });
  const now = visitorClock.now();
  let texts: PendingText[] = [];
  const id = await withTenant(ctx.db, tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, tenant, user);
    const { row, rel } = await visibleLocked(tx, viewer, tenant.id, args.id);
    if (!(rel.visitor || rel.inviter || rel.admin)) throw new AppError('VISIT_NOT_YOURS');
    if (!canCancel(row, rel, now)) throw new AppError('VISIT_NOT_CANCELLABLE');
    if (row.seats_held) await releaseSeats(tx, tenant, row.in_school_date, splitIds(row.in_school_area), row.seats);
    const changed = await updateVisit(tx, tenant.id, row.id, { state: VISIT_STATE.cancelled, seats_held: false });
    await revokePassesOf(tx, tenant.id, row.id, `cancelled: ${reason}`);
    await insertVisitAudit(tx, tenant.id, {
      appointment_id: row.id,
      step: 0,
      result: 'cancelled',
      reason,
      operator_id: user.account,
      operator_name: user.name,
    });
    await audit(tx, ctx, { module: 'visitor', type: 'cancel', content: `取消来访：${reason}`, object: row.id });
    texts = await notify(tx, ctx, tenant, 'cancelled', [changed], reason);
    return row.id;
  });
  await sendVisitTexts(ctx, tenant, texts);
  return { id };
}

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

// --- reading

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
  can_audit: boolean;
  infoList: { field_name: string; value: string }[];
  auditList?: {
    id: string;
    step: number;
    result: string;
    reason: string;
    operator_name: string;
    create_time: string;
  }[];
}

async function nodesOf(
  tx: Tx,
  tenant: TenantRef,
  viewer: Viewer,
  rows: readonly VisitRow[],
  now: number,
  withTrail: boolean,
): Promise<VisitNode[]> {
  const ids = rows.map((r) => r.id);
  const [names, passes, trails] = await Promise.all([
    areaNames(tx, tenant.id, rows),
    currentPassSerials(tx, tenant.id, ids),
    withTrail ? auditsOf(tx, tenant.id, ids) : Promise.resolve(new Map()),
  ]);
  return rows.map((r) => {
    const rel = relationOf(viewer, r);
    const area = namesOf(r, names);
    const state = stateName(r.state);
    const node: VisitNode = {
      id: r.id,
      visitor_id: r.visitor_id,
      visitor_name: r.visitor_name,
      phone: r.phone_mask,
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
      can_audit: auditStep(r, rel, now) !== null,
      infoList: Object.entries((r.info ?? {}) as Record<string, unknown>).map(([field_name, value]) => ({
        field_name,
        value: String(value ?? ''),
      })),
    };
    if (withTrail) {
      node.auditList = (trails.get(r.id) ?? []).map(
        (a: {
          id: string;
          step: number;
          result: string;
          reason: string;
          operator_name: string;
          create_time: Date;
        }) => ({
          id: a.id,
          step: a.step,
          result: a.result,
          reason: a.reason,
          operator_name: a.operator_name,
          create_time: formatDateTime(a.create_time.getTime(), tenant.timeZone),
        }),
      );
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
    };
    if (user.role === 'visitor') {
      if (!viewer.visitor || args.only_flow === '1') return { nodes: [], total: 0, offset };
      query.visitorId = viewer.visitor.id;
    } else {
      query.host = { userId: user.id, account: user.account };
      query.secondLevelTypes = viewer.secondLevelTypes;
      if (args.only_flow === '1') query.awaitingMe = true;
      else if (viewer.rights.has('admin')) query.all = true;
    }
    const { rows, total } = await pageVisits(tx, tenant.id, query);
    return { nodes: await nodesOf(tx, tenant, viewer, rows, now, false), total, offset };
  });
}

/** `findVisitorAppointmentDetail`: one visit with its approval trail, for whoever may see it. */
export async function visitDetail(ctx: RequestContext, id: unknown): Promise<VisitNode> {
  const { tenant, user } = signedIn(ctx);
  const now = visitorClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const viewer = await viewerOf(tx, tenant, user);
    if (user.role === 'visitor') await claimInvitations(tx, ctx, tenant, viewer);
    if (!isUuid(id)) throw new AppError('VISIT_NOT_FOUND');
    const row = await findVisit(tx, tenant.id, id);
    if (!row || !canSee(relationOf(viewer, row))) throw new AppError('VISIT_NOT_FOUND');
    const [node] = await nodesOf(tx, tenant, viewer, [row], now, true);
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
        : (await visitorAreas(tx, tenant.id)).filter((a) => !allowed.length || allowed.includes(a.id));
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
