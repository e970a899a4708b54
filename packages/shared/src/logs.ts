import { z } from 'zod';

/** Most rows one `findOperateLogAll` page returns. */
export const OPERATE_LOG_PAGE_MAX = 200;
/** Default page size of `findOperateLogAll`. */
export const OPERATE_LOG_PAGE_DEFAULT = 20;
/** Most entries one `saveOperateLogAll` call writes. */
export const OPERATE_LOG_BATCH_MAX = 100;
/** Most ids one `deleteOperateLogAll` call removes. */
export const OPERATE_LOG_DELETE_MAX = 500;

/**
 * `saveOperateLog(model)` from the web app: what was done. Who did it, from where and when
 * are taken from the request, so those fields of the input are accepted and ignored.
 */
export const operateLogInput = z.object({
  operate_module: z.string().trim().min(1).max(100),
  operate_type: z.string().trim().min(1).max(100),
  operate_content: z.string().max(4000).optional().default(''),
  operate_object: z.string().max(1000).optional().default(''),
});

export type OperateLogInput = z.infer<typeof operateLogInput>;

export const operateLogBatchInput = z.array(operateLogInput).min(1).max(OPERATE_LOG_BATCH_MAX);
