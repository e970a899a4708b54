import { formatDateTime, localMidnightMs, type ErrorCode, type ErrorParams } from '@yuyue/shared';
import { z } from 'zod';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { listPositions } from '../directory/directory.repository.ts';
import { requireUser } from '../resource-types/resource-types.service.ts';
import { minutesOf, normaliseFilterMap, slotCapacity } from '../resources/resources.rules.ts';
import { resourceOnDate } from '../resources/resources.service.ts';
import { opt } from '../rules/rules.inputs.ts';
import {
  activeBookingsOverlapping,
  appointmentFilterColumns,
  childrenOf,
  countBookerBookings,
  findAppointment,
  insertCollections,
  insertExclusive,
  insertParticipants,
  insertShared,
  lockBooker,
  markCancelled,
  overlapCount,
  pageAppointments,
  releaseSeat,
  takeSeat,
  typeNumberLimits,
  type AppointmentListRow,
  type AppointmentRow,
  type NewAppointment,
} from './booking.repository.ts';
import {
  bookingDateOf,
  cancelRefusal,
  holdsSlot,
  limitPeriod,
  openingInstant,
  refusalOf,
  slotInstants,
  slotStatus,
  type NumberLimit,
  type SlotStatus,
} from './booking.rules.ts';

/** Where the booking engine reads "now"; tests replace `now`. */
export const bookingClock = { now: (): number => Date.now() };

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

interface Request {
  resourceId: unknown;
  isoDate: string;
  slotIds: string[];
  freeStart?: string;
  freeEnd?: string;
  /** Booking being changed: not counted against itself. */
  excludeId?: string;
}

export type Resource = Pick<
  NonNullable<Awaited<ReturnType<typeof resourceOnDate>>>,
  'row' | 'rules' | 'lists' | 'type'
>;

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
export async function limitsOf(
  tx: Tx,
  tenantId: string,
  res: Resource,
  /** The type's limits when already loaded (`resourceOnDate` gives them); read otherwise. */
  typeLimits?: Awaited<ReturnType<typeof typeNumberLimits>>,
): Promise<NumberLimit[]> {
  const out: NumberLimit[] = [];
  const base = { timeperiod_number_begin_date: '', timeperiod_number_end_date: '' };
  for (const l of res.lists.numberLimits) out.push({ ...l, scope: 'resource' });
  const cfg = res.rules.rule_config;
  if (cfg.is_appointment_number_limit === '1' && cfg.appointment_number_rule && cfg.appointment_number_limit) {
    out.push({
      ...base,
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
  for (const l of typeLimits ?? (await typeNumberLimits(tx, tenantId, res.row.resources_type_id)))
    out.push({ ...l, scope: 'type' });
  return out;
}

/**
 * Evaluates a request as the caller: the resource may be seen and booked, the captcha rule,
 * every named slot's state (refused with the rule that closes it), then the per-person limits.
 * Returns the resource and the periods to take.
 */
export async function evaluate(tx: Tx, ctx: RequestContext, tenant: TenantRef, user: AuthUser, req: Request) {
  const res = await resourceOnDate(tx, ctx, req.resourceId, req.isoDate);
  if (!res) throw new AppError('RESOURCE_NOT_FOUND');
  if (res.row.state !== 1 || res.row.del !== 0) throw new AppError('RESOURCE_NOT_BOOKABLE');
  if (res.rules.open_captcha_verify === '1') throw new AppError('CAPTCHA_NOT_AVAILABLE');
  const zone = tenant.timeZone;
  const raw = targetsOf(res, req, zone);
  const from = new Date(raw[0]!.startsAt);
  const to = new Date(Math.max(...raw.map((t) => t.endsAt)));
  const booked = (await activeBookingsOverlapping(tx, tenant.id, [res.row.id], from, to)).filter(
    (b) => b.id !== req.excludeId,
  );
  const now = bookingClock.now();
  const opensAt = openingInstant(req.isoDate, res.rules, zone);
  const targets: Target[] = raw.map((t) => {
    const overlapping = booked.filter((b) => b.starts_at.getTime() < t.endsAt && t.startsAt < b.ends_at.getTime());
    const closure = res.periods.find((p) => p.start < minutesOf(t.end)! && minutesOf(t.start)! < p.end) ?? null;
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
      mine: overlapping.filter((b) => b.appointment_user === user.account).length,
    });
    const refusal = refusalOf(status, { ...t, isoDate: req.isoDate, rules: res.rules }, zone);
    if (refusal) throw new AppError(refusal.code, refusal.params);
    return { ...t, status };
  });
  for (const limit of await limitsOf(tx, tenant.id, res, res.typeLimits)) {
    const period = limitPeriod(limit, req.isoDate);
    if (!period) continue;
    const scope = limit.scope === 'type' ? { typeId: res.row.resources_type_id } : { resourceId: res.row.id };
    const have = await countBookerBookings(tx, tenant.id, user.account, scope, period.from, period.to);
    if (have + targets.length > limit.appointment_number_limit) {
      throw new AppError('BOOKING_LIMIT_EXCEEDED', { limit: limit.appointment_number_limit });
    }
  }
  return { res, targets };
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
  await withTenant(ctx.db, tenant.id, (tx) =>
    evaluate(tx, ctx, tenant, user, {
      resourceId: args.resourceId,
      isoDate,
      slotIds: clean(args.timeSlotIdList),
      freeStart: timeArg(args.borrowStartTime) ?? timeArg(args.bookStartTime),
      freeEnd: timeArg(args.borrowEndTime) ?? timeArg(args.bookEndTime),
      excludeId,
    }),
  );
  return { zh: '可以预约', en: 'Bookable' };
}

/** The booker's department from the directory: the first active position's. */
export async function bookerDept(tx: Tx, tenantId: string, user: AuthUser) {
  const position = (await listPositions(tx, tenantId, [user.id])).find((p) => p.active && p.dept);
  return { code: position?.dept?.code ?? '', name: position?.dept?.name ?? '' };
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

/**
 * Books one or several slots of one day (normal mode), all or nothing in one transaction.
 * The booker is the signed-in user. Submits of one booker are serialised (per-person limits);
 * the exclusion constraint or the slot's seat counter decides who wins a contested slot.
 * Resources that need approval create bookings awaiting approval that hold their slot.
 */
export async function saveAppointments(ctx: RequestContext, args: SaveArgs): Promise<SaveResult> {
  const { tenant, user } = requireUser(ctx);
  const model = parseInput(appointmentInput, args.model);
  const isoDate = isoDateArg(model.appointment_date, tenant.timeZone);
  const dates = clean(args.borrowDateList);
  if (dates.some((d) => isoDateArg(d, tenant.timeZone) !== isoDate)) throw new AppError('BOOKING_SLOT_UNKNOWN');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    await lockBooker(tx, tenant.id, user.account);
    const { res, targets } = await evaluate(tx, ctx, tenant, user, {
      resourceId: model.resources_id,
      isoDate,
      slotIds: clean(args.timeSlotIdList),
      freeStart: timeArg(args.borrowStartTime) ?? model.start_time,
      freeEnd: timeArg(args.borrowEndTime) ?? model.end_time,
    });
    const dept = await bookerDept(tx, tenant.id, user);
    const needApprove = res.rules.need_approve === '1';
    const exclusive = res.row.available_number <= 1 || res.rules.time_slot_rule === '2';
    const ids: string[] = [];
    for (const t of targets) {
      const values = rowOf(model, res, user, dept, t, isoDate, needApprove);
      const row = await insertOccurrence(tx, tenant.id, values, { exclusive, capacity: t.capacity }, model);
      if (!row)
        throw new AppError(exclusive ? 'BOOKING_SLOT_TAKEN' : 'BOOKING_SLOT_FULL', { start: t.start, end: t.end });
      ids.push(row.id);
    }
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

function participantsOf(model: AppointmentInput) {
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

function collectionsOf(model: AppointmentInput) {
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

export async function rulesOfBooking(tx: Tx, ctx: RequestContext, row: AppointmentRow) {
  const res = await resourceOnDate(
    tx,
    { ...ctx, user: { ...ctx.user!, role: 'admin' } },
    row.resources_id,
    row.appointment_date,
  );
  return res?.rules ?? { min_interval_minutes_cancel: 0 };
}

function refuse(r: { code: ErrorCode; params?: ErrorParams } | null): void {
  if (r) throw new AppError(r.code, r.params);
}

/** `checkAppointmentCancelTime`: whether the caller may cancel the booking now. */
export async function checkCancelTime(ctx: RequestContext, id: unknown): Promise<void> {
  const { tenant, user } = requireUser(ctx);
  await withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await ownBooking(tx, tenant.id, user, id, false);
    refuse(cancelWindowOf(row, await rulesOfBooking(tx, ctx, row), user));
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
    refuse(cancelWindowOf(row, await rulesOfBooking(tx, ctx, row), user));
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
    await audit(tx, ctx, {
      module: 'appointment',
      type: 'cancel',
      content: `取消预约 ${row.resources_name} ${row.appointment_date} ${row.start_time}-${row.end_time}：${reason}`,
      object: row.id,
    });
  });
}

/** A booking in the contract's shape: `appointment_date` as epoch ms of local midnight. */
export function wire(row: AppointmentListRow, children: Awaited<ReturnType<typeof childrenOf>>, zone: string) {
  const { tenant_id: _t, starts_at: _s, ends_at: _e, active: _a, exclusive: _x, update_time: _u, ...rest } = row;
  return {
    ...rest,
    appointment_date: localMidnightMs(row.appointment_date, zone) ?? 0,
    time_slot_id: row.time_slot_id ?? '',
    series_id: row.series_id ?? '',
    cancel_time: row.cancel_time ? formatDateTime(row.cancel_time.getTime(), zone) : '',
    create_time: formatDateTime(row.create_time.getTime(), zone),
    appointmentParticipantList: (children.participants.get(row.id) ?? []).map(
      ({ tenant_id: _pt, create_time, ...p }) => ({ ...p, create_time: formatDateTime(create_time.getTime(), zone) }),
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
    return { nodes: rows.map((r) => wire(r, children, tenant.timeZone)), total, offset };
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

/** Availability of a resource's fixed slots on a date for the caller: state, seats left and why closed. */
export async function availability(
  ctx: RequestContext,
  resourceId: unknown,
  date: unknown,
): Promise<SlotAvailability[]> {
  const { tenant, user } = requireUser(ctx);
  const isoDate = isoDateArg(date, tenant.timeZone);
  const zone = tenant.timeZone;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const res = await resourceOnDate(tx, ctx, resourceId, isoDate);
    if (!res) throw new AppError('RESOURCE_NOT_FOUND');
    if (res.rules.time_slot_rule === '2') return [];
    const slots = res.lists.timeSlots.filter((s) => s.del === 0);
    const day = slotInstants(isoDate, '00:00', '24:00', zone)!;
    const booked = await activeBookingsOverlapping(
      tx,
      tenant.id,
      [res.row.id],
      new Date(day.startsAt),
      new Date(day.endsAt),
    );
    const now = bookingClock.now();
    const opensAt = openingInstant(isoDate, res.rules, zone);
    return slots.flatMap((s) => {
      const at = slotInstants(isoDate, s.kssj, s.jssj, zone);
      if (!at) return [];
      const capacity =
        res.row.state === 1 ? slotCapacity(isoDate, s, res.row.available_number, res.lists.availableNumberRules) : 0;
      const mine = booked.filter(
        (b) =>
          b.appointment_user === user.account && b.starts_at.getTime() < at.endsAt && at.startsAt < b.ends_at.getTime(),
      ).length;
      const closure = res.periods.find((p) => p.start < minutesOf(s.jssj)! && minutesOf(s.kssj)! < p.end) ?? null;
      const status = slotStatus({
        now,
        isoDate,
        start: s.kssj,
        end: s.jssj,
        ...at,
        opensAt,
        closure,
        rules: res.rules,
        capacity,
        taken: overlapCount(booked, at.startsAt, at.endsAt),
        mine,
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
  });
}
