/**
 * The shared file stores: the database store on its own (slices, transactions, faults), and
 * uploads through the app with STORAGE=database and STORAGE=s3 (s3rver in process): the bytes
 * leave no trace on the local disk, files stored on disk before the switch are still served,
 * and a store that fails refuses that request with FILE_STORAGE_UNAVAILABLE, nothing else.
 * On PGlite, or on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTenant, type Database } from '../src/db/client.ts';
import { findFile } from '../src/platform/files/files.repository.ts';
import { storeGeneratedFile } from '../src/platform/files/files.service.ts';
import { fileBlobs, files } from '../src/platform/files/files.tables.ts';
import { copyToSharedStore } from '../src/platform/files/files.copy.ts';
import {
  BLOB_SLICE_BYTES,
  configuredStore,
  DatabaseStorage,
  LocalDiskStorage,
  StorageError,
  storageFor,
  uploadsDir,
} from '../src/platform/files/storage.ts';
import { startS3Server, type TestS3Server } from './files-s3-server.ts';
import { createTestApp, demoAccounts, freshDatabase, type TestApp } from './support.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d494844520000000100000001080600000001f15c48900', 'hex'),
  Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) & 0xff)),
]);

/** Text larger than several slices of the database store, every line different. */
const LONG_TEXT = Buffer.from(
  Array.from({ length: 40_000 }, (_, i) => `第${i}行 line ${i} ${'x'.repeat(i % 13)}\n`).join(''),
);

describe('DatabaseStorage', () => {
  let database: Database;
  const tenant = randomUUID();
  const other = randomUUID();
  const key = (fileId = randomUUID(), tenantId = tenant) => `${tenantId}/${fileId}`;

  let closed = false;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    if (!closed) await database.close();
  });

  it.each([
    ['one byte', Buffer.from([7])],
    ['exactly one slice', Buffer.alloc(1000, 1)],
    ['one byte over a slice', Buffer.alloc(1001, 2)],
    ['many slices', LONG_TEXT.subarray(0, 7777)],
  ])('stores and serves %s byte for byte, in slices', async (_label, content) => {
    const store = new DatabaseStorage(database.db, 1000);
    const k = key();
    const stored = await store.put(k, Readable.from([content.subarray(0, 10), content.subarray(10)]));
    expect(stored).toEqual({ size: content.length });
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.get(k))!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
    expect(chunks.every((c) => c.length <= 1000)).toBe(true);
    expect(chunks.length).toBe(Math.ceil(content.length / 1000));
  });

  it('answers null for a missing file and for another tenant, and deletes', async () => {
    const store = new DatabaseStorage(database.db);
    const fileId = randomUUID();
    await store.put(key(fileId), Readable.from([PNG]));
    expect(await store.get(key(randomUUID()))).toBeNull();
    expect(await store.get(key(fileId, other))).toBeNull();
    await store.delete(key(fileId, other));
    expect((await buffer((await store.get(key(fileId)))!)).equals(PNG)).toBe(true);
    await store.delete(key(fileId));
    expect(await store.get(key(fileId))).toBeNull();
    await store.delete(key(fileId));
  });

  it("writes in the caller's transaction: a rollback takes the bytes with it", async () => {
    const store = new DatabaseStorage(database.db);
    const k = key();
    await expect(
      withTenant(database.db, tenant, async (tx) => {
        expect(await store.put(k, Readable.from([PNG]), { tx })).toEqual({ size: PNG.length });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await store.get(k)).toBeNull();
  });

  it('stores nothing when the stream fails, throwing its error as it is', async () => {
    const store = new DatabaseStorage(database.db);
    const k = key();
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('cut');
    }
    await expect(store.put(k, Readable.from(failing()))).rejects.toThrow('cut');
    expect(await store.get(k)).toBeNull();
  });

  it('refuses keys that are not a tenant and a file id', async () => {
    const store = new DatabaseStorage(database.db);
    await expect(store.get('not/uuids')).rejects.toThrow('invalid storage key');
    await expect(store.get(tenant)).rejects.toThrow('invalid storage key');
  });

  it('fails with a StorageError when the database does not answer', async () => {
    // the last test of the block: it closes the database the others used
    await database.close();
    closed = true;
    const store = new DatabaseStorage(database.db);
    await expect(store.get(key())).rejects.toBeInstanceOf(StorageError);
    await expect(store.put(key(), Readable.from([PNG]))).rejects.toBeInstanceOf(StorageError);
    await expect(store.delete(key())).rejects.toBeInstanceOf(StorageError);
  });
});

/** A multipart/form-data body with one file part. */
function form(fileName: string, content: Buffer) {
  const boundary = `----yuyue${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Every file under a directory. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe.each(['database', 's3'] as const)('uploads with STORAGE=%s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `yuyue-files-${kind}-`));
  let s3: TestS3Server;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    // The visitor data key from configuration: a key file of its own would be the only thing on disk.
    t = await createTestApp({
      dataDir,
      storage: kind,
      s3: s3.settings,
      uploadMaxBytes: 2 * 1024 * 1024,
      visitorDataKey: Buffer.alloc(32, 1).toString('base64'),
    });
    token = await t.tokenFor(demoAccounts.user.account);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(fileName: string, content: Buffer) {
    const f = form(fileName, content);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload?access_token=${token}`,
      headers: { 'content-type': f.contentType },
      payload: f.body,
    });
    return { status: res.statusCode, body: res.json() };
  }

  const fileCount = () =>
    withTenant(t.database.db, t.demoTenantId, async (tx) => (await tx.select().from(files)).length);

  it('serves an upload with its bytes, type and length, keeping nothing on the local disk', async () => {
    for (const [name, content, type] of [
      ['校徽.png', PNG, 'image/png'],
      ['长文本.txt', LONG_TEXT, 'text/plain; charset=utf-8'],
    ] as const) {
      const up = await upload(name, content);
      expect(up.status).toBe(200);
      expect(up.body.errno).toBe(0);
      const res = await t.app.inject({
        method: 'GET',
        url: up.body.uri,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-length']).toBe(String(content.length));
      expect(res.rawPayload.equals(content)).toBe(true);
      const head = await t.app.inject({
        method: 'HEAD',
        url: up.body.uri,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(content.length));
      expect(head.headers['content-type']).toBe(type);
      expect(head.rawPayload.length).toBe(0);
    }
    expect(filesUnder(dataDir)).toEqual([]);
  });

  it.runIf(kind === 'database')('answers HEAD from the first slice, not reading the whole file', async () => {
    const up = await upload('长文本.txt', LONG_TEXT);
    expect(LONG_TEXT.length).toBeGreaterThan(4 * BLOB_SLICE_BYTES);
    const slices = vi.spyOn(DatabaseStorage.prototype as unknown as { slice: () => unknown }, 'slice');
    try {
      const head = await t.app.inject({
        method: 'HEAD',
        url: up.body.uri,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(head.statusCode).toBe(200);
      // Absence cannot be polled for: give a stream that was not stopped time to read on (on
      // a slow machine it may read less, which can only make this pass, never fail wrongly).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(slices).toHaveBeenCalledTimes(1);
      slices.mockClear();
      const get = await t.app.inject({
        method: 'GET',
        url: up.body.uri,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(get.rawPayload.equals(LONG_TEXT)).toBe(true);
      expect(slices).toHaveBeenCalledTimes(Math.ceil(LONG_TEXT.length / BLOB_SLICE_BYTES));
    } finally {
      slices.mockRestore();
    }
  });

  it('refuses a file over the limit and a refused type, leaving neither bytes nor a row', async () => {
    const rows = await fileCount();
    const blobs = () =>
      withTenant(t.database.db, t.demoTenantId, async (tx) => (await tx.select().from(fileBlobs)).length);
    const blobsBefore = await blobs();
    const big = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 1)]));
    expect(big.status).toBe(400);
    expect(big.body.error_en).toBe('The file is too large; the limit is 2 MB');
    const html = await upload('evil.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(400);
    expect(await fileCount()).toBe(rows);
    expect(await blobs()).toBe(blobsBefore);
  });

  it('still serves a file stored on the local disk before the switch', async () => {
    const id = randomUUID();
    const storageKey = `${t.demoTenantId}/${id}`;
    await new LocalDiskStorage(uploadsDir({ dataDir })).put(storageKey, Readable.from([PNG]));
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.insert(files).values({
        id,
        tenant_id: t.demoTenantId,
        original_name: 'old.png',
        mime_type: 'image/png',
        size: PNG.length,
        storage_key: storageKey,
      }),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/file/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('copies the files kept on the local disk into the store (scripts/copy-uploads.ts), again safely', async () => {
    const disk = new LocalDiskStorage(uploadsDir({ dataDir }));
    const store = configuredStore(t.config, t.database.db);
    const lost = randomUUID();
    await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.insert(files).values({
        id: lost,
        tenant_id: t.demoTenantId,
        original_name: 'lost.png',
        mime_type: 'image/png',
        size: 1,
        storage_key: `${t.demoTenantId}/${lost}`,
      }),
    );
    const stored = await fileCount();
    const first = await copyToSharedStore(t.database.db, [t.demoTenantId], disk, store);
    expect(first.copied).toBe(1); // old.png of the test before
    expect(first.missing).toEqual([`${t.demoTenantId}/${lost}`]);
    expect(first.present).toBe(stored - 2);
    // served from the store once the disk copy is gone
    fs.rmSync(uploadsDir({ dataDir }), { recursive: true, force: true });
    const [old] = await withTenant(t.database.db, t.demoTenantId, (tx) =>
      tx.select().from(files).where(eq(files.original_name, 'old.png')),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/file/${old!.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const second = await copyToSharedStore(t.database.db, [t.demoTenantId], disk, store);
    expect(second).toEqual({ copied: 0, present: stored - 1, missing: [`${t.demoTenantId}/${lost}`] });
    await withTenant(t.database.db, t.demoTenantId, (tx) => tx.delete(files).where(eq(files.id, lost)));
  });

  it('stores a generated file with its transaction, and not at all when that rolls back', async () => {
    const storage = storageFor(t.config, t.database.db);
    const where = { tenantId: t.demoTenantId, basePath: t.config.basePath, createdBy: 'test' };
    const made = { fileName: 'qr.png', mime: 'image/png', bytes: PNG };
    const kept = await withTenant(t.database.db, t.demoTenantId, (tx) => storeGeneratedFile(tx, storage, where, made));
    const res = await t.app.inject({ method: 'GET', url: kept.uri, headers: { authorization: `Bearer ${token}` } });
    expect(res.rawPayload.equals(PNG)).toBe(true);

    let dropped = '';
    await expect(
      withTenant(t.database.db, t.demoTenantId, async (tx) => {
        const file = await storeGeneratedFile(tx, storage, where, made);
        dropped = file.id;
        await file.discard();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await withTenant(t.database.db, t.demoTenantId, (tx) => findFile(tx, t.demoTenantId, dropped))).toBe(
      undefined,
    );
    expect(await storage.get(`${t.demoTenantId}/${dropped}`)).toBeNull();
  });

  it.runIf(kind === 's3')(
    'refuses uploads and downloads with 503 while S3 is down, recording nothing, and recovers',
    async () => {
      const before = await upload('before.png', PNG);
      const rows = await fileCount();
      await s3.stop();
      try {
        const up = await upload('during.png', PNG);
        expect(up.status).toBe(503);
        expect(up.body).toMatchObject({
          errno: 1,
          errcode: '500',
          msg: '文件存储暂不可用，请稍后重试',
          msg_en: 'File storage is temporarily unavailable, please try again later',
        });
        const down = await t.app.inject({
          method: 'GET',
          url: before.body.uri,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({
          errcode: '500',
          msg: '文件存储暂不可用，请稍后重试',
          msg_en: 'File storage is temporarily unavailable, please try again later',
        });
        expect(await fileCount()).toBe(rows);
        // the rest of the app answers as usual
        const other = await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }', { token });
        expect(other.body.data?.checkTenantStatus.errcode).toBe('0');
      } finally {
        await s3.start();
      }
      const again = await t.app.inject({
        method: 'GET',
        url: before.body.uri,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(PNG)).toBe(true);
      expect((await upload('after.png', PNG)).status).toBe(200);
    },
  );
});
