import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './storage.ts';

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
});
