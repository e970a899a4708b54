import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../context.ts';
import { operateLogs } from './audit.tables.ts';

export interface AuditEntry {
  /** Module, e.g. `tenant`, `notice`. */
  module: string;
  /** What was done, e.g. `save`, `update`, `delete`. */
  type: string;
  /** A readable description of the change. */
  content?: string;
  /** The id (or ids) of what was changed. */
  object?: string;
}

/**
 * Writes an operate-log entry in the caller's transaction, so a change and its log entry
 * are committed together or not at all. Every mutating use case calls it.
 */
export async function audit(tx: Tx, ctx: RequestContext, entry: AuditEntry): Promise<void> {
  const tenantId = ctx.tenant?.id;
  if (!tenantId) return;
  await tx.insert(operateLogs).values({
    tenant_id: tenantId,
    operate_user_id: ctx.user?.account ?? '',
    operate_user_name: ctx.user?.name ?? '',
    id_address: ctx.ip,
    operate_module: entry.module,
    operate_type: entry.type,
    operate_content: (entry.content ?? '').slice(0, 4000),
    operate_object: (entry.object ?? '').slice(0, 1000),
  });
}
