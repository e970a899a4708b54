/**
 * Evaluations as the back office sees them (apps/server/src/modules/evaluations): every
 * evaluation with its author, hidden ones too, and the administrators' reply.
 */
import type { Connection, StringFilter } from '../notices/api/types.ts';

export type { Connection, StringFilter };

/** An evaluation of a performed booking. Scores are whole stars 1-5; times "YYYY-MM-DD HH:mm:ss". */
export interface Evaluation {
  id: string;
  appointment_id: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  /** The booking's date: epoch ms of local midnight. */
  appointment_date: number | string | null;
  start_time: string;
  end_time: string;
  composite_score: number;
  resources_score: number;
  system_score: number;
  service_score: number;
  content: string;
  /** Upload uris or http(s) URLs; at most 9. */
  pictures: string[] | null;
  /** '1' anonymous (to other users), '0' named. */
  is_anonymous: string;
  /** '1' shown, '0' hidden by an administrator. */
  state: string;
  reply_content: string;
  reply_user: string;
  reply_user_name: string;
  reply_time: string;
  created_user: string;
  created_user_name: string;
  create_time: string;
  update_time: string;
}

export const EVALUATION_FIELDS = `id appointment_id resources_id resources_name resources_name_en resources_type_id
  appointment_date start_time end_time composite_score resources_score system_score service_score content pictures
  is_anonymous state reply_content reply_user reply_user_name reply_time created_user created_user_name create_time
  update_time`;

/** Columns the evaluation list filters on (eq, in; created_user, created_user_name and content also like). */
export interface EvaluationFilter {
  appointment_id?: StringFilter;
  resources_id?: StringFilter;
  resources_type_id?: StringFilter;
  state?: StringFilter;
  is_anonymous?: StringFilter;
  composite_score?: StringFilter;
  created_user?: StringFilter;
  created_user_name?: StringFilter;
  content?: StringFilter;
}

/** A resource's shown evaluations summed up: count and mean scores (two decimals, 0 when none). */
export interface EvaluationAverage {
  resources_id: string;
  evaluateCount: number;
  average: number;
  resources_score: number;
  system_score: number;
  service_score: number;
}

export const EVALUATION_AVERAGE_FIELDS =
  'resources_id evaluateCount average resources_score system_score service_score';

/** Query keys of the evaluation queries, so that every change reloads them. */
export const evaluationKeys = {
  all: ['evaluations-admin'] as const,
  list: (variables: object) => ['evaluations-admin', 'list', variables] as const,
  one: (id: string) => ['evaluations-admin', 'one', id] as const,
  averages: (ids: readonly string[]) => ['evaluations-admin', 'averages', ids] as const,
};
