import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { notificationSettingsFrom, notifyBookings } from './booking.notify.ts';
import { reportBookingChange } from './booking.events.ts';
import type { ResourceNotificationRow } from '../notifications/notifications.repository.ts';
import {
  insertCollections,
  insertExclusive,
  insertExclusiveMany,
  insertParticipants,
  insertShared,
  takeSeat,
  engineTransaction,
  withBookerLock,
  type AppointmentRow,
  type NewAppointment,
} from './booking.repository.ts';
import type { BundleExtra } from './booking.resources.repository.ts';
import {
  type AppointmentInput,
  type Request,
  type Resource,
  type Target,
  appointmentInput,
  assertModelAcceptable,
  clean,
  evaluate,
  isoDateArg,
  timeArg,
} from './booking.service.ts';

/* A normal-mode submit and its check: the rules passed, the slots taken, the bookings written. */

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
  /**
   * Takes a submit before the engine opens its transaction (the ballot enters it in a batch with
   * the others arriving meanwhile); null: the submit goes the usual way. Whatever it answers is
   * what the usual way would answer.
   */
  collect:
    | ((
        ctx: RequestContext,
        submit: { tenant: TenantRef; user: AuthUser; model: AppointmentInput; req: Request & { resourceId: string } },
      ) => Promise<SaveResult | null>)
    | null;
} = { beforeInsert: null, sceneExtra: null, decidedElsewhere: null, collect: null };

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
  const req = {
    resourceId: model.resources_id,
    isoDate,
    slotIds: clean(args.timeSlotIdList),
    freeStart: timeArg(args.borrowStartTime) ?? model.start_time,
    freeEnd: timeArg(args.borrowEndTime) ?? model.end_time,
  };
  const collected = await submitStages.collect?.(ctx, { tenant, user, model, req });
  if (collected) return collected;
  const stageExtra = submitStages.sceneExtra?.(tenant, user, { resourceId: model.resources_id, isoDate });
  return withBookerLock(ctx.db, tenant.id, user.account, async (tx) => {
    const { res, targets, dept, extra } = await evaluate(
      tx,
      ctx,
      tenant,
      user,
      req,
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

export function participantsOf(model: Pick<AppointmentInput, 'appointmentParticipantList'>) {
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

export function collectionsOf(model: Pick<AppointmentInput, 'appointmentCollectionList'>) {
  return (model.appointmentCollectionList ?? [])
    .filter((c): c is NonNullable<typeof c> => !!c && !!c.field_name)
    .map((c) => ({
      field_name: c.field_name!,
      field_desc_cn: c.field_desc_cn ?? '',
      field_desc_en: c.field_desc_en ?? '',
      field_value: c.field_value ?? '',
    }));
}
