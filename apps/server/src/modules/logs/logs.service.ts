import { OPERATE_LOG_DELETE_MAX, operateLogBatchInput, operateLogInput, type OperateLogInput } from '@yuyue/shared';
import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import {
  deleteOperateLogs,
  findOperateLog,
  insertOperateLogs,
  listOperateLogs,
  type NewOperateLog,
  type OperateLogRow,
} from './logs.repository.ts';
import { normaliseFilter, pageOf, timeRangeOf } from './logs.rules.ts';

function requireTenant(ctx: RequestContext): TenantRef {
  if (!ctx.tenant) throw new AppError('TENANT_UNKNOWN');
  return ctx.tenant;
}

function requireUser(ctx: RequestContext): { tenant: TenantRef; user: AuthUser } {
  const tenant = requireTenant(ctx);
  if (!ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant, user: ctx.user };
}

export interface OperateLogPageArgs {
  first?: number | null;
  offset?: number | null;
  after?: string | null;
  filter?: unknown;
  operateTime?: (string | null)[] | null;
}

/** A page of the tenant's operate log, newest first, with the total that matches. */
export async function listOperateLogPage(
  ctx: RequestContext,
  args: OperateLogPageArgs,
): Promise<{ rows: OperateLogRow[]; total: number; offset: number }> {
  const tenant = requireTenant(ctx);
  const range = timeRangeOf(args.operateTime, tenant.timeZone);
  if (!range) throw new AppError('INVALID_INPUT', { detail: 'operateTime: "YYYY-MM-DD" or "YYYY-MM-DD HH:mm:ss"' });
  const page = pageOf(args);
  const { rows, total } = await withTenant(ctx.db, tenant.id, (tx) =>
    listOperateLogs(tx, tenant.id, { filter: normaliseFilter(args.filter), ...range, ...page }),
  );
  return { rows, total, offset: page.offset };
}

/** One entry of the tenant's operate log, or undefined. */
export async function getOperateLog(ctx: RequestContext, id: unknown): Promise<OperateLogRow | undefined> {
  const tenant = requireTenant(ctx);
  if (!isUuid(id)) return undefined;
  return withTenant(ctx.db, tenant.id, (tx) => findOperateLog(tx, tenant.id, id));
}

/** The entry as written: what from the input, who, where and when from the request. */
function entryOf(ctx: RequestContext, user: AuthUser, input: OperateLogInput): NewOperateLog {
  return {
    operate_user_id: user.account,
    operate_user_name: user.name,
    id_address: ctx.ip,
    operate_module: input.operate_module,
    operate_type: input.operate_type,
    operate_content: input.operate_content,
    operate_object: input.operate_object,
  };
}

/** Records client-side actions of the signed-in user (the web app logs what it does). Returns the new ids. */
export async function saveOperateLogs(ctx: RequestContext, input: unknown, batch: boolean): Promise<string[]> {
  const { tenant, user } = requireUser(ctx);
  const models = batch ? parseInput(operateLogBatchInput, input) : [parseInput(operateLogInput, input)];
  const rows = await withTenant(ctx.db, tenant.id, (tx) =>
    insertOperateLogs(
      tx,
      tenant.id,
      models.map((m) => entryOf(ctx, user, m)),
    ),
  );
  return rows.map((r) => r.id);
}

/** Deletes entries of the tenant; the deletion is itself logged. Refuses when none of the ids exists. */
async function deleteEntries(ctx: RequestContext, ids: unknown, type: 'delete' | 'deleteAll'): Promise<string[]> {
  const { tenant } = requireUser(ctx);
  if (!Array.isArray(ids) || ids.length === 0) throw new AppError('REQUIRED', { field: 'ids' });
  if (ids.length > OPERATE_LOG_DELETE_MAX) {
    throw new AppError('INVALID_INPUT', { detail: `ids: at most ${OPERATE_LOG_DELETE_MAX}` });
  }
  const wanted = [...new Set(ids.filter(isUuid))];
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const deleted = await deleteOperateLogs(tx, tenant.id, wanted);
    if (deleted.length === 0) throw new AppError('OPERATE_LOG_NOT_FOUND');
    const summary = deleted
      .map((r) => `${r.operate_module}/${r.operate_type} ${r.operate_user_id} ${r.operate_time.toISOString()}`)
      .join('; ');
    await audit(tx, ctx, {
      module: 'log',
      type,
      content: `删除 ${deleted.length} 条操作日志: ${summary}`,
      object: deleted.map((r) => r.id).join(','),
    });
    return deleted.map((r) => r.id);
  });
}

/** Deletes one entry of the tenant's operate log (logged). Returns its id. */
export async function deleteOperateLog(ctx: RequestContext, id: unknown): Promise<string[]> {
  if (id === null || id === undefined || id === '') throw new AppError('REQUIRED', { field: 'id' });
  return deleteEntries(ctx, [id], 'delete');
}

/** Deletes entries of the tenant's operate log (one log entry for the lot). Returns the ids that existed. */
export async function deleteOperateLogAll(ctx: RequestContext, ids: unknown): Promise<string[]> {
  return deleteEntries(ctx, ids, 'deleteAll');
}
