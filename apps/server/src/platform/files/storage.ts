import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live. App instances are stateless, so a deployment with several
 * instances gives them a shared backend; the local-disk one suits a single instance or a
 * shared volume.
 */
export interface FileStorage {
  /** Stores the stream's bytes under `key`; nothing is left under the key when the stream fails. Returns the size. */
  put(key: string, stream: Readable): Promise<{ size: number }>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are `/`-separated segments of letters, digits, `-` and `_` (tenant id, file id). */
const KEY_RE = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/** Files under a directory: `<root>/<key>`. Writes go to a temporary file first, then are renamed into place. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_RE.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, stream: Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, '.tmp');
    await fsp.mkdir(tmpDir, { recursive: true });
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    try {
      await pipeline(stream, fs.createWriteStream(tmp, { flags: 'wx' }));
      const { size } = await fsp.stat(tmp);
      await fsp.rename(tmp, target);
      return { size };
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}

/** The deployment's file storage: local disk under `<dataDir>/uploads`. */
export function storageFor(config: { dataDir: string }): FileStorage {
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
