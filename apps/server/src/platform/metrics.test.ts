import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { NOW, makeResource, makeType, makeUsers, model, submit } from '../../test/booking-fixtures.ts';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../test/support.ts';
import { startJobs } from './jobs.ts';
import { AppError } from './errors.ts';
import { observeBooking, operationLabel, registerMetrics } from './metrics.ts';
import { bookingClock } from './clock.ts';

/** The value of one sample of a scrape: the series named `name` whose labels include `labels`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have: string[] = (m[2] ?? '').match(/\w+="(?:[^"\\]|\\.)*"/g) ?? [];
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return 0;
}

/** How many series of a metric a scrape holds. */
const seriesOf = (text: string, name: string) => text.split('\n').filter((l) => l.startsWith(`${name}{`)).length;

/** Polls `read` until `ok` holds or the deadline passes; returns the last value read. */
async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('operationLabel', () => {
  const known = new Set(['checkTenantStatus', 'saveAppointmentInformation']);
  it.each([
    ['operationName the schema knows', { operationName: 'checkTenantStatus', query: '{ x }' }, 'checkTenantStatus'],
    [
      'name at the head of the document',
      { query: ' mutation saveAppointmentInformation($m: X) { y }' },
      'saveAppointmentInformation',
    ],
    [
      'operationName wins over the document',
      { operationName: 'nope', query: 'query checkTenantStatus { x }' },
      '_other',
    ],
    ['unknown name', { operationName: `r${randomUUID()}` }, '_other'],
    ['anonymous document', { query: '{ checkTenantStatus { errcode } }' }, '_other'],
    ['no body', undefined, '_other'],
    ['not an object', 'checkTenantStatus', '_other'],
    ['a batch', [{ operationName: 'checkTenantStatus' }], '_batch'],
  ])('%s', (_, payload, label) => {
    expect(operationLabel(payload, known)).toBe(label);
  });
});

describe('the metrics endpoint of an app', () => {
  let t: TestApp;
  let admin: string;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor('admin');
  }, 60_000);
  afterAll(async () => {
    bookingClock.now = () => Date.now();
    await t?.close();
  });

  it('counts a request under its route pattern and status', async () => {
    const labels = { method: 'GET', route: '/healthz', status_code: '200' };
    const before = sample(await scrape(), 'yuyue_http_request_duration_seconds_count', labels);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'yuyue_http_request_duration_seconds_count', labels)).toBe(before + 1);
    // the scrape itself is not counted
    expect(after).not.toMatch(/route="\/metrics"/);
  });

  it('counts a GraphQL request under its endpoint and operation name', async () => {
    const op = { endpoint: 'apps_yy_sys', operation: 'checkTenantStatus' };
    const other = { endpoint: 'apps_yy_sys', operation: '_other' };
    const first = await scrape();
    const res = await t.gql('apps_yy_sys', 'query checkTenantStatus { checkTenantStatus { errcode } }', {
      token: admin,
      operationName: 'checkTenantStatus',
    });
    expect(res.body.data!.checkTenantStatus.errcode).toBe('0');
    await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }', { token: admin });
    await t.gql('apps_yy_sys', `query q${randomUUID().replace(/-/g, '')} { checkTenantStatus { errcode } }`, {
      token: admin,
    });
    const second = await scrape();
    expect(sample(second, 'yuyue_graphql_request_duration_seconds_count', op)).toBe(
      sample(first, 'yuyue_graphql_request_duration_seconds_count', op) + 1,
    );
    expect(sample(second, 'yuyue_graphql_request_duration_seconds_count', other)).toBe(
      sample(first, 'yuyue_graphql_request_duration_seconds_count', other) + 2,
    );
    // the request is also counted as HTTP, under the endpoint's path
    expect(
      sample(second, 'yuyue_http_request_duration_seconds_count', { route: '/bus/graphql/apps_yy_sys' }),
    ).toBeGreaterThanOrEqual(3);
  });

  it('counts booking outcomes: booked, pending approval, and refused under the refusal code', async () => {
    bookingClock.now = () => NOW;
    const type = await makeType(t, admin);
    const r = await makeResource(t, admin, type);
    const [a, b] = await makeUsers(t, 2, `metrics_${Date.now() % 100_000}_`);
    const booked = { mode: 'single', outcome: 'booked' };
    const taken = { mode: 'single', outcome: 'refused', reason: 'BOOKING_SLOT_TAKEN' };
    const before = await scrape();
    const vars = { model: model(r.id, '2030-01-03'), timeSlotIdList: [r.slots[0]!.id] };
    expect((await submit(t, a!.token, vars)).code).toBe('0');
    const refused = await submit(t, b!.token, vars);
    expect(refused.name).toBe('BOOKING_SLOT_TAKEN');
    const after = await scrape();
    expect(sample(after, 'yuyue_booking_outcomes_total', booked)).toBe(
      sample(before, 'yuyue_booking_outcomes_total', booked) + 1,
    );
    expect(sample(after, 'yuyue_booking_outcomes_total', taken)).toBe(
      sample(before, 'yuyue_booking_outcomes_total', taken) + 1,
    );

    const approval = await makeResource(t, admin, type, { need_approve: '1' });
    const pending = { mode: 'single', outcome: 'pending' };
    const submitted = await submit(t, a!.token, {
      model: model(approval.id, '2030-01-03'),
      timeSlotIdList: [approval.slots[1]!.id],
    });
    expect(submitted.auditStatus).toBe('1');
    expect(sample(await scrape(), 'yuyue_booking_outcomes_total', pending)).toBe(
      sample(after, 'yuyue_booking_outcomes_total', pending) + 1,
    );
  });

  it('counts job runs by outcome', async () => {
    let runs = 0;
    const stop = startJobs(
      t.database.db,
      [
        { name: 'metrics-test-ok', everyMs: 10, run: async () => void runs++ },
        {
          name: 'metrics-test-failing',
          everyMs: 10,
          run: async () => {
            throw new Error('expected by the test');
          },
        },
      ],
      t.app.log,
    );
    try {
      const text = await waitFor(
        scrape,
        (s) =>
          sample(s, 'yuyue_job_runs_total', { job: 'metrics-test-ok', outcome: 'ran' }) >= 2 &&
          sample(s, 'yuyue_job_runs_total', { job: 'metrics-test-failing', outcome: 'failed' }) >= 1,
      );
      expect(sample(text, 'yuyue_job_runs_total', { job: 'metrics-test-ok', outcome: 'ran' })).toBeGreaterThanOrEqual(
        2,
      );
      expect(
        sample(text, 'yuyue_job_runs_total', { job: 'metrics-test-failing', outcome: 'failed' }),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'yuyue_job_run_duration_seconds_count', { job: 'metrics-test-ok' })).toBeGreaterThanOrEqual(
        2,
      );
    } finally {
      await stop();
    }
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  it('keeps label cardinality bounded whatever URLs and operation names clients send', async () => {
    const junk = () => [
      `/${randomUUID()}`,
      `/yy-sys/${randomUUID()}/x?y=${randomUUID()}`,
      `/bus/graphql/${randomUUID()}`,
      `/sso/${randomUUID()}`,
      `/healthz?${randomUUID()}`,
    ];
    const round = async () => {
      for (const url of junk()) await t.app.inject({ method: 'GET', url });
      for (let i = 0; i < 3; i++)
        await t.gql('apps_yy_sys', '{ checkTenantStatus { errcode } }', { operationName: `n${randomUUID()}` });
      return scrape();
    };
    const first = await round();
    const names = ['yuyue_http_request_duration_seconds_count', 'yuyue_graphql_request_duration_seconds_count'];
    const counts = names.map((n) => seriesOf(first, n));
    for (let i = 0; i < 5; i++) await round();
    const last = await scrape();
    expect(names.map((n) => seriesOf(last, n))).toEqual(counts);
    expect(last).not.toMatch(/operation="n[0-9a-f]{8}-/);
    expect(last).not.toMatch(/route="\/[0-9a-f]{8}-/);
  });

  it.skipIf(!testDatabaseUrl)('reports the PostgreSQL pool', async () => {
    const text = await scrape();
    // support.ts opens the test database with a pool of 5
    expect(sample(text, 'yuyue_db_pool_max_connections')).toBe(5);
    expect(text).toMatch(/^yuyue_db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^yuyue_db_pool_waiting_clients \d+$/m);
  });
});

describe('booking outcomes of failed submits', () => {
  it('counts a database outage as unavailable, not as a refusal or an error', async () => {
    const app = Fastify();
    registerMetrics(app, {
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database: { db: {}, kind: 'pglite', close: async () => {} } as unknown as Database,
    });
    await app.ready();
    const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const fail = (err: unknown) =>
      observeBooking(
        'single',
        () => Promise.reject(err),
        () => false,
      ).catch(() => null);
    const cases = [
      // the driver's error for a backend the failover terminated, wrapped as Drizzle does
      [
        Object.assign(new Error('query failed'), { cause: Object.assign(new Error('terminating'), { code: '57P01' }) }),
        'unavailable',
        'SERVICE_UNAVAILABLE',
      ],
      [
        Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
        'unavailable',
        'DATABASE_TIMEOUT',
      ],
      [new AppError('SERVICE_UNAVAILABLE'), 'unavailable', 'SERVICE_UNAVAILABLE'],
      [new AppError('BOOKING_SLOT_FULL', { start: '09:00', end: '10:00' }), 'refused', 'BOOKING_SLOT_FULL'],
      [new TypeError('a bug'), 'error', ''],
    ] as const;
    for (const [err, outcome, reason] of cases) {
      const labels = { mode: 'single', outcome, reason };
      const before = sample(await scrape(), 'yuyue_booking_outcomes_total', labels);
      await fail(err);
      expect(sample(await scrape(), 'yuyue_booking_outcomes_total', labels), `${outcome} ${reason}`).toBe(before + 1);
    }
    await app.close();
  });
});

describe('who may read /metrics', () => {
  const database = { db: {}, kind: 'pglite', close: async () => {} } as unknown as Database;
  const apps: FastifyInstance[] = [];
  async function appWith(env: Record<string, string>) {
    const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
    const app = Fastify();
    registerMetrics(app, { config, database });
    app.get('/healthz', async () => ({ status: 'ok' }));
    apps.push(app);
    await app.ready();
    return app;
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('in production, refuses a scrape without the token or with a wrong one, and serves it with the token', async () => {
    const app = await appWith({ NODE_ENV: 'production', METRICS_TOKEN: 's3cret-token' });
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.json()).toMatchObject({ errcode: '401', msg: expect.stringContaining('指标令牌') });
    expect(none.body).not.toContain('yuyue_');
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer s3cret-tokem' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer s3cret-token' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('yuyue_http_request_duration_seconds');
  });

  it('in production without a token, serves no /metrics at all', async () => {
    const app = await appWith({ NODE_ENV: 'production' });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('METRICS=off serves no /metrics, token or not', async () => {
    const app = await appWith({ NODE_ENV: 'development', METRICS: 'off', METRICS_TOKEN: 't' });
    expect(
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer t' } })).statusCode,
    ).toBe(404);
  });

  it('outside production, a set token is required too', async () => {
    const app = await appWith({ NODE_ENV: 'development', METRICS_TOKEN: 'dev-token' });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer dev-token' } })).statusCode,
    ).toBe(200);
  });
});
