import { formatDateTime, localMidnightMs, type ErrorCode, type ErrorParams } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { applyBlackRule } from '../blacklist/blacklist.service.ts';
import { releaseHold } from '../booking/booking.lifecycle.repository.ts';
import { lockBooker, releaseSeat, type AppointmentRow } from '../booking/booking.repository.ts';
import { clean, isoDateArg } from '../booking/booking.service.ts';
import { appointments } from '../booking/booking.tables.ts';
import { notifyBookings } from '../notifications/notifications.outbox.ts';
import { managedScope, managesResource } from '../resources/resource-admins.ts';
import { normaliseFilterMap } from '../resources/resources.rules.ts';
import {
  bookingWithSign,
  checkInRuleRows,
  consumeCode,
  markMissed,
  markPerformed,
  noShowTimes,
  pageSigns,
  recordSignOut,
  signFilterColumns,
  upsertSign,
  userBookingsAt,
  type BookingWithSign,
} from './checkin.repository.ts';
import {
  checkInRulesOf,
  confirmed,
  markRefusal,
  pickForSignIn,
  signInRefusal,
  signInWindow,
  signOutDeadline,
  signOutRefusal,
  signStateOf,
  type CheckInRules,
  type SignBooking,
} from './checkin.rules.ts';
import {
  DISPLAY_CODE_TTL_SECONDS,
  issueCode,
  MAX_CODE_DAYS,
  readCode,
  VOUCHER_TTL_SECONDS,
  withSignCode,
} from './checkin.signing.ts';
import { bookingClock } from '../../platform/clock.ts';
import { checkInUrl, qrCodePng } from '../resources/resources.save.service.ts';

const DAY = 86_400_000;

/** Sign-in and sign-out ways (appointment_signs): self scan, staff scan of the voucher, staff marking. */
const WAY = { selfScan: '1', voucherScan: '2', staff: '3' } as const;

function refuse(r: { code: ErrorCode; params?: ErrorParams } | null): void {
  if (r) throw new AppError(r.code, r.params);
}

/** The booking row alone (what notifications take), without the check-in record and instants. */
function plain(b: BookingWithSign & Partial<SignBooking>): AppointmentRow {
  const { sign: _s, startsAt: _a, endsAt: _e, signedInAt: _i, ...row } = b;
  return row;
}

const fmtOf = (zone: string) => (ms: number) => formatDateTime(ms, zone);

/** The check-in rules of some resources, by id. */
async function rulesOf(tx: Tx, tenantId: string, ids: string[]) {
  const rows = await checkInRuleRows(tx, tenantId, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { row: r, rules: checkInRulesOf(r.rule_config, r.type) }]));
}

function signBooking(b: BookingWithSign): SignBooking & BookingWithSign {
  return {
    ...b,
    startsAt: b.starts_at.getTime(),
    endsAt: b.ends_at.getTime(),
    signedInAt: b.sign?.sign_in_time?.getTime(),
  };
}

/** A QR code PNG of a text as a data URL (the web shows it as an image). */
async function qrDataUrl(text: string): Promise<string> {
  return `data:image/png;base64,${(await qrCodePng(text)).toString('base64')}`;
}

/** Gives a no-show's period back: the booking stops holding it; a capacity slot's seat is returned. */
export async function freeSlot(tx: Tx, tenantId: string, row: AppointmentRow): Promise<void> {
  await releaseHold(tx, tenantId, row.id);
  if (!row.exclusive) {
    await releaseSeat(tx, tenantId, { resources_id: row.resources_id, starts_at: row.starts_at, ends_at: row.ends_at });
  }
}

const summary = (row: AppointmentRow) =>
  `${row.resources_name} ${row.appointment_date} ${row.start_time}-${row.end_time} ${row.appointment_user_name || row.appointment_user}`;

/** The booking's check-in record and windows in the wire shape (AppointmentSign). */
function wireSign(b: BookingWithSign, rules: CheckInRules | undefined, zone: string) {
  const t = (d: Date | null | undefined) => (d ? formatDateTime(d.getTime(), zone) : '');
  const r = rules ?? checkInRulesOf(null, null);
  const period = { startsAt: b.starts_at.getTime(), endsAt: b.ends_at.getTime() };
  const w = signInWindow(r, period);
  const out = signOutDeadline(r, period);
  const s = b.sign;
  return {
    id: b.id,
    appointment_id: b.id,
    resources_id: b.resources_id,
    resources_name: b.resources_name,
    resources_name_en: b.resources_name_en,
    resources_type_id: b.resources_type_id,
    resources_number: b.resources_number,
    appointment_date: localMidnightMs(b.appointment_date, zone) ?? 0,
    start_time: b.start_time,
    end_time: b.end_time,
    appointment_user: b.appointment_user,
    appointment_user_name: b.appointment_user_name,
    dept_name: b.dept_name,
    phone: b.phone,
    theme: b.theme,
    state: b.state,
    audit_status: b.audit_status,
    appointment_state: b.appointment_state,
    sign_state: signStateOf(b, s),
    signin_required: r.required ? '1' : '0',
    sign_out_rule: r.signOut ? '1' : '0',
    sign_in_start: formatDateTime(w.opensAt, zone),
    sign_in_end: formatDateTime(w.closesAt, zone),
    sign_out_end: out === null ? '' : formatDateTime(out, zone),
    sign_in_time: t(s?.sign_in_time),
    sign_in_way: s?.sign_in_way ?? '',
    sign_in_user: s?.sign_in_user ?? '',
    sign_in_user_name: s?.sign_in_user_name ?? '',
    sign_out_time: t(s?.sign_out_time),
    sign_out_way: s?.sign_out_way ?? '',
    sign_out_user: s?.sign_out_user ?? '',
    sign_out_user_name: s?.sign_out_user_name ?? '',
    missed_time: t(s?.missed_time),
    missed_way: s?.missed_way ?? '',
    missed_user: s?.missed_user ?? '',
    missed_user_name: s?.missed_user_name ?? '',
    remark: s?.remark ?? '',
  };
}

/**
 * Checks a booking in (appointment_state '0' -> '1', performed) in the caller's transaction:
 * the conditional update decides when two check-ins race; the check-in record, the
 * notification and the operate-log entry are written with it.
 */
async function signIn(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  b: BookingWithSign,
  rules: CheckInRules,
  way: string,
  by: AuthUser,
  now: number,
): Promise<AppointmentRow> {
  const at = new Date(now);
  const row = await markPerformed(tx, tenant.id, b.id, '0', at);
  if (!row) {
    // Someone else changed it first (a second scan at once): say what it is now.
    const fresh = await bookingWithSign(tx, tenant.id, b.id);
    refuse(fresh ? signInRefusal(signBooking(fresh), rules, now, fmtOf(tenant.timeZone)) : null);
    throw new AppError('SIGN_IN_NOT_VALID');
  }
  await upsertSign(tx, tenant.id, row, {
    sign_in_time: at,
    sign_in_way: way,
    sign_in_user: by.account,
    sign_in_user_name: by.name,
    update_time: at,
  });
  await notifyBookings(tx, ctx, 'signed_in', [row]);
  await audit(tx, ctx, {
    module: 'checkin',
    type: 'signIn',
    content: `签到 ${summary(row)}${way === WAY.voucherScan ? '（扫描预约凭证）' : ''}`,
    object: row.id,
  });
  return row;
}

/** Checks a checked-in booking out, in the caller's transaction (of two at once exactly one). */
async function signOut(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  b: BookingWithSign,
  way: string,
  by: AuthUser,
  now: number,
): Promise<AppointmentRow> {
  const at = new Date(now);
  const done = await recordSignOut(tx, tenant.id, b.id, {
    sign_out_time: at,
    sign_out_way: way,
    sign_out_user: by.account,
    sign_out_user_name: by.name,
    update_time: at,
  });
  if (!done) {
    const fresh = await bookingWithSign(tx, tenant.id, b.id);
    throw new AppError('SIGN_OUT_ALREADY', {
      time: fresh?.sign?.sign_out_time ? formatDateTime(fresh.sign.sign_out_time.getTime(), tenant.timeZone) : '',
    });
  }
  const row = plain(b);
  await notifyBookings(tx, ctx, 'signed_out', [row]);
  await audit(tx, ctx, {
    module: 'checkin',
    type: 'signOut',
    content: `签退 ${summary(row)}${way === WAY.voucherScan ? '（扫描预约凭证）' : ''}`,
    object: row.id,
  });
  return row;
}

/** The caller's bookings at the resource of a scanned resource code, with the resource's rules. */
async function scannedResource(tx: Tx, tenant: TenantRef, user: AuthUser, scanned: unknown, now: number) {
  const claims = await readCode(tx, tenant.id, scanned, 'resource', now);
  const found = (await rulesOf(tx, tenant.id, [claims.subjectId])).get(claims.subjectId);
  if (!found || found.row.del !== 0) throw new AppError('SIGN_CODE_RESOURCE_UNKNOWN');
  const bookings = await userBookingsAt(
    tx,
    tenant.id,
    user.account,
    found.row.id,
    new Date(now - DAY),
    new Date(now + DAY + 1),
  );
  return { ...found, bookings: bookings.map(signBooking) };
}

/**
 * `saveAppointmentSignIn`: the booker scans the resource's code (the code or the URL it holds)
 * and their booking there whose check-in window is open now is checked in (the earliest, when
 * several are). Refusals say why: not open yet (from when), closed, already checked in...
 */
export async function signInByResourceCode(ctx: RequestContext, scanned: unknown): Promise<AppointmentRow> {
  const { tenant, user } = requireUser(ctx);
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { row, rules, bookings } = await scannedResource(tx, tenant, user, scanned, now);
    const pick = pickForSignIn(bookings, rules, now, fmtOf(tenant.timeZone));
    if (!pick)
      throw new AppError('SIGN_IN_NO_BOOKING', {
        resource: row.resources_name,
        resource_en: row.resources_name_en || row.resources_name,
      });
    if ('refusal' in pick) throw new AppError(pick.refusal.code, pick.refusal.params);
    return signIn(tx, ctx, tenant, pick.booking, rules, WAY.selfScan, user, now);
  });
}

/**
 * `saveAppointmentSignOut`: the booker scans the resource's code to check out of their
 * checked-in booking there (resources with sign_out_rule '1'; until the end plus the lateness
 * allowed at check-in).
 */
export async function signOutByResourceCode(ctx: RequestContext, scanned: unknown): Promise<AppointmentRow> {
  const { tenant, user } = requireUser(ctx);
  const now = bookingClock.now();
  const fmt = fmtOf(tenant.timeZone);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { row, rules, bookings } = await scannedResource(tx, tenant, user, scanned, now);
    if (!rules.signOut) throw new AppError('SIGN_OUT_NOT_USED');
    const signedIn = bookings.filter((b) => b.appointment_state === '1' && b.sign?.sign_in_time);
    const open = signedIn.find((b) => signOutRefusal(b, rules, b.sign, now, fmt) === null);
    if (open) return signOut(tx, ctx, tenant, open, WAY.selfScan, user, now);
    const last = signedIn[signedIn.length - 1];
    if (last) refuse(signOutRefusal(last, rules, last.sign, now, fmt));
    throw new AppError('SIGN_OUT_NO_BOOKING', {
      resource: row.resources_name,
      resource_en: row.resources_name_en || row.resources_name,
    });
  });
}

/**
 * `scanAppointmentSignCode`: staff (tenant administrators and the resource's administrators)
 * scan a booker's voucher to check the booking in (type '1') or out ('2'). A voucher is single
 * use: of two scans of one code, even at once, the database accepts exactly one.
 */
export async function scanVoucher(ctx: RequestContext, scanned: unknown, type: unknown): Promise<AppointmentRow> {
  const { tenant, user } = requireUser(ctx);
  const kind = type === undefined || type === null || type === '' ? '1' : type;
  if (kind !== '1' && kind !== '2') throw new AppError('SIGN_TYPE_INVALID', { value: String(kind).slice(0, 20) });
  const now = bookingClock.now();
  const fmt = fmtOf(tenant.timeZone);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const claims = await readCode(tx, tenant.id, scanned, 'voucher', now);
    const found = await bookingWithSign(tx, tenant.id, claims.subjectId, true);
    if (!found || found.del !== 0) throw new AppError('APPOINTMENT_NOT_FOUND');
    if (!(await managesResource(tx, tenant.id, user, found.resources_id, 'checkin'))) throw new AppError('FORBIDDEN');
    const fresh = await consumeCode(tx, tenant.id, {
      nonce: claims.nonce,
      appointment_id: found.id,
      used_time: new Date(now),
      expires_at: new Date(claims.expiresAt * 1000),
    });
    if (!fresh) throw new AppError('SIGN_CODE_USED');
    const rules = (await rulesOf(tx, tenant.id, [found.resources_id])).get(found.resources_id)?.rules;
    const b = signBooking(found);
    const r = rules ?? checkInRulesOf(null, null);
    if (kind === '1') {
      refuse(signInRefusal(b, r, now, fmt));
      return signIn(tx, ctx, tenant, b, r, WAY.voucherScan, user, now);
    }
    refuse(signOutRefusal(b, r, b.sign, now, fmt));
    return signOut(tx, ctx, tenant, b, WAY.voucherScan, user, now);
  });
}

/** A booking the caller may see the check-in of: the booker, or an administrator of its resource. */
async function visibleBooking(tx: Tx, tenant: TenantRef, user: AuthUser, id: unknown, forUpdate = false) {
  if (!isUuid(id)) throw new AppError('APPOINTMENT_NOT_FOUND');
  const b = await bookingWithSign(tx, tenant.id, id, forUpdate);
  if (!b || b.del !== 0) throw new AppError('APPOINTMENT_NOT_FOUND');
  const mine = b.appointment_user === user.account || b.created_user === user.account;
  return { b, mine };
}

/**
 * `findAppointmentSignCode`: the booker's voucher for a booking (a single-use code valid
 * VOUCHER_TTL_SECONDS; the page fetches a fresh one before it expires), with its QR image.
 */
export async function voucherCode(ctx: RequestContext, appointmentId: unknown) {
  const { tenant, user } = requireUser(ctx);
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { b, mine } = await visibleBooking(tx, tenant, user, appointmentId);
    if (!mine) throw new AppError('APPOINTMENT_NOT_OWNER');
    if (b.audit_status === '1') throw new AppError('SIGN_IN_AWAITING_APPROVAL');
    if (!confirmed(b) || b.appointment_state === '3') throw new AppError('SIGN_IN_NOT_VALID');
    if (b.appointment_state === '2') throw new AppError('SIGN_IN_MISSED');
    const { code, claims } = await issueCode(tx, tenant.id, 'voucher', b.id, now, VOUCHER_TTL_SECONDS);
    return {
      code,
      url: '',
      qcode_image: await qrDataUrl(code),
      expire_time: formatDateTime(claims.expiresAt * 1000, tenant.timeZone),
      expires_in: VOUCHER_TTL_SECONDS,
      subject_id: b.id,
    };
  });
}

/**
 * `findResourcesSignCode`: a resource's check-in code for its administrators: without
 * `validDays` a short-lived one for a screen at the venue (refreshed by the page), with
 * `validDays` (1-1095) one to print. It is the venue page's URL carrying the signed code.
 */
export async function resourceCode(ctx: RequestContext, resourcesId: unknown, validDays: unknown) {
  const { tenant, user } = requireUser(ctx);
  if (validDays !== undefined && validDays !== null) {
    if (typeof validDays !== 'number' || !Number.isInteger(validDays) || validDays < 1 || validDays > MAX_CODE_DAYS) {
      throw new AppError('SIGN_VALID_DAYS_INVALID', { max: MAX_CODE_DAYS });
    }
  }
  const ttl = typeof validDays === 'number' ? validDays * 86_400 : DISPLAY_CODE_TTL_SECONDS;
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    if (!isUuid(resourcesId)) throw new AppError('RESOURCE_NOT_FOUND');
    const found = (await rulesOf(tx, tenant.id, [resourcesId])).get(resourcesId);
    if (!found || found.row.del !== 0) throw new AppError('RESOURCE_NOT_FOUND');
    if (!(await managesResource(tx, tenant.id, user, resourcesId, 'checkin'))) throw new AppError('FORBIDDEN');
    const { code, claims } = await issueCode(tx, tenant.id, 'resource', resourcesId, now, ttl);
    const url = withSignCode(checkInUrl(ctx.config, resourcesId), code);
    return {
      code,
      url,
      qcode_image: await qrDataUrl(url),
      expire_time: formatDateTime(claims.expiresAt * 1000, tenant.timeZone),
      expires_in: ttl,
      subject_id: resourcesId,
    };
  });
}

/** `findAppointmentSignInfo`: a booking's check-in record and windows, for its booker or a resource administrator. */
export async function signInfo(ctx: RequestContext, appointmentId: unknown) {
  const { tenant, user } = requireUser(ctx);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { b, mine } = await visibleBooking(tx, tenant, user, appointmentId);
    if (!mine && !(await managesResource(tx, tenant.id, user, b.resources_id, 'checkin')))
      throw new AppError('FORBIDDEN');
    const rules = (await rulesOf(tx, tenant.id, [b.resources_id])).get(b.resources_id)?.rules;
    return wireSign(b, rules, tenant.timeZone);
  });
}

export interface MarkArgs {
  id: unknown;
  appointment_state: unknown;
  reason?: string | null;
}

/**
 * `updateAppointmentPerformState`: staff mark a booking performed ('1': a booking to be
 * performed once its check-in has opened, or a no-show being corrected, which does not take
 * the slot back) or a no-show ('2': once it has started; its slot is freed, and the
 * black-settings rule applies). One conditional update decides when two staff act at once.
 */
export async function markPerform(ctx: RequestContext, args: MarkArgs): Promise<AppointmentRow> {
  const { tenant, user } = requireUser(ctx);
  const to = args.appointment_state;
  if (to !== '1' && to !== '2') {
    throw new AppError('PERFORM_STATE_INVALID', { value: String(to ?? '').slice(0, 20) });
  }
  const remark = (args.reason ?? '').trim();
  if (remark.length > 500) throw new AppError('INVALID_INPUT', { detail: 'reason: at most 500 characters' });
  const now = bookingClock.now();
  const at = new Date(now);
  const fmt = fmtOf(tenant.timeZone);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const peek = await visibleBooking(tx, tenant, user, args.id);
    if (!(await managesResource(tx, tenant.id, user, peek.b.resources_id, 'checkin'))) throw new AppError('FORBIDDEN');
    // A no-show may ban its booker: serialise with the booker's submits and other markings.
    if (to === '2') await lockBooker(tx, tenant.id, peek.b.appointment_user);
    const b = signBooking((await visibleBooking(tx, tenant, user, args.id, true)).b);
    const rules =
      (await rulesOf(tx, tenant.id, [b.resources_id])).get(b.resources_id)?.rules ?? checkInRulesOf(null, null);
    refuse(markRefusal(b, to, rules, now, fmt));
    if (to === '1') {
      const from = b.appointment_state === '2' ? '2' : '0';
      const row = await markPerformed(tx, tenant.id, b.id, from, at);
      if (!row) throw new AppError('MARK_PERFORMED_NOT_ALLOWED');
      await upsertSign(tx, tenant.id, row, {
        sign_in_time: b.sign?.sign_in_time ?? at,
        sign_in_way: b.sign?.sign_in_way || WAY.staff,
        sign_in_user: b.sign?.sign_in_user || user.account,
        sign_in_user_name: b.sign?.sign_in_user_name || user.name,
        missed_time: null,
        missed_way: '',
        missed_user: '',
        missed_user_name: '',
        remark,
        update_time: at,
      });
      await notifyBookings(tx, ctx, 'signed_in', [row]);
      await audit(tx, ctx, {
        module: 'checkin',
        type: 'markPerformed',
        content: `标记已履约 ${summary(row)}${from === '2' ? '（更正违约）' : ''}${remark ? `：${remark}` : ''}`,
        object: row.id,
      });
      return row;
    }
    const [row] = await markMissed(tx, tenant.id, [b.id], at);
    if (!row) throw new AppError('MARK_MISSED_NOT_ALLOWED');
    await freeSlot(tx, tenant.id, row);
    await upsertSign(tx, tenant.id, row, {
      missed_time: at,
      missed_way: '2',
      missed_user: user.account,
      missed_user_name: user.name,
      remark,
      update_time: at,
    });
    await notifyBookings(tx, ctx, 'missed', [row]);
    await audit(tx, ctx, {
      module: 'checkin',
      type: 'markMissed',
      content: `标记违约 ${summary(row)}${remark ? `：${remark}` : ''}`,
      object: row.id,
    });
    await applyBlackRule(tx, ctx, tenant, [row.appointment_user], now, noShowTimes);
    return row;
  });
}

const PAGE_MAX = 200;

export interface SignListArgs {
  first?: number | null;
  offset?: number | null;
  filter?: unknown;
  appointmentDate?: (string | null)[] | null;
  signState?: string | null;
  keyword?: string | null;
}

/**
 * `findAppointmentSignAll` (the sign desk /manage/sign and /mobile/ordered/resources): the
 * confirmed bookings with their check-in records and windows, latest first — all of the
 * tenant's for a tenant administrator, those of the resources they administer for a resource
 * administrator (FORBIDDEN for a user administering none); filters: resource, type, date (one
 * or a [from, to] range), appointment_state, booker, keyword (account or name), signState.
 */
export async function listSigns(ctx: RequestContext, args: SignListArgs) {
  const { tenant, user } = requireUser(ctx);
  const filter = normaliseFilterMap(args.filter, signFilterColumns, ['resources_id', 'resources_type_id']);
  if (filter.appointment_date?.eq) {
    filter.appointment_date = { eq: isoDateArg(filter.appointment_date.eq, tenant.timeZone) };
  }
  const dates = clean(args.appointmentDate).map((d) => isoDateArg(d, tenant.timeZone));
  const signState = (args.signState ?? '').trim();
  if (signState && !['0', '1', '2', '3'].includes(signState)) {
    throw new AppError('SIGN_STATE_INVALID', { value: signState.slice(0, 20) });
  }
  const keyword = (args.keyword ?? '').trim().slice(0, 100);
  const limit = args.first && args.first > 0 ? Math.min(args.first, PAGE_MAX) : 20;
  const offset = args.offset && args.offset > 0 ? args.offset : 0;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const { rows, total } = await pageSigns(
      tx,
      tenant.id,
      {
        filter,
        dateFrom: dates[0],
        dateTo: dates[1] ?? dates[0],
        signState: signState || undefined,
        keyword: keyword || undefined,
        managed: await managedScope(tx, tenant.id, user, appointments.resources_id, 'checkin'),
      },
      { limit, offset },
    );
    const rules = await rulesOf(
      tx,
      tenant.id,
      rows.map((r) => r.resources_id),
    );
    return { nodes: rows.map((r) => wireSign(r, rules.get(r.resources_id)?.rules, tenant.timeZone)), total, offset };
  });
}

// (section: register)
/**
 * `updateAppointmentSignOut`: staff (tenant administrators, the resource's administrators) check
 * a checked-in booking out by hand at the registration desk (/mobile/ordered/register), without
 * the booker's voucher: the same rule as a voucher scan (resources with sign_out_rule '1', until
 * the end plus the lateness allowed at check-in); of two at once exactly one is accepted.
 */
export async function staffSignOut(ctx: RequestContext, id: unknown): Promise<AppointmentRow> {
  const { tenant, user } = requireUser(ctx);
  const now = bookingClock.now();
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const peek = await visibleBooking(tx, tenant, user, id, true);
    if (!(await managesResource(tx, tenant.id, user, peek.b.resources_id, 'checkin'))) throw new AppError('FORBIDDEN');
    const b = signBooking(peek.b);
    const rules =
      (await rulesOf(tx, tenant.id, [b.resources_id])).get(b.resources_id)?.rules ?? checkInRulesOf(null, null);
    refuse(signOutRefusal(b, rules, b.sign, now, fmtOf(tenant.timeZone)));
    return signOut(tx, ctx, tenant, b, WAY.staff, user, now);
  });
}
// (end section: register)
