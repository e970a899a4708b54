/**
 * Evaluations and favourites as the signed-in user sees them (apps/server/src/modules/evaluations):
 * venue reviews, the user's own evaluations and favourite resources. The evaluation's wire shape
 * is the back office's (`features/evaluations-admin/types.ts`); other users' anonymous
 * evaluations come without `created_user` and `created_user_name`.
 */
import type { Connection, Evaluation, EvaluationFilter, StringFilter } from '../evaluations-admin/types.ts';

export { EVALUATION_FIELDS } from '../evaluations-admin/types.ts';
export type { EvaluationAverage } from '../evaluations-admin/types.ts';
export type { Connection, Evaluation, EvaluationFilter };

/** `InputAppointmentEvaluate`: without `id` a new evaluation of `appointment_id`; with `id` the user's own, replaced. */
export interface EvaluationInput {
  id?: string;
  appointment_id: string;
  composite_score: number;
  resources_score: number;
  system_score: number;
  service_score: number;
  content: string;
  pictures: string[];
  /** "1" anonymous to other users, "0" named. */
  is_anonymous: '0' | '1';
}

/** A favourite resource of the signed-in user (`ResourcesLike`). */
export interface ResourcesLike {
  id: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  resources_type_name: string;
  resources_type_name_en: string;
  campus_name: string;
  campus_name_en: string;
  building_name: string;
  building_name_en: string;
  floor_name: string;
  floor_name_en: string;
  capacity: number | null;
  /** The resource's first picture (uri); empty when it has none. */
  image_uri: string;
  /** 1 enabled, 0 disabled. */
  state: number | null;
  created_user: string;
  created_user_name: string;
  /** When it was added: "YYYY-MM-DD HH:mm:ss". */
  create_time: string;
}

export const RESOURCES_LIKE_FIELDS = `id resources_id resources_name resources_name_en resources_type_id
  resources_type_name resources_type_name_en campus_name campus_name_en building_name building_name_en floor_name
  floor_name_en capacity image_uri state created_user created_user_name create_time`;

/** `ResourcesLikeFilterMap`: `resources_id` eq tells whether one resource is a favourite. */
export interface ResourcesLikeFilter {
  resources_id?: StringFilter;
  resources_type_id?: StringFilter;
}

export const RESULT_FIELDS = 'errcode msg msg_en ids';

/** Query keys of the user's evaluation and favourite queries, so that a change reloads them. */
export const evaluateKeys = {
  all: ['evaluations'] as const,
  byResource: (resourceId: string, pageSize: number) => ['evaluations', 'resource', resourceId, pageSize] as const,
  mine: (variables: object) => ['evaluations', 'mine', variables] as const,
};

export const likeKeys = {
  all: ['resources-like'] as const,
  list: (variables: object) => ['resources-like', 'list', variables] as const,
  one: (resourceId: string) => ['resources-like', 'one', resourceId] as const,
};
