import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import type { BookingChange } from '../booking/booking.events.ts';
import type { AppointmentRow } from '../booking/booking.repository.ts';
import {
  deleteMeeting,
  findMeetingSettings,
  insertMeetings,
  meetingsOfBookings,
  meetingTypes,
  updateMeeting,
  type MeetingRow,
} from './meetings.repository.ts';
import { isMeetingProvider, meetingClock } from './meetings.rules.ts';

/** A booking that holds its meeting: valid, confirmed (no approval needed, or approved), not withdrawn. */
export const confirmed = (b: Pick<AppointmentRow, 'state' | 'audit_status' | 'appointment_state'>) =>
  b.state === '0' && (b.audit_status === '0' || b.audit_status === '2') && b.appointment_state !== '3';

/**
 * Meetings follow bookings (the booking module's change port, registered at composition): in
 * the change's own transaction, a confirmed booking that asked for a meeting (`wemeet_enable`
 * '1') of a meeting-enabled resource type gets its meeting row (`pending`, to be created by the
 * worker); a time change makes it `update`; a cancellation, withdrawal or rejection makes it
 * `cancel` (a meeting never created at the provider is dropped). Nothing here calls a provider:
 * the worker does, later, so a provider outage never blocks or loses a booking.
 */
export async function followBookings(
  tx: Tx,
  _ctx: RequestContext,
  change: BookingChange,
  rows: readonly AppointmentRow[],
): Promise<void> {
  const asked = rows.filter((r) => r.wemeet_enable === '1');
  if (!asked.length) return;
  const byTenant = new Map<string, AppointmentRow[]>();
  for (const r of asked) byTenant.set(r.tenant_id, [...(byTenant.get(r.tenant_id) ?? []), r]);
  for (const [tenantId, list] of byTenant) await followTenant(tx, tenantId, change, list);
}

async function followTenant(tx: Tx, tenantId: string, change: BookingChange, rows: AppointmentRow[]) {
  const existing = new Map(
    (
      await meetingsOfBookings(
        tx,
        tenantId,
        rows.map((r) => r.id),
      )
    ).map((x) => [x.appointment_id, x]),
  );
  const now = new Date(meetingClock.now());
  const toCreate = rows.filter((r) => confirmed(r) && !existing.has(r.id));
  if (toCreate.length && change !== 'cancelled' && change !== 'rejected') {
    const enabled = await meetingTypes(tx, tenantId, [...new Set(toCreate.map((r) => r.resources_type_id))]);
    const settings = await findMeetingSettings(tx, tenantId);
    const provider = settings && isMeetingProvider(settings.provider) ? settings.provider : 'jitsi';
    await insertMeetings(
      tx,
      tenantId,
      toCreate
        .filter((r) => enabled.has(r.resources_type_id))
        .map((r) => ({
          appointment_id: r.id,
          resources_id: r.resources_id,
          provider,
          state: 'pending',
          subject: (r.theme || r.resources_name).slice(0, 255),
          host_account: r.appointment_user,
          start_at: r.starts_at,
          end_at: r.ends_at,
          sync: 'create',
          attempts: 0,
          next_attempt_at: now,
        })),
    );
  }
  for (const r of rows) {
    const meeting = existing.get(r.id);
    if (!meeting) continue;
    if (confirmed(r)) await keep(tx, tenantId, meeting, r, now, change !== 'moved');
    else await drop(tx, tenantId, meeting, now);
  }
}

/** The booking holds: the meeting takes its time (moved), or comes back after a cancellation. */
async function keep(tx: Tx, tenantId: string, meeting: MeetingRow, r: AppointmentRow, now: Date, mayRevive: boolean) {
  const moved =
    meeting.start_at.getTime() !== r.starts_at.getTime() || meeting.end_at.getTime() !== r.ends_at.getTime();
  // A meeting an administrator cancelled stays cancelled when its booking moves; an approval brings it back.
  const revived = meeting.state === 'cancelled' && mayRevive;
  if (meeting.state === 'cancelled' && !revived) return;
  if (!moved && !revived) return;
  if (meeting.state === 'ended' || meeting.state === 'started') return;
  const exists = meeting.external_id !== '';
  const sync = meeting.sync === 'create' || !exists ? 'create' : 'update';
  await updateMeeting(tx, tenantId, meeting.id, {
    start_at: r.starts_at,
    end_at: r.ends_at,
    sync,
    state: exists && !revived ? (meeting.state === 'failed' ? 'scheduled' : meeting.state) : 'pending',
    // Work queued or in flight keeps its lease and count; idle or failed work starts afresh now.
    ...(meeting.sync === '' || meeting.state === 'failed' ? { attempts: 0, next_attempt_at: now, last_error: '' } : {}),
  });
}

/** The booking is gone (cancelled, withdrawn, rejected, back to awaiting approval): so is its meeting. */
async function drop(tx: Tx, tenantId: string, meeting: MeetingRow, now: Date) {
  if (meeting.state === 'cancelled' && (meeting.sync === 'cancel' || meeting.sync === '')) return;
  if (meeting.external_id === '' && meeting.sync !== '' && meeting.state !== 'failed' && meeting.attempts > 0) {
    // A create may be in flight: let the worker finish it, then cancel it.
    await updateMeeting(tx, tenantId, meeting.id, { state: 'cancelled', sync: 'cancel' });
    return;
  }
  if (meeting.external_id === '') {
    await deleteMeeting(tx, tenantId, meeting.id);
    return;
  }
  await updateMeeting(tx, tenantId, meeting.id, {
    state: 'cancelled',
    sync: 'cancel',
    ...(meeting.sync === '' || meeting.state === 'failed' ? { attempts: 0, next_attempt_at: now, last_error: '' } : {}),
  });
}
