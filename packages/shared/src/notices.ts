import { z } from 'zod';

import { NOTICE_CATEGORY, NOTICE_CONTENT_MAX, noticeStates, POPUP_MODE } from './notice-codes.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

/**
 * `saveNotice(model)`: without `id` it creates a notice, with `id` it updates one. Who wrote
 * it is taken from the token; `release_time` is "YYYY-MM-DD HH:mm[:ss]", "YYYY-MM-DD" or
 * epoch ms in the tenant's time zone (empty: set when published); `popup_end_date` is
 * "YYYY-MM-DD" (empty: no end).
 */
export const saveNoticeInput = z.object({
  id: z.string().nullish(),
  note_category: z.enum([NOTICE_CATEGORY.notice, NOTICE_CATEGORY.popup]),
  title: optionalText(200),
  title_en: optionalText(400),
  resource_type_id: optionalText(100),
  resource_type_name: optionalText(200),
  content: z
    .string()
    .max(NOTICE_CONTENT_MAX)
    .nullish()
    .transform((v) => v ?? ''),
  content_en: z
    .string()
    .max(NOTICE_CONTENT_MAX)
    .nullish()
    .transform((v) => v ?? ''),
  release_time: z
    .union([z.string().trim().max(40), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v))),
  state: z
    .number()
    .int()
    .refine((v) => noticeStates.includes(v), 'one of 0 (draft), 1 (published), 2 (withdrawn)')
    .nullish(),
  popup_mode: z
    .enum(['', POPUP_MODE.untilRead, POPUP_MODE.daily])
    .nullish()
    .transform((v) => v ?? ''),
  popup_end_date: optionalText(40),
});
export type SaveNoticeInput = z.infer<typeof saveNoticeInput>;

/** `saveNoticeReadEntity(model)`: only `notice_id` counts; the reader comes from the token. */
export const saveNoticeReadInput = z.object({
  notice_id: z.string().trim().min(1),
  read_user_id: z.string().nullish(),
  read_user_name: z.string().nullish(),
});
