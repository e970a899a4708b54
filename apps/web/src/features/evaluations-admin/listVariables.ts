import type { Dayjs } from 'dayjs';
import type { EvaluationFilter } from './types.ts';

/** The evaluation list's search form. */
export interface EvaluationSearch {
  resources_type_id?: string;
  resources_id?: string;
  /** '1'..'5' (the composite score). */
  composite_score?: string;
  /** '1' shown, '0' hidden. */
  state?: string;
  /** '1' anonymous, '0' named. */
  is_anonymous?: string;
  /** Part of the author's name. */
  author?: string;
  /** Part of the content. */
  content?: string;
  /** The dates written, inclusive (either end may be empty). */
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The search form's date range as findAppointmentEvaluateAll's createTime: [from, to] or [] for any. */
export function evaluationCreateTimeOf(s: EvaluationSearch): string[] {
  const [from, to] = s.range ?? [];
  if (!from && !to) return [];
  return [from ? from.format('YYYY-MM-DD') : '', to ? to.format('YYYY-MM-DD') : ''];
}

/** The search form as findAppointmentEvaluateAll's filter (empty fields left out). */
export function evaluationFilterOf(s: EvaluationSearch): EvaluationFilter {
  const author = s.author?.trim();
  const content = s.content?.trim();
  return {
    ...(s.resources_type_id ? { resources_type_id: { eq: s.resources_type_id } } : {}),
    ...(s.resources_id ? { resources_id: { eq: s.resources_id } } : {}),
    ...(s.composite_score ? { composite_score: { eq: s.composite_score } } : {}),
    ...(s.state ? { state: { eq: s.state } } : {}),
    ...(s.is_anonymous ? { is_anonymous: { eq: s.is_anonymous } } : {}),
    ...(author ? { created_user_name: { like: author } } : {}),
    ...(content ? { content: { like: content } } : {}),
  };
}

/** Longest reply (the server's limit). */
export const MAX_REPLY = 1000;
