/**
 * The S3 store against s3rver, a local S3-compatible server, in process. s3rver checks the
 * access key id but not SigV4 signatures (its SigV4 check is unimplemented), so a wrong
 * secret is not caught here; a wrong key id, a missing bucket, a server that is down and one
 * that never answers are.
 */
import net from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/files-s3-server.ts';
import { S3Storage, StorageError, type S3Settings } from './storage.ts';

let server: TestS3Server;
let settings: S3Settings;

beforeAll(async () => {
  server = await startS3Server();
  settings = server.settings;
});
afterAll(() => server.close());

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + 7) & 0xff));

describe('S3Storage', () => {
  it('stores, streams back and deletes', async () => {
    const store = new S3Storage(settings);
    const content = bytes(300_000);
    const { size } = await store.put('t1/f1', Readable.from([content.subarray(0, 1000), content.subarray(1000)]));
    expect(size).toBe(content.length);
    const stream = await store.get('t1/f1');
    expect(stream).toBeInstanceOf(Readable);
    expect((await buffer(stream!)).equals(content)).toBe(true);
    await store.delete('t1/f1');
    expect(await store.get('t1/f1')).toBeNull();
    await store.delete('t1/f1');
  });

  it('answers null for a missing object', async () => {
    expect(await new S3Storage(settings).get('t1/never-stored')).toBeNull();
  });

  it('writes nothing when the stream fails, and throws the stream error as it is', async () => {
    const store = new S3Storage(settings);
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('cut');
    }
    await expect(store.put('t1/f2', Readable.from(failing()))).rejects.toThrow('cut');
    expect(await store.get('t1/f2')).toBeNull();
  });

  it('fails with a StorageError naming the S3 code for an unknown key id or bucket', async () => {
    const wrongKey = new S3Storage({ ...settings, accessKeyId: 'NOT-A-KEY' });
    await expect(wrongKey.put('t1/f3', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      new StorageError('S3 PUT t1/f3: HTTP 403 InvalidAccessKeyId'),
    );
    await expect(wrongKey.get('t1/f3')).rejects.toBeInstanceOf(StorageError);
    const noBucket = new S3Storage({ ...settings, bucket: 'no-such-bucket' });
    await expect(noBucket.put('t1/f3', Readable.from([Buffer.from('x')]))).rejects.toThrow(/HTTP 404 NoSuchBucket/);
    await expect(noBucket.delete('t1/f3')).rejects.toThrow(/NoSuchBucket/);
    // a missing bucket is not a missing file
    await expect(noBucket.get('t1/f3')).rejects.toThrow(/NoSuchBucket/);
  });

  it('fails with a StorageError when the server is down', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const down = new S3Storage({ ...settings, endpoint: `http://127.0.0.1:${closed}` });
    await expect(down.get('t1/f1')).rejects.toThrow(/ECONNREFUSED/);
    await expect(down.put('t1/f1', Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(StorageError);
  });

  it('gives up on a server that does not answer after its timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const store = new S3Storage({ ...settings, endpoint: `http://127.0.0.1:${port}` }, 200);
      const started = Date.now();
      await expect(store.get('t1/f1')).rejects.toThrow(/no answer within 200 ms/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('addresses objects path-style or virtual-hosted-style', () => {
    const base = { ...settings, endpoint: 'https://s3.example.edu:9000/prefix', bucket: 'files' };
    expect(new S3Storage(base).objectUrl('t/f')).toBe('https://s3.example.edu:9000/prefix/files/t/f');
    expect(new S3Storage({ ...base, pathStyle: false }).objectUrl('t/f')).toBe(
      'https://files.s3.example.edu:9000/prefix/t/f',
    );
    expect(() => new S3Storage(base).objectUrl('../t/f')).toThrow('invalid storage key');
  });
});
