import {
  formatDateTime,
  isoDateOf,
  localMidnightMs,
  uploadedFileIdOf,
  type ErrorCode,
  type ErrorParams,
} from '@yuyue/shared';
import { z } from 'zod';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { bookingClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { findFile } from '../../platform/files/files.repository.ts';
import { parseInput } from '../../platform/validation.ts';
import { banRefusal, type Ban } from '../blacklist/blacklist.guard.ts';
import { assertSubmitAllowed } from '../captcha/captcha.guard.ts';
import { notifyBookings } from '../notifications/notifications.outbox.ts';
import { reportBookingChange } from './booking.events.ts';
import { notificationSettingsFrom, type ResourceNotificationRow } from '../notifications/notifications.repository.ts';
import { personViewOf, showsContact } from '../directory/directory.rules.ts';
import { managedAmong } from '../resources/resource-admins.ts';
import { resourceFilterColumns } from '../resources/resources.repository.ts';
import { minutesOf, normaliseFilterMap, slotCapacity } from '../resources/resources.rules.ts';
import { opt } from '../rules/rules.inputs.ts';
import {
  appointmentFilterColumns,
  childrenOf,
  countBookerBookings,
  findAppointment,
  insertCollections,
  insertExclusive,
  insertExclusiveMany,
  insertParticipants,
  insertShared,
  markCancelled,
  overlapCount,
  pageAppointments,
  releaseSeat,
  takeSeat,
  engineTransaction,
  withBookerLock,
  type ActiveBooking,
  type AppointmentListRow,
  type AppointmentRow,
  type BookerWindow,
  type NewAppointment,
} from './booking.repository.ts';
import { deletable } from './booking.lifecycle.rules.ts';
import { modelProblem } from './booking.model.rules.ts';
import { assertBookable, loadScene, type BookingResource, type BookingScene } from './booking.resources.ts';
import type { BundleExtra } from './booking.resources.repository.ts';
import {
  bookingDateOf,
  cancelRefusal,
  holdsSlot,
  limitPeriod,
  openingInstant,
  refusalOf,
  slotInstants,
  slotStatus,
  unfinishedLimitOf,
  type NumberLimit,
  type SlotStatus,
} from './booking.rules.ts';

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

/** One per-person limit of a booking, and how much of it the caller has used (`findAppointmentAllowance`). */
export interface Allowance {
  /** What it counts: bookings of this resource, or of every resource of its type. */
  scope: 'resource' | 'type';
  kind: Quota['kind'];
  appointment_number_rule: string;
  limit: number;
  /** The dates counted (inclusive, YYYY-MM-DD; open ends as 0000-01-01 / 9999-12-31); empty for 'unfinished'. */
  period_begin: string;
  period_end: string;
  used: number;
  /** How many more the caller may book under this limit (never below 0). */
  remaining: number;
}

/**
 * The caller's allowance for a booking of a resource on a date: every per-person limit the
 * submit would hold it to (`quotasOf`), with the caller's bookings it counts now, counted by the
 * submit's own statement. A resource the caller may not see is RESOURCE_NOT_FOUND.
 */
export async function allowance(ctx: RequestContext, resourceId: unknown, date: unknown): Promise<Allowance[]> {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(date, tenant.timeZone);
  return withTenant(
    ctx.db,
    tenant.id,
    async (tx) => {
      const now = bookingClock.now();
      const scene = await loadScene(tx, tenant, user, { ids: [String(resourceId)] }, [isoDate], { bookings: false });
      const res = scene.resources[0];
      if (!res) throw new AppError('RESOURCE_NOT_FOUND');
      const quotas = quotasOf(res, isoDate, now);
      const used = await countBookerBookings(
        tx,
        tenant.id,
        user.account,
        quotas.map((q) => q.window),
      );
      return quotas.map((q, i) => {
        const w = q.window;
        return {
          scope: w.kind === 'unfinished' || w.typeId ? 'type' : 'resource',
          kind: q.kind,
          appointment_number_rule: q.rule,
          limit: q.limit,
          period_begin: w.kind === 'dated' ? w.from : '',
          period_end: w.kind === 'dated' ? w.to : '',
          used: used[i]!,
          remaining: Math.max(0, q.limit - used[i]!),
        };
      });
    },
    engineTransaction,
  );
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

export interface CheckArgs {
  resourceId?: string | null;
  appointmentId?: string | null;
  bookDate?: string | null;
  bookStartTime?: string | null;
  bookEndTime?: string | null;
  timeSlotIdList?: (string | null)[] | null;
  borrowDateList?: (string | null)[] | null;
  borrowStartTime?: string | null;
  borrowEndTime?: string | null;
  checkSource?: string | null;
}

/**
 * `checkResourceTimeSlotCapacity`: whether the caller could book these slots (or this free
 * period) now; nothing is written. Refusals name their rule.
 */
export async function checkCapacity(ctx: RequestContext, args: CheckArgs): Promise<{ zh: string; en: string }> {
  const { tenant, user } = requireUser(ctx);
  const dates = clean(args.borrowDateList);
  const isoDate = isoDateArg(args.bookDate?.trim() || dates[0], tenant.timeZone);
  const excludeId = args.appointmentId && isUuid(args.appointmentId) ? args.appointmentId : undefined;
  await withTenant(
    ctx.db,
    tenant.id,
    (tx) =>
      evaluate(tx, ctx, tenant, user, {
        resourceId: args.resourceId,
        isoDate,
        slotIds: clean(args.timeSlotIdList),
        freeStart: timeArg(args.borrowStartTime) ?? timeArg(args.bookStartTime),
        freeEnd: timeArg(args.borrowEndTime) ?? timeArg(args.bookEndTime),
        excludeId,
      }),
    engineTransaction,
  );
  return { zh: '可以预约', en: 'Bookable' };
}

export interface SaveArgs {
  captchaId?: string | null;
  captchaCode?: string | null;
  model: unknown;
  timeSlotIdList?: (string | null)[] | null;
  borrowDateList?: (string | null)[] | null;
  borrowStartTime?: string | null;
  borrowEndTime?: string | null;
}

export interface SaveResult {
  ids: string[];
  auditStatus: string;
  texts: { zh: string; en: string };
}

/** A normal-mode submit once every rule passed, before its slots are taken (`submitStages`). */
export interface CheckedSubmit {
  tenant: TenantRef;
  user: AuthUser;
  res: Resource;
  targets: Target[];
  dept: { code: string; name: string };
  model: AppointmentInput;
  isoDate: string;
  /** What `submitStages.sceneExtra` asked to read with the engine's read, by column name. */
  extra: Record<string, unknown>;
}

/**
 * Where another module takes over a checked submit (in its transaction, the booker's lock held):
 * `beforeInsert` answers instead of the engine (the ballot collects the request: modules/ballot),
 * or gives null and the engine takes the slots as usual. Set once when the modules load.
 */
export const submitStages: {
  beforeInsert: ((tx: Tx, ctx: RequestContext, s: CheckedSubmit) => Promise<SaveResult | null>) | null;
  /**
   * Columns `beforeInsert` needs, read with the engine's read of the resource and the caller
   * (one round trip for both): given the submit's tenant, booker, resource id and date.
   */
  sceneExtra:
    | ((tenant: TenantRef, user: AuthUser, req: { resourceId: string; isoDate: string }) => BundleExtra | undefined)
    | null;
  /**
   * Whether a date's slots of a resource are being decided by another module now (the ballot:
   * its collection window is open or its draw pending), with when that ends (epoch ms); a
   * periodic or batch request then leaves that date out, as it cannot enter a ballot.
   */
  decidedElsewhere: ((tx: Tx, tenant: TenantRef, res: Resource, isoDate: string) => Promise<number | null>) | null;
} = { beforeInsert: null, sceneExtra: null, decidedElsewhere: null };

/**
 * Books one or several slots of one day (normal mode), all or nothing in one transaction.
 * The booker is the signed-in user. Submits of one booker are serialised (per-person limits);
 * the exclusion constraint or the slot's seat counter decides who wins a contested slot.
 * Resources that need approval create bookings awaiting approval that hold their slot.
 */
export async function saveAppointments(ctx: RequestContext, args: SaveArgs): Promise<SaveResult> {
  const { tenant, user } = requireUser(ctx);
  const model = parseInput(appointmentInput, args.model);
  await assertModelAcceptable(ctx, tenant.id, model);
  const isoDate = isoDateArg(model.appointment_date, tenant.timeZone);
  const dates = clean(args.borrowDateList);
  if (dates.some((d) => isoDateArg(d, tenant.timeZone) !== isoDate)) throw new AppError('BOOKING_SLOT_UNKNOWN');
  const stageExtra = submitStages.sceneExtra?.(tenant, user, { resourceId: model.resources_id, isoDate });
  return withBookerLock(ctx.db, tenant.id, user.account, async (tx) => {
    const { res, targets, dept, extra } = await evaluate(
      tx,
      ctx,
      tenant,
      user,
      {
        resourceId: model.resources_id,
        isoDate,
        slotIds: clean(args.timeSlotIdList),
        freeStart: timeArg(args.borrowStartTime) ?? model.start_time,
        freeEnd: timeArg(args.borrowEndTime) ?? model.end_time,
      },
      { captchaId: args.captchaId, captchaCode: args.captchaCode },
      stageExtra,
    );
    const taken = await submitStages.beforeInsert?.(tx, ctx, {
      tenant,
      user,
      res,
      targets,
      dept,
      model,
      isoDate,
      extra,
    });
    if (taken) return taken;
    const needApprove = res.rules.need_approve === '1';
    const exclusive = res.row.available_number <= 1 || res.rules.time_slot_rule === '2';
    const inserted = await insertOccurrences(
      tx,
      tenant.id,
      targets.map((t) => ({ values: rowOf(model, res, user, dept, t, isoDate, needApprove), capacity: t.capacity })),
      exclusive,
      model,
    );
    const rows: AppointmentRow[] = [];
    inserted.forEach((row, i) => {
      const t = targets[i]!;
      if (!row)
        throw new AppError(exclusive ? 'BOOKING_SLOT_TAKEN' : 'BOOKING_SLOT_FULL', { start: t.start, end: t.end });
      rows.push(row);
    });
    const ids = rows.map((r) => r.id);
    await notifyBookings(tx, ctx, 'booked', rows, knownSettings(res, tenant));
    await reportBookingChange(tx, ctx, 'booked', rows);
    await audit(tx, ctx, {
      module: 'appointment',
      type: 'save',
      content: `预约 ${res.row.resources_name} ${isoDate} ${targets.map((t) => `${t.start}-${t.end}`).join(',')}`,
      object: ids.join(','),
    });
    return {
      ids,
      auditStatus: needApprove ? '1' : '0',
      texts: needApprove
        ? { zh: '提交成功，等待审核', en: 'Submitted; awaiting approval' }
        : { zh: '预约成功', en: 'Booked' },
    };
  });
}

/** A resource's notification settings from what the engine read (saves `notifyBookings` a statement). */
export function knownSettings(res: Resource, tenant: TenantRef): Map<string, ResourceNotificationRow> {
  return new Map([[res.row.id, notificationSettingsFrom(res.row, res.rules.rule_config, tenant.timeZone)]]);
}

export function rowOf(
  model: AppointmentInput,
  res: Resource,
  user: AuthUser,
  dept: { code: string; name: string },
  t: Pick<Target, 'slotId' | 'start' | 'end' | 'startsAt' | 'endsAt'>,
  isoDate: string,
  needApprove: boolean,
): NewAppointment {
  return {
    resources_id: res.row.id,
    resources_type_id: res.row.resources_type_id,
    resources_name: res.row.resources_name,
    resources_name_en: res.row.resources_name_en,
    resources_number: res.row.resources_number,
    time_slot_id: t.slotId,
    appointment_date: isoDate,
    start_time: t.start,
    end_time: t.end,
    starts_at: new Date(t.startsAt),
    ends_at: new Date(t.endsAt),
    state: '0',
    audit_status: needApprove ? '1' : '0',
    appointment_state: '0',
    active: true,
    exclusive: true,
    booking_mode: '1',
    created_user: user.account,
    created_user_name: user.name,
    appointment_user: user.account,
    appointment_user_name: user.name,
    dept_code: dept.code,
    dept_name: dept.name,
    dept_name_en: model.dept_name_en ?? '',
    email: model.email ?? '',
    phone: model.phone ?? '',
    person_times: model.person_times ?? 1,
    theme: model.theme ?? '',
    theme_en: model.theme_en ?? '',
    enclosure: model.enclosure ?? '',
    enclosure_name: model.enclosure_name ?? '',
    enclosure_size: model.enclosure_size ?? '',
    participants_scope: model.participants_scope ?? '',
    remark: model.remark ?? '',
    event: model.event ?? '',
    event_en: model.event_en ?? '',
    entourage: model.entourage ?? '',
    need_meeting_signin: model.need_meeting_signin || '0',
    wemeet_enable: model.wemeet_enable || '0',
  };
}

/**
 * Inserts one occurrence with its participants and collected values (every booking mode):
 * an exclusive resource's through the exclusion constraint (`ON CONFLICT DO NOTHING`), a
 * capacity resource's after taking a seat of its slot. Null when the period was taken or the
 * slot full; no booking row is written then.
 */
export async function insertOccurrence(
  tx: Tx,
  tenantId: string,
  values: NewAppointment,
  seat: { exclusive: boolean; capacity: number },
  model: AppointmentInput,
): Promise<AppointmentRow | null> {
  let row: AppointmentRow | undefined;
  if (seat.exclusive) {
    row = await insertExclusive(tx, tenantId, values);
    if (!row) return null;
  } else {
    const slot = { resources_id: values.resources_id, starts_at: values.starts_at, ends_at: values.ends_at };
    if (!(await takeSeat(tx, tenantId, { ...slot, capacity: seat.capacity }))) return null;
    row = await insertShared(tx, tenantId, values);
  }
  await insertParticipants(tx, tenantId, row.id, participantsOf(model));
  await insertCollections(tx, tenantId, row.id, collectionsOf(model));
  return row;
}

/**
 * Inserts the occurrences of one request, as `insertOccurrence` does each: those of an
 * exclusive resource in one statement (`insertExclusiveMany`), a capacity resource's one by one
 * (each takes a seat first). The rows in the order given, null for each one taken or full.
 */
export async function insertOccurrences(
  tx: Tx,
  tenantId: string,
  list: readonly { values: NewAppointment; capacity: number }[],
  exclusive: boolean,
  model: AppointmentInput,
): Promise<(AppointmentRow | null)[]> {
  if (!exclusive || list.length === 1) {
    const out: (AppointmentRow | null)[] = [];
    for (const o of list)
      out.push(await insertOccurrence(tx, tenantId, o.values, { exclusive, capacity: o.capacity }, model));
    return out;
  }
  const rows = await insertExclusiveMany(
    tx,
    tenantId,
    list.map((o) => o.values),
  );
  await insertRequestChildren(
    tx,
    tenantId,
    rows.filter((row) => !!row).map((row) => row.id),
    model,
  );
  return rows.map((row) => row ?? null);
}

/** A request's participants and collected values, written for each of its bookings (`ids`). */
export async function insertRequestChildren(
  tx: Tx,
  tenantId: string,
  ids: readonly string[],
  model: AppointmentInput,
): Promise<void> {
  const participants = participantsOf(model);
  const collections = collectionsOf(model);
  for (const id of ids) {
    await insertParticipants(tx, tenantId, id, participants);
    await insertCollections(tx, tenantId, id, collections);
  }
}

function participantsOf(model: Pick<AppointmentInput, 'appointmentParticipantList'>) {
  return (model.appointmentParticipantList ?? [])
    .filter((p): p is NonNullable<typeof p> => !!p)
    .map((p) => ({
      participant_id: p.participant_id ?? '',
      participant_name: p.participant_name ?? '',
      participant_dept_id: p.participant_dept_id ?? '',
      participant_dept_name: p.participant_dept_name ?? '',
      operate_user_id: p.operate_user_id ?? '',
      operate_user_name: p.operate_user_name ?? '',
      mobile: p.mobile ?? '',
      email: p.email ?? '',
    }));
}

function collectionsOf(model: Pick<AppointmentInput, 'appointmentCollectionList'>) {
  return (model.appointmentCollectionList ?? [])
    .filter((c): c is NonNullable<typeof c> => !!c && !!c.field_name)
    .map((c) => ({
      field_name: c.field_name!,
      field_desc_cn: c.field_desc_cn ?? '',
      field_desc_en: c.field_desc_en ?? '',
      field_value: c.field_value ?? '',
    }));
}

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
 * The caller's bookings (made by or for the caller), latest first. `appointmentDate` is one
 * date or a [from, to] range ("YYYY-MM-DD" or epoch ms); `only_flow` '1' keeps the bookings that
 * went through approval.
 */
export async function listOwnAppointments(ctx: RequestContext, args: ListArgs) {
  const { tenant, user } = requireUser(ctx);
  const filter = normaliseFilterMap(args.filter, appointmentFilterColumns, ['id', 'resources_id', 'resources_type_id']);
  if (filter.appointment_date?.eq) {
    filter.appointment_date = { eq: isoDateArg(filter.appointment_date.eq, tenant.timeZone) };
  }
  const dates = clean(args.appointmentDate).map((d) => isoDateArg(d, tenant.timeZone));
  const limit = args.first && args.first > 0 ? Math.min(args.first, PAGE_MAX) : 20;
  const offset = args.offset && args.offset > 0 ? args.offset : 0;
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

/** A slot of a resource on a date as the caller sees it, with the rule that closes it. */
export interface SlotAvailability {
  id: string;
  kssj: string;
  jssj: string;
  state: SlotStatus['state'];
  rule: string;
  opens_at: string;
  capacity: number;
  remaining: number;
  reason_cn: string;
  reason_en: string;
}

/** The fixed slots of a resource on a date as the caller sees them, given the active bookings read. */
function slotsOf(
  res: Resource,
  isoDate: string,
  booked: readonly ActiveBooking[],
  who: { account: string; now: number; banned: { reason_cn: string; reason_en: string } | null },
  zone: string,
): SlotAvailability[] {
  if (res.rules.time_slot_rule === '2') return [];
  const own = booked.filter((b) => b.resources_id === res.row.id);
  const opensAt = openingInstant(isoDate, res.rules, zone);
  const periods = res.periodsOn(isoDate);
  return res.lists.timeSlots
    .filter((s) => s.del === 0)
    .flatMap((s) => {
      const at = slotInstants(isoDate, s.kssj, s.jssj, zone);
      if (!at) return [];
      const capacity =
        res.row.state === 1 ? slotCapacity(isoDate, s, res.row.available_number, res.lists.availableNumberRules) : 0;
      const overlapping = own.filter((b) => b.starts_at.getTime() < at.endsAt && at.startsAt < b.ends_at.getTime());
      const closure = periods.find((p) => p.start < minutesOf(s.jssj)! && minutesOf(s.kssj)! < p.end) ?? null;
      const status = slotStatus({
        now: who.now,
        isoDate,
        start: s.kssj,
        end: s.jssj,
        ...at,
        opensAt,
        closure,
        rules: res.rules,
        capacity,
        taken: overlapCount(overlapping, at.startsAt, at.endsAt),
        mine: overlapping.filter((b) => b.appointment_user === who.account).length,
        banned: who.banned,
      });
      return [
        {
          id: s.id,
          kssj: s.kssj,
          jssj: s.jssj,
          state: status.state,
          rule: status.rule ?? '',
          opens_at: status.opensAt === null ? '' : formatDateTime(status.opensAt, zone),
          capacity,
          remaining: status.remaining,
          reason_cn: status.reason_cn,
          reason_en: status.reason_en,
        },
      ];
    });
}

/** Who asks for availability: account, the booking clock's now, and the ban in force then (its texts). */
function viewer(user: AuthUser, now: number, scene: BookingScene) {
  return { account: user.account, now, banned: banReason(scene.ban) };
}

/** Availability of a resource's fixed slots on a date for the caller: state, seats left and why closed. */
export async function availability(
  ctx: RequestContext,
  resourceId: unknown,
  date: unknown,
): Promise<SlotAvailability[]> {
  return (await availabilityWithScene(ctx, resourceId, date)).slots;
}

/** `availability`, with the scene it was computed from (its resource and active bookings). */
export async function availabilityWithScene(
  ctx: RequestContext,
  resourceId: unknown,
  date: unknown,
): Promise<{ slots: SlotAvailability[]; resource: BookingResource; bookings: BookingScene['bookings'] }> {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(date, tenant.timeZone);
  return withTenant(
    ctx.db,
    tenant.id,
    async (tx) => {
      const now = bookingClock.now();
      const scene = await loadScene(tx, tenant, user, { ids: [String(resourceId)] }, [isoDate], { banAt: now });
      const res = scene.resources[0];
      if (!res) throw new AppError('RESOURCE_NOT_FOUND');
      const slots = slotsOf(res, isoDate, scene.bookings, viewer(user, now, scene), tenant.timeZone);
      return { slots, resource: res, bookings: scene.bookings };
    },
    engineTransaction,
  );
}

/** One resource of a type with its slots on a date (`findResourceTypeSlotAvailability`). */
export interface ResourceAvailability {
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  resources_number: string;
  available_number: number;
  time_slot_rule: string;
  need_approve: string;
  slots: SlotAvailability[];
}

/**
 * `findResourceTypeSlotAvailability`: every resource of a type the caller may see (filtered by
 * location and the other resource filter columns), in display order, each with its fixed slots
 * on the date as `findResourceSlotAvailability` gives them. The reads do not grow with the
 * number of resources: one statement loads the resources, rules and bookings, one the ban.
 */
export async function typeAvailability(
  ctx: RequestContext,
  typeId: unknown,
  date: unknown,
  filter: unknown,
): Promise<ResourceAvailability[]> {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(date, tenant.timeZone);
  const where = normaliseFilterMap(filter, resourceFilterColumns, ['id', 'resources_type_id', 'rule_template_id']);
  if (typeof typeId !== 'string' || !isUuid(typeId.trim())) throw new AppError('RESOURCE_TYPE_NOT_FOUND');
  return withTenant(
    ctx.db,
    tenant.id,
    async (tx) => {
      const now = bookingClock.now();
      const scene = await loadScene(tx, tenant, user, { typeId: typeId.trim(), filter: where }, [isoDate], {
        banAt: now,
      });
      const who = viewer(user, now, scene);
      return scene.resources.map((res) => ({
        resources_id: res.row.id,
        resources_name: res.row.resources_name,
        resources_name_en: res.row.resources_name_en,
        resources_number: res.row.resources_number,
        available_number: res.row.available_number,
        time_slot_rule: res.rules.time_slot_rule,
        need_approve: res.rules.need_approve,
        slots: slotsOf(res, isoDate, scene.bookings, who, tenant.timeZone),
      }));
    },
    engineTransaction,
  );
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
