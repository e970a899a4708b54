import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../context.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { findFile, insertFile, type FileRow } from './files.repository.ts';
import { SNIFF_BYTES, detectFileType, sanitizeFileName, type FileType } from './files.rules.ts';
import type { FileStorage } from './storage.ts';

/** An upload as it arrives: its name and its bytes, read once. */
export interface IncomingFile {
  fileName: string;
  stream: AsyncIterable<Buffer>;
  /** True once the stream was cut at the size limit. */
  truncated(): boolean;
}

export interface StoredFile {
  id: string;
  uri: string;
}

function requireUser(ctx: RequestContext): { tenant: TenantRef; user: AuthUser } {
  if (!ctx.user || !ctx.tenant) throw new AppError('UNAUTHENTICATED');
  return { tenant: ctx.tenant, user: ctx.user };
}

/** The path a stored file is served at (under the web app's base path, like the original). */
export function fileUri(ctx: RequestContext, id: string): string {
  return `${ctx.config.basePath}/api/file/${id}`;
}

/** FILE_TOO_LARGE naming the configured limit. */
export function tooLarge(ctx: RequestContext): AppError {
  return new AppError('FILE_TOO_LARGE', { maxMb: Math.round((ctx.config.uploadMaxBytes / (1024 * 1024)) * 10) / 10 });
}

/**
 * Reads the first bytes to decide the type, then hands back a stream of the whole file
 * that fails when the size limit cut it. A refused file is read to its end (so the request
 * completes) and discarded.
 */
async function checkedStream(
  ctx: RequestContext,
  file: IncomingFile,
  fileName: string,
): Promise<{ type: FileType; stream: Readable }> {
  const iterator = file.stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const first = Buffer.concat(head);
  const drain = async () => {
    if (!ended) while (!(await iterator.next()).done);
  };
  if (first.length === 0) {
    await drain();
    throw new AppError('FILE_MISSING');
  }
  const type = detectFileType(fileName, first);
  if (!type) {
    await drain();
    throw new AppError('FILE_TYPE_NOT_ALLOWED', {
      type: fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.')) : fileName,
    });
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield first;
    if (!ended) {
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        yield next.value;
      }
    }
    if (file.truncated()) throw tooLarge(ctx);
  }
  return { type, stream: Readable.from(all(), { objectMode: false }) };
}

/**
 * Stores an upload of the signed-in user: checks its type by name and content, writes it to
 * storage, records it and logs the upload. A refused or failed upload leaves neither bytes
 * nor a row behind.
 */
export async function uploadFile(ctx: RequestContext, storage: FileStorage, file: IncomingFile): Promise<StoredFile> {
  const { tenant, user } = requireUser(ctx);
  const fileName = sanitizeFileName(file.fileName);
  const { type, stream } = await checkedStream(ctx, file, fileName);
  const id = randomUUID();
  const key = `${tenant.id}/${id}`;
  const { size } = await storage.put(key, stream);
  if (file.truncated() || size > ctx.config.uploadMaxBytes) {
    await storage.delete(key);
    throw tooLarge(ctx);
  }
  try {
    await withTenant(ctx.db, tenant.id, async (tx) => {
      await insertFile(tx, tenant.id, {
        id,
        original_name: fileName,
        mime_type: type.mime,
        size,
        storage_key: key,
        created_user: user.account,
      });
      await audit(tx, ctx, { module: 'file', type: 'upload', content: `${fileName} (${size} B)`, object: id });
    });
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
  return { id, uri: fileUri(ctx, id) };
}

export interface OpenedFile {
  row: FileRow;
  inline: boolean;
  stream: Readable;
}

/** A stored file of the caller's tenant with its bytes; FILE_NOT_FOUND otherwise. */
export async function openFile(ctx: RequestContext, storage: FileStorage, id: string): Promise<OpenedFile> {
  const tenant = ctx.tenant;
  if (!tenant || !isUuid(id)) throw new AppError('FILE_NOT_FOUND');
  const row = await withTenant(ctx.db, tenant.id, (tx) => findFile(tx, tenant.id, id));
  if (!row) throw new AppError('FILE_NOT_FOUND');
  const stream = await storage.get(row.storage_key);
  if (!stream) {
    ctx.log.error({ fileId: id, key: row.storage_key }, 'stored file has no bytes');
    throw new AppError('FILE_NOT_FOUND');
  }
  const inline = row.mime_type.startsWith('image/') || row.mime_type === 'application/pdf';
  return { row, inline, stream };
}

/** A file the server made itself (a QR code...), to store. */
export interface GeneratedFile {
  fileName: string;
  mime: string;
  bytes: Buffer;
}

/**
 * Stores a file the server made: the bytes go to storage, the row is written in the caller's
 * transaction. Returns the id, the uri it is served at and `discard`, which removes the bytes
 * again; call it when the transaction fails.
 */
export async function storeGeneratedFile(
  tx: Tx,
  storage: FileStorage,
  where: { tenantId: string; basePath: string; createdBy: string },
  file: GeneratedFile,
): Promise<StoredFile & { discard: () => Promise<void> }> {
  const id = randomUUID();
  const key = `${where.tenantId}/${id}`;
  const { size } = await storage.put(key, Readable.from([file.bytes]));
  const discard = () => storage.delete(key);
  try {
    await insertFile(tx, where.tenantId, {
      id,
      original_name: sanitizeFileName(file.fileName),
      mime_type: file.mime,
      size,
      storage_key: key,
      created_user: where.createdBy,
    });
  } catch (err) {
    await discard();
    throw err;
  }
  return { id, uri: `${where.basePath}/api/file/${id}`, discard };
}
