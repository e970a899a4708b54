// What the booking benchmarks share: a server on a fresh database (a new database on the
// PostgreSQL server of DATABASE_URL, dropped afterwards; in-memory PGlite without it), the demo
// tenant, resources, users with access tokens, an HTTP load client in its own process (so the
// clients do not share the server's event loop), statement counting and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { instantOf } from '@yuyue/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, withTenant } from '../apps/server/src/db/client.ts';
import { seedDemoTenant } from '../apps/server/src/db/seed.ts';
import { bookingClock } from '../apps/server/src/platform/clock.ts';
import { findUserByAccount, insertUser } from '../apps/server/src/modules/directory/directory.repository.ts';
import { listTypes } from '../apps/server/src/modules/resource-types/resource-types.repository.ts';
import { listTenants } from '../apps/server/src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../apps/server/src/platform/auth/identity-provider.ts';
import type { LoadRequest, LoadResult } from './booking-client.ts';

export const ZONE = 'Asia/Shanghai';
/** The benchmarks' "now": 2030-01-01 12:00 in Shanghai. */
export const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, ZONE);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads the shape it asked for
type Body = { data?: Record<string, any>; errors?: unknown[] };

/**
 * The server of a benchmark: this process's, and `instances - 1` further instances as their own
 * processes on the same database (how a deployment takes a rush: several instances, one
 * PostgreSQL). `endpoints` lists them all; the load client spreads its requests over them.
 * `apart`: the `instances` measured are all processes of their own (as in a deployment, where a
 * server holds nothing of the benchmark's), and this process's app only prepares the data.
 */
export async function startBench(
  opts: {
    poolSize?: number;
    instances?: number;
    apart?: boolean;
  } = {},
) {
  bookingClock.now = () => NOW;
  const base = process.env.DATABASE_URL ?? '';
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (base) {
    const name = `yuyue_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    databaseUrl = u.href;
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  const database = await openDatabase({
    databaseUrl,
    dataDir: 'memory://',
    poolSize: opts.poolSize ?? config.databasePoolSize,
  });
  const app = await buildApp({ config, database });
  await seedDemoTenant(database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/bus/graphql/apps_yy_sys`;
  const children: ChildProcess[] = [];
  const endpoints = opts.apart ? [] : [endpoint];
  for (let i = opts.apart ? 0 : 1; i < (opts.instances ?? 1); i++) {
    if (!databaseUrl) throw new Error('several instances need DATABASE_URL (PostgreSQL)');
    // BENCH_INSTANCE_ARGS: extra node options for the further instances (e.g. --cpu-prof to profile one).
    const extra = process.env.BENCH_INSTANCE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...extra, '--import', 'tsx', instanceScript], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`instance ${i + 1} exited with ${code}`)));
    });
    endpoints.push(`http://127.0.0.1:${port}/bus/graphql/apps_yy_sys`);
  }
  /** CPU time (user + system, ms) of every server process: this one and the further instances. */
  const serverCpuMs = () => {
    const own = process.cpuUsage();
    let ms = (own.user + own.system) / 1000;
    const tick = 100; // USER_HZ on Linux
    for (const c of children) {
      const fields = readFileSync(`/proc/${c.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
    }
    return ms;
  };
  const [tenant] = await listTenants(database.db);
  const tenantId = tenant!.id;
  const provider = app.oidc!;
  const oidcClient = await provider.Client.find(config.oidcClientId);

  const tokenOf = async (userId: string): Promise<string> => {
    const grant = new provider.Grant({ clientId: config.oidcClientId, accountId: accountIdOf(tenantId, userId) });
    grant.addOIDCScope('openid');
    return new provider.AccessToken({
      accountId: accountIdOf(tenantId, userId),
      client: oidcClient,
      grantId: await grant.save(),
      scope: 'openid',
      gty: 'implicit',
    }).save();
  };
  const call = async (token: string, query: string, variables: Record<string, unknown>) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const admin = await withTenant(database.db, tenantId, (tx) => findUserByAccount(tx, tenantId, 'admin'));
  const adminToken = await tokenOf(admin!.id);
  const typeId = (await withTenant(database.db, tenantId, (tx) => listTypes(tx, tenantId, {}))).find(
    (t) => t.resources_name === '羽毛球场',
  )!.id;

  /** Creates an exclusive resource (or one of `available_number` seats) with slots `HH:00`-`HH:50`. */
  const makeResource = async (extra: Record<string, unknown> & { hours: number[] }) => {
    const { hours, ...rest } = extra;
    const saved = await call(
      adminToken,
      `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg ids } }`,
      {
        model: {
          resources_name: `压测场地 ${randomBytes(3).toString('hex')}`,
          resources_type_id: typeId,
          available_number: 1,
          appointment_date_days: 120,
          days_rule_refresh_time: '00:00',
          resourcesTimeSlot: hours.map((h) => ({
            kssj: `${String(h).padStart(2, '0')}:00`,
            jssj: `${String(h).padStart(2, '0')}:50`,
          })),
          ...rest,
        },
      },
    );
    if (saved.body.data?.saveResources?.errcode !== '0') throw new Error(JSON.stringify(saved.body));
    const id = saved.body.data.saveResources.ids[0] as string;
    const found = await call(
      adminToken,
      `query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id kssj } } }`,
      {
        id,
      },
    );
    return { id, slots: found.body.data!.findResources.resourcesTimeSlot as { id: string; kssj: string }[] };
  };

  /** `n` users of the demo tenant with their tokens. */
  const makeUsers = async (n: number, prefix: string) => {
    const users = await withTenant(database.db, tenantId, async (tx) => {
      const out = [];
      for (let i = 0; i < n; i++)
        out.push(await insertUser(tx, tenantId, { account: `${prefix}${i}`, name: `压测${i}` }));
      return out;
    });
    const tokens = await Promise.all(users.map((u) => tokenOf(u.id)));
    return users.map((u, i) => ({ id: u.id, account: u.account, token: tokens[i]! }));
  };

  return {
    app,
    config,
    database,
    endpoint,
    endpoints,
    serverCpuMs,
    tenantId,
    typeId,
    adminToken,
    call,
    makeResource,
    makeUsers,
    async close() {
      for (const c of children) c.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

export type Bench = Awaited<ReturnType<typeof startBench>>;

const clientScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'booking-client.ts');
const instanceScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'booking-instance.ts');

/**
 * Sends `requests` from a separate process (spread over the endpoints in turn, when several):
 * all at the same instant (`burst`), or through
 * `concurrency` connections one after another. Returns each request's latency and answer.
 */
export async function runClients(
  endpoint: string | string[],
  requests: LoadRequest[],
  mode: { burst: true } | { concurrency: number },
): Promise<{ results: LoadResult[]; wallMs: number; cpuMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'yy-bench-'));
  const file = path.join(dir, 'job.json');
  writeFileSync(file, JSON.stringify({ endpoints: Array.isArray(endpoint) ? endpoint : [endpoint], requests, mode }));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', clientScript, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`load client exited with ${code}`);
    return JSON.parse(out) as { results: LoadResult[]; wallMs: number; cpuMs: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` under this process's CPU profiler when BENCH_PROFILE names a directory (the server's
 * work during a measured burst, without the set-up around it): writes `<label>.cpuprofile` there,
 * for Chrome's DevTools or any .cpuprofile reader, and with BENCH_PROFILE_HEAP set
 * `<label>.heapprofile` (allocations sampled).
 */
export async function profiled<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return fn();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  // BENCH_PROFILE_HEAP: what the burst allocates too, by where (objects collected meanwhile included)
  const heap = !!process.env.BENCH_PROFILE_HEAP;
  if (heap) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(dir, `${label}.cpuprofile`), JSON.stringify(profile));
    if (heap) {
      const sampled = await session.post('HeapProfiler.stopSampling');
      writeFileSync(path.join(dir, `${label}.heapprofile`), JSON.stringify(sampled.profile));
    }
    session.disconnect();
  }
}

/**
 * CPU time (ms) the PostgreSQL server's processes on this machine have used so far, read from
 * /proc (the benches run against a local server); null when none can be seen (another machine,
 * PGlite). Backends that ended in between are not counted, so measure over a pool's lifetime.
 */
export function databaseCpuMs(): number | null {
  let ms = 0;
  let seen = false;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!name.startsWith('postgres')) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ
    seen = true;
  }
  return seen ? ms : null;
}

/** The p-th percentile (nearest rank) of some numbers. */
export function pct(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Counts the statements node-postgres sends while `fn` runs (PostgreSQL only; PGlite does not use it). */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ value: T; statements: number }> {
  let n = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    n++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { value: await fn(), statements: n };
  } finally {
    pg.Client.prototype.query = original;
  }
}

export const SAVE = `mutation saveAppointmentInformationAll($model: InputAppointmentInformation!, $timeSlotIdList: [String]) {
  saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $model, timeSlotIdList: $timeSlotIdList,
    borrowDateList: [], borrowStartTime: "", borrowEndTime: "") { code messages ids } }`;

/** The minimal client model of api-contract 4. */
export function bookingModel(resourceId: string, date: string) {
  return { resources_id: resourceId, appointment_date: date, state: 0, person_times: 1, wemeet_enable: 0 };
}
