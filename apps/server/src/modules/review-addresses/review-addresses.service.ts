import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError, UNIQUE_VIOLATION, sqlState } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { reviewAddressFilterInput, saveReviewAddressInput } from './review-addresses.inputs.ts';
import * as repo from './review-addresses.repository.ts';
import { prepareReviewAddress, toWireReviewAddress, type WireReviewAddress } from './review-addresses.rules.ts';

function requireTenant(ctx: RequestContext): TenantRef {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return ctx.tenant;
}

/** The tenant's review addresses, filtered by name and resource type. */
export async function listReviewAddresses(ctx: RequestContext, filter: unknown): Promise<WireReviewAddress[]> {
  const tenant = requireTenant(ctx);
  const f = parseInput(reviewAddressFilterInput, filter);
  const rows = await withTenant(ctx.db, tenant.id, (tx) => repo.listReviewAddresses(tx, tenant.id, f));
  return rows.map((r) => toWireReviewAddress(r, tenant.timeZone));
}

/** Creates (no id) or changes a review address (logged). Returns its id. */
export async function saveReviewAddress(ctx: RequestContext, input: unknown): Promise<string> {
  const tenant = requireTenant(ctx);
  const model = parseInput(saveReviewAddressInput, input ?? {});
  const draft = prepareReviewAddress(model);
  try {
    return await withTenant(ctx.db, tenant.id, async (tx) => {
      const row = model.id
        ? await repo.updateReviewAddress(tx, tenant.id, model.id, draft)
        : await repo.insertReviewAddress(tx, tenant.id, draft);
      if (!row) throw new AppError('REVIEW_ADDRESS_NOT_FOUND');
      await audit(tx, ctx, {
        module: 'reviewAddress',
        type: model.id ? 'update' : 'save',
        content: `${row.name} ${row.url}`,
        object: row.id,
      });
      return row.id;
    });
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw new AppError('REVIEW_ADDRESS_NAME_TAKEN');
    throw err;
  }
}

/** Deletes a review address of the tenant (logged). */
export async function deleteReviewAddress(ctx: RequestContext, id: unknown): Promise<string> {
  const tenant = requireTenant(ctx);
  if (id === null || id === undefined || id === '') throw new AppError('REQUIRED', { field: 'id' });
  if (!isUuid(id)) throw new AppError('REVIEW_ADDRESS_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await repo.deleteReviewAddress(tx, tenant.id, id);
    if (!row) throw new AppError('REVIEW_ADDRESS_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'reviewAddress',
      type: 'delete',
      content: `${row.name} ${row.url}`,
      object: row.id,
    });
    return row.id;
  });
}
