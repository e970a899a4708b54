import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { withTenant, type Db, type Tx } from '../../db/client.ts';
import { deploymentSecret } from '../auth/oidc-adapter.ts';
import { audit } from '../audit/audit.ts';
import type { AuthUser, RequestContext, TenantRef } from '../context.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../ids.ts';
import { findFile, insertFile, type FileRow } from './files.repository.ts';
import {
  FILE_LINK_TTL_SECONDS,
  SNIFF_BYTES,
  detectFileType,
  fileLinkSignature,
  fileLinkValid,
  filePurposes,
  sanitizeFileName,
  type FilePurpose,
  type FileType,
} from './files.rules.ts';
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
 * Whether the signed-in user may upload files anyone of the tenant can read (pictures of public
 * pages): the app wires it (administrators and resource administrators), since who administers
 * resources is a module's knowledge, not the platform's.
 */
export type MayPublish = (ctx: RequestContext) => Promise<boolean>;

/**
 * Refuses an upload whose purpose makes the file public when the user may not publish; called
 * before the body is read.
 */
export async function checkPurpose(ctx: RequestContext, purpose: FilePurpose, mayPublish: MayPublish): Promise<void> {
  requireUser(ctx);
  if (filePurposes[purpose].public && !(await mayPublish(ctx))) {
    throw new AppError('FILE_PURPOSE_NOT_ALLOWED', { purpose });
  }
}

/**
 * Stores an upload of the signed-in user for `purpose` (checked by `checkPurpose`, which decides
 * whether the file is public): checks its type by name and content, writes it to
 * storage, records it and logs the upload. A refused or failed upload leaves neither bytes
 * nor a row behind. With the database store the bytes, the row and the log entry commit
 * together (the upload is read to its end first, so the transaction is short); with the
 * others the bytes are written first and removed again if the row is not.
 */
export async function uploadFile(
  ctx: RequestContext,
  storage: FileStorage,
  file: IncomingFile,
  purpose: FilePurpose,
): Promise<StoredFile> {
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
      purpose,
      public: filePurposes[purpose].public,
    });
    await audit(tx, ctx, {
      module: 'file',
      type: 'upload',
      content: `${fileName} (${size} B, ${purpose})`,
      object: id,
    });
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

const linkKeys = new WeakMap<Db, Promise<Buffer>>();

/**
 * The key of signed file links: one per deployment, made on first use and kept in the database
 * like the sign-in cookie keys, so a link made by one instance opens on every other.
 */
export function fileLinkKey(db: Db): Promise<Buffer> {
  let key = linkKeys.get(db);
  if (!key) {
    key = deploymentSecret(db, 'file-link-key', async () => ({ key: randomBytes(32).toString('base64url') })).then(
      (secret) => Buffer.from(String(secret.key), 'base64url'),
    );
    // A failed read (the database down) is not remembered: the next request tries again.
    key.catch(() => linkKeys.delete(db));
    linkKeys.set(db, key);
  }
  return key;
}

/** The `exp` and `sig` query parameters of a request for a file, as they came. */
export interface FileLinkParams {
  exp?: unknown;
  sig?: unknown;
}

/**
 * A stored file of the caller's tenant with its bytes, when the caller may read it: a public
 * file to anyone, a private one to a signed-in user of the tenant or with a valid signed link.
 * FILE_NOT_FOUND when the tenant has no such file (another tenant's token included: its
 * tenant is the token's); FILE_SIGN_IN_REQUIRED for a private file asked without a token or
 * link, FILE_LINK_EXPIRED with a link that is expired or not valid.
 */
export async function openFile(
  ctx: RequestContext,
  storage: FileStorage,
  id: string,
  link: FileLinkParams = {},
): Promise<OpenedFile> {
  const tenant = ctx.tenant;
  if (!tenant || !isUuid(id)) throw new AppError('FILE_NOT_FOUND');
  const row = await withTenant(ctx.db, tenant.id, (tx) => findFile(tx, tenant.id, id));
  if (!row) throw new AppError('FILE_NOT_FOUND');
  if (!row.public && !ctx.user) {
    if (link.exp === undefined && link.sig === undefined) throw new AppError('FILE_SIGN_IN_REQUIRED');
    const key = await fileLinkKey(ctx.db);
    const valid = fileLinkValid(
      key,
      { tenantId: tenant.id, fileId: row.id, exp: link.exp, sig: link.sig },
      nowSeconds(),
    );
    if (!valid) throw new AppError('FILE_LINK_EXPIRED');
  }
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
  // A PDF is downloaded, not shown: it is served sandboxed like every file, and browsers do not
  // run their PDF viewer in a sandboxed document (Chrome blocks the page, Safari shows nothing).
  const inline = row.mime_type.startsWith('image/');
  return { row, inline, stream };
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** A signed link to a file, valid `FILE_LINK_TTL_SECONDS` from now, and when it expires. */
export interface FileLink {
  uri: string;
  expires_at: string;
}

/**
 * A signed link to a file of the signed-in user's tenant, for a page to show or open without
 * putting the user's token in a URL; a public file's link is its plain uri. FILE_NOT_FOUND
 * when the tenant has no such file.
 */
export async function fileLink(ctx: RequestContext, id: string): Promise<FileLink> {
  const { tenant } = requireUser(ctx);
  if (!isUuid(id)) throw new AppError('FILE_NOT_FOUND');
  const row = await withTenant(ctx.db, tenant.id, (tx) => findFile(tx, tenant.id, id));
  if (!row) throw new AppError('FILE_NOT_FOUND');
  const uri = fileUri(ctx, row.id);
  if (row.public) return { uri, expires_at: '' };
  const exp = nowSeconds() + FILE_LINK_TTL_SECONDS;
  const sig = fileLinkSignature(await fileLinkKey(ctx.db), tenant.id, row.id, exp);
  return { uri: `${uri}?exp=${exp}&sig=${sig}`, expires_at: new Date(exp * 1000).toISOString() };
}

/** A file the server made itself (a QR code...), to store. */
export interface GeneratedFile {
  fileName: string;
  mime: string;
  bytes: Buffer;
}

/**
 * Stores a file the server made, private unless `where.public`: the bytes go to storage (in the caller's transaction when the
 * store is the database), the row is written in the caller's transaction. Returns the id, the
 * uri it is served at and `discard`, which removes the bytes again; call it when the
 * transaction fails (it does nothing when the bytes were written in it).
 */
export async function storeGeneratedFile(
  tx: Tx,
  storage: FileStorage,
  where: { tenantId: string; basePath: string; createdBy: string; public?: boolean },
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
      purpose: 'generated',
      public: where.public ?? false,
    });
  } catch (err) {
    await discard();
    throw err;
  }
  return { id, uri: `${where.basePath}/api/file/${id}`, discard };
}
