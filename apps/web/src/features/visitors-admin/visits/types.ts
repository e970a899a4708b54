import type { Visit } from '../../visitors/types.ts';

/** Query keys of the back office's visits pages: a mutation invalidates `adminVisitKeys.all` (and the visitors' own keys). */
export const adminVisitKeys = {
  all: ['visitors-admin', 'visits'] as const,
  list: (variables: Record<string, unknown>) => ['visitors-admin', 'visits', 'list', variables] as const,
  bearers: (variables: Record<string, unknown>) => ['visitors-admin', 'visits', 'bearers', variables] as const,
  statistics: (variables: Record<string, unknown>) => ['visitors-admin', 'visits', 'statistics', variables] as const,
};

/** A visit as the administrators' list shows it (phone masked). */
export type AdminVisit = Visit;

/** The administrators' search of visits. */
export interface AdminVisitFilters {
  /** ["YYYY-MM-DD", "YYYY-MM-DD"]: visit dates from, to. */
  dates?: [string, string];
  area?: string;
  state?: string;
  visitorType?: string;
  host?: string;
  visitorName?: string;
}

/** Who may invite: a department (with those below), a post or a user. */
export interface InvitationBearer {
  id: string;
  bearer_type: 'dept' | 'post' | 'user';
  bearer_id: string;
  bearer_name: string;
  is_enable: number;
  mod_user: string;
  mod_time: string;
}

export interface StatisticsPeriod {
  period: string;
  visits: number;
  approved: number;
  rejected: number;
  cancelled: number;
  pending: number;
  entries: number;
}

/** findVisitorAppointmentDataStatistics: visits and entries of a day, week, month or year. */
export interface VisitorStatistics {
  category: string;
  from: string;
  to: string;
  total_visits: number;
  total_approved: number;
  total_entries: number;
  /** The hour with most entries; -1 without entries. */
  peak_hour: number;
  periods: StatisticsPeriod[];
  areas: { resources_id: string; resources_name: string; resources_name_en: string; visits: number; entries: number }[];
  types: { visitor_type: string; name: string; name_en: string; visits: number }[];
  hours: { hour: number; entries: number }[];
}

export type StatisticsCategory = 'day' | 'week' | 'month' | 'year';
