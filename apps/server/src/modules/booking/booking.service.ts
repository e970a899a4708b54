import { minutesOf, uploadedFileIdOf } from '@yuyue/shared';
import { z } from 'zod';
import { withTenant, type Tx } from '../../db/client.ts';
import { type AuthUser, type RequestContext, type TenantRef } from '../../platform/context.ts';
import { bookingClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { findFile } from '../../platform/files/files.repository.ts';
import { banRefusal, type Ban } from '../blacklist/blacklist.guard.ts';
import { assertSubmitAllowed } from '../captcha/captcha.guard.ts';
import { slotCapacity } from '../resources/resources.rules.ts';
import { countBookerBookings, type ActiveBooking, type BookerWindow } from './booking.repository.ts';
import { modelProblem } from './booking.model.rules.ts';
import { assertBookable, loadScene, type BookingResource } from './booking.resources.ts';
import type { BundleExtra } from './booking.resources.repository.ts';
import {
  bookingDateOf,
  limitPeriod,
  openingInstant,
  refusalOf,
  slotInstants,
  slotStatus,
  unfinishedLimitOf,
  type NumberLimit,
  type SlotStatus,
} from './booking.rules.ts';
import { opt } from '../../platform/inputs.ts';

/*
 * The booking engine's shared part: the submitted model, the periods a request names, the
 * per-person limits and bans, and `evaluate`, which every submit and check runs. The use cases
 * are beside it: booking.submit.service.ts (check and submit), booking.availability.service.ts
 * (slots and allowances), booking.own.service.ts (own bookings, state changes, book again).
 */

/** Most slots one normal-mode request may name. */
const MAX_SLOTS = 48;

const str = (max: number) =>
  opt(z.union([z.string(), z.number()]).transform((v) => String(v).trim())).pipe(z.string().max(max).optional());

const participantInput = z.object({
  participant_id: str(100),
  participant_name: str(200),
  participant_dept_id: str(100),
  participant_dept_name: str(200),
  operate_user_id: str(100),
  operate_user_name: str(200),
  mobile: str(50),
  email: str(200),
});

const collectionInput = z.object({
  field_name: str(100),
  field_desc_cn: str(200),
  field_desc_en: str(200),
  field_value: str(4000),
});

/** `InputAppointmentInformation` as clients send it; who books is never read from it. */
export const appointmentInput = z.object({
  resources_id: z.string().trim().refine(isUuid, 'must be a UUID'),
  appointment_date: z.union([z.string(), z.number()]),
  start_time: str(5),
  end_time: str(5),
  dept_name_en: str(200),
  email: str(200),
  phone: str(50),
  person_times: opt(z.number().int().min(1).max(100_000)),
  wemeet_enable: str(10),
  theme: str(500),
  theme_en: str(500),
  enclosure: str(1000),
  enclosure_name: str(500),
  enclosure_size: str(50),
  participants_scope: str(500),
  remark: str(2000),
  event: str(500),
  event_en: str(500),
  entourage: str(2000),
  need_meeting_signin: str(10),
  appointmentParticipantList: opt(z.array(participantInput.nullable()).max(500)),
  appointmentCollectionList: opt(z.array(collectionInput.nullable()).max(200)),
});
export type AppointmentInput = z.infer<typeof appointmentInput>;

/**
 * Refuses a booking form whose phone or email lacks its format, or whose attachment is not a
 * file uploaded to this server for the tenant (booking.model.rules). The file is looked up only
 * when there is one, so a submit without an attachment costs nothing more.
 */
export async function assertModelAcceptable(ctx: RequestContext, tenantId: string, model: AppointmentInput) {
  const files = { basePath: ctx.config.basePath, origin: ctx.config.publicUrl };
  const problem = modelProblem(model, files);
  if (problem) throw new AppError(problem.code, { field: problem.field });
  const fileId = model.enclosure ? uploadedFileIdOf(model.enclosure, files) : null;
  if (fileId && !(await withTenant(ctx.db, tenantId, (tx) => findFile(tx, tenantId, fileId)))) {
    throw new AppError('ENCLOSURE_NOT_UPLOADED', { field: 'enclosure' });
  }
}

/** A period asked for: a fixed slot of the resource, or a free period. */
export interface Target {
  slotId: string | null;
  start: string;
  end: string;
  startsAt: number;
  endsAt: number;
  capacity: number;
  status: SlotStatus;
}

export interface Request {
  resourceId: unknown;
  isoDate: string;
  slotIds: string[];
  freeStart?: string;
  freeEnd?: string;
  /** Booking being changed: not counted against itself. */
  excludeId?: string;
}

export type Resource = BookingResource;

export function clean(list: readonly (string | null | undefined)[] | null | undefined): string[] {
  return [
    ...new Set((list ?? []).filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim())),
  ];
}

/** The periods a request names, refused when a slot id is not the resource's or a free period is unreadable. */
function targetsOf(res: Resource, req: Request, timeZone: string): Omit<Target, 'status'>[] {
  const slots = res.lists.timeSlots.filter((s) => s.del === 0);
  const out: Omit<Target, 'status'>[] = [];
  const add = (slotId: string | null, start: string, end: string, capacity: number) => {
    const at = slotInstants(req.isoDate, start, end, timeZone);
    if (!at) throw new AppError('BOOKING_FREE_TIME_INVALID', { start, end });
    out.push({ slotId, start, end, ...at, capacity });
  };
  if (res.rules.time_slot_rule !== '2') {
    let ids = req.slotIds;
    if (!ids.length && req.freeStart && req.freeEnd) {
      ids = slots.filter((s) => s.kssj === req.freeStart && s.jssj === req.freeEnd).map((s) => s.id);
    }
    if (!ids.length) throw new AppError('BOOKING_SLOT_REQUIRED');
    if (ids.length > MAX_SLOTS) throw new AppError('BOOKING_TOO_MANY_SLOTS', { max: MAX_SLOTS });
    for (const id of ids) {
      const slot = slots.find((s) => s.id === id);
      if (!slot) throw new AppError('BOOKING_SLOT_UNKNOWN');
      add(
        slot.id,
        slot.kssj,
        slot.jssj,
        slotCapacity(req.isoDate, slot, res.row.available_number, res.lists.availableNumberRules),
      );
    }
  } else {
    const start = req.freeStart ?? '';
    const end = req.freeEnd ?? '';
    const s = minutesOf(start);
    const e = minutesOf(end);
    if (s === null || e === null || e <= s) throw new AppError('BOOKING_FREE_TIME_INVALID', { start, end });
    add(null, start, end, Math.min(1, res.row.available_number));
  }
  return out.sort((a, b) => a.startsAt - b.startsAt);
}

/** The per-person limits that apply to a resource: its own (or its template's) and its type's. */
export function limitsOf(res: Resource): NumberLimit[] {
  const out: NumberLimit[] = [];
  for (const l of res.lists.numberLimits) out.push({ ...l, scope: 'resource' });
  const cfg = res.rules.rule_config;
  if (cfg.is_appointment_number_limit === '1' && cfg.appointment_number_rule && cfg.appointment_number_limit) {
    out.push({
      appointment_number_rule: cfg.appointment_number_rule,
      appointment_number_limit: cfg.appointment_number_limit,
      timeperiod_number_begin_date: cfg.timeperiod_number_begin_date ?? '',
      timeperiod_number_end_date: cfg.timeperiod_number_end_date ?? '',
      scope: 'resource',
    });
  }
  const type = res.type;
  if (type?.is_appointment_number_limit === '1' && type.appointment_number_rule && type.appointment_number_limit > 0) {
    out.push({
      appointment_number_rule: type.appointment_number_rule,
      appointment_number_limit: type.appointment_number_limit,
      timeperiod_number_begin_date: type.timeperiod_number_begin_date ?? '',
      timeperiod_number_end_date: type.timeperiod_number_end_date ?? '',
      scope: 'type',
    });
  }
  for (const l of res.typeLimits) out.push({ ...l, scope: 'type' });
  return out;
}

/** A per-person limit to check, and what it counts. */
export interface Quota {
  window: BookerWindow;
  limit: number;
  /** 'quota': bookings in a period (超过预约人次); 'unfinished': bookings not yet finished. */
  kind: 'quota' | 'unfinished';
  /** The period rule of a quota ('1' day .. '4' dates); '' for the unfinished limit. */
  rule: string;
}

/** The limits a booking of `res` on `isoDate` is held to, at `now`. */
export function quotasOf(res: Resource, isoDate: string, now: number): Quota[] {
  const out: Quota[] = [];
  for (const limit of limitsOf(res)) {
    const period = limitPeriod(limit, isoDate);
    if (!period) continue;
    const scope = limit.scope === 'type' ? { typeId: res.row.resources_type_id } : { resourceId: res.row.id };
    out.push({
      window: { kind: 'dated', from: period.from, to: period.to, ...scope },
      limit: limit.appointment_number_limit,
      kind: 'quota',
      rule: limit.appointment_number_rule,
    });
  }
  const unfinished = unfinishedLimitOf(res.type);
  if (unfinished !== null) {
    out.push({
      window: { kind: 'unfinished', typeId: res.row.resources_type_id, after: new Date(now) },
      limit: unfinished,
      kind: 'unfinished',
      rule: '',
    });
  }
  return out;
}

/** The refusal of a limit that `have` bookings plus `adding` more would exceed. */
export function quotaRefusal(q: Quota, have: number): AppError {
  return q.kind === 'quota'
    ? new AppError('BOOKING_LIMIT_EXCEEDED', { limit: q.limit })
    : new AppError('BOOKING_UNFINISHED_LIMIT_EXCEEDED', { limit: q.limit, have });
}

/**
 * The caller's ban in force as a reason a slot or occurrence cannot be booked: the texts of the
 * blacklist guard's own refusal (its end and why), so a preview says exactly what a submit would
 * answer. Null when the caller is not blacklisted.
 */
export function banReason(ban: Ban | null | undefined): { reason_cn: string; reason_en: string } | null {
  if (!ban) return null;
  const { zh, en } = banRefusal(ban).texts;
  return { reason_cn: zh, reason_en: en };
}

/** Refuses a banned caller (the scene must have been read with `banAt`). */
export function refuseIfBanned(ban: Ban | null | undefined): void {
  if (ban === undefined) throw new Error('the ban was not read with the scene');
  if (ban) throw banRefusal(ban);
}

/** A submit's captcha credential (api-contract 3); its presence makes `evaluate` a submit. */
export interface SubmitCredential {
  captchaId?: string | null;
  captchaCode?: string | null;
}

/**
 * Evaluates a request as the caller: the resource may be seen and booked; for a submit, the
 * captcha and submit-frequency guard with the resource's rules (`open_captcha_verify`,
 * `open_frequency_verify`) before any business rule; the caller is not blacklisted; every named
 * slot's state (refused with the rule that closes it); then the per-person limits (periods and
 * unfinished bookings), counted in one statement. Returns the resource, the periods to take and
 * the caller's department.
 */
export async function evaluate(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  user: AuthUser,
  req: Request,
  submit?: SubmitCredential,
  extra?: BundleExtra,
) {
  const now = bookingClock.now();
  const scene = await loadScene(tx, tenant, user, { ids: [String(req.resourceId)] }, [req.isoDate], {
    banAt: now,
    extra,
  });
  const res = scene.resources[0];
  if (!res) throw new AppError('RESOURCE_NOT_FOUND');
  assertBookable(res);
  if (submit) await assertSubmitAllowed(tx, ctx, tenant, user, res.rules, submit);
  refuseIfBanned(scene.ban);
  const targets = judgeTargets(res, scene.bookings, user.account, req, now, tenant.timeZone);
  const quotas = quotasOf(res, req.isoDate, now);
  const have = await countBookerBookings(
    tx,
    tenant.id,
    user.account,
    quotas.map((q) => q.window),
  );
  refuseOverQuota(quotas, have, targets.length);
  return { res, targets, dept: scene.dept, extra: scene.extra };
}

/**
 * The slot rules of a request (`evaluate`'s, after visibility and the ban): the periods it
 * names, each with its state given the resource's active bookings (`booked`, all of the
 * resource's on the date; the request's own booking left out) and the booker's own among them;
 * throws the refusal of the first period a rule closes. No statement: the ballot's draw judges
 * its winners with it against one scene.
 */
export function judgeTargets(
  res: Resource,
  bookings: readonly ActiveBooking[],
  account: string,
  req: Request,
  now: number,
  zone: string,
): Target[] {
  const raw = targetsOf(res, req, zone);
  const booked = bookings.filter((b) => b.id !== req.excludeId);
  const opensAt = openingInstant(req.isoDate, res.rules, zone);
  const periods = res.periodsOn(req.isoDate);
  return raw.map((t) => {
    const overlapping = booked.filter((b) => b.starts_at.getTime() < t.endsAt && t.startsAt < b.ends_at.getTime());
    const closure = periods.find((p) => p.start < minutesOf(t.end)! && minutesOf(t.start)! < p.end) ?? null;
    const status = slotStatus({
      now,
      isoDate: req.isoDate,
      start: t.start,
      end: t.end,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      opensAt,
      closure,
      rules: res.rules,
      capacity: t.capacity,
      taken: overlapping.length,
      mine: overlapping.filter((b) => b.appointment_user === account).length,
    });
    const refusal = refusalOf(status, { ...t, isoDate: req.isoDate, rules: res.rules }, zone);
    if (refusal) throw new AppError(refusal.code, refusal.params);
    return { ...t, status };
  });
}

/** Refuses `adding` more bookings when the booker's `have` (per quota, in order) would exceed a limit. */
export function refuseOverQuota(quotas: readonly Quota[], have: readonly number[], adding: number): void {
  quotas.forEach((q, i) => {
    if (have[i]! + adding > q.limit) throw quotaRefusal(q, have[i]!);
  });
}

export function isoDateArg(value: unknown, timeZone: string): string {
  const iso = bookingDateOf(value, timeZone);
  if (!iso) throw new AppError('BOOKING_DATE_INVALID');
  return iso;
}

export function timeArg(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}
