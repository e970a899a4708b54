/** A booking's online meeting, as the server shows it (findCloudMeetingAll, findCloudMeetingByAppointment). */
export interface CloudMeeting {
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
  provider: MeetingProvider | string;
  state: MeetingState;
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

export const MEETING_STATES = ['pending', 'scheduled', 'started', 'ended', 'cancelled', 'failed'] as const;
export type MeetingState = (typeof MEETING_STATES)[number];
export const MEETING_PROVIDERS = ['jitsi', 'wemeet'] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

export const CLOUD_MEETING_FIELDS = `id appointment_id resources_id resources_name resources_name_en appointment_date
  start_time end_time theme host_account host_name provider state subject code join_url password attempts last_error
  pending_sync start_at end_at update_time`;

/** The list's filters as the search form holds them (dates "YYYY-MM-DD"). */
export interface CloudMeetingSearch {
  dates?: [string, string] | null;
  resources_id?: string;
  host?: string;
  provider?: string;
  state?: string;
}

export interface CloudMeetingFilter {
  date_start?: string;
  date_end?: string;
  resources_id?: string;
  host?: string;
  provider?: string;
  state?: string;
}

export interface CloudMeetingSettings {
  provider: MeetingProvider;
  base_url: string;
  app_id: string;
  sdk_id: string;
  secret_id: string;
  userid: string;
  secret_set: boolean;
  callback_token_set: boolean;
  default_jitsi_url: string;
  default_jitsi_token: boolean;
  wemeet_api_url: string;
  callback_url: string;
  updated_by: string;
  update_time: string;
}

export interface CloudMeetingSettingsInput {
  provider: MeetingProvider;
  base_url?: string;
  app_id?: string;
  sdk_id?: string;
  secret_id?: string;
  userid?: string;
  secret?: string;
  callback_token?: string;
  clear_secret?: boolean;
  clear_callback_token?: boolean;
}

export interface WhitelistEntry {
  id: string;
  address: string;
  description: string;
  created_by: string;
  create_time: string;
}

export interface Connection<T> {
  edges: { node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export const meetingKeys = {
  all: ['meetings'] as const,
  list: (variables: object) => ['meetings', 'list', variables] as const,
  ofAppointment: (id: string) => ['meetings', 'appointment', id] as const,
  settings: ['meetings', 'settings'] as const,
  whitelist: ['meetings', 'whitelist'] as const,
};
