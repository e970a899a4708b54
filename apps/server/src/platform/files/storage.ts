import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import { withTenant, type Db, type Tx } from '../../db/client.ts';
import { isUuid } from '../ids.ts';
import { deleteBlob, insertBlob, readBlobSlice } from './files.repository.ts';

/**
 * Where uploaded bytes live. App instances share nothing but the database, so a deployment
 * with several instances keeps the bytes in the database or in an S3-compatible store; the
 * local-disk store suits a single instance (the embedded default).
 */
export interface FileStorage {
  /** For logs: `local`, `database` or `s3`. */
  readonly kind: StorageKind;
  /**
   * The store is the database: `put` writes in `opts.tx` when given, so the bytes commit or
   * roll back with the caller's rows. The other stores ignore `opts.tx`.
   */
  readonly transactional: boolean;
  /** Stores the stream's bytes under `key`; nothing is left under the key when the stream fails. Returns the size. */
  put(key: string, stream: Readable, opts?: { tx?: Tx }): Promise<{ size: number }>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export type StorageKind = 'local' | 'database' | 's3';

/**
 * The store itself failed (disk full, database or S3 unreachable, S3 refused the credentials):
 * not the request's fault. The request answers FILE_STORAGE_UNAVAILABLE; the process goes on.
 */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

/** Keys are `/`-separated segments of letters, digits, `-` and `_` (tenant id, file id). */
const KEY_RE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

function checkKey(key: string): string {
  if (!KEY_RE.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Reads a stream to one buffer (the database and S3 stores need the length before they write;
 * uploads are capped by UPLOAD_MAX_BYTES). The stream's own error is thrown as it is.
 */
export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** Files under a directory: `<root>/<key>`. Writes go to a temporary file first, then are renamed into place. */
export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local';
  readonly transactional = false;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, stream: Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, '.tmp');
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    // The stream's error (a refused or cut upload) is the request's; any other is the disk's.
    let streamError: unknown = null;
    stream.once('error', (err) => (streamError = err));
    try {
      await fsp.mkdir(tmpDir, { recursive: true });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await pipeline(stream, fs.createWriteStream(tmp, { flags: 'wx' }));
      const { size } = await fsp.stat(tmp);
      await fsp.rename(tmp, target);
      return { size };
    } catch (err) {
      await fsp.rm(tmp, { force: true }).catch(() => undefined);
      if (err === streamError) throw err;
      stream.destroy();
      throw new StorageError(`cannot write ${key} under ${this.root}: ${messageOf(err)}`, { cause: err });
    }
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw new StorageError(`cannot read ${key} under ${this.root}: ${messageOf(err)}`, { cause: err });
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await fsp.rm(file, { force: true });
    } catch (err) {
      throw new StorageError(`cannot delete ${key} under ${this.root}: ${messageOf(err)}`, { cause: err });
    }
  }
}

/** A database store's key: `<tenant id>/<file id>`, both UUIDs (the tenant scopes row-level security). */
function blobKey(key: string): { tenantId: string; fileId: string } {
  const [tenantId, fileId, ...rest] = checkKey(key).split('/');
  if (!tenantId || !fileId || rest.length || !isUuid(tenantId) || !isUuid(fileId)) {
    throw new Error(`invalid storage key for the database store: ${key}`);
  }
  return { tenantId, fileId };
}

/** How much of a file one query of the database store reads when serving it. */
export const BLOB_SLICE_BYTES = 256 * 1024;

/**
 * Files in PostgreSQL (`file_blobs`, one row per file, under row-level security like every
 * tenant table): every instance sees them, and they are in the database's backups. A file is
 * written in one statement, in the caller's transaction when given (the upload service buffers
 * the upload first, so no transaction is held open while a slow client sends it), and served in slices of `BLOB_SLICE_BYTES`, each read in its own short transaction
 * only when the response has room for it, so a download holds neither a connection nor more
 * than a slice of memory.
 */
export class DatabaseStorage implements FileStorage {
  readonly kind = 'database';
  readonly transactional = true;

  constructor(
    private readonly db: Db,
    private readonly sliceBytes = BLOB_SLICE_BYTES,
  ) {}

  async put(key: string, stream: Readable, opts: { tx?: Tx } = {}): Promise<{ size: number }> {
    const { tenantId, fileId } = blobKey(key);
    const data = await collect(stream);
    try {
      if (opts.tx) await insertBlob(opts.tx, tenantId, fileId, data);
      else await withTenant(this.db, tenantId, (tx) => insertBlob(tx, tenantId, fileId, data));
    } catch (err) {
      throw new StorageError(`cannot store ${key} in the database: ${messageOf(err)}`, { cause: err });
    }
    return { size: data.length };
  }

  private async slice(key: string, offset: number): Promise<{ size: number; data: Buffer } | undefined> {
    const { tenantId, fileId } = blobKey(key);
    try {
      return await withTenant(this.db, tenantId, (tx) => readBlobSlice(tx, tenantId, fileId, offset, this.sliceBytes));
    } catch (err) {
      throw new StorageError(`cannot read ${key} from the database: ${messageOf(err)}`, { cause: err });
    }
  }

  async get(key: string): Promise<Readable | null> {
    const first = await this.slice(key, 0);
    if (!first) return null;
    const { size } = first;
    const next = (offset: number) => this.slice(key, offset);
    async function* slices(): AsyncGenerator<Buffer> {
      if (first!.data.length) yield first!.data;
      for (let offset = first!.data.length; offset < size;) {
        const slice = await next(offset);
        // Blobs are never rewritten, only deleted: a missing slice means the file went away mid-read.
        if (!slice?.data.length) throw new StorageError(`${key} was deleted while being read`);
        yield slice.data;
        offset += slice.data.length;
      }
    }
    return Readable.from(slices(), { objectMode: false });
  }

  async delete(key: string): Promise<void> {
    const { tenantId, fileId } = blobKey(key);
    try {
      await withTenant(this.db, tenantId, (tx) => deleteBlob(tx, tenantId, fileId));
    } catch (err) {
      throw new StorageError(`cannot delete ${key} from the database: ${messageOf(err)}`, { cause: err });
    }
  }
}

/** The `<Code>` of an S3 error answer (its body is read), or ''. */
async function s3ErrorCode(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? '';
}

/** How to reach an S3-compatible store (see `Config.s3`). */
export interface S3Settings {
  /** `https://s3.example.edu` (scheme, host, optional port and path). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint host>/<key>`. */
  pathStyle: boolean;
}

/** How long an S3 request may take to answer (its headers; a body then streams as fast as the client reads). */
export const S3_TIMEOUT_MS = 20_000;

/**
 * Files in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, ...), requests signed with
 * SigV4 (`aws4fetch`). Puts are buffered (S3 needs the length first; uploads are capped by
 * UPLOAD_MAX_BYTES) and carry the body's SHA-256, which the store checks; gets stream the
 * object's body. A request that does not answer within `timeoutMs` fails, and so does any
 * answer other than success (or 404 for a missing object): the request that needed it is
 * refused, nothing else.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  readonly transactional = false;
  private readonly client: AwsClient;

  constructor(
    private readonly s3: S3Settings,
    private readonly timeoutMs = S3_TIMEOUT_MS,
  ) {
    // Two retries of a 5xx or 429 answer (S3's SlowDown), with jittered backoff from 50 ms.
    this.client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: s3.region,
      service: 's3',
      retries: 2,
    });
  }

  /** The object's URL; keys are made of URL-safe characters only (`checkKey`). */
  objectUrl(key: string): string {
    const endpoint = new URL(this.s3.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, '');
    const bucket = encodeURIComponent(this.s3.bucket);
    return this.s3.pathStyle
      ? `${endpoint.origin}${base}/${bucket}/${checkKey(key)}`
      : `${endpoint.protocol}//${bucket}.${endpoint.host}${base}/${checkKey(key)}`;
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer): Promise<Response> {
    const url = this.objectUrl(key);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`no answer within ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    try {
      return await this.client.fetch(url, {
        method,
        signal: controller.signal,
        ...(body
          ? {
              body,
              headers: {
                'content-length': String(body.length),
                'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
              },
            }
          : {}),
      });
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause;
      throw new StorageError(`S3 ${method} ${key}: ${messageOf(err)}${cause ? ` (${messageOf(cause)})` : ''}`, {
        cause: err,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** An S3 error answer as a StorageError naming its status and S3 code (`AccessDenied`, `NoSuchBucket`...). */
  private async refused(method: string, key: string, res: Response): Promise<StorageError> {
    const code = await s3ErrorCode(res);
    return new StorageError(`S3 ${method} ${key}: HTTP ${res.status}${code ? ` ${code}` : ''}`);
  }

  /**
   * Whether an answer says the object is not there: a 404 other than for the bucket (a missing
   * bucket is the deployment's fault, not a missing file, and must not read as one).
   */
  private async missing(method: string, key: string, res: Response): Promise<boolean> {
    if (res.status !== 404) return false;
    const code = await s3ErrorCode(res);
    if (code === 'NoSuchBucket') throw new StorageError(`S3 ${method} ${key}: HTTP 404 ${code}`);
    return true;
  }

  async put(key: string, stream: Readable): Promise<{ size: number }> {
    const body = await collect(stream);
    const res = await this.send('PUT', key, body);
    if (!res.ok) throw await this.refused('PUT', key, res);
    await res.body?.cancel();
    return { size: body.length };
  }

  async get(key: string): Promise<Readable | null> {
    const res = await this.send('GET', key);
    if (await this.missing('GET', key, res)) return null;
    if (!res.ok || !res.body) throw await this.refused('GET', key, res);
    return Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (await this.missing('DELETE', key, res)) return;
    if (!res.ok) throw await this.refused('DELETE', key, res);
    await res.body?.cancel();
  }
}

/**
 * A shared store that still serves the files an instance kept on its own disk before the
 * deployment switched to it: reads fall back to the disk, writes go to the shared store only,
 * deletes go to both. `scripts/copy-uploads.ts` moves the old files over for good.
 */
export class FallbackReadStorage implements FileStorage {
  readonly kind: StorageKind;
  readonly transactional: boolean;

  constructor(
    private readonly primary: FileStorage,
    private readonly legacy: FileStorage,
  ) {
    this.kind = primary.kind;
    this.transactional = primary.transactional;
  }

  put(key: string, stream: Readable, opts?: { tx?: Tx }): Promise<{ size: number }> {
    return this.primary.put(key, stream, opts);
  }

  async get(key: string): Promise<Readable | null> {
    return (await this.primary.get(key)) ?? (await this.legacy.get(key));
  }

  async delete(key: string): Promise<void> {
    await this.primary.delete(key);
    await this.legacy.delete(key);
  }
}

/** Where the local-disk store keeps files: `<DATA_DIR>/uploads`. */
export const uploadsDir = (config: { dataDir: string }) => path.join(config.dataDir, 'uploads');

/** The settings `storageFor` reads. */
export interface StorageConfig {
  storage: StorageKind;
  dataDir: string;
  s3: S3Settings;
}

/** The store `STORAGE` names, on its own (without the fallback to the local disk). */
export function configuredStore(config: StorageConfig, db: Db): FileStorage {
  switch (config.storage) {
    case 'local':
      return new LocalDiskStorage(uploadsDir(config));
    case 'database':
      return new DatabaseStorage(db);
    case 's3':
      return new S3Storage(config.s3);
  }
}

/**
 * The deployment's file storage (`STORAGE`): local disk under `<DATA_DIR>/uploads`, or the
 * database, or S3; the last two fall back to the local disk for files stored before the switch.
 */
export function storageFor(config: StorageConfig, db: Db): FileStorage {
  const store = configuredStore(config, db);
  return store.kind === 'local' ? store : new FallbackReadStorage(store, new LocalDiskStorage(uploadsDir(config)));
}
