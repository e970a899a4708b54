import { formatDateTime, isoDateOf, localMidnightMs, maskName } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { resolveTenant } from '../../platform/tenancy.ts';
import { isoDateArg } from '../booking/booking.service.ts';
import { bookingWithSign, checkInRuleRows } from '../checkin/checkin.repository.ts';
import { checkInRulesOf, signInWindow, signStateOf } from '../checkin/checkin.rules.ts';
import { chartDates, checkVerdict, publicSlot } from './public-booking.rules.ts';
import { bookingClock } from '../../platform/clock.ts';
import { availabilityWithScene } from '../booking/booking.availability.service.ts';

/**
 * The tenant an open page acts in: the one its `tenantKey` names (the key of a shared link),
 * else the request's (its token's, the `x-tenant` header's, its host's, or the deployment's first).
 */
async function tenantOf(ctx: RequestContext, tenantKey: unknown): Promise<TenantRef> {
  const key = typeof tenantKey === 'string' ? tenantKey.trim() : '';
  const tenant = key ? await resolveTenant(ctx.db, { key }) : ctx.tenant;
  if (!tenant) throw new AppError('TENANT_UNKNOWN');
  return tenant;
}

/** A booking id from a link or a scan: one UUID, else a clear refusal (never a lookup). */
function bookingIdOf(value: unknown): string {
  const id = typeof value === 'string' ? value.trim() : '';
  if (!isUuid(id)) throw new AppError('PUBLIC_BOOKING_ID_INVALID', { value: String(value ?? '').slice(0, 40) });
  return id.toLowerCase();
}

/**
 * `findPublicAppointmentCheck` (open: `/mobile/checkAppointment/{id}`): what a gate or door
 * check needs of one booking of the tenant — resource, date and times, entry window, the
 * verdict now, and the booker's name masked. No account, phone, department or other personal
 * data; one booking per request, looked up by its id only.
 */
export async function checkAppointment(ctx: RequestContext, id: unknown, tenantKey: unknown) {
  const tenant = await tenantOf(ctx, tenantKey);
  const bookingId = bookingIdOf(id);
  const now = bookingClock.now();
  const zone = tenant.timeZone;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const b = await bookingWithSign(tx, tenant.id, bookingId);
    if (!b || b.del !== 0) throw new AppError('APPOINTMENT_NOT_FOUND');
    const [source] = await checkInRuleRows(tx, tenant.id, [b.resources_id]);
    const rules = checkInRulesOf(source?.rule_config, source?.type);
    const period = { startsAt: b.starts_at.getTime(), endsAt: b.ends_at.getTime() };
    const verdict = checkVerdict(
      { ...b, ...period, signedOutAt: b.sign?.sign_out_time?.getTime() ?? null },
      rules,
      now,
    );
    return {
      id: b.id,
      resources_id: b.resources_id,
      resources_name: b.resources_name,
      resources_name_en: b.resources_name_en,
      appointment_date: localMidnightMs(b.appointment_date, zone) ?? 0,
      start_time: b.start_time,
      end_time: b.end_time,
      entry_start: formatDateTime(signInWindow(rules, period).opensAt, zone),
      entry_end: formatDateTime(period.endsAt, zone),
      verdict,
      state: b.state,
      audit_status: b.audit_status,
      appointment_state: b.appointment_state,
      sign_state: signStateOf(b, b.sign),
      appointment_user_name: maskName(b.appointment_user_name),
      checked_at: formatDateTime(now, zone),
    };
  });
}

/**
 * Who an anonymous caller is to the booking engine: an identity that holds no grants, no
 * bookings and no ban, so availability shows no "mine" and no personal rule, and only
 * resources open to everyone (no visible/invisible/auth lists that would need an identity).
 */
function anonymousViewer(tenant: TenantRef): AuthUser {
  const nobody = '00000000-0000-0000-0000-000000000000';
  return { id: nobody, account: nobody, name: '', role: 'user', tenantId: tenant.id };
}

/**
 * `findPublicResourceSlotChart` (open: `/mobile|pc/appointmentGragh/{id}`): a resource's fixed
 * slots on one of the coming CHART_DAYS days (today by default), each free, booked, closed or
 * passed with its seats, as the booking engine's availability gives them to an anonymous
 * caller; plus the booked periods (start, end, count) for resources booked by free period.
 * Nobody's booking is named.
 */
export async function resourceSlotChart(ctx: RequestContext, resourcesId: unknown, date: unknown, tenantKey: unknown) {
  const tenant = await tenantOf(ctx, tenantKey);
  const zone = tenant.timeZone;
  const today = isoDateOf(bookingClock.now(), zone);
  const dates = chartDates(today);
  const isoDate = date === null || date === undefined || date === '' ? today : isoDateArg(date, zone);
  if (!dates.includes(isoDate)) {
    throw new AppError('PUBLIC_CHART_DATE_OUT_OF_RANGE', { days: dates.length, from: dates[0]!, to: dates.at(-1)! });
  }
  const id = typeof resourcesId === 'string' ? resourcesId.trim().toLowerCase() : '';
  if (!isUuid(id)) throw new AppError('RESOURCE_NOT_FOUND');
  const anonymous: RequestContext = { ...ctx, tenant, user: anonymousViewer(tenant) };
  const { slots, resource: res, bookings } = await availabilityWithScene(anonymous, id, isoDate);
  const hhmm = (d: Date) => formatDateTime(d.getTime(), zone).slice(11, 16);
  const dayStart = localMidnightMs(isoDate, zone)!;
  const periods = new Map<string, { start_time: string; end_time: string; count: number }>();
  for (const b of bookings.filter((x) => x.resources_id === id)) {
    const start = b.starts_at.getTime() < dayStart ? '00:00' : hhmm(b.starts_at);
    const end = isoDateOf(b.ends_at.getTime(), zone) === isoDate ? hhmm(b.ends_at) : '24:00';
    const key = `${start}-${end}`;
    const p = periods.get(key) ?? { start_time: start, end_time: end, count: 0 };
    p.count += 1;
    periods.set(key, p);
  }
  const row = res.row;
  return {
    resources_id: row.id,
    resources_name: row.resources_name,
    resources_name_en: row.resources_name_en,
    resources_number: row.resources_number,
    campus_name: row.campus_name,
    campus_name_en: row.campus_name_en,
    building_name: row.building_name,
    building_name_en: row.building_name_en,
    floor_name: row.floor_name,
    floor_name_en: row.floor_name_en,
    available_number: row.available_number,
    time_slot_rule: res.rules.time_slot_rule,
    date: isoDate,
    today,
    dates,
    slots: slots.map(publicSlot),
    booked_periods: [...periods.values()].sort((a, b) => a.start_time.localeCompare(b.start_time)),
  };
}
