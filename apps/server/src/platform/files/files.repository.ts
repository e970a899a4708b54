import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fileBlobs, files } from './files.tables.ts';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(
  tx: Executor,
  tenantId: string,
  values: Pick<
    FileRow,
    'id' | 'original_name' | 'mime_type' | 'size' | 'storage_key' | 'created_user' | 'purpose' | 'public'
  >,
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

/** Stores a file's bytes (`STORAGE=database`). */
export async function insertBlob(tx: Executor, tenantId: string, fileId: string, data: Buffer): Promise<void> {
  await tx.insert(fileBlobs).values({ tenant_id: tenantId, file_id: fileId, data });
}

/**
 * Up to `length` bytes of a stored file from `offset`, with the file's whole size; undefined
 * when there is no such file. `octet_length` of an out-of-line value reads only its TOAST
 * pointer, and `substring` only the chunks of the slice.
 */
export async function readBlobSlice(
  tx: Executor,
  tenantId: string,
  fileId: string,
  offset: number,
  length: number,
): Promise<{ size: number; data: Buffer } | undefined> {
  const [row] = await tx
    .select({
      size: sql<number>`octet_length(${fileBlobs.data})`.mapWith(Number),
      data: sql<Buffer>`substring(${fileBlobs.data} from ${offset + 1} for ${length})`.mapWith(fileBlobs.data),
    })
    .from(fileBlobs)
    .where(and(eq(fileBlobs.tenant_id, tenantId), eq(fileBlobs.file_id, fileId)))
    .limit(1);
  return row;
}

/** Removes a file's bytes; true when there were any. */
export async function deleteBlob(tx: Executor, tenantId: string, fileId: string): Promise<boolean> {
  const rows = await tx
    .delete(fileBlobs)
    .where(and(eq(fileBlobs.tenant_id, tenantId), eq(fileBlobs.file_id, fileId)))
    .returning({ id: fileBlobs.file_id });
  return rows.length > 0;
}

/** The storage keys of a tenant's files, oldest first. */
export async function storageKeysOf(tx: Executor, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ key: files.storage_key })
    .from(files)
    .where(eq(files.tenant_id, tenantId))
    .orderBy(files.create_time);
  return rows.map((r) => r.key);
}
