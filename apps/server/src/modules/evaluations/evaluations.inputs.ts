import { z } from 'zod';
import { isUuid } from '../../platform/ids.ts';
import { opt, optionalId, text } from '../../platform/inputs.ts';

/** Scores are whole stars from 1 to 5. */
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const EVALUATE_CONTENT_MAX = 1000;
export const EVALUATE_PICTURES_MAX = 9;
export const EVALUATE_REPLY_MAX = 1000;

const score = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number)])
  .pipe(
    z
      .number()
      .int(`must be a whole number from ${SCORE_MIN} to ${SCORE_MAX}`)
      .min(SCORE_MIN, `must be from ${SCORE_MIN} to ${SCORE_MAX}`)
      .max(SCORE_MAX, `must be from ${SCORE_MIN} to ${SCORE_MAX}`),
  );

/** A picture: an upload's uri (a site path) or an http(s) URL. */
const picture = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .refine((v) => /^(https?:\/\/[^\s"'<>]+|\/(?!\/)[^\s"'<>]*)$/i.test(v), 'must be a site path or an http(s) URL');

const flag01 = opt(
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.enum(['0', '1'], { message: 'must be "0" or "1"' })),
);

/**
 * `InputAppointmentEvaluate`: without `id` a new evaluation of `appointment_id`; with `id` the
 * caller's evaluation, replaced by these values (scores, content, pictures, anonymous flag).
 */
export const evaluateInput = z
  .object({
    id: optionalId,
    appointment_id: opt(z.union([z.literal(''), z.string().trim().refine(isUuid, 'must be a UUID')])),
    composite_score: score,
    resources_score: score,
    system_score: score,
    service_score: score,
    content: opt(text(EVALUATE_CONTENT_MAX)),
    pictures: opt(z.array(picture).max(EVALUATE_PICTURES_MAX, `at most ${EVALUATE_PICTURES_MAX} pictures`)),
    is_anonymous: flag01,
  })
  .refine((m) => !!m.id || !!m.appointment_id, {
    message: 'appointment_id is required for a new evaluation',
    path: ['appointment_id'],
  });
export type EvaluateInput = z.infer<typeof evaluateInput>;

export const replyInput = z.string().trim().max(EVALUATE_REPLY_MAX, `at most ${EVALUATE_REPLY_MAX} characters`);
