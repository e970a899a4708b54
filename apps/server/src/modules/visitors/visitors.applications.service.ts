import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn } from './visitors.access.ts';
import { requireInviter } from './visitors.admin-visits.service.ts';
import { areasAsked, areasOfBooking, releaseSeats, takeSeats } from './visitors.appointments.areas.ts';
import {
  bookingForGuests,
  findHosts,
  insertVisits,
  peopleOfBooking,
  updateVisit,
  type BookingForGuests,
  type HostUser,
  type NewVisit,
} from './visitors.appointments.repository.ts';
import {
  checkVisitDate,
  dayWindow,
  initialState,
  partySeats,
  seatMoves,
  stateName,
  updateRefusal,
  visitDateOf,
  visitorTypeOf,
  type VisitorType,
} from './visitors.appointments.rules.ts';
import { changeVisit, pathOf, viewerOf, visitorClock, type Viewer } from './visitors.appointments.viewer.ts';
import { visitorAreas, type VisitorArea } from './visitors.areas.repository.ts';
import { splitIds } from './visitors.areas.rules.ts';
import { normalisePhone, sealPhone } from './visitors.crypto.ts';
import { notifyVisits, sendVisitTexts, type PendingText } from './visitors.notify.ts';
import { visitorByPhoneHash } from './visitors.profile.repository.ts';
import { infoFieldsOf } from './visitors.settings.repository.ts';
import { infoFieldsAsked, validateFieldValues, type InfoField } from './visitors.settings.rules.ts';
import { sealFieldValues } from './visitors.settings.service.ts';
import { visitorKeys } from '../../platform/data-key.ts';

/**
 * Visit applications and invitations (visitors.appointments.graphql): a visitor's own
 * application, a host's invitations (one or a batch) and a booker's guests of a booking, saved
 * with their seats taken from the areas' daily quotas; and changes to a visit not yet approved,
 * its seats moving with it.
 */

/** Most guests one batch invitation may name. */
export const MAX_BATCH = 50;

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
 * A visit's information field values as stored, checked against the information fields'
 * settings (the fields a visit asks for, each value fitting its type); an application must fill
 * in the required ones (`requireAll`: not when the overall settings' information collection is
 * off), an invitation's host need not. Phone and ID card values are kept sealed
 * (`sealFieldValues`). `previous`: the stored values a change keeps.
 */
async function infoOf(
  tx: Tx,
  ctx: RequestContext,
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
  const asked = infoFieldsAsked(fields, requireAll);
  const values = validateFieldValues(asked, given.slice(0, 100), 'appointment', previous);
  return sealFieldValues(visitorKeys(ctx.config), tenantId, fields, values);
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

/** What a new visit takes from its input besides who comes and who hosts: day, areas, party, reason, car, information. */
async function visitValues(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  model: VisitInput,
  visit: { date: string; window: { starts_at: Date; ends_at: Date }; areas: VisitorArea[]; seats: number },
  requireAll: boolean,
) {
  return {
    in_school_date: visit.date,
    valid_from: visit.window.starts_at,
    valid_to: visit.window.ends_at,
    in_school_reason: text(model, 'in_school_reason'),
    in_school_area: visit.areas.map((a) => a.id).join(','),
    peers: model.peers ?? 0,
    in_child: model.in_child ?? 0,
    seats: visit.seats,
    accept_visit_unit: text(model, 'accept_visit_unit'),
    ...carOf(model),
    remark: text(model, 'remark'),
    info: await infoOf(tx, ctx, tenant.id, model, requireAll),
    seats_held: true,
  };
}

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
  ctx: RequestContext,
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
      accept_visit_name: hostName || host?.name || '',
      accept_visit_phone: hostKey,
      host_user_id: host?.id ?? null,
      host_account: host?.account ?? '',
      ...(await visitValues(tx, ctx, tenant, model, { date, window, areas, seats }, viewer.collectsInfo)),
      state: initialState('1', path, true),
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
  if (type === '2') await requireInviter(tx, tenant.id, viewer.user);
  const path = pathOf(viewer, type);
  if (!path.enabled) throw new AppError('VISIT_TYPE_DISABLED', { type });
  const name = text(model, 'visitor_name');
  if (!name || !model.phone?.trim()) throw new AppError('VISIT_GUEST_REQUIRED', { index });
  const phone = guestPhone(model.phone, index);
  const seats = partySeats(model.peers, model.in_child);
  const sealed = sealPhone(visitorKeys(ctx.config), tenant.id, phone);
  const found = await visitorByPhoneHash(tx, tenant.id, sealed.phone_hash);
  const registered = found?.is_valid === 1 ? found : undefined;

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
      accept_visit_name: viewer.user.name,
      accept_visit_phone: text(model, 'accept_visit_phone'),
      host_user_id: viewer.user.id,
      host_account: viewer.user.account,
      ...(await visitValues(tx, ctx, tenant, model, { date, window, areas, seats }, false)),
      booking_id: booking?.id ?? null,
      state: initialState(type, path, !!registered),
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
          ? await prepareApplication(tx, ctx, tenant, viewer, model, now)
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
      ...(await notifyVisits(tx, ctx, tenant, 'submitted', applications)),
      ...(await notifyVisits(tx, ctx, tenant, 'invited', invitations)),
    ];
    return rows.map((r) => r.id);
  });
  await sendVisitTexts(ctx, tenant, texts);
  return { ids };
}

/**
 * `updateVisitorAppointment`: its visitor or inviting host changes a visit not yet approved and
 * not started: date, areas, party, car, reason, remark, information. The seats move with it in
 * one transaction (refused, and nothing changed, when they do not fit).
 */
export async function updateVisitInfo(ctx: RequestContext, model: VisitInput): Promise<{ id: string }> {
  return changeVisit(ctx, model.id, async ({ tx, tenant, viewer, row, rel, now }) => {
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
        ? {
            info: await infoOf(
              tx,
              ctx,
              tenant.id,
              model,
              row.visitor_type === '1' && viewer.collectsInfo,
              row.info as Record<string, string>,
            ),
          }
        : {}),
    });
    await audit(tx, ctx, {
      module: 'visitor',
      type: 'update',
      content: `修改来访 ${changed.in_school_date}，${changed.seats} 人`,
      object: row.id,
    });
    return { result: { id: row.id }, texts: await notifyVisits(tx, ctx, tenant, 'changed', [changed]) };
  });
}
