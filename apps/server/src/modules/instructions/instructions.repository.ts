import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { instructions } from './instructions.tables.ts';
import type { InstructionDraft } from './instructions.rules.ts';

export type InstructionRow = typeof instructions.$inferSelect;

/** `%` and `_` in a substring search are literal characters. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface InstructionQuery {
  /** Only this state. */
  state?: string;
  /** Substring of the title in either language. */
  titleLike?: string;
  titleEq?: string;
}

/** The tenant's instructions by order, then oldest first. */
export async function listInstructions(tx: Executor, tenantId: string, q: InstructionQuery): Promise<InstructionRow[]> {
  const conditions: SQL[] = [eq(instructions.tenant_id, tenantId)];
  if (q.state) conditions.push(eq(instructions.state, q.state));
  if (q.titleEq) conditions.push(eq(instructions.title, q.titleEq));
  if (q.titleLike) {
    const p = containsPattern(q.titleLike);
    conditions.push(or(ilike(instructions.title, p), ilike(instructions.title_en, p))!);
  }
  return tx
    .select()
    .from(instructions)
    .where(and(...conditions))
    .orderBy(asc(instructions.order), asc(instructions.create_time), asc(instructions.id));
}

export async function findInstruction(tx: Executor, tenantId: string, id: string): Promise<InstructionRow | undefined> {
  const [row] = await tx
    .select()
    .from(instructions)
    .where(and(eq(instructions.tenant_id, tenantId), eq(instructions.id, id)))
    .limit(1);
  return row;
}

export async function insertInstruction(
  tx: Executor,
  tenantId: string,
  draft: InstructionDraft,
): Promise<InstructionRow> {
  const [row] = await tx
    .insert(instructions)
    .values({ ...draft, tenant_id: tenantId })
    .returning();
  return row!;
}

/** Updates an instruction of the tenant; undefined when it does not exist. */
export async function updateInstruction(
  tx: Executor,
  tenantId: string,
  id: string,
  draft: InstructionDraft,
): Promise<InstructionRow | undefined> {
  const [row] = await tx
    .update(instructions)
    .set({ ...draft, update_time: new Date() })
    .where(and(eq(instructions.tenant_id, tenantId), eq(instructions.id, id)))
    .returning();
  return row;
}

export async function deleteInstruction(
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<InstructionRow | undefined> {
  const [row] = await tx
    .delete(instructions)
    .where(and(eq(instructions.tenant_id, tenantId), eq(instructions.id, id)))
    .returning();
  return row;
}
