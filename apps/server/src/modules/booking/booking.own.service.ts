import { formatDateTime, isoDateOf, localMidnightMs, type ErrorCode, type ErrorParams } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { bookingClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { notifyBookings } from './booking.notify.ts';
import { reportBookingChange } from './booking.events.ts';
import { personViewOf, showsContact } from '../directory/directory.rules.ts';
import { managedAmong } from '../resources/resource-admins.ts';
import { normaliseFilterMap } from '../resources/resources.rules.ts';
import {
  appointmentFilterColumns,
  childrenOf,
  findAppointment,
  markCancelled,
  pageAppointments,
  releaseSeat,
  type AppointmentListRow,
  type AppointmentRow,
} from './booking.repository.ts';
import { deletable } from './booking.lifecycle.rules.ts';
import { assertBookable, loadScene } from './booking.resources.ts';
import { cancelRefusal, holdsSlot } from './booking.rules.ts';
import { clean, isoDateArg, refuseIfBanned } from './booking.service.ts';
import { collectionsOf, participantsOf } from './booking.submit.service.ts';

/* A person's own bookings: the list, cancel time, state changes, and book again. */

/** Loads a booking the caller may act on: the booker, or an administrator. */
async function ownBooking(tx: Tx, tenantId: string, user: AuthUser, id: unknown, forUpdate: boolean) {
  if (!isUuid(id)) throw new AppError('APPOINTMENT_NOT_FOUND');
  const row = await findAppointment(tx, tenantId, id, forUpdate);
  if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
  const mine = row.appointment_user === user.account || row.created_user === user.account;
  if (!mine && user.role !== 'admin') throw new AppError('CANCEL_NOT_OWNER');
  return row;
}

export function cancelWindowOf(row: AppointmentRow, rules: { min_interval_minutes_cancel: number }, user: AuthUser) {
  return cancelRefusal({
    booking: row,
    now: bookingClock.now(),
    startsAt: row.starts_at.getTime(),
    minIntervalMinutes: rules.min_interval_minutes_cancel,
    byAdmin: user.role === 'admin' && row.appointment_user !== user.account,
  });
}

/** The effective rules of a booking's resource (read as an administrator: it may be disabled or hidden since). */
export async function rulesOfBooking(tx: Tx, tenant: TenantRef, user: AuthUser, row: AppointmentRow) {
  const scene = await loadScene(tx, tenant, user, { ids: [row.resources_id] }, [row.appointment_date], {
    asAdmin: true,
    bookings: false,
  });
  return scene.resources[0]?.rules ?? { min_interval_minutes_cancel: 0, min_interval_minutes_change: 0 };
}

function refuse(r: { code: ErrorCode; params?: ErrorParams } | null): void {
  if (r) throw new AppError(r.code, r.params);
}

/** `checkAppointmentCancelTime`: whether the caller may cancel the booking now. */
export async function checkCancelTime(ctx: RequestContext, id: unknown): Promise<void> {
  const { tenant, user } = requireUser(ctx);
  await withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await ownBooking(tx, tenant.id, user, id, false);
    refuse(cancelWindowOf(row, await rulesOfBooking(tx, tenant, user, row), user));
  });
}

/**
 * `updateAppointmentInformationState`: state '1' cancels (non-empty reason, cancel window);
 * the booking stops holding its slot and a capacity slot's seat is given back, atomically.
 */
export async function changeState(
  ctx: RequestContext,
  args: { id: unknown; state: unknown; reason?: string | null; dataSource?: string | null },
): Promise<void> {
  const { tenant, user } = requireUser(ctx);
  if (args.state !== '1')
    throw new AppError('APPOINTMENT_STATE_UNSUPPORTED', { state: String(args.state).slice(0, 20) });
  const reason = (args.reason ?? '').trim();
  if (!reason) throw new AppError('CANCEL_REASON_REQUIRED');
  if (reason.length > 500) throw new AppError('INVALID_INPUT', { detail: 'reason: at most 500 characters' });
  await withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await ownBooking(tx, tenant.id, user, args.id, true);
    refuse(cancelWindowOf(row, await rulesOfBooking(tx, tenant, user, row), user));
    const held = holdsSlot(row);
    const done = await markCancelled(tx, tenant.id, row.id, {
      reason,
      by: user.account,
      at: new Date(bookingClock.now()),
    });
    if (!done) throw new AppError('CANCEL_ALREADY_CANCELLED');
    if (held && !row.exclusive) {
      await releaseSeat(tx, tenant.id, {
        resources_id: row.resources_id,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
      });
    }
    await notifyBookings(tx, ctx, 'cancelled', [done]);
    await reportBookingChange(tx, ctx, 'cancelled', [done]);
    await audit(tx, ctx, {
      module: 'appointment',
      type: 'cancel',
      content: `取消预约 ${row.resources_name} ${row.appointment_date} ${row.start_time}-${row.end_time}：${reason}`,
      object: row.id,
    });
  });
}

/**
 * Who reads a booking list: the participants' phone and email follow the directory's contact
 * rule (`personViewOf`); `managed` holds the resources among the list's that the reader administers.
 */
export interface ListReader {
  user: AuthUser;
  managed: ReadonlySet<string>;
}

/**
 * A booking in the contract's shape: `appointment_date` as epoch ms of local midnight; a
 * participant's `mobile` and `email` null unless `reader` may see that person's contact details.
 */
export function wire(
  row: AppointmentListRow,
  children: Awaited<ReturnType<typeof childrenOf>>,
  zone: string,
  reader: ListReader,
) {
  const { tenant_id: _t, starts_at: _s, ends_at: _e, active: _a, exclusive: _x, update_time: _u, ...rest } = row;
  return {
    ...rest,
    appointment_date: localMidnightMs(row.appointment_date, zone) ?? 0,
    time_slot_id: row.time_slot_id ?? '',
    series_id: row.series_id ?? '',
    cancel_time: row.cancel_time ? formatDateTime(row.cancel_time.getTime(), zone) : '',
    create_time: formatDateTime(row.create_time.getTime(), zone),
    appointmentParticipantList: (children.participants.get(row.id) ?? []).map(
      ({ tenant_id: _pt, create_time, ...p }) => {
        const view = personViewOf(reader.user, { account: p.participant_id }, reader.managed.has(row.resources_id));
        const contact = showsContact(view);
        return {
          ...p,
          mobile: contact ? p.mobile : null,
          email: contact ? p.email : null,
          create_time: formatDateTime(create_time.getTime(), zone),
        };
      },
    ),
    appointmentCollectionList: (children.collections.get(row.id) ?? []).map(
      ({ tenant_id: _ct, create_time, ...c }) => ({ ...c, create_time: formatDateTime(create_time.getTime(), zone) }),
    ),
  };
}

const PAGE_MAX = 200;

export interface ListArgs {
  first?: number | null;
  offset?: number | null;
  filter?: unknown;
  appointmentDate?: (string | null)[] | null;
  only_flow?: string | null;
}

/**
 * What a bookings list's arguments ask for (the caller's own list and the overview): the filter
 * map with its date in ISO form, the dates, the page (at most PAGE_MAX, 20 by default).
 */
export function listWindow(args: ListArgs, timeZone: string) {
  const filter = normaliseFilterMap(args.filter, appointmentFilterColumns, ['id', 'resources_id', 'resources_type_id']);
  if (filter.appointment_date?.eq) {
    filter.appointment_date = { eq: isoDateArg(filter.appointment_date.eq, timeZone) };
  }
  const dates = clean(args.appointmentDate).map((d) => isoDateArg(d, timeZone));
  const limit = args.first && args.first > 0 ? Math.min(args.first, PAGE_MAX) : 20;
  const offset = args.offset && args.offset > 0 ? args.offset : 0;
  return { filter, dates, limit, offset };
}

/**
 * The caller's bookings (made by or for the caller), latest first. `appointmentDate` is one
 * date or a [from, to] range ("YYYY-MM-DD" or epoch ms); `only_flow` '1' keeps the bookings that
 * went through approval.
 */
export async function listOwnAppointments(ctx: RequestContext, args: ListArgs) {
  const { tenant, user } = requireUser(ctx);
  const { filter, dates, limit, offset } = listWindow(args, tenant.timeZone);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await pageAppointments(
      tx,
      tenant.id,
      {
        filter,
        account: user.account,
        dateFrom: dates[0],
        dateTo: dates[1] ?? dates[0],
        onlyFlow: args.only_flow === '1',
      },
      { limit, offset },
    );
    const children = await childrenOf(
      tx,
      tenant.id,
      rows.map((r) => r.id),
    );
    // Only bookings whose participants hold someone else's contact details need to know whether
    // the reader administers their resource.
    const withContacts = rows.filter((r) =>
      (children.participants.get(r.id) ?? []).some(
        (p) => (p.mobile || p.email) && !showsContact(personViewOf(user, { account: p.participant_id }, false)),
      ),
    );
    const managed = await managedAmong(
      tx,
      tenant.id,
      user,
      withContacts.map((r) => r.resources_id),
      'any',
    );
    return { nodes: rows.map((r) => wire(r, children, tenant.timeZone, { user, managed })), total, offset };
  });
}

/** A booking's form values as `InputAppointmentInformation` takes them (book again). */
export interface BookAgainModel {
  resources_id: string;
  dept_name_en: string;
  email: string;
  phone: string;
  person_times: number;
  wemeet_enable: string;
  theme: string;
  theme_en: string;
  enclosure: string;
  enclosure_name: string;
  enclosure_size: string;
  participants_scope: string;
  remark: string;
  event: string;
  event_en: string;
  entourage: string;
  need_meeting_signin: string;
  start_time: string;
  end_time: string;
  appointmentParticipantList: NewParticipantFields[];
  appointmentCollectionList: NewCollectionFields[];
}
type NewParticipantFields = ReturnType<typeof participantsOf>[number];
type NewCollectionFields = ReturnType<typeof collectionsOf>[number];

/**
 * `findAppointmentBookAgain` — "book again" (再次预约) is a client action: the booking form
 * opens on the same resource pre-filled from one of the caller's finished, cancelled, rejected
 * or terminated bookings, the caller picks a new date (and slot) and submits with
 * `saveAppointmentInformationAll` as any booking. This gives the form what it needs in one
 * call: the old booking's values in `InputAppointmentInformation` names (without the booker,
 * who is always the token's user, and without the date), the slot when the resource still has
 * it, and whether the caller may book the resource now (refused: not found or no longer
 * visible, disabled, or the caller is blacklisted).
 */
export async function bookAgain(ctx: RequestContext, id: unknown) {
  const { tenant, user } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('APPOINTMENT_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findAppointment(tx, tenant.id, id);
    if (!row || row.del !== 0) throw new AppError('APPOINTMENT_NOT_FOUND');
    if (row.appointment_user !== user.account && row.created_user !== user.account) {
      throw new AppError('APPOINTMENT_NOT_OWNER');
    }
    const now = bookingClock.now();
    if (!deletable(row, row.ends_at.getTime(), now)) throw new AppError('BOOK_AGAIN_NOT_FINISHED');
    const scene = await loadScene(tx, tenant, user, { ids: [row.resources_id] }, [isoDateOf(now, tenant.timeZone)], {
      bookings: false,
      banAt: now,
    });
    const res = scene.resources[0];
    if (!res) throw new AppError('RESOURCE_NOT_FOUND');
    assertBookable(res);
    refuseIfBanned(scene.ban);
    const slots = res.lists.timeSlots.filter((s) => s.del === 0);
    const slot =
      res.rules.time_slot_rule === '2'
        ? undefined
        : (slots.find((s) => s.id === row.time_slot_id) ??
          slots.find((s) => s.kssj === row.start_time && s.jssj === row.end_time));
    const children = await childrenOf(tx, tenant.id, [row.id]);
    const model: BookAgainModel = {
      resources_id: row.resources_id,
      dept_name_en: row.dept_name_en,
      email: row.email,
      phone: row.phone,
      person_times: row.person_times,
      wemeet_enable: row.wemeet_enable,
      theme: row.theme,
      theme_en: row.theme_en,
      enclosure: row.enclosure,
      enclosure_name: row.enclosure_name,
      enclosure_size: row.enclosure_size,
      participants_scope: row.participants_scope,
      remark: row.remark,
      event: row.event,
      event_en: row.event_en,
      entourage: row.entourage,
      need_meeting_signin: row.need_meeting_signin,
      start_time: row.start_time,
      end_time: row.end_time,
      appointmentParticipantList: participantsOf({ appointmentParticipantList: children.participants.get(row.id) }),
      appointmentCollectionList: collectionsOf({ appointmentCollectionList: children.collections.get(row.id) }),
    };
    return {
      appointment_id: row.id,
      resources_id: row.resources_id,
      resources_name: res.row.resources_name,
      resources_name_en: res.row.resources_name_en,
      resources_type_id: res.row.resources_type_id,
      booking_mode: row.booking_mode,
      time_slot_rule: res.rules.time_slot_rule,
      time_slot_id: slot?.id ?? '',
      start_time: row.start_time,
      end_time: row.end_time,
      model,
    };
  });
}
