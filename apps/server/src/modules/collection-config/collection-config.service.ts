import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError, UNIQUE_VIOLATION, sqlState } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import {
  collectionConfigFilterInput,
  saveCollectionConfigInput,
  sortCollectionConfigInput,
} from './collection-config.inputs.ts';
import * as repo from './collection-config.repository.ts';
import { prepareCollectionConfig, sortOrder, toWireCollectionConfig } from './collection-config.rules.ts';

function caller(ctx: RequestContext): { tenant: TenantRef; user: AuthUser } {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

/** The fields collected; administrators see disabled ones too, the booking form enabled ones only. */
export async function listCollectionConfigs(ctx: RequestContext, filter: unknown) {
  const { tenant, user } = caller(ctx);
  const f = parseInput(collectionConfigFilterInput, filter);
  const rows = await withTenant(ctx.db, tenant.id, (tx) =>
    repo.listCollectionConfigs(tx, tenant.id, f, user.role === 'admin'),
  );
  return rows.map((r) => toWireCollectionConfig(r, tenant.timeZone));
}

/** Creates (no id) or changes a collected field (logged). Returns its id. */
export async function saveCollectionConfig(ctx: RequestContext, input: unknown): Promise<string> {
  const { tenant } = caller(ctx);
  const model = parseInput(saveCollectionConfigInput, input ?? {});
  const draft = prepareCollectionConfig(model);
  try {
    return await withTenant(ctx.db, tenant.id, async (tx) => {
      const row = model.id
        ? await repo.updateCollectionConfig(tx, tenant.id, model.id, draft)
        : await repo.insertCollectionConfig(tx, tenant.id, draft);
      if (!row) throw new AppError('COLLECTION_CONFIG_NOT_FOUND');
      await audit(tx, ctx, {
        module: 'collectionConfig',
        type: model.id ? 'update' : 'save',
        content: `${row.resource_type_id} ${row.field_name} (${row.field_type}) ${row.label_zh}`,
        object: row.id,
      });
      return row.id;
    });
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw new AppError('COLLECTION_FIELD_TAKEN', { field: draft.field_name });
    throw err;
  }
}

/** Deletes a collected field of the tenant (logged). */
export async function deleteCollectionConfig(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = caller(ctx);
  if (id === null || id === undefined || id === '') throw new AppError('REQUIRED', { field: 'id' });
  if (!isUuid(id)) throw new AppError('COLLECTION_CONFIG_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await repo.deleteCollectionConfig(tx, tenant.id, id);
    if (!row) throw new AppError('COLLECTION_CONFIG_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'collectionConfig',
      type: 'delete',
      content: `${row.resource_type_id} ${row.field_name} ${row.label_zh}`,
      object: row.id,
    });
    return row.id;
  });
}

/** Orders the fields of one resource type as listed (logged). Returns the ids. */
export async function sortCollectionConfig(ctx: RequestContext, ids: unknown): Promise<string[]> {
  const { tenant } = caller(ctx);
  if (!Array.isArray(ids) || ids.length === 0) throw new AppError('REQUIRED', { field: 'ids' });
  const list = parseInput(sortCollectionConfigInput, ids);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const rows = await repo.findCollectionConfigs(tx, tenant.id, [...new Set(list)]);
    const order = sortOrder(list, rows);
    await repo.setCollectionOrder(tx, tenant.id, order);
    await audit(tx, ctx, {
      module: 'collectionConfig',
      type: 'sort',
      content: `${rows[0]!.resource_type_id}: ${list.map((id) => rows.find((r) => r.id === id)!.field_name).join(', ')}`,
      object: list.join(','),
    });
    return list;
  });
}
