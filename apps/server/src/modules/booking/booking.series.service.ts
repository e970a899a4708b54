import { randomUUID } from 'node:crypto';
import { errorTexts, formatDateTime, minutesOf } from '@yuyue/shared';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type AuthUser, type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { assertSubmitAllowed } from '../captcha/captcha.guard.ts';
import { notifyBookings } from './booking.notify.ts';
import { reportBookingChange } from './booking.events.ts';
import { slotCapacity } from '../resources/resources.rules.ts';
import {
  countBookerBookings,
  markCancelled,
  releaseSeat,
  engineTransaction,
  withBookerLock,
  type ActiveBooking,
  type AppointmentRow,
  type BookerWindow,
} from './booking.repository.ts';
import { assertBookable, loadScene, type BookingResource } from './booking.resources.ts';
import { holdsSlot, openingInstant, slotStatus } from './booking.rules.ts';
import { seriesAppointments } from './booking.series.repository.ts';
import {
  expandSeries,
  seriesDatesOf,
  verdictOf,
  type Occurrence,
  type OccurrenceStatus,
  type SeriesRule,
  type SeriesTime,
  type Verdict,
} from './booking.series.rules.ts';
import {
  appointmentInput,
  assertModelAcceptable,
  banReason,
  refuseIfBanned,
  clean,
  isoDateArg,
  quotasOf,
  timeArg,
  type AppointmentInput,
  type Quota,
  type SubmitCredential,
} from './booking.service.ts';
import { bookingClock } from '../../platform/clock.ts';
import {
  knownSettings,
  insertOccurrences,
  rowOf,
  submitStages,
  type SaveArgs,
  type SaveResult,
} from './booking.submit.service.ts';
import { cancelWindowOf, rulesOfBooking } from './booking.own.service.ts';

/** The periodic arguments (named as `findResourcesAllByAccount`'s) and the commit choice, beside `SaveArgs`. */
export interface SeriesArgs extends SaveArgs {
  is_cyclicity?: string | null;
  cyclicity_start_date?: string | null;
  cyclicity_end_date?: string | null;
  cyclicity_start_time?: string | null;
  cyclicity_end_time?: string | null;
  cyclicity_strategy?: string | null;
  cyclicity_weekList?: (string | null)[] | null;
  cyclicity_dayList?: (string | null)[] | null;
  /** 'all' (default): all or nothing; 'ok': only the occurrences reported ok. */
  seriesCommit?: string | null;
}

/** One line of a series report (`AppointmentSeriesOccurrence`). */
export interface SeriesReportItem {
  date: string;
  start_time: string;
  end_time: string;
  time_slot_id: string;
  status: OccurrenceStatus;
  rule: string;
  reason: string;
  reason_en: string;
}

type Mode = 'periodic' | 'batch';

/**
 * Which mode a `saveAppointmentInformationAll` request asks for: periodic when `is_cyclicity`
 * is '1' or a `cyclicity_strategy` is given; batch when `borrowDateList` names more than one
 * date or a date other than `model.appointment_date`; otherwise null (normal mode).
 */
export function seriesModeOf(args: SeriesArgs, timeZone: string): Mode | null {
  if (args.is_cyclicity?.trim() === '1' || (args.is_cyclicity?.trim() !== '0' && args.cyclicity_strategy?.trim())) {
    return 'periodic';
  }
  const dates = clean(args.borrowDateList);
  if (!dates.length) return null;
  if (dates.length > 1) return 'batch';
  const model = (args.model ?? {}) as { appointment_date?: unknown };
  const own = model.appointment_date === undefined ? null : safeDate(model.appointment_date, timeZone);
  return own !== null && own === safeDate(dates[0], timeZone) ? null : 'batch';
}

function safeDate(value: unknown, timeZone: string): string | null {
  try {
    return isoDateArg(value, timeZone);
  } catch {
    return null;
  }
}

interface Parsed {
  mode: Mode;
  rule: SeriesRule;
  model: AppointmentInput;
  slotIds: string[];
  start?: string;
  end?: string;
  okOnly: boolean;
}

function parse(args: SeriesArgs, timeZone: string): Parsed {
  const model = parseInput(appointmentInput, args.model);
  const mode = seriesModeOf(args, timeZone);
  if (!mode) throw new AppError('SERIES_RULE_REQUIRED');
  const commit = (args.seriesCommit ?? '').trim();
  if (commit && commit !== 'all' && commit !== 'ok') {
    throw new AppError('SERIES_COMMIT_INVALID', { value: commit.slice(0, 20) });
  }
  const slotIds = clean(args.timeSlotIdList);
  if (mode === 'periodic') {
    return {
      mode,
      model,
      slotIds,
      okOnly: commit === 'ok',
      rule: {
        kind: 'periodic',
        strategy: (args.cyclicity_strategy ?? '').trim(),
        startDate: (args.cyclicity_start_date ?? '').trim(),
        endDate: (args.cyclicity_end_date ?? '').trim(),
        weekdays: clean(args.cyclicity_weekList),
        monthDays: clean(args.cyclicity_dayList),
      },
      start: timeArg(args.cyclicity_start_time) ?? timeArg(args.borrowStartTime) ?? timeArg(model.start_time),
      end: timeArg(args.cyclicity_end_time) ?? timeArg(args.borrowEndTime) ?? timeArg(model.end_time),
    };
  }
  return {
    mode,
    model,
    slotIds,
    okOnly: commit === 'ok',
    rule: { kind: 'batch', dates: clean(args.borrowDateList).map((d) => isoDateArg(d, timeZone)) },
    start: timeArg(args.borrowStartTime) ?? timeArg(model.start_time),
    end: timeArg(args.borrowEndTime) ?? timeArg(model.end_time),
  };
}

type SeriesResource = BookingResource;

/**
 * The times each date is booked at. Fixed-slot resources: the named slots (each must be the
 * resource's), else every slot lying within the time range; free-time resources: the range.
 */
function timesOf(res: SeriesResource, p: Parsed): SeriesTime[] {
  if (res.rules.time_slot_rule === '2') {
    const start = p.start ?? '';
    const end = p.end ?? '';
    const s = minutesOf(start);
    const e = minutesOf(end);
    if (s === null || e === null || e <= s) throw new AppError('BOOKING_FREE_TIME_INVALID', { start, end });
    return [{ slotId: null, start, end }];
  }
  const slots = res.lists.timeSlots.filter((s) => s.del === 0);
  if (p.slotIds.length) {
    return p.slotIds.map((id) => {
      const slot = slots.find((s) => s.id === id);
      if (!slot) throw new AppError('BOOKING_SLOT_UNKNOWN');
      return { slotId: slot.id, start: slot.kssj, end: slot.jssj };
    });
  }
  const s = p.start ? minutesOf(p.start) : null;
  const e = p.end ? minutesOf(p.end) : null;
  if (s === null || e === null || e <= s) throw new AppError('BOOKING_SLOT_REQUIRED');
  const within = slots.filter((x) => minutesOf(x.kssj)! >= s && minutesOf(x.jssj)! <= e);
  if (!within.length) throw new AppError('BOOKING_SLOT_REQUIRED');
  return within.map((x) => ({ slotId: x.id, start: x.kssj, end: x.jssj }));
}

interface Assessed extends SeriesReportItem {
  occurrence: Occurrence;
  capacity: number;
}

/**
 * Checks a whole periodic or batch request as the caller, without writing: the resource, for a
 * submit the captcha and frequency guard then the blacklist (refusing), for a preview the ban
 * (reported per occurrence); every occurrence's state (rules, closures, existing bookings,
 * earlier occurrences of the same request), then the per-person limits (periods and unfinished
 * bookings) counted over the occurrences still ok, in time order (all counts in one statement).
 */
async function assess(
  tx: Tx,
  ctx: RequestContext,
  tenant: TenantRef,
  user: AuthUser,
  p: Parsed,
  submit?: SubmitCredential,
) {
  const zone = tenant.timeZone;
  const dates = seriesDatesOf(p.rule);
  if (!dates.ok) throw new AppError(dates.code, dates.params);
  const now = bookingClock.now();
  const scene = await loadScene(tx, tenant, user, { ids: [p.model.resources_id] }, dates.value, { banAt: now });
  const res = scene.resources[0];
  if (!res) throw new AppError('RESOURCE_NOT_FOUND');
  assertBookable(res);
  let banned: { reason_cn: string; reason_en: string } | null = null;
  if (submit) {
    await assertSubmitAllowed(tx, ctx, tenant, user, res.rules, submit);
    refuseIfBanned(scene.ban);
  } else {
    banned = banReason(scene.ban);
  }
  if (p.mode === 'periodic' && res.type?.cyclicity_enable !== '1') throw new AppError('SERIES_PERIODIC_DISABLED');
  if (p.mode === 'batch' && res.type?.batch_enable !== '1') throw new AppError('SERIES_BATCH_DISABLED');
  const expanded = expandSeries(p.rule, timesOf(res, p), zone);
  if (!expanded.ok) throw new AppError(expanded.code, expanded.params);
  const occurrences = expanded.value;
  const booked: ActiveBooking[] = [...scene.bookings];
  const exclusive = res.row.available_number <= 1 || res.rules.time_slot_rule === '2';
  const quotas = await quotaCounter(tx, tenant, user, res, occurrences, now);
  const report: Assessed[] = [];
  // a date whose slots a ballot decides now is left out: a series cannot enter a ballot, and
  // must not take a seat the draw is to give
  const decided = new Map<string, number | null>();
  const ballotVerdict = async (isoDate: string) => {
    if (!submitStages.decidedElsewhere) return null;
    if (!decided.has(isoDate)) decided.set(isoDate, await submitStages.decidedElsewhere(tx, tenant, res, isoDate));
    const until = decided.get(isoDate);
    if (until === null || until === undefined) return null;
    const when = formatDateTime(until, zone);
    return {
      status: 'closed' as const,
      rule: 'ballot',
      reason: `该日期以抽签方式放号（${when} 截止），请单独预约参加抽签`,
      reason_en: `This date is released by ballot (until ${when}); book it on its own to enter the ballot`,
    };
  };
  for (const o of occurrences) {
    const capacity =
      o.slotId === null
        ? Math.min(1, res.row.available_number)
        : slotCapacity(
            o.date,
            { kssj: o.start, jssj: o.end },
            res.row.available_number,
            res.lists.availableNumberRules,
          );
    const overlapping = booked.filter((b) => b.starts_at.getTime() < o.endsAt && o.startsAt < b.ends_at.getTime());
    const closure =
      res.periodsOn(o.date).find((c) => c.start < minutesOf(o.end)! && minutesOf(o.start)! < c.end) ?? null;
    const opensAt = openingInstant(o.date, res.rules, zone);
    const status = slotStatus({
      now,
      isoDate: o.date,
      start: o.start,
      end: o.end,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      opensAt,
      closure,
      rules: res.rules,
      capacity,
      taken: overlapping.length,
      mine: overlapping.filter((b) => b.appointment_user === user.account).length,
      banned,
    });
    let verdict = verdictOf(status, opensAt === null ? '' : formatDateTime(opensAt, zone));
    if (verdict.status === 'ok') verdict = (await ballotVerdict(o.date)) ?? verdict;
    if (verdict.status === 'ok') verdict = quotas.take(o.date) ?? verdict;
    if (verdict.status === 'ok') {
      // later occurrences of this request see this one as the caller's booking
      booked.push({
        id: '',
        resources_id: res.row.id,
        starts_at: new Date(o.startsAt),
        ends_at: new Date(o.endsAt),
        appointment_user: user.account,
      });
    }
    report.push({
      date: o.date,
      start_time: o.start,
      end_time: o.end,
      time_slot_id: o.slotId ?? '',
      ...verdict,
      occurrence: o,
      capacity,
    });
  }
  return { res, report, exclusive, dept: scene.dept };
}

/**
 * The per-person limits of a request's occurrences: the booker's existing bookings in every
 * window concerned, counted in one statement; `take(date)` then admits one more occurrence on
 * that date (counting it) or gives the `over_quota` verdict of the first limit it would exceed.
 */
async function quotaCounter(
  tx: Tx,
  tenant: TenantRef,
  user: AuthUser,
  res: SeriesResource,
  occurrences: readonly Occurrence[],
  now: number,
) {
  const keyOf = (q: Quota) => `${q.kind}:${JSON.stringify(q.window)}`;
  const byDate = new Map<string, Quota[]>();
  const windows = new Map<string, BookerWindow>();
  for (const o of occurrences) {
    if (byDate.has(o.date)) continue;
    const qs = quotasOf(res, o.date, now);
    byDate.set(o.date, qs);
    for (const q of qs) windows.set(keyOf(q), q.window);
  }
  const counted = await countBookerBookings(tx, tenant.id, user.account, [...windows.values()]);
  const have = new Map([...windows.keys()].map((k, i) => [k, counted[i]!]));
  return {
    take(date: string): Verdict | null {
      const qs = byDate.get(date) ?? [];
      const over = qs.find((q) => have.get(keyOf(q))! + 1 > q.limit);
      if (!over) {
        for (const q of qs) have.set(keyOf(q), have.get(keyOf(q))! + 1);
        return null;
      }
      const texts =
        over.kind === 'quota'
          ? errorTexts('BOOKING_LIMIT_EXCEEDED', { limit: over.limit })
          : errorTexts('BOOKING_UNFINISHED_LIMIT_EXCEEDED', { limit: over.limit, have: have.get(keyOf(over))! });
      return {
        status: 'over_quota',
        rule: over.kind === 'quota' ? 'quota' : 'unfinished',
        reason: texts.zh,
        reason_en: texts.en,
      };
    },
  };
}

const publicItem = ({ occurrence: _o, capacity: _c, ...item }: Assessed): SeriesReportItem => item;

/** `previewAppointmentSeries`: the per-occurrence report of a periodic or batch request; nothing is written. */
export async function previewSeries(ctx: RequestContext, args: SeriesArgs): Promise<SeriesReportItem[]> {
  const { tenant, user } = requireUser(ctx);
  const p = parse(args, tenant.timeZone);
  return withTenant(
    ctx.db,
    tenant.id,
    async (tx) => (await assess(tx, ctx, tenant, user, p)).report.map(publicItem),
    engineTransaction,
  );
}

export interface SeriesSaveResult extends SaveResult {
  seriesId: string;
  report: SeriesReportItem[];
}

function refused(report: readonly SeriesReportItem[]): AppError {
  const bad = report.filter((r) => r.status !== 'ok');
  const first = bad[0] ?? report[0]!;
  return new AppError('SERIES_REFUSED', {
    count: bad.length,
    total: report.length,
    date: first.date,
    start: first.start_time,
    end: first.end_time,
    reason: first.reason,
    reason_en: first.reason_en,
  });
}

/**
 * Books a periodic or batch request in one transaction, its occurrences sharing one
 * `series_id`. The whole request is checked first (the preview's report); with `seriesCommit`
 * 'all' (default) any refused occurrence refuses the request and nothing is created, with 'ok'
 * only the ok occurrences are booked (at least one). Each occurrence is inserted like a normal
 * booking (exclusion constraint or seat counter), so a concurrent winner is still respected:
 * under 'all' it refuses the request, under 'ok' that occurrence is reported as a conflict.
 */
export async function saveSeries(ctx: RequestContext, args: SeriesArgs): Promise<SeriesSaveResult> {
  const { tenant, user } = requireUser(ctx);
  const p = parse(args, tenant.timeZone);
  await assertModelAcceptable(ctx, tenant.id, p.model);
  return withBookerLock(ctx.db, tenant.id, user.account, async (tx) => {
    const { res, report, exclusive, dept } = await assess(tx, ctx, tenant, user, p, {
      captchaId: args.captchaId,
      captchaCode: args.captchaCode,
    });
    const bookable = report.filter((r) => r.status === 'ok');
    if (!bookable.length || (!p.okOnly && bookable.length < report.length)) throw refused(report);
    const needApprove = res.rules.need_approve === '1';
    const seriesId = randomUUID();
    const mode = p.mode === 'periodic' ? '2' : '3';
    const inserted = await insertOccurrences(
      tx,
      tenant.id,
      bookable.map((item) => ({
        values: {
          ...rowOf(p.model, res, user, dept, item.occurrence, item.occurrence.date, needApprove),
          booking_mode: mode,
          series_id: seriesId,
        },
        capacity: item.capacity,
      })),
      exclusive,
      p.model,
    );
    const rows: AppointmentRow[] = [];
    for (const [i, item] of bookable.entries()) {
      const o = item.occurrence;
      const row = inserted[i];
      if (row) {
        rows.push(row);
        continue;
      }
      const texts = errorTexts(exclusive ? 'BOOKING_SLOT_TAKEN' : 'BOOKING_SLOT_FULL', { start: o.start, end: o.end });
      Object.assign(item, {
        status: 'conflict',
        rule: exclusive ? 'taken' : 'full',
        reason: texts.zh,
        reason_en: texts.en,
      });
      if (!p.okOnly) throw refused(report);
    }
    if (!rows.length) throw refused(report);
    const ids = rows.map((r) => r.id);
    const skipped = report.length - ids.length;
    await notifyBookings(tx, ctx, 'booked', rows, knownSettings(res, tenant));
    await reportBookingChange(tx, ctx, 'booked', rows);
    await audit(tx, ctx, {
      module: 'appointment',
      type: p.mode === 'periodic' ? 'save_periodic' : 'save_batch',
      content: `${p.mode === 'periodic' ? '周期预约' : '批量预约'} ${res.row.resources_name} ${report[0]!.date}~${
        report[report.length - 1]!.date
      } 共${ids.length}个时段${skipped ? `，${skipped}个未预约` : ''}`,
      object: seriesId,
    });
    const head = needApprove
      ? { zh: '提交成功，等待审核', en: 'Submitted; awaiting approval' }
      : { zh: '预约成功', en: 'Booked' };
    return {
      ids,
      auditStatus: needApprove ? '1' : '0',
      seriesId,
      report: report.map(publicItem),
      texts: {
        zh: `${head.zh}，共${ids.length}个时段${skipped ? `，${skipped}个时段不可预约未创建` : ''}`,
        en: `${head.en}: ${ids.length} occurrence(s)${skipped ? `; ${skipped} could not be booked and were skipped` : ''}`,
      },
    };
  });
}

/**
 * `cancelAppointmentSeries`: cancels every occurrence of a series that may still be cancelled
 * (the booker or an administrator; non-empty reason; the cancel window applies to each
 * occurrence). Occurrences already cancelled, started, or inside the booker's cancel window
 * are left as they are. Refused when none can be cancelled. Returns the ids cancelled.
 */
export async function cancelSeries(
  ctx: RequestContext,
  args: { seriesId: unknown; reason?: string | null },
): Promise<{ ids: string[]; skipped: number }> {
  const { tenant, user } = requireUser(ctx);
  const reason = (args.reason ?? '').trim();
  if (!reason) throw new AppError('CANCEL_REASON_REQUIRED');
  if (reason.length > 500) throw new AppError('INVALID_INPUT', { detail: 'reason: at most 500 characters' });
  if (!isUuid(args.seriesId)) throw new AppError('SERIES_NOT_FOUND');
  const seriesId = args.seriesId;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const rows = await seriesAppointments(tx, tenant.id, seriesId, true);
    if (!rows.length) throw new AppError('SERIES_NOT_FOUND');
    const mine = rows.every((r) => r.appointment_user === user.account || r.created_user === user.account);
    if (!mine && user.role !== 'admin') throw new AppError('CANCEL_NOT_OWNER');
    const rules = await rulesOfBooking(tx, tenant, user, rows[0]!);
    const at = new Date(bookingClock.now());
    const cancelled: AppointmentRow[] = [];
    let firstRefusal: ReturnType<typeof cancelWindowOf> = null;
    for (const row of rows) {
      const refusal = cancelWindowOf(row, rules, user);
      if (refusal) {
        firstRefusal ??= row.state === '1' ? null : refusal;
        continue;
      }
      const held = holdsSlot(row);
      const done = await markCancelled(tx, tenant.id, row.id, { reason, by: user.account, at });
      if (!done) continue;
      if (held && !row.exclusive) {
        await releaseSeat(tx, tenant.id, {
          resources_id: row.resources_id,
          starts_at: row.starts_at,
          ends_at: row.ends_at,
        });
      }
      cancelled.push(done);
    }
    const ids = cancelled.map((r) => r.id);
    if (!ids.length) {
      const r = firstRefusal ?? { code: 'CANCEL_ALREADY_CANCELLED' as const };
      throw new AppError(r.code, r.params);
    }
    await notifyBookings(tx, ctx, 'cancelled', cancelled);
    await reportBookingChange(tx, ctx, 'cancelled', cancelled);
    await audit(tx, ctx, {
      module: 'appointment',
      type: 'cancel_series',
      content: `取消预约系列 ${rows[0]!.resources_name} 共${ids.length}个时段：${reason}`,
      object: seriesId,
    });
    return { ids, skipped: rows.length - ids.length };
  });
}
