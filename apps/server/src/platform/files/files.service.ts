import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { withTenant, type Tx } from '../../db/client.ts';
import { audit } from '../audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../context.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { findFile, insertFile, type FileRow } from './files.repository.ts';
import { SNIFF_BYTES, detectFileType, sanitizeFileName, type FileType } from './files.rules.ts';
import { collect, StorageError, type FileStorage } from './storage.ts';

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
 * A failure of the store itself as the request's refusal, FILE_STORAGE_UNAVAILABLE (logged with
 * its cause: the operator needs it, the client must not see it); any other error unchanged.
 */
function storageRefusal(ctx: RequestContext, storage: FileStorage, err: unknown, key: string): unknown {
  if (!(err instanceof StorageError)) return err;
  ctx.log.error({ err, storage: storage.kind, key }, 'file storage failed');
  return new AppError('FILE_STORAGE_UNAVAILABLE');
}

/** Removes bytes whose file was refused or not recorded; a failure leaves them orphaned and is logged, not thrown. */
async function discardBytes(ctx: RequestContext, storage: FileStorage, key: string): Promise<void> {
  try {
    await storage.delete(key);
  } catch (err) {
    ctx.log.error({ err, storage: storage.kind, key }, 'could not remove the bytes of a file that was not recorded');
  }
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
 * nor a row behind. With the database store the bytes, the row and the log entry commit
 * together (the upload is read to its end first, so the transaction is short); with the
 * others the bytes are written first and removed again if the row is not.
 */
export async function uploadFile(ctx: RequestContext, storage: FileStorage, file: IncomingFile): Promise<StoredFile> {
  const { tenant, user } = requireUser(ctx);
  const fileName = sanitizeFileName(file.fileName);
  const { type, stream } = await checkedStream(ctx, file, fileName);
  const id = randomUUID();
  const key = `${tenant.id}/${id}`;
  const record = async (tx: Tx, size: number) => {
    await insertFile(tx, tenant.id, {
      id,
      original_name: fileName,
      mime_type: type.mime,
      size,
      storage_key: key,
      created_user: user.account,
    });
    await audit(tx, ctx, { module: 'file', type: 'upload', content: `${fileName} (${size} B)`, object: id });
  };

  if (storage.transactional) {
    const bytes = await collect(stream);
    if (file.truncated() || bytes.length > ctx.config.uploadMaxBytes) throw tooLarge(ctx);
    try {
      await withTenant(ctx.db, tenant.id, async (tx) => {
        const { size } = await storage.put(key, Readable.from([bytes]), { tx });
        await record(tx, size);
      });
    } catch (err) {
      throw storageRefusal(ctx, storage, err, key);
    }
    return { id, uri: fileUri(ctx, id) };
  }

  let size: number;
  try {
    ({ size } = await storage.put(key, stream));
  } catch (err) {
    throw storageRefusal(ctx, storage, err, key);
  }
  if (file.truncated() || size > ctx.config.uploadMaxBytes) {
    await discardBytes(ctx, storage, key);
    throw tooLarge(ctx);
  }
  try {
    await withTenant(ctx.db, tenant.id, (tx) => record(tx, size));
  } catch (err) {
    await discardBytes(ctx, storage, key);
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
  let stream: Readable | null;
  try {
    stream = await storage.get(row.storage_key);
  } catch (err) {
    throw storageRefusal(ctx, storage, err, row.storage_key);
  }
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
 * Stores a file the server made: the bytes go to storage (in the caller's transaction when the
 * store is the database), the row is written in the caller's transaction. Returns the id, the
 * uri it is served at and `discard`, which removes the bytes again; call it when the
 * transaction fails (it does nothing when the bytes were written in it).
 */
export async function storeGeneratedFile(
  tx: Tx,
  storage: FileStorage,
  where: { tenantId: string; basePath: string; createdBy: string },
  file: GeneratedFile,
): Promise<StoredFile & { discard: () => Promise<void> }> {
  const id = randomUUID();
  const key = `${where.tenantId}/${id}`;
  let size: number;
  try {
    ({ size } = await storage.put(key, Readable.from([file.bytes]), { tx }));
  } catch (err) {
    if (!(err instanceof StorageError)) throw err;
    const refusal = new AppError('FILE_STORAGE_UNAVAILABLE');
    refusal.cause = err;
    throw refusal;
  }
  // Bytes written in the transaction go with its rollback; deleting them through another
  // connection from inside it could wait on that very transaction (PGlite has one connection).
  const discard = storage.transactional ? async () => {} : () => storage.delete(key);
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
