import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { FallbackReadStorage, LocalDiskStorage, StorageError } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every regular file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('LocalDiskStorage', () => {
  const storage = new LocalDiskStorage(root);

  it('stores, reads back and deletes', async () => {
    const { size } = await storage.put('tenant-a/file-1', Readable.from([Buffer.from('hello '), Buffer.from('世界')]));
    expect(size).toBe(Buffer.byteLength('hello 世界'));
    expect(fs.existsSync(path.join(root, 'tenant-a', 'file-1'))).toBe(true);
    const stream = await storage.get('tenant-a/file-1');
    expect(await text(stream!)).toBe('hello 世界');
    await storage.delete('tenant-a/file-1');
    expect(await storage.get('tenant-a/file-1')).toBeNull();
    await storage.delete('tenant-a/file-1');
  });

  it('leaves nothing behind when the stream fails', async () => {
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('cut');
    }
    await expect(storage.put('tenant-a/file-2', Readable.from(failing()))).rejects.toThrow('cut');
    expect(fs.existsSync(path.join(root, 'tenant-a', 'file-2'))).toBe(false);
    expect(filesUnder(path.join(root, '.tmp'))).toEqual([]);
  });

  it('refuses keys that could leave its directory', async () => {
    await expect(storage.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow('invalid storage key');
    await expect(storage.get('a/../../b')).rejects.toThrow('invalid storage key');
    await expect(storage.delete('/abs')).rejects.toThrow('invalid storage key');
  });

  it('fails with a StorageError, not the stream error, when the disk refuses', async () => {
    const blocked = path.join(root, 'blocked');
    fs.writeFileSync(blocked, 'a file where a directory should be');
    const store = new LocalDiskStorage(blocked);
    await expect(store.put('t/f', Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(StorageError);
    expect(await store.get('t/f')).toBeNull();
  });
});

describe('FallbackReadStorage', () => {
  const primary = new LocalDiskStorage(path.join(root, 'primary'));
  const legacy = new LocalDiskStorage(path.join(root, 'legacy'));
  const storage = new FallbackReadStorage(primary, legacy);

  it('writes to the primary store, reads the legacy one only for what the primary lacks, deletes from both', async () => {
    await legacy.put('t/old', Readable.from([Buffer.from('before the switch')]));
    await legacy.put('t/both', Readable.from([Buffer.from('legacy copy')]));
    await storage.put('t/both', Readable.from([Buffer.from('primary copy')]));
    await storage.put('t/new', Readable.from([Buffer.from('after the switch')]));
    expect(await primary.get('t/old')).toBeNull();
    expect(await legacy.get('t/new')).toBeNull();
    expect(await text((await storage.get('t/old'))!)).toBe('before the switch');
    expect(await text((await storage.get('t/both'))!)).toBe('primary copy');
    expect(await text((await storage.get('t/new'))!)).toBe('after the switch');
    expect(await storage.get('t/none')).toBeNull();
    await storage.delete('t/both');
    expect(await primary.get('t/both')).toBeNull();
    expect(await legacy.get('t/both')).toBeNull();
  });

  it('does not hide a failure of the primary store behind the legacy copy', async () => {
    const failing = new FallbackReadStorage(
      {
        kind: 's3',
        transactional: false,
        put: () => Promise.reject(new StorageError('down')),
        get: () => Promise.reject(new StorageError('down')),
        delete: () => Promise.reject(new StorageError('down')),
      },
      legacy,
    );
    await expect(failing.get('t/old')).rejects.toThrow('down');
  });
});
