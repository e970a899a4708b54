import { instantOf, parseIsoDate } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import { type RequestContext, requireUser, type TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { managesResource } from '../resources/resource-admins.ts';
import {
  bookerOf,
  findMeeting,
  listMeetings,
  meetingsOfBookings,
  updateMeeting,
  type MeetingFilter,
  type MeetingListRow,
} from './meetings.repository.ts';
import { isMeetingProvider, isMeetingState, meetingClock } from './meetings.rules.ts';

/** A meeting as the API shows it (times in the tenant's zone, "YYYY-MM-DD HH:mm"). */
export interface WireMeeting {
  id: string;
  appointment_id: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  appointment_date: string;
  start_time: string;
  end_time: string;
  theme: string;
  host_account: string;
  host_name: string;
  provider: string;
  state: string;
  subject: string;
  code: string;
  join_url: string;
  password: string;
  attempts: number;
  last_error: string;
  pending_sync: string;
  start_at: string;
  end_at: string;
  update_time: string;
}

function localStamp(d: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** `admin`: administrators see the provider's error; a booker sees the state only. */
export function wireMeeting(r: MeetingListRow, zone: string, admin: boolean): WireMeeting {
  const x = r.meeting;
  return {
    id: x.id,
    appointment_id: x.appointment_id,
    resources_id: x.resources_id ?? '',
    resources_name: r.resources_name ?? '',
    resources_name_en: r.resources_name_en ?? '',
    appointment_date: r.appointment_date ?? '',
    start_time: r.start_time ?? '',
    end_time: r.end_time ?? '',
    theme: r.theme ?? '',
    host_account: x.host_account,
    host_name: r.appointment_user_name ?? '',
    provider: x.provider,
    state: x.state,
    subject: x.subject,
    code: x.code,
    join_url: x.join_url,
    password: x.password,
    attempts: x.attempts,
    last_error: admin ? x.last_error : '',
    pending_sync: x.sync,
    start_at: localStamp(x.start_at, zone),
    end_at: localStamp(x.end_at, zone),
    update_time: localStamp(x.update_time, zone),
  };
}

export function requireAdmin(ctx: RequestContext) {
  const { tenant, user } = requireUser(ctx);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN');
  return { tenant, user };
}

function dayStart(text: string, tenant: TenantRef, field: string): Date {
  const d = parseIsoDate(text);
  if (!d) throw new AppError('INVALID_INPUT', { detail: `${field}: YYYY-MM-DD` });
  return new Date(instantOf(d, { hour: 0, minute: 0 }, tenant.timeZone));
}

export interface MeetingListArgs {
  first?: number | null;
  offset?: number | null;
  filter?: {
    date_start?: string | null;
    date_end?: string | null;
    resources_id?: string | null;
    host?: string | null;
    provider?: string | null;
    state?: string | null;
  } | null;
}

/** `findCloudMeetingAll`: administrators list every meeting of the tenant (newest start first). */
export async function listAll(ctx: RequestContext, args: MeetingListArgs) {
  const { tenant } = requireAdmin(ctx);
  const f = args.filter ?? {};
  const filter: MeetingFilter = {};
  if (f.date_start) filter.dateFrom = dayStart(f.date_start, tenant, 'date_start');
  if (f.date_end) filter.dateTo = new Date(dayStart(f.date_end, tenant, 'date_end').getTime() + 86_400_000);
  if (f.resources_id) {
    if (!isUuid(f.resources_id)) throw new AppError('INVALID_INPUT', { detail: 'resources_id' });
    filter.resourcesId = f.resources_id;
  }
  if (f.host?.trim())
    filter.host = f.host
      .trim()
      .slice(0, 100)
      .replace(/[\\%_]/g, (c) => `\\${c}`);
  if (f.provider) {
    if (!isMeetingProvider(f.provider)) throw new AppError('MEETING_PROVIDER_INVALID');
    filter.provider = f.provider;
  }
  if (f.state) {
    if (!isMeetingState(f.state)) throw new AppError('INVALID_INPUT', { detail: 'state' });
    filter.state = f.state;
  }
  const limit = Math.min(Math.max(args.first ?? 20, 1), 1000);
  const offset = Math.max(args.offset ?? 0, 0);
  const { rows, total } = await withTenant(ctx.db, tenant.id, (tx) =>
    listMeetings(tx, tenant.id, filter, { limit, offset }),
  );
  return { rows: rows.map((r) => wireMeeting(r, tenant.timeZone, true)), total, offset };
}

/**
 * `findCloudMeetingByAppointment`: a booking's meeting (null when it has none) for its booker,
 * the administrators of its resource and tenant administrators; anyone else: FORBIDDEN.
 */
export async function ofAppointment(ctx: RequestContext, appointmentId: unknown): Promise<WireMeeting | null> {
  const { tenant, user } = requireUser(ctx);
  if (typeof appointmentId !== 'string' || !isUuid(appointmentId)) return null;
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const booking = await bookerOf(tx, tenant.id, appointmentId);
    if (!booking) return null;
    const admin = user.role === 'admin' || (await managesResource(tx, tenant.id, user, booking.resources_id));
    if (booking.account !== user.account && !admin) throw new AppError('FORBIDDEN');
    const [meeting] = await meetingsOfBookings(tx, tenant.id, [appointmentId]);
    if (!meeting) return null;
    const row = await findMeeting(tx, tenant.id, meeting.id);
    return row ? wireMeeting(row, tenant.timeZone, admin) : null;
  });
}

/** `retryCloudMeeting`: a failed meeting's remaining provider work is tried again now. */
export async function retry(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = requireAdmin(ctx);
  if (typeof id !== 'string' || !isUuid(id)) throw new AppError('MEETING_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findMeeting(tx, tenant.id, id);
    if (!row) throw new AppError('MEETING_NOT_FOUND');
    const x = row.meeting;
    if (x.state !== 'failed') throw new AppError('MEETING_NOT_FAILED');
    const sync = x.sync || (x.external_id ? 'update' : 'create');
    await updateMeeting(tx, tenant.id, x.id, {
      sync,
      state: sync === 'cancel' ? 'cancelled' : x.external_id ? 'scheduled' : 'pending',
      attempts: 0,
      next_attempt_at: new Date(meetingClock.now()),
      last_error: '',
    });
    await audit(tx, ctx, {
      module: 'meeting',
      type: 'retry',
      content: `重试云会议 ${row.resources_name ?? ''} ${row.appointment_date ?? ''} ${row.start_time ?? ''}-${row.end_time ?? ''}`,
      object: x.id,
    });
    return x.id;
  });
}

/**
 * `cancelCloudMeeting`: an administrator cancels a meeting (the booking stays): it is cancelled
 * at the provider by the worker; one never created there is simply marked cancelled.
 */
export async function cancel(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = requireAdmin(ctx);
  if (typeof id !== 'string' || !isUuid(id)) throw new AppError('MEETING_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await findMeeting(tx, tenant.id, id);
    if (!row) throw new AppError('MEETING_NOT_FOUND');
    const x = row.meeting;
    if (x.state === 'cancelled') throw new AppError('MEETING_ALREADY_CANCELLED');
    if (x.state === 'started' || x.state === 'ended') throw new AppError('MEETING_ENDED');
    const inFlight = x.sync !== '' && x.state !== 'failed' && x.attempts > 0;
    await updateMeeting(tx, tenant.id, x.id, {
      state: 'cancelled',
      sync: x.external_id || inFlight ? 'cancel' : '',
      ...(inFlight ? {} : { attempts: 0, next_attempt_at: new Date(meetingClock.now()), last_error: '' }),
    });
    await audit(tx, ctx, {
      module: 'meeting',
      type: 'cancel',
      content: `取消云会议 ${row.resources_name ?? ''} ${row.appointment_date ?? ''} ${row.start_time ?? ''}-${row.end_time ?? ''}`,
      object: x.id,
    });
    return x.id;
  });
}
