// The file stores side by side: one app per STORAGE (local, database, s3 on s3rver in process) on
// one PostgreSQL database, each listening on a port, driven over HTTP by fetch in this process.
// For each store: sequential uploads of a 1 MiB image (median ms), downloads of a 200 KiB image
// by 8 clients at once (p50/p95 ms, requests/s), and 8 concurrent downloads of a 10 MiB file read
// to the end (MB/s, and how much the process's memory grew meanwhile: a store that buffered the
// whole file per download would add 80 MiB or more).
//
//   DATABASE_URL=postgres://... npx tsx bench/files-stores.ts [uploads=20] [downloads=400]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { openDatabase, withTenant } from '../apps/server/src/db/client.ts';
import { demoAccounts, seedDemoTenant } from '../apps/server/src/db/seed.ts';
import { findUserByAccount } from '../apps/server/src/modules/directory/directory.repository.ts';
import { listTenants } from '../apps/server/src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../apps/server/src/platform/auth/identity-provider.ts';
import { startS3Server } from '../apps/server/test/files-s3-server.ts';

const uploads = Number(process.argv[2] ?? 20);
const downloads = Number(process.argv[3] ?? 400);
const base = process.env.DATABASE_URL;
if (!base) throw new Error('needs DATABASE_URL (a PostgreSQL server; a database is made and dropped)');

const name = `yuyue_files_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-files-bench-'));
const s3 = await startS3Server();
const database = await openDatabase({ databaseUrl: url.href, dataDir: '', poolSize: 10 });
await seedDemoTenant(database.db);

const image = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const mib = 1024 * 1024;

async function tokenOf(app: FastifyInstance, config: Config): Promise<string> {
  const [tenant] = await listTenants(database.db);
  const user = await withTenant(database.db, tenant!.id, (tx) =>
    findUserByAccount(tx, tenant!.id, demoAccounts.user.account),
  );
  const provider = app.oidc!;
  const client = await provider.Client.find(config.oidcClientId);
  const accountId = accountIdOf(tenant!.id, user!.id);
  const grant = new provider.Grant({ clientId: config.oidcClientId, accountId });
  grant.addOIDCScope('openid profile');
  const grantId = await grant.save();
  return new provider.AccessToken({
    accountId,
    client: client!,
    grantId,
    scope: 'openid profile',
    gty: 'implicit',
  }).save();
}

async function upload(origin: string, token: string, content: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content]), 'bench.png');
  const res = await fetch(`${origin}/api/file/upload?access_token=${token}`, { method: 'POST', body: form });
  const body = (await res.json()) as { uri: string; errno: number };
  if (body.errno !== 0) throw new Error(`upload refused: ${JSON.stringify(body)}`);
  // An upload without a purpose is private: read back with the token, as the web app does.
  return `${body.uri}?access_token=${token}`;
}

/** Downloads to the end without keeping the bytes; returns how many there were. */
async function download(origin: string, uri: string): Promise<number> {
  const res = await fetch(`${origin}${uri}`);
  if (res.status !== 200) throw new Error(`download answered ${res.status}`);
  let n = 0;
  for await (const chunk of res.body!) n += (chunk as Uint8Array).length;
  return n;
}

const rows: string[] = [];
try {
  for (const storage of ['local', 'database', 's3'] as const) {
    const config = loadConfig(
      { NODE_ENV: 'test', DATABASE_URL: url.href, DATA_DIR: dataDir },
      { storage, s3: s3.settings, logLevel: 'silent' },
    );
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const origin = `http://127.0.0.1:${port}`;
    const token = await tokenOf(app, config);

    const up: number[] = [];
    const oneMiB = image(mib);
    for (let i = 0; i < uploads; i++) {
      const t0 = performance.now();
      await upload(origin, token, oneMiB);
      up.push(performance.now() - t0);
    }

    const small = await upload(origin, token, image(200 * 1024));
    const lat: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next++ < downloads) {
          const s = performance.now();
          await download(origin, small);
          lat.push(performance.now() - s);
        }
      }),
    );
    const rps = downloads / ((performance.now() - t0) / 1000);

    const big = await upload(origin, token, image(10 * mib));
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const b0 = performance.now();
    const sizes = await Promise.all(Array.from({ length: 8 }, () => download(origin, big)));
    const seconds = (performance.now() - b0) / 1000;
    clearInterval(sampler);
    if (sizes.some((n) => n !== 10 * mib)) throw new Error('a 10 MiB download came back short');

    rows.push(
      `| ${storage} | ${pct(up, 50).toFixed(1)} ms | ${pct(lat, 50).toFixed(1)} / ${pct(lat, 95).toFixed(1)} ms, ${rps.toFixed(0)}/s | ${((8 * 10) / seconds).toFixed(0)} MB/s, +${((peak - rss0) / mib).toFixed(0)} MiB |`,
    );
    console.log(rows.at(-1));
    await app.close();
  }
  console.log(
    '\n| store | upload 1 MiB, median | 200 KiB downloads, 8 clients: p50 / p95, rate | 8 x 10 MiB downloads at once: rate, memory growth |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
} finally {
  await database.close();
  await s3.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
