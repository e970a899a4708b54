import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { files } from './files.tables.ts';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(
  tx: Executor,
  tenantId: string,
  values: Pick<FileRow, 'id' | 'original_name' | 'mime_type' | 'size' | 'storage_key' | 'created_user'>,
): Promise<FileRow> {
  const [row] = await tx
    .insert(files)
    .values({ ...values, tenant_id: tenantId })
    .returning();
  if (!row) throw new Error('file row missing after insert');
  return row;
}

export async function findFile(tx: Executor, tenantId: string, id: string): Promise<FileRow | undefined> {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.tenant_id, tenantId), eq(files.id, id)))
    .limit(1);
  return row;
}
