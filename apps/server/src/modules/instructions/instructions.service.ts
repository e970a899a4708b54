import { withTenant } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseInput } from '../../platform/validation.ts';
import { instructionFilterInput, saveInstructionInput } from './instructions.inputs.ts';
import * as repo from './instructions.repository.ts';
import { prepareInstruction, toWireInstruction, visibleTo, type WireInstruction } from './instructions.rules.ts';

function caller(ctx: RequestContext): { tenant: TenantRef; user: AuthUser } {
  if (!ctx.tenant || !ctx.user) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

/** The tenant's instructions by order; users who are not administrators get published ones only. */
export async function listInstructions(ctx: RequestContext, filter: unknown): Promise<WireInstruction[]> {
  const { tenant, user } = caller(ctx);
  const f = parseInput(instructionFilterInput, filter);
  const isAdmin = user.role === 'admin';
  const state = isAdmin ? f.state?.eq : 'published';
  const rows = await withTenant(ctx.db, tenant.id, (tx) =>
    repo.listInstructions(tx, tenant.id, { state, titleEq: f.title?.eq, titleLike: f.title?.like }),
  );
  return rows.map((r) => toWireInstruction(r, tenant.timeZone));
}

/** One instruction, or null when missing or not visible to the caller. */
export async function getInstruction(ctx: RequestContext, id: unknown): Promise<WireInstruction | null> {
  const { tenant, user } = caller(ctx);
  if (!isUuid(id)) return null;
  const row = await withTenant(ctx.db, tenant.id, (tx) => repo.findInstruction(tx, tenant.id, id));
  if (!row || !visibleTo(user.role === 'admin', row.state)) return null;
  return toWireInstruction(row, tenant.timeZone);
}

/** Creates (no id) or changes an instruction; its HTML is stored sanitized. Returns its id. */
export async function saveInstruction(ctx: RequestContext, input: unknown): Promise<string> {
  const { tenant } = caller(ctx);
  const model = parseInput(saveInstructionInput, input ?? {});
  const draft = prepareInstruction(model);
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = model.id
      ? await repo.updateInstruction(tx, tenant.id, model.id, draft)
      : await repo.insertInstruction(tx, tenant.id, draft);
    if (!row) throw new AppError('INSTRUCTION_NOT_FOUND');
    await audit(tx, ctx, {
      module: 'instruction',
      type: model.id ? 'update' : 'save',
      content: `${row.title} (${row.state})`,
      object: row.id,
    });
    return row.id;
  });
}

/** Deletes an instruction of the tenant (logged). */
export async function deleteInstruction(ctx: RequestContext, id: unknown): Promise<string> {
  const { tenant } = caller(ctx);
  if (id === null || id === undefined || id === '') throw new AppError('REQUIRED', { field: 'id' });
  if (!isUuid(id)) throw new AppError('INSTRUCTION_NOT_FOUND');
  return withTenant(ctx.db, tenant.id, async (tx) => {
    const row = await repo.deleteInstruction(tx, tenant.id, id);
    if (!row) throw new AppError('INSTRUCTION_NOT_FOUND');
    await audit(tx, ctx, { module: 'instruction', type: 'delete', content: row.title, object: row.id });
    return row.id;
  });
}
