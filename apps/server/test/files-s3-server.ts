/**
 * s3rver, a local S3-compatible server (dev dependency, no type definitions), started in process
 * for the tests of the S3 store: one bucket, data in a temporary directory, any port.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../src/platform/files/storage.ts';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3Server {
  /** Settings of a store on it (s3rver's built-in key pair S3RVER/S3RVER, path-style). */
  settings: S3Settings;
  /** Stops answering (connections refused) until `start` again, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 with the bucket `bucket`. */
export async function startS3Server(bucket = 'yuyue'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-s3rver-'));
  let port = 0;
  let server: S3rverInstance | null = null;
  const start = async () => {
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    ({ port } = await server.run());
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      pathStyle: true,
    },
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
