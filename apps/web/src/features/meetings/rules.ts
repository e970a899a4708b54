import type { CloudMeeting, CloudMeetingFilter, CloudMeetingSearch } from './types.ts';

/** The server's filter of the list's search form (empty values left out). */
export function meetingFilterOf(search: CloudMeetingSearch): CloudMeetingFilter {
  const f: CloudMeetingFilter = {};
  if (search.dates?.[0]) f.date_start = search.dates[0];
  if (search.dates?.[1]) f.date_end = search.dates[1];
  if (search.resources_id) f.resources_id = search.resources_id;
  if (search.host?.trim()) f.host = search.host.trim();
  if (search.provider) f.provider = search.provider;
  if (search.state) f.state = search.state;
  return f;
}

/** What an administrator may do with a meeting: retry a failed one, cancel one not yet over or cancelled. */
export function meetingActions(m: Pick<CloudMeeting, 'state'>) {
  return {
    retry: m.state === 'failed',
    cancel: m.state === 'pending' || m.state === 'scheduled' || m.state === 'failed',
  };
}

/** Whether a meeting's link may be offered: scheduled or started, with a link. */
export const joinable = (m: Pick<CloudMeeting, 'state' | 'join_url'>) =>
  (m.state === 'scheduled' || m.state === 'started') && /^https?:\/\//i.test(m.join_url);

/** The booking's calendar file, with the token as `access_token` (a link cannot send a header). */
export function icsUrl(basePath: string, appointmentId: string, token: string | null | undefined): string {
  const url = `${basePath}/bus/calendar/appointments/${encodeURIComponent(appointmentId)}.ics`;
  return token ? `${url}?access_token=${encodeURIComponent(token)}` : url;
}
