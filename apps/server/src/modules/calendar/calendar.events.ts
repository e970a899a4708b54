import type { IcsEvent, IcsPerson } from '../../platform/ical.ts';

/**
 * A booking as a calendar event (docs/GLOSSARY.md "Calendars"): what the `.ics` download, the
 * feeds and the booking e-mails all write, so they agree.
 */

/** What of a booking the event shows (an `appointments` row has all of it). */
export interface BookingForCalendar {
  id: string;
  resources_name: string;
  resources_name_en: string;
  theme: string;
  theme_en: string;
  appointment_user: string;
  appointment_user_name: string;
  starts_at: Date;
  ends_at: Date;
  state: string;
  audit_status: string;
  appointment_state: string;
  remark: string;
  cancel_reason: string;
  cancel_time: Date | null;
  create_time: Date;
  update_time: Date;
}

/** What of a booking's online meeting the event shows (an `online_meetings` row has all of it). */
export interface MeetingForCalendar {
  appointment_id: string;
  provider: string;
  state: string;
  code: string;
  join_url: string;
  password: string;
  update_time: Date;
}

/** A booking that will not take place: cancelled, rejected or terminated. */
export function isCalledOff(b: Pick<BookingForCalendar, 'state' | 'audit_status' | 'appointment_state'>): boolean {
  return b.state === '1' || b.audit_status === '3' || b.appointment_state === '3';
}

/** When a called-off booking was called off (its cancel time, else its last change). */
export function calledOffAt(b: Pick<BookingForCalendar, 'cancel_time' | 'update_time'>): Date {
  return b.cancel_time ?? b.update_time;
}

/** The event's status: cancelled, tentative while awaiting approval (or a ballot's draw), confirmed. */
export function statusOf(b: BookingForCalendar): IcsEvent['status'] {
  if (isCalledOff(b)) return 'CANCELLED';
  if (b.audit_status === '1' || b.audit_status === '4') return 'TENTATIVE';
  return 'CONFIRMED';
}

/** SEQUENCE counts seconds since this instant: it grows with every change and fits RFC 5545's 32-bit INTEGER until 2092. */
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);

/** The event's last change: the booking's, its cancellation's or its meeting's, whichever is latest. */
export function lastChangeOf(b: BookingForCalendar, meeting?: MeetingForCalendar | null): Date {
  const times = [b.update_time, b.create_time, b.cancel_time, meeting?.update_time].filter((d): d is Date => !!d);
  return new Date(Math.max(...times.map((d) => d.getTime())));
}

/**
 * SEQUENCE from the last change (seconds since 2024): every change of the booking or its
 * meeting gives a higher one, so a calendar replaces what it holds (an invitation update, a
 * cancellation), and the same state always gives the same number.
 */
export function sequenceOf(b: BookingForCalendar, meeting?: MeetingForCalendar | null): number {
  return Math.max(0, Math.floor((lastChangeOf(b, meeting).getTime() - SEQUENCE_EPOCH) / 1000));
}

/** The site's host, for UIDs (`<booking id>@<host>`): stable for a deployment. */
export function uidHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'yuyue';
  } catch {
    return 'yuyue';
  }
}

const both = (zh: string, en: string) => (en && en !== zh ? `${zh} / ${en}` : zh);

const MEETING_STATE_TEXT: Record<string, [string, string]> = {
  pending: ['云会议创建中', 'Online meeting being set up'],
  failed: ['云会议创建失败，管理员将处理', 'The online meeting could not be set up; administrators will see to it'],
  started: ['云会议进行中', 'Online meeting in progress'],
  ended: ['云会议已结束', 'Online meeting ended'],
};

export interface EventOptions {
  /** The site (`publicUrl` + base path), for the link to the booking's page. */
  site: string;
  host: string;
  /** Whose view: the booker's own page or the back office's list. */
  audience: 'booker' | 'admin';
  organizer?: IcsPerson;
  attendees?: IcsPerson[];
}

/**
 * The event of a booking: summary the theme (or the resource), location the resource, the
 * online meeting (when there is one and it is not cancelled) as URL with its number and
 * password in the description, status and sequence from the booking's state and last change.
 */
export function bookingEvent(
  b: BookingForCalendar,
  meeting: MeetingForCalendar | null | undefined,
  opts: EventOptions,
): IcsEvent {
  const resource = both(b.resources_name, b.resources_name_en);
  const theme = both(b.theme, b.theme_en);
  const lines: string[] = [];
  if (theme) lines.push(`资源 / Resource: ${resource}`);
  lines.push(`预约人 / Booked by: ${b.appointment_user_name || b.appointment_user} (${b.appointment_user})`);
  const status = statusOf(b);
  if (status === 'TENTATIVE')
    lines.push(b.audit_status === '4' ? '待抽签 / Awaiting the draw' : '待审批 / Awaiting approval');
  if (status === 'CANCELLED') {
    lines.push(
      b.audit_status === '3'
        ? '已驳回 / Rejected'
        : b.appointment_state === '3'
          ? '已终止 / Terminated'
          : '已取消 / Cancelled',
    );
    if (b.cancel_reason) lines.push(`原因 / Reason: ${b.cancel_reason}`);
  }
  const live = meeting && meeting.state !== 'cancelled' && status !== 'CANCELLED' ? meeting : null;
  if (live) {
    lines.push('');
    const stateText = MEETING_STATE_TEXT[live.state];
    if (stateText) lines.push(both(stateText[0], stateText[1]));
    if (live.join_url) lines.push(`云会议链接 / Join the meeting: ${live.join_url}`);
    if (live.code) lines.push(`会议号 / Meeting number: ${live.code}`);
    if (live.password) lines.push(`会议密码 / Meeting password: ${live.password}`);
  }
  if (b.remark) lines.push('', `备注 / Remark: ${b.remark}`);
  const page = opts.audience === 'booker' ? `${opts.site}/mobile/myAppointment` : `${opts.site}/manage/appointment`;
  lines.push('', `${page}`);
  return {
    uid: `${b.id}@${opts.host}`,
    sequence: sequenceOf(b, meeting),
    start: b.starts_at,
    end: b.ends_at,
    summary: theme || resource,
    description: lines.join('\n'),
    location: resource,
    url: live?.join_url || page,
    status,
    organizer: opts.organizer,
    attendees: opts.attendees,
    lastModified: lastChangeOf(b, meeting),
  };
}
