import { buildCalendar, type IcsPerson } from '../../platform/ical.ts';
import { bookingEvent, statusOf, type BookingForCalendar, type MeetingForCalendar } from './calendar.events.ts';

/** What a booking e-mail tells a calendar: the booking stands (`request`) or is off (`cancel`). */
export type InvitationKind = 'request' | 'cancel';

/** Which booking e-mails carry an invitation: confirmed (at once or on approval) or cancelled. */
export function invitationKindOf(event: string, first: BookingForCalendar): InvitationKind | null {
  if (event === 'cancelled') return 'cancel';
  if ((event === 'booked' || event === 'approved') && statusOf(first) === 'CONFIRMED') return 'request';
  return null;
}

/** A From header's address and name (`Yuyue <no-reply@host>` or a bare address). */
export function personOf(from: string): IcsPerson | null {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  const email = (m ? m[2]! : from).trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return null;
  return { name: m ? m[1]!.trim() : '', email };
}

/**
 * The `.ics` a booking e-mail carries: one occurrence as an invitation (METHOD:REQUEST, or
 * METHOD:CANCEL with the same UID and a higher SEQUENCE), several occurrences of one request as
 * one calendar of them all (METHOD:PUBLISH; cancelled ones STATUS:CANCELLED), since an
 * invitation holds one event. The organizer is the sender's address (none usable: PUBLISH), the
 * attendee the booker.
 */
export function bookingInvitation(input: {
  kind: InvitationKind;
  bookings: readonly BookingForCalendar[];
  meetings: ReadonlyMap<string, MeetingForCalendar>;
  zone: string;
  site: string;
  host: string;
  organizer: IcsPerson | null;
  attendee: IcsPerson;
  stamp: Date;
}): { filename: string; contentType: string; content: string } {
  // An invitation needs an organizer (iTIP); without a usable sender address it is published.
  const single = input.bookings.length === 1 && input.organizer;
  const method = single ? (input.kind === 'cancel' ? 'CANCEL' : 'REQUEST') : 'PUBLISH';
  const events = input.bookings.map((b) => {
    const e = bookingEvent(b, input.meetings.get(b.id), {
      site: input.site,
      host: input.host,
      audience: 'booker',
      organizer: input.organizer ?? undefined,
      attendees: [input.attendee],
    });
    return input.kind === 'cancel' ? { ...e, status: 'CANCELLED' as const } : e;
  });
  const content = buildCalendar({ timeZone: input.zone, method, events, stamp: input.stamp });
  return {
    filename: input.kind === 'cancel' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content,
  };
}
