import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isObjectType, type GraphQLSchema } from 'graphql';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError, UNAVAILABLE_CODES, unavailableError } from './errors.ts';

/*
 * Prometheus metrics of this process. One registry per process, not per app: a scrape target
 * is a process, Node's own metrics (heap, event loop, GC) are per process, and the booking
 * engine and the job runner report through plain functions without carrying an app around.
 * Every label takes values from a fixed set (route patterns, the schema's operation names,
 * the error catalogue's codes, job names), so the number of series cannot grow with input.
 */
const registry = new Registry();

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpDuration = new Histogram({
  name: 'yuyue_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code (the _count is the number of requests)',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const graphqlDuration = new Histogram({
  name: 'yuyue_graphql_request_duration_seconds',
  help: 'GraphQL requests by endpoint and operation name (unknown or absent names are "_other", batches "_batch")',
  labelNames: ['endpoint', 'operation'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const bookingOutcomes = new Counter({
  name: 'yuyue_booking_outcomes_total',
  help: 'Booking submits by mode (single, series) and outcome (booked, pending approval, refused or unavailable with its error code, error)',
  labelNames: ['mode', 'outcome', 'reason'] as const,
  registers: [registry],
});

const jobRuns = new Counter({
  name: 'yuyue_job_runs_total',
  help: 'Scheduled job runs by job and outcome (ran; skipped: another instance held its lock; failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

const jobDuration = new Histogram({
  name: 'yuyue_job_run_duration_seconds',
  help: 'Duration of the scheduled job runs this instance did (ran or failed)',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  registers: [registry],
});

const ballotBatches = new Counter({
  name: 'yuyue_ballot_batches_total',
  help: 'Batches of ballot entries written together (entered) or sent the usual way (usual: not in the window, drawn, a captcha to check; failed: a database fault or a conflict)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const ballotBatchSize = new Histogram({
  name: 'yuyue_ballot_batch_requests',
  help: 'Requests per batch of ballot entries',
  buckets: [1, 2, 5, 10, 20, 50, 100, 200],
  registers: [registry],
});

/** The PostgreSQL pools of the apps running in this process (one in production). */
const pools = new Set<pg.Pool>();
const sumOfPools = (read: (pool: pg.Pool) => number) => [...pools].reduce((n, pool) => n + read(pool), 0);

new Gauge({
  name: 'yuyue_db_pool_connections',
  help: 'PostgreSQL connections of the pool, in use (lent to a request or job) or idle',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const total = sumOfPools((p) => p.totalCount);
    const idle = sumOfPools((p) => p.idleCount);
    this.set({ state: 'in_use' }, total - idle);
    this.set({ state: 'idle' }, idle);
  },
});

new Gauge({
  name: 'yuyue_db_pool_waiting_clients',
  help: 'Requests waiting for a PostgreSQL connection because every connection of the pool is in use',
  registers: [registry],
  collect() {
    this.set(sumOfPools((p) => p.waitingCount));
  },
});

new Gauge({
  name: 'yuyue_db_pool_max_connections',
  help: 'Most connections the pool opens (DATABASE_POOL_SIZE)',
  registers: [registry],
  collect() {
    this.set(sumOfPools((p) => p.options.max ?? 10));
  },
});

let defaultMetricsOn = false;

export type BookingMode = 'single' | 'series';

/**
 * Runs a booking submit and counts its outcome: booked, pending (awaiting approval), refused
 * (an AppError, counted under its code), unavailable (the database unreachable or past its time
 * budget: an outage, not a refusal; under SERVICE_UNAVAILABLE or DATABASE_TIMEOUT) or error
 * (anything else). The result or error passes through unchanged.
 */
export async function observeBooking<T>(
  mode: BookingMode,
  submit: () => Promise<T>,
  isPending: (result: T) => boolean,
): Promise<T> {
  try {
    const result = await submit();
    bookingOutcomes.inc({ mode, outcome: isPending(result) ? 'pending' : 'booked', reason: '' });
    return result;
  } catch (err) {
    const unavailable =
      err instanceof AppError ? (UNAVAILABLE_CODES.has(err.code) ? err : null) : unavailableError(err);
    if (unavailable) bookingOutcomes.inc({ mode, outcome: 'unavailable', reason: unavailable.code });
    else if (err instanceof AppError) bookingOutcomes.inc({ mode, outcome: 'refused', reason: err.code });
    else bookingOutcomes.inc({ mode, outcome: 'error', reason: '' });
    throw err;
  }
}

export type JobOutcome = 'ran' | 'skipped' | 'failed';

/** Counts one scheduled run of a job; `seconds` is how long it took (not recorded when skipped). */
export function recordJobRun(job: string, outcome: JobOutcome, seconds: number): void {
  jobRuns.inc({ job, outcome });
  if (outcome !== 'skipped') jobDuration.observe({ job }, seconds);
}

export type BatchOutcome = 'entered' | 'usual' | 'failed';

/** Counts one batch of ballot entries (modules/ballot/ballot.collect.ts) and its number of requests. */
export function recordBallotBatch(outcome: BatchOutcome, requests: number): void {
  ballotBatches.inc({ outcome });
  ballotBatchSize.observe(requests);
}

/** What an app registers with `registerMetrics`. */
export interface AppMetrics {
  /** Whether /metrics is served (and requests are measured) by this app. */
  readonly served: boolean;
  /** Makes an endpoint's root fields (its operation names, per the contract) known as label values. */
  graphqlEndpoint(name: string, schema: GraphQLSchema): void;
}

const OTHER = '_other';
const BATCH = '_batch';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const GRAPHQL_PREFIX = '/bus/graphql/';
const OPERATION_NAME = /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

/** The operation label of a GraphQL request: a name the endpoint's schema knows, else `_other`. */
export function operationLabel(payload: unknown, known: ReadonlySet<string>): string {
  if (Array.isArray(payload)) return BATCH;
  const p = payload as { operationName?: unknown; query?: unknown } | null | undefined;
  let name = typeof p?.operationName === 'string' && p.operationName ? p.operationName : undefined;
  // Clients of the contract send operationName; a name only in the document is read from its head.
  if (!name && typeof p?.query === 'string') name = OPERATION_NAME.exec(p.query)?.[1];
  return name !== undefined && known.has(name) ? name : OTHER;
}

/** Whether a request carries the metrics token (compared in constant time). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

/**
 * Measures every request (route pattern, never the raw URL) and GraphQL operation, reports
 * the database pool, and serves the registry at `/metrics`: behind `METRICS_TOKEN` when one
 * is set, and in production only then. Call it before any route or plugin is registered, so
 * that its hook reaches all of them.
 */
export function registerMetrics(app: FastifyInstance, opts: { config: Config; database: Database }): AppMetrics {
  const { config, database } = opts;
  const operations = new Map<string, Set<string>>();
  const graphqlEndpoint = (name: string, schema: GraphQLSchema) => {
    const names = new Set<string>();
    for (const root of [schema.getQueryType(), schema.getMutationType()]) {
      if (isObjectType(root)) for (const field of Object.keys(root.getFields())) names.add(field);
    }
    operations.set(name, names);
  };
  const served = config.metrics && (config.env !== 'production' || config.metricsToken !== '');
  if (!served) {
    // the secure default of a production start, not a fault: info, not a warning
    if (config.metrics) app.log.info('/metrics is off: in production it needs METRICS_TOKEN');
    return { served, graphqlEndpoint };
  }

  if (!defaultMetricsOn) {
    collectDefaultMetrics({ register: registry });
    defaultMetricsOn = true;
  }
  const pool = (database.db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    pools.add(pool);
    app.addHook('onClose', async () => {
      pools.delete(pool);
    });
  }

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route === '/metrics') return done();
    const seconds = reply.elapsedTime / 1000;
    httpDuration.observe(
      {
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        route: route ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      seconds,
    );
    if (route?.startsWith(GRAPHQL_PREFIX)) {
      const endpoint = route.slice(GRAPHQL_PREFIX.length);
      const known = operations.get(endpoint);
      if (known) {
        const payload = request.method === 'GET' ? request.query : request.body;
        graphqlDuration.observe({ endpoint, operation: operationLabel(payload, known) }, seconds);
      }
    }
    done();
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (config.metricsToken && !hasToken(request, config.metricsToken)) {
      const { zh, en } = new AppError('METRICS_TOKEN_REQUIRED').texts;
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ errcode: '401', msg: zh, msg_en: en });
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
  return { served, graphqlEndpoint };
}
