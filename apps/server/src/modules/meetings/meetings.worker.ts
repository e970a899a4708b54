import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { withTenant, type Db, type Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { Job } from '../../platform/jobs.ts';
import { buildCalendar } from '../../platform/ical.ts';
import { findTenant } from '../tenants/tenants.repository.ts';
import { queuePlainMails } from './meetings.mail.ts';
import { openSecrets } from './meetings.crypto.ts';
import { providerFor, ProviderError, type MeetingIssued, type MeetingOrder } from './meetings.providers.ts';
import {
  advanceByClock,
  bookingOfMeeting,
  claimDueMeeting,
  findMeetingSettings,
  lockClaimed,
  updateMeeting,
  type MeetingRow,
} from './meetings.repository.ts';
import { MEETING_LEASE_MS, isMeetingProvider, meetingRetryDelayMs } from './meetings.rules.ts';

export interface MeetingWorkerOptions {
  config: Config;
  log?: FastifyBaseLogger;
  /** The clock (tests move it to make retries due). */
  now?: () => number;
  /** Jitter's randomness, in [0, 1) (tests fix it). */
  random?: () => number;
  /** Most meetings one run handles; the rest wait for the next run. */
  max?: number;
}

export interface MeetingRunReport {
  done: number;
  retrying: number;
  failed: number;
  /** Done at the provider, but the claim was lost meanwhile (another worker took the row after the lease). */
  unrecorded: number;
  /** Meetings of providers without callbacks that started or ended by their time. */
  advanced: number;
}

/**
 * Performs the provider calls of due meetings, one at a time: claim one (the claim counts the
 * attempt and leases the row for MEETING_LEASE_MS, so no other worker calls the provider for it
 * meanwhile), call the provider (aborted after MEETING_REQUEST_TIMEOUT_MS, well inside the
 * lease), then record the outcome if the claim still holds: done (the booker gets an e-mail with
 * the meeting's number, link, password and an .ics), due again after a backoff with jitter, or
 * failed (a permanent refusal, or MEETING_MAX_ATTEMPTS attempts; `last_error` kept; an
 * administrator may retry). No transaction stays open during a provider call.
 */
export async function runDueMeetings(db: Db, opts: MeetingWorkerOptions): Promise<MeetingRunReport> {
  const now = opts.now ?? Date.now;
  const report: MeetingRunReport = { done: 0, retrying: 0, failed: 0, unrecorded: 0, advanced: 0 };
  const max = opts.max ?? 50;
  for (let n = 0; n < max; n++) {
    const t = now();
    const claimed = await claimDueMeeting(db, { now: new Date(t), leaseUntil: new Date(t + MEETING_LEASE_MS) });
    if (!claimed) break;
    await perform(db, claimed, opts, now, report);
  }
  // Jitsi tells nobody when a room fills or empties: its meetings start and end by the clock
  report.advanced = await advanceByClock(db, new Date(now()), ['jitsi']);
  return report;
}

async function perform(
  db: Db,
  claimed: MeetingRow,
  opts: MeetingWorkerOptions,
  now: () => number,
  report: MeetingRunReport,
) {
  const { config } = opts;
  const tenantId = claimed.tenant_id;
  const { settings, booking } = await withTenant(db, tenantId, async (tx) => ({
    settings: await findMeetingSettings(tx, tenantId),
    booking: await bookingOfMeeting(tx, tenantId, claimed.appointment_id),
  }));
  const own = settings && settings.provider === claimed.provider;
  const order: MeetingOrder = {
    externalId: claimed.external_id,
    subject: claimed.subject,
    startAt: claimed.start_at,
    endAt: claimed.end_at,
    host: {
      account: claimed.host_account,
      name: booking?.appointment_user_name ?? claimed.host_account,
      email: mailOf(booking),
    },
  };
  let issued: MeetingIssued | null = null;
  try {
    const provider = providerFor(config, {
      provider: isMeetingProvider(claimed.provider) ? claimed.provider : 'jitsi',
      settings: own ? settings.settings : {},
      secrets: own ? openSecrets(config, tenantId, settings.secret_enc) : {},
    });
    const signal = AbortSignal.timeout(config.meetings.requestTimeoutMs);
    if (claimed.sync === 'create' || (claimed.sync === 'update' && !claimed.external_id))
      issued = await provider.create(order, signal);
    else if (claimed.sync === 'update') issued = await provider.update(order, signal);
    else if (claimed.sync === 'cancel' && claimed.external_id) await provider.cancel(order, signal);
  } catch (err) {
    const e = err instanceof ProviderError ? err : new ProviderError((err as Error).message ?? String(err));
    const giveUp = e.permanent || claimed.attempts >= config.meetings.maxAttempts;
    const recorded = await withTenant(db, tenantId, async (tx) => {
      if (!(await lockClaimed(tx, claimed))) return false;
      await updateMeeting(tx, tenantId, claimed.id, {
        last_error: e.message.slice(0, 1000),
        ...(giveUp
          ? { state: 'failed' }
          : { next_attempt_at: new Date(now() + meetingRetryDelayMs(claimed.attempts, opts.random?.())) }),
      });
      return true;
    });
    if (recorded) {
      if (giveUp) report.failed++;
      else report.retrying++;
    }
    opts.log?.warn(
      { meetingId: claimed.id, attempts: claimed.attempts, sync: claimed.sync, err: e.message },
      giveUp ? 'online meeting given up' : 'online meeting call failed, will retry',
    );
    return;
  }

  await withTenant(db, tenantId, async (tx) => {
    const row = await lockClaimed(tx, claimed);
    if (!row) {
      report.unrecorded++;
      opts.log?.warn({ meetingId: claimed.id }, 'online meeting done after its lease ended: another worker took it');
      return;
    }
    const changed =
      row.sync !== claimed.sync ||
      row.start_at.getTime() !== claimed.start_at.getTime() ||
      row.end_at.getTime() !== claimed.end_at.getTime();
    const fields = issued
      ? {
          external_id: issued.external_id,
          code: issued.code || row.code,
          join_url: issued.join_url || row.join_url,
          password: claimed.sync === 'update' && !issued.password ? row.password : issued.password,
        }
      : claimed.sync === 'cancel'
        ? { external_id: '', code: '', join_url: '', password: '' }
        : {};
    if (changed) {
      // The booking changed during the call: what is now asked comes next, at once.
      const sync = row.sync === 'create' && issued ? 'update' : row.sync;
      await updateMeeting(tx, tenantId, row.id, {
        ...fields,
        sync,
        attempts: 0,
        next_attempt_at: new Date(now()),
        last_error: '',
      });
      report.done++;
      return;
    }
    const state = claimed.sync === 'cancel' ? 'cancelled' : row.state === 'started' ? 'started' : 'scheduled';
    const saved = await updateMeeting(tx, tenantId, row.id, {
      ...fields,
      state,
      sync: '',
      attempts: 0,
      last_error: '',
    });
    report.done++;
    if (saved && booking && (claimed.sync !== 'cancel' || claimed.external_id))
      await mailBooker(tx, config, tenantId, saved, claimed.sync as 'create' | 'update' | 'cancel', booking);
  });
}

type Booking = NonNullable<Awaited<ReturnType<typeof bookingOfMeeting>>>;

const isMail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);
function mailOf(b: Pick<Booking, 'email' | 'directory_email'> | undefined): string {
  const own = (b?.email ?? '').trim();
  if (isMail(own)) return own;
  const dir = (b?.directory_email ?? '').trim();
  return isMail(dir) ? dir : '';
}

const WHAT = {
  create: { zh: '云会议已安排', en: 'Online meeting scheduled' },
  update: { zh: '云会议时间已变更', en: 'Online meeting moved' },
  cancel: { zh: '云会议已取消', en: 'Online meeting cancelled' },
} as const;

/** The booker's e-mail about their meeting: number, link, password, and the meeting as an .ics. */
async function mailBooker(
  tx: Tx,
  config: Config,
  tenantId: string,
  meeting: MeetingRow,
  what: 'create' | 'update' | 'cancel',
  booking: Booking,
) {
  const recipient = mailOf(booking);
  if (!recipient) return;
  const title = WHAT[what];
  const when = `${booking.appointment_date} ${booking.start_time}-${booking.end_time}`;
  const site = `${config.publicUrl}${config.basePath}`;
  const cancelled = what === 'cancel';
  const details = cancelled
    ? []
    : [
        `会议号 Meeting number: ${meeting.code || '-'}`,
        `入会链接 Join link: ${meeting.join_url || '-'}`,
        `密码 Password: ${meeting.password || '-'}`,
      ];
  const body = [
    `${booking.appointment_user_name || booking.appointment_user}：`,
    '',
    `${title.zh}：${booking.resources_name} ${when}`,
    `${title.en}: ${booking.resources_name_en || booking.resources_name} ${when}`,
    '',
    ...details,
    '',
    `${site}/mobile/myAppointment`,
  ].join('\n');
  const zone = await tenantZone(tx, tenantId);
  const ics = buildCalendar({
    timeZone: zone,
    method: cancelled ? 'CANCEL' : 'REQUEST',
    stamp: new Date(),
    events: [
      {
        uid: `meeting-${meeting.appointment_id}@${new URL(config.publicUrl).hostname}`,
        sequence: Math.floor(meeting.update_time.getTime() / 1000),
        start: meeting.start_at,
        end: meeting.end_at,
        summary: meeting.subject || booking.resources_name,
        description: details.join('\n'),
        location: cancelled ? booking.resources_name : meeting.join_url || booking.resources_name,
        url: cancelled ? undefined : meeting.join_url || undefined,
        status: cancelled ? 'CANCELLED' : 'CONFIRMED',
        attendees: [{ name: booking.appointment_user_name, email: recipient }],
        lastModified: meeting.update_time,
      },
    ],
  });
  const ctx = { config, db: null, log: null, tenant: null, user: null, ip: '' } as unknown as RequestContext;
  await queuePlainMails(tx, ctx, tenantId, [
    {
      recipient,
      subject: `${title.zh} ${title.en}: ${meeting.subject || booking.resources_name} ${when}`,
      body,
      attachments: [
        {
          filename: 'meeting.ics',
          contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'REQUEST'}`,
          content: ics,
        },
      ],
    },
  ]);
}

async function tenantZone(tx: Tx, tenantId: string): Promise<string> {
  return (await findTenant(tx, tenantId))?.time_zone || 'Asia/Shanghai';
}

/** How often due meetings are looked for. */
export const MEETING_POLL_MS = 10_000;

/** The provider calls as a background job (one instance at a time runs it). */
export function meetingsJob(config: Config, log: FastifyBaseLogger): Job {
  return {
    name: 'meetings.provider-outbox',
    everyMs: MEETING_POLL_MS,
    async run(db) {
      const r = await runDueMeetings(db, { config, log });
      const total = r.done + r.retrying + r.failed + r.unrecorded + r.advanced;
      return total
        ? `online meetings: ${r.done} done, ${r.retrying} to retry, ${r.failed} given up, ${r.unrecorded} unrecorded, ${r.advanced} started or ended by their time`
        : undefined;
    },
  };
}
