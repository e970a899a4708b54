/**
 * The evaluation form without a UI kit: its values, the checks made before a submit (the
 * server's rules: whole stars 1-5 for each of the four scores, at most 1000 characters, at most
 * 9 pictures), the wire model, and who may evaluate which booking.
 */
import type { Appointment } from '../booking/types.ts';
import type { Evaluation, EvaluationAverage, EvaluationInput } from './types.ts';

export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const CONTENT_MAX = 1000;
export const PICTURES_MAX = 9;
/** Image files a picture may be (the upload endpoint checks the content too). */
export const PICTURE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** The four scores, overall first. */
export const SCORE_KEYS = ['composite_score', 'resources_score', 'system_score', 'service_score'] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];

export interface EvaluationValues {
  /** 0 = not rated yet. */
  scores: Record<ScoreKey, number>;
  content: string;
  /** Uploaded pictures' uris. */
  pictures: string[];
  anonymous: boolean;
}

export const EMPTY_EVALUATION: EvaluationValues = {
  scores: { composite_score: 0, resources_score: 0, system_score: 0, service_score: 0 },
  content: '',
  pictures: [],
  anonymous: false,
};

/** A message to show: an i18n key under `evaluations.` and its values. */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}
export type EvaluationField = ScoreKey | 'content' | 'pictures';
export type EvaluationErrors = Partial<Record<EvaluationField, FieldError>>;

/** Whether `v` is a score the server accepts: a whole number of stars from 1 to 5. */
export function isScore(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= SCORE_MIN && v <= SCORE_MAX;
}

/**
 * What is wrong with the values (empty: they may be sent). `uploading` counts pictures still on
 * their way: a submit waits for them.
 */
export function validateEvaluation(values: EvaluationValues, uploading = 0): EvaluationErrors {
  const errors: EvaluationErrors = {};
  for (const key of SCORE_KEYS) {
    if (!isScore(values.scores[key])) errors[key] = { key: 'errors.scoreRequired' };
  }
  const length = values.content.trim().length;
  if (length > CONTENT_MAX) errors.content = { key: 'errors.contentTooLong', values: { max: CONTENT_MAX, n: length } };
  if (uploading > 0) errors.pictures = { key: 'errors.uploading' };
  else if (values.pictures.length > PICTURES_MAX)
    errors.pictures = { key: 'errors.tooManyPictures', values: { max: PICTURES_MAX } };
  return errors;
}

export function hasErrors(errors: EvaluationErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The wire model of valid values: a new evaluation of `appointmentId`, or the user's `id` replaced. */
export function evaluationModel(
  values: EvaluationValues,
  { appointmentId, id }: { appointmentId: string; id?: string | null },
): EvaluationInput {
  return {
    ...(id ? { id } : {}),
    appointment_id: appointmentId,
    composite_score: values.scores.composite_score,
    resources_score: values.scores.resources_score,
    system_score: values.scores.system_score,
    service_score: values.scores.service_score,
    content: values.content.trim(),
    pictures: values.pictures.slice(0, PICTURES_MAX),
    is_anonymous: values.anonymous ? '1' : '0',
  };
}

/** The form's values of an existing evaluation (editing it). */
export function valuesOf(e: Evaluation): EvaluationValues {
  return {
    scores: {
      composite_score: e.composite_score,
      resources_score: e.resources_score,
      system_score: e.system_score,
      service_score: e.service_score,
    },
    content: e.content ?? '',
    pictures: (e.pictures ?? []).filter(Boolean),
    anonymous: e.is_anonymous === '1',
  };
}

/**
 * What the user may do about evaluating a booking: 'evaluate' a performed, valid booking they
 * made that is not evaluated yet; 'view' (edit, delete) their evaluation of it; null otherwise.
 * The server decides again on submit.
 */
export function evaluateAction(
  a: Pick<Appointment, 'state' | 'appointment_state' | 'is_evaluate' | 'appointment_user'>,
  account: string,
): 'evaluate' | 'view' | null {
  if (!account || a.appointment_user !== account) return null;
  if (a.is_evaluate === '1') return 'view';
  return a.state === '0' && a.appointment_state === '1' ? 'evaluate' : null;
}

/** A mean score as shown: one decimal ("4.5"), "-" when nobody has evaluated. */
export function formatScore(score: number | null | undefined, count = 1): string {
  if (!count || typeof score !== 'number' || !Number.isFinite(score) || score <= 0) return '-';
  return (Math.round(score * 10) / 10).toFixed(1);
}

/** A mean score as stars: rounded to the nearest half star, within 0..5. */
export function starsOf(score: number | null | undefined): number {
  if (typeof score !== 'number' || !Number.isFinite(score)) return 0;
  return Math.min(SCORE_MAX, Math.max(0, Math.round(score * 2) / 2));
}

/** The averages of one resource out of findAppointmentEvaluateAverage's answer (zeros when it has none). */
export function averageOf(list: readonly EvaluationAverage[] | undefined, resourceId: string): EvaluationAverage {
  return (
    list?.find((a) => a.resources_id === resourceId) ?? {
      resources_id: resourceId,
      evaluateCount: 0,
      average: 0,
      resources_score: 0,
      system_score: 0,
      service_score: 0,
    }
  );
}

/** The author to show, or null for an anonymous one (the server blanks them for other users). */
export function authorOf(e: Pick<Evaluation, 'is_anonymous' | 'created_user_name' | 'created_user'>): string | null {
  if (e.is_anonymous === '1') return null;
  return e.created_user_name || e.created_user || null;
}
