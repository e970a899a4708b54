/**
 * PostgreSQL going away under two app instances serving a stream of bookings (through a TCP
 * proxy the test cuts, as a restart or failover does, and blackholes, as a network partition
 * does): neither instance ends, a request meanwhile answers 503 SERVICE_UNAVAILABLE (never
 * 系统异常, never a hang past the time budgets), every acknowledged booking is in the database,
 * and bookings succeed again within 2 s of the database answering, with no restart. Also the
 * statement time budget: a statement past it is cancelled (503 DATABASE_TIMEOUT), migrations
 * are not bound by it. Needs TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, openDatabaseWhenReachable, withTenant, type Database } from '../src/db/client.ts';
import { seedDemoTenant } from '../src/db/seed.ts';
import { findUserByAccount } from '../src/modules/directory/directory.repository.ts';
import { listTenants } from '../src/modules/tenants/tenants.repository.ts';
import { accountIdOf } from '../src/platform/auth/identity-provider.ts';
import { databaseFailure } from '../src/platform/errors.ts';
import { runExclusively, type Job } from '../src/platform/jobs.ts';
import { NOW, SAVE_ALL, makeResource, makeType, makeUsers, model } from './booking-fixtures.ts';
import { demoAccounts, testDatabaseUrl, type TestApp } from './support.ts';
import { TcpProxy } from './tcp-proxy.ts';
import { bookingClock } from '../src/platform/clock.ts';

const STATEMENT_TIMEOUT_MS = 2000;
const CONNECT_TIMEOUT_MS = 2000;
const UNAVAILABLE_TEXTS = {
  msg: '服务暂不可用，请稍后重试',
  msg_en: 'Service temporarily unavailable, please try again later',
};

const name = `yuyue_outage_${randomBytes(5).toString('hex')}`;
let admin: pg.Client;
let direct: Database;
let directUrl = '';
let proxiedUrl = '';
let proxy: TcpProxy;
let dbs: Database[] = [];
let apps: FastifyInstance[] = [];
let config: Config;
let t: TestApp;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

/** Resolves once `check` holds, polling; fails after `ms`. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Instance 0 as the booking fixtures expect a test app (its tokens are valid on both instances). */
function fixtureApp(app: FastifyInstance, database: Database, demoTenantId: string): TestApp {
  return {
    app,
    config,
    database,
    demoTenantId,
    async tokenFor(account, tenantId = demoTenantId) {
      const provider = app.oidc!;
      const user = await withTenant(database.db, tenantId, (tx) => findUserByAccount(tx, tenantId, account));
      const client = await provider.Client.find(config.oidcClientId);
      const accountId = accountIdOf(tenantId, user!.id);
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
    },
    async gql(endpoint, query, opts = {}) {
      const res = await app.inject({
        method: 'POST',
        url: `/bus/graphql/${endpoint}`,
        headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
        payload: { query, variables: opts.variables ?? {}, operationName: opts.operationName },
      });
      return { status: res.statusCode, body: res.json() };
    },
    createOtherTenant: () => Promise.reject(new Error('not here')),
    close: async () => undefined,
  };
}

describe.skipIf(!testDatabaseUrl)('PostgreSQL going away under two instances', () => {
  const target = { host: '', port: 0 };

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    bookingClock.now = () => NOW;
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(testDatabaseUrl);
    u.pathname = `/${name}`;
    target.host = u.hostname;
    target.port = Number(u.port || 5432);
    directUrl = u.href;
    direct = await openDatabase({ databaseUrl: u.href, dataDir: '', poolSize: 2 });
    await seedDemoTenant(direct.db);
    proxy = await TcpProxy.start(target);
    const proxied = new URL(u.href);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxiedUrl = proxied.href;
    dbs = await Promise.all(
      [0, 1].map(() =>
        openDatabase({
          databaseUrl: proxied.href,
          dataDir: '',
          poolSize: 4,
          statementTimeoutMs: STATEMENT_TIMEOUT_MS,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
        }),
      ),
    );
    config = loadConfig({ NODE_ENV: 'test' });
    apps = await Promise.all(dbs.map((database) => buildApp({ config, database })));
    t = fixtureApp(apps[0]!, dbs[0]!, (await listTenants(direct.db))[0]!.id);
  });

  afterAll(async () => {
    bookingClock.now = () => Date.now();
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await proxy?.close();
    await direct?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
    process.off('uncaughtException', onUncaught);
  });

  it('keeps both instances serving through terminated backends and a cut connection; no acknowledged booking is lost', async () => {
    const adminToken = await t.tokenFor(demoAccounts.admin.account);
    const typeId = await makeType(t, adminToken);
    const resource = await makeResource(t, adminToken, typeId, { available_number: 60 });
    const users = await makeUsers(t, 60, 'outage');
    // every (date, slot, user) once: no booking is refused by a rule, so each answer is a
    // booking or the database's absence
    const items = ['2030-01-02', '2030-01-03', '2030-01-04', '2030-01-05', '2030-01-06', '2030-01-07'].flatMap((date) =>
      resource.slots.flatMap((slot) => users.map((u) => ({ token: u.token, date, slot: slot.id }))),
    );

    interface Outcome {
      instance: number;
      started: number;
      ended: number;
      status: number;
      code: string;
      ids: string[];
      body: string;
    }
    const outcomes: Outcome[] = [];
    let next = 0;
    let streaming = true;
    const worker = async (instance: number) => {
      while (streaming && next < items.length) {
        const item = items[next++]!;
        const started = performance.now();
        const res = await apps[instance]!.inject({
          method: 'POST',
          url: '/bus/graphql/apps_yy_sys',
          headers: { authorization: `Bearer ${item.token}` },
          payload: {
            query: SAVE_ALL,
            variables: {
              captchaId: '',
              captchaCode: '',
              model: model(resource.id, item.date),
              timeSlotIdList: [item.slot],
            },
          },
        });
        const body = res.json();
        const result = body.data?.saveAppointmentInformationAll;
        outcomes.push({
          instance,
          started,
          ended: performance.now(),
          status: res.statusCode,
          code: result?.code ?? body.errors?.[0]?.extensions?.code ?? '',
          ids: result?.ids ?? [],
          body: res.body,
        });
        // a client's pace: the stream lasts the test without running out of free slots
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    };
    const booked = (instance: number, after: number) =>
      outcomes.some((o) => o.instance === instance && o.started >= after && o.code === '0');
    const refused = (instance: number, after: number) =>
      outcomes.some((o) => o.instance === instance && o.started >= after && o.status === 503);
    const recovery = (instance: number, after: number) =>
      Math.min(
        ...outcomes.filter((o) => o.instance === instance && o.started >= after && o.code === '0').map((o) => o.ended),
      ) - after;
    const workers = [0, 0, 1, 1].map((instance) => worker(instance));

    try {
      await waitFor('bookings on both instances', () => booked(0, 0) && booked(1, 0));

      // every backend of the database terminated, as by a restart or an operator
      const terminated = performance.now();
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await waitFor(
        'bookings again after the backends were terminated',
        () => booked(0, terminated) && booked(1, terminated),
      );
      const afterTerminate = [recovery(0, terminated), recovery(1, terminated)];

      // the database out of reach: connections reset, new ones refused
      const cut = performance.now();
      proxy.cut();
      await waitFor('503s on both instances while cut', () => refused(0, cut) && refused(1, cut));
      for (const app of apps) {
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject(UNAVAILABLE_TEXTS);
      }
      const back = performance.now();
      proxy.restore();
      await waitFor('bookings again after the database came back', () => booked(0, back) && booked(1, back));
      const afterCut = [recovery(0, back), recovery(1, back)];
      for (const app of apps) expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      streaming = false;
      await Promise.all(workers);
      expect(next, 'the stream ran out of free slots').toBeLessThan(items.length);
      console.info(
        `db-outage: ${outcomes.length} requests, ${outcomes.filter((o) => o.code === '0').length} booked, ` +
          `${outcomes.filter((o) => o.status === 503).length} answered 503; bookings again after terminate ` +
          `${afterTerminate.map((ms) => ms.toFixed(0)).join(' / ')} ms, after the cut ended ` +
          `${afterCut.map((ms) => ms.toFixed(0)).join(' / ')} ms`,
      );
      for (const ms of [...afterTerminate, ...afterCut]) expect(ms).toBeLessThan(2000);
    } finally {
      streaming = false;
      proxy.restore();
      await Promise.all(workers);
    }

    // each answer is a booking or a 503 with the catalogue's code and texts: never 系统异常
    const other = outcomes.filter((o) => !(o.status === 200 && o.code === '0') && o.status !== 503);
    expect(other.map((o) => o.body)).toEqual([]);
    for (const o of outcomes.filter((o) => o.status === 503)) {
      expect(o.code).toBe('SERVICE_UNAVAILABLE');
      expect(JSON.parse(o.body).errors[0].extensions).toMatchObject(UNAVAILABLE_TEXTS);
    }
    // every acknowledged booking is committed
    const acknowledged = outcomes.flatMap((o) => o.ids);
    expect(acknowledged.length).toBe(outcomes.filter((o) => o.code === '0').length);
    const reader = new pg.Client({ connectionString: directUrl });
    await reader.connect();
    try {
      const found = await reader.query('select count(*)::int as n from appointments where id::text = any($1::text[])', [
        acknowledged,
      ]);
      expect(found.rows[0].n).toBe(acknowledged.length);
    } finally {
      await reader.end();
    }
    expect(uncaught).toEqual([]);
  }, 120_000);

  it('answers 503 within the time budgets during a network partition (no reset), and books again when it ends', async () => {
    const adminToken = await t.tokenFor(demoAccounts.admin.account);
    const resource = await makeResource(t, adminToken, await makeType(t, adminToken), { available_number: 50 });
    const users = await makeUsers(t, 2, 'partition');
    let date = 2;
    const book = async (instance: number) => {
      const started = performance.now();
      const res = await apps[instance]!.inject({
        method: 'POST',
        url: '/bus/graphql/apps_yy_sys',
        headers: { authorization: `Bearer ${users[instance]!.token}` },
        payload: {
          query: SAVE_ALL,
          variables: {
            captchaId: '',
            captchaCode: '',
            model: model(resource.id, `2030-01-0${date}`),
            timeSlotIdList: [resource.slots[date++ % 4]!.id],
          },
        },
      });
      return { ms: performance.now() - started, res, ended: performance.now() };
    };
    expect((await book(0)).res.json().data.saveAppointmentInformationAll.code).toBe('0');
    expect((await book(1)).res.json().data.saveAppointmentInformationAll.code).toBe('0');

    proxy.blackhole();
    try {
      const [a, b, readyA, readyB, live] = await Promise.all([
        book(0),
        book(1),
        apps[0]!.inject({ method: 'GET', url: '/readyz' }),
        apps[1]!.inject({ method: 'GET', url: '/readyz' }),
        apps[0]!.inject({ method: 'GET', url: '/healthz' }),
      ]);
      for (const { ms, res } of [a, b]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json().errors[0].extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', ...UNAVAILABLE_TEXTS });
        // the driver stops waiting after the statement budget plus the connect timeout
        expect(ms).toBeLessThan(STATEMENT_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 2000);
      }
      expect([readyA.statusCode, readyB.statusCode, live.statusCode]).toEqual([503, 503, 200]);
    } finally {
      proxy.restore();
    }
    const back = performance.now();
    for (const instance of [0, 1]) {
      let ended = Infinity;
      await waitFor(`a booking on instance ${instance} after the partition`, async () => {
        const r = await book(instance);
        if (r.res.json().data?.saveAppointmentInformationAll?.code !== '0') return false;
        ended = r.ended;
        return true;
      });
      expect(ended - back).toBeLessThan(2000);
    }
    expect(uncaught).toEqual([]);
  }, 60_000);

  it('cancels a statement past its budget (503 DATABASE_TIMEOUT, nothing written); migrations are not bound by it', async () => {
    // a fresh database migrated with a budget of 1 ms: the migrations run outside it
    const fresh = `${name}_m`;
    await admin.query(`create database ${fresh}`);
    const u = new URL(directUrl);
    u.pathname = `/${fresh}`;
    try {
      const tight = await openDatabase({ databaseUrl: u.href, dataDir: '', poolSize: 1, statementTimeoutMs: 1 });
      try {
        const err = await tight.db.execute(sql`select pg_sleep(0.2)`).catch((e: unknown) => e);
        expect(databaseFailure(err)).toBe('timeout');
      } finally {
        await tight.close();
      }
      // startup options of the connection string are kept beside the budget
      u.searchParams.set('options', '-c lock_timeout=1234');
      const own = await openDatabase({ databaseUrl: u.href, dataDir: '', poolSize: 1, statementTimeoutMs: 3000 });
      try {
        const result = (await own.db.execute(
          sql`select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement`,
        )) as unknown as { rows: unknown[] };
        const [row] = result.rows;
        expect(row).toEqual({ lock: '1234ms', statement: '3s' });
      } finally {
        await own.close();
      }
    } finally {
      await admin.query(`drop database if exists ${fresh} with (force)`);
    }

    // a booking that waits on a lock longer than the budget
    const slow = await openDatabase({ databaseUrl: directUrl, dataDir: '', poolSize: 2, statementTimeoutMs: 300 });
    const slowApp = await buildApp({ config, database: slow });
    const locker = new pg.Client({ connectionString: directUrl });
    await locker.connect();
    try {
      const adminToken = await t.tokenFor(demoAccounts.admin.account);
      const resource = await makeResource(t, adminToken, await makeType(t, adminToken));
      const [user] = await makeUsers(t, 1, 'budget');
      const book = () =>
        slowApp.inject({
          method: 'POST',
          url: '/bus/graphql/apps_yy_sys',
          headers: { authorization: `Bearer ${user!.token}` },
          payload: {
            query: SAVE_ALL,
            variables: { model: model(resource.id, '2030-01-03'), timeSlotIdList: [resource.slots[0]!.id] },
          },
        });
      await slowApp.inject({
        method: 'POST',
        url: '/bus/graphql/apps_yy_sys',
        headers: { authorization: `Bearer ${user!.token}` },
        payload: { query: '{ checkTenantStatus { errcode } }' },
      });
      await locker.query('begin');
      await locker.query('lock table appointments in access exclusive mode');
      const started = performance.now();
      const res = await book();
      const ms = performance.now() - started;
      await locker.query('rollback');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().errors[0].extensions).toEqual({
        code: 'DATABASE_TIMEOUT',
        msg: '服务繁忙，处理超时，请稍后重试',
        msg_en: 'The service is busy and the request took too long, please try again later',
      });
      expect(ms).toBeLessThan(5000);
      const none = await locker.query('select count(*)::int as n from appointments where resources_id = $1', [
        resource.id,
      ]);
      expect(none.rows[0].n).toBe(0);
      // the lock gone, the same booking goes through
      expect((await book()).json().data.saveAppointmentInformationAll.code).toBe('0');
    } finally {
      await locker.end();
      await slowApp.close();
      await slow.close();
    }
  }, 60_000);

  it('gives back the connection of a job whose BEGIN failed: the job runs again once the database answers', async () => {
    const one = await openDatabase({
      databaseUrl: proxiedUrl,
      dataDir: '',
      poolSize: 1,
      statementTimeoutMs: 300,
      connectTimeoutMs: 300,
    });
    let runs = 0;
    const job: Job = { name: 'outage-test', everyMs: 1000, run: async () => void runs++ };
    try {
      expect(await runExclusively(one.db, job)).toBe(true);
      proxy.blackhole();
      try {
        const err = await runExclusively(one.db, job).catch((e: unknown) => e);
        expect(databaseFailure(err)).toBe('unavailable');
      } finally {
        proxy.restore();
      }
      // the pool's one connection: leaked, every later attempt would wait for it in vain
      await waitFor(
        'the job running again',
        () =>
          runExclusively(one.db, job).then(
            () => runs === 2,
            () => false,
          ),
        5000,
      );
    } finally {
      await one.close();
    }
  }, 30_000);

  it('starts before the database answers: opening waits for it, and a wrong database name fails at once', async () => {
    proxy.cut();
    const retries: string[] = [];
    const opening = openDatabaseWhenReachable(
      { databaseUrl: proxiedUrl, dataDir: '', poolSize: 1, connectTimeoutMs: 1000 },
      (err) => retries.push(err.message),
    );
    let opened: Database | undefined;
    try {
      await waitFor('a retry while the database is away', () => retries.length >= 1);
      proxy.restore();
      opened = await opening;
      await opened.ping(2000);
    } finally {
      proxy.restore();
      await (opened ?? (await opening.catch(() => undefined)))?.close();
    }
    const wrong = new URL(directUrl);
    wrong.pathname = `/${name}_none`;
    const err = await openDatabaseWhenReachable({ databaseUrl: wrong.href, dataDir: '' }, () => {
      throw new Error('no retry for a database that does not exist');
    }).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('3D000');
  }, 30_000);
});
