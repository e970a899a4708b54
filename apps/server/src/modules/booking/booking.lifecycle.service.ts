import { parseIsoDate } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError, sqlState } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { findUserByAccount } from '../directory/directory.repository.ts';
import { notifyBookings } from './booking.notify.ts';
import { claimOf } from './booking.claims.ts';
import { reportBookingChange } from './booking.events.ts';
import { managedScope, managesResource } from '../resources/resource-admins.ts';
import { slotCapacity, slotClosure } from '../resources/resources.rules.ts';
import {
  enabledResources,
  lockAppointments,
  markTerminated,
  moveBooking,
  pageAllAppointments,
  releaseHold,
  softDelete,
} from './booking.lifecycle.repository.ts';
import { changeRefusal, deletable, terminateRefusal, vacancyRate } from './booking.lifecycle.rules.ts';
import {
  childrenOf,
  findAppointment,
  lockBooker,
  overlapCount,
  releaseSeat,
  takeSeat,
  withBookerLock,
  type AppointmentRow,
} from './booking.repository.ts';
import { loadScene } from './booking.resources.ts';
import { appointments } from './booking.tables.ts';
import { slotInstants } from './booking.rules.ts';
import { clean, evaluate, isoDateArg, timeArg } from './booking.service.ts';
import { bookingClock } from '../../platform/clock.ts';
import { listWindow, rulesOfBooking, wire, type ListArgs } from './booking.own.service.ts';

/** SQLSTATE of an exclusion-constraint violation (`appointments_no_overlap`). */
const EXCLUSION_VIOLATION = '23P01';

/**
 * A booking the caller may act on, not deleted, locked until the transaction ends: the caller's
 * own (booker or creator), or one of a resource the caller administers (a tenant administrator:
 * any; a user holding the resource's managing department/post: its bookings). The back office's
 * `appointment-update/{id}` acts for the booker.
 */
async function ownLocked(tx: Tx, tenantId: string, user: AuthUser, id: unknown) {
  if (!isUuid(id)) throw new AppError('APPOINTMENT_NOT_FOUND');
  const row = await findAppointment(tx, tenantId, id, true);
  if (!row || row.del !== 0) throw new AppError('APPOINTMENT_NOT_FOUND');
  if (!isOwn(row, user) && !(await managesResource(tx, tenantId, user, row.resources_id))) {
    throw new AppError('APPOINTMENT_NOT_OWNER');
  }
  return row;
}

const isOwn = (row: AppointmentRow, user: AuthUser) =>
  row.appointment_user === user.account || row.created_user === user.account;

/**
 * Whom a change of a booking is judged for: the caller for their own; for an administrator
 * (tenant or the resource's) acting on someone else's, the booker (the booker's visibility,
 * limits and ban apply, and the booker's submits wait for the change: their lock is taken too).
 */
async function bookerFor(tx: Tx, tenant: TenantRef, user: AuthUser, row: AppointmentRow): Promise<AuthUser> {
  if (isOwn(row, user)) return user;
  await lockBooker(tx, tenant.id, row.appointment_user);
  const found = await findUserByAccount(tx, tenant.id, row.appointment_user);
  return {
    id: found?.id ?? '',
    account: row.appointment_user,
    name: row.appointment_user_name,
    role: 'user',
    tenantId: tenant.id,
  };
}

async function giveBackSeat(tx: Parameters<typeof releaseSeat>[0], tenantId: string, row: AppointmentRow) {
  if (row.exclusive) return;
  await releaseSeat(tx, tenantId, { resources_id: row.resources_id, starts_at: row.starts_at, ends_at: row.ends_at });
}

export interface ChangeTimeArgs {
  id: unknown;
  appointment_date: unknown;
  timeSlotId?: string | null;
  start_time?: string | null;
  end_time?: string | null;
}

/**
 * `updateAppointmentTime`: the booker (or an administrator of the resource, for the booker) moves
 * a booking to another slot (or free period) of the same resource. Allowed while it is valid, not rejected
 * and to be performed, at least `min_interval_minutes_change` minutes before its current start. One transaction frees the old
 * slot and takes the new one, which is checked as a new booking would be (rules, opening time,
 * per-person limits, not counting the booking itself); when the new slot is taken or full the
 * whole change is refused and nothing changes. On a resource needing approval an approved
 * booking awaits approval again.
 */
export async function changeTime(ctx: RequestContext, args: ChangeTimeArgs): Promise<{ id: string }> {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(args.appointment_date, tenant.timeZone);
  const slotId = timeArg(args.timeSlotId);
  const wanted = { start: timeArg(args.start_time) ?? '', end: timeArg(args.end_time) ?? '' };
  try {
    return await withBookerLock(ctx.db, tenant.id, user.account, async (tx) => {
      const row = await ownLocked(tx, tenant.id, user, args.id);
      const booker = await bookerFor(tx, tenant, user, row);
      const current = await rulesOfBooking(tx, tenant, user, row);
      const refusal = changeRefusal({
        booking: row,
        now: bookingClock.now(),
        startsAt: row.starts_at.getTime(),
        minIntervalMinutes: current.min_interval_minutes_change,
      });
      if (refusal) throw new AppError(refusal.code, refusal.params);
      // Free the old slot first, so the new one is judged without it (and limits don't count it).
      await releaseHold(tx, tenant.id, row.id);
      if (row.active) await giveBackSeat(tx, tenant.id, row);
      const { res, targets } = await evaluate(tx, ctx, tenant, booker, {
        resourceId: row.resources_id,
        isoDate,
        slotIds: slotId ? [slotId] : [],
        freeStart: wanted.start || undefined,
        freeEnd: wanted.end || undefined,
        excludeId: row.id,
      });
      if (targets.length !== 1) throw new AppError('CHANGE_ONE_SLOT');
      const t = targets[0]!;
      wanted.start = t.start;
      wanted.end = t.end;
      if (!row.exclusive) {
        const seat = { resources_id: row.resources_id, starts_at: new Date(t.startsAt), ends_at: new Date(t.endsAt) };
        if (!(await takeSeat(tx, tenant.id, { ...seat, capacity: t.capacity }))) {
          throw new AppError('BOOKING_SLOT_FULL', { start: t.start, end: t.end });
        }
      }
      const at = new Date(bookingClock.now());
      const moved = await moveBooking(tx, tenant.id, row.id, {
        appointment_date: isoDate,
        start_time: t.start,
        end_time: t.end,
        starts_at: new Date(t.startsAt),
        ends_at: new Date(t.endsAt),
        time_slot_id: t.slotId,
        audit_status: res.rules.need_approve === '1' && row.audit_status === '2' ? '1' : row.audit_status,
        update_time: at,
      });
      if (moved) await reportBookingChange(tx, ctx, 'moved', [moved]);
      await audit(tx, ctx, {
        module: 'appointment',
        type: 'change',
        content: `改期 ${row.resources_name} ${row.appointment_date} ${row.start_time}-${row.end_time} -> ${isoDate} ${t.start}-${t.end}`,
        object: row.id,
      });
      return { id: row.id };
    });
  } catch (err) {
    if (sqlState(err) === EXCLUSION_VIOLATION) {
      throw new AppError('BOOKING_SLOT_TAKEN', { start: wanted.start, end: wanted.end });
    }
    throw err;
  }
}

/**
 * `terminateAppointment`: the booker (or an administrator of the resource) withdraws an
 * application awaiting approval (appointment_state '3'); its slot is freed in the same
 * transaction. reason optional.
 */
export async function terminate(ctx: RequestContext, args: { id: unknown; reason?: string | null }) {
  const { tenant, user } = requireUser(ctx);
  const reason = (args.reason ?? '').trim();
  if (reason.length > 500) throw new AppError('INVALID_INPUT', { detail: 'reason: at most 500 characters' });
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await ownLocked(tx, tenant.id, user, args.id);
    const refusal = terminateRefusal(row);
    if (refusal) throw new AppError(refusal.code, refusal.params);
    const done = await markTerminated(tx, tenant.id, row.id, {
      reason,
      by: user.account,
      at: new Date(bookingClock.now()),
    });
    if (!done) throw new AppError('TERMINATE_NOT_PENDING');
    await giveBackSeat(tx, tenant.id, row);
    // A withdrawn application will not take place: its people are told as for a cancellation
    // (the booking's appointment_state '3' says it was terminated).
    await notifyBookings(tx, ctx, 'cancelled', [done]);
    await reportBookingChange(tx, ctx, 'cancelled', [done]);
    await audit(tx, ctx, {
      module: 'appointment',
      type: 'terminate',
      content: `终止申请 ${row.resources_name} ${row.appointment_date} ${row.start_time}-${row.end_time}${reason ? `：${reason}` : ''}`,
      object: row.id,
    });
    return { id: row.id };
  });
}

/**
 * `deleteAppointmentInformation`: the booker (or an administrator of the resource) deletes one
 * finished or cancelled record (soft delete).
 */
export async function deleteRecord(ctx: RequestContext, id: unknown) {
  const { tenant, user } = requireUser(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await ownLocked(tx, tenant.id, user, id);
    if (!deletable(row, row.ends_at.getTime(), bookingClock.now())) throw new AppError('DELETE_NOT_FINISHED');
    const ids = await softDelete(tx, tenant.id, [row.id], new Date(bookingClock.now()));
    await audit(tx, ctx, {
      module: 'appointment',
      type: 'delete',
      content: `删除预约记录 ${row.resources_name} ${row.appointment_date} ${row.start_time}-${row.end_time}`,
      object: row.id,
    });
    return { ids };
  });
}

/**
 * `batchDeleteAppointmentInformation`: ids that are all another module's records (visits,
 * booking.claims.ts) go to that module's delete, with its rights and result; bookings are
 * deleted by tenant administrators, all or nothing: refused when an id is unknown (or already
 * deleted) or a booking is still to come. Bookings and claimed records at once are refused.
 */
export async function batchDelete(ctx: RequestContext, rawIds: readonly (string | null)[] | null | undefined) {
  const { tenant, user } = requireUser(ctx);
  const ids = clean(rawIds);
  if (!ids.length) throw new AppError('INVALID_INPUT', { detail: 'ids: at least one id' });
  if (ids.length > 500) throw new AppError('INVALID_INPUT', { detail: 'ids: at most 500 ids' });
  if (!ids.every(isUuid)) throw new AppError('APPOINTMENT_NOT_FOUND');
  const claim = await withTenant(ctx.db, tenant.id, (tx) => claimOf(tx, tenant.id, ids));
  if (claim.claimant) return claim.claimant.batchDelete(ctx, ids);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN');
  if (claim.mixed) throw new AppError('APPOINTMENT_IDS_MIXED');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const rows = await lockAppointments(tx, tenant.id, ids);
    if (rows.length !== ids.length) throw new AppError('APPOINTMENT_NOT_FOUND');
    const now = bookingClock.now();
    if (rows.some((r) => !deletable(r, r.ends_at.getTime(), now))) throw new AppError('DELETE_NOT_FINISHED');
    const deleted = await softDelete(tx, tenant.id, ids, new Date(now));
    await audit(tx, ctx, {
      module: 'appointment',
      type: 'batchDelete',
      content: `批量删除预约记录 ${deleted.length} 条`,
      object: deleted.join(','),
    });
    return { ids: deleted };
  });
}

/**
 * `findAppointmentInformationAllForAppointMent` (the booking overview): every booking of the
 * tenant (deleted records excepted) for a tenant administrator, the bookings of the resources
 * they administer for a resource administrator (FORBIDDEN for a user administering none),
 * latest first, with the node fields of the caller's own list.
 */
export async function listAllAppointments(ctx: RequestContext, args: ListArgs) {
  const { tenant, user } = requireUser(ctx);
  const { filter, dates, limit, offset } = listWindow(args, tenant.timeZone);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    // the bookings list: resource administrators and approvers (the sign desk is check-in's)
    const managed = await managedScope(tx, tenant.id, user, appointments.resources_id, 'approve');
    const { rows, total } = await pageAllAppointments(
      tx,
      tenant.id,
      { filter, dateFrom: dates[0], dateTo: dates[1] ?? dates[0], onlyFlow: args.only_flow === '1', managed },
      { limit, offset },
    );
    const children = await childrenOf(
      tx,
      tenant.id,
      rows.map((r) => r.id),
    );
    // The list holds only bookings of resources the reader administers (the scope above).
    const reader = { user, managed: new Set(rows.map((r) => r.resources_id)) };
    return { nodes: rows.map((r) => wire(r, children, tenant.timeZone, reader)), total, offset };
  });
}

const DAY_MS = 86_400_000;
/** Longest range of the vacancy table, in days. */
const VACANCY_MAX_DAYS = 366;

function datesBetween(start: unknown, end: unknown): string[] {
  const s = typeof start === 'string' ? parseIsoDate(start.trim()) : null;
  const e = typeof end === 'string' ? parseIsoDate(end.trim()) : null;
  if (!s || !e) throw new AppError('VACANCY_RANGE_INVALID');
  const from = Date.UTC(s.year, s.month - 1, s.day);
  const to = Date.UTC(e.year, e.month - 1, e.day);
  const days = Math.round((to - from) / DAY_MS) + 1;
  if (days < 1 || days > VACANCY_MAX_DAYS) throw new AppError('VACANCY_RANGE_INVALID');
  return Array.from({ length: days }, (_, i) => new Date(from + i * DAY_MS).toISOString().slice(0, 10));
}

/**
 * `findAppointmentVacancyRateTable(startDate, endDate)` (administrators), per enabled resource
 * with fixed time slots, over the dates startDate..endDate (inclusive, "YYYY-MM-DD", at most 366
 * days): capacity = the sum, over every date and every slot of the resource not closed that
 * date (bookable dates/weekdays/months, non-bookable periods, occupancies), of the slot's
 * capacity; booked = the seats active bookings (valid, not rejected, awaiting approval included)
 * take in those slots, at most the slot's capacity; rate = (capacity - booked) / capacity,
 * rounded to 4 decimals (1 = nothing booked), null when capacity is 0. Free-time resources are
 * not listed.
 */
export async function vacancyTable(ctx: RequestContext, args: { startDate?: unknown; endDate?: unknown }) {
  const { tenant, user } = requireUser(ctx);
  const dates = datesBetween(args.startDate, args.endDate);
  const zone = tenant.timeZone;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const list = await enabledResources(tx, tenant.id);
    const scene = await loadScene(tx, tenant, user, { ids: list.map((r) => r.id) }, dates, { asAdmin: true });
    const byId = new Map(scene.resources.map((r) => [r.row.id, r]));
    const out = [];
    for (const r of list) {
      const res = byId.get(r.id);
      if (!res || res.rules.time_slot_rule === '2') continue;
      const mine = scene.bookings.filter((b) => b.resources_id === r.id);
      const slots = res.lists.timeSlots.filter((s) => s.del === 0);
      let capacity = 0;
      let taken = 0;
      for (const d of dates) {
        const periods = res.periodsOn(d);
        for (const s of slots) {
          if (slotClosure(periods, s.kssj, s.jssj)) continue;
          const at = slotInstants(d, s.kssj, s.jssj, zone);
          if (!at) continue;
          const cap = slotCapacity(d, s, res.row.available_number, res.lists.availableNumberRules);
          capacity += cap;
          taken += Math.min(cap, overlapCount(mine, at.startsAt, at.endsAt));
        }
      }
      out.push({
        id: r.id,
        resources_name: r.resources_name,
        resources_name_en: r.resources_name_en,
        rate: vacancyRate(capacity, taken),
        capacity,
        booked: taken,
      });
    }
    return out;
  });
}
