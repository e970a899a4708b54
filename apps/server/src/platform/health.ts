import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * How long the readiness check waits for the database, ms: below the 1-10 s timeouts load
 * balancers and orchestrators give their probes, above a busy database's answer to `select 1`.
 */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * `/healthz`: liveness, answered by the process alone (a database outage must not get the
 * process restarted: it serves again by itself once the database answers). `/readyz`:
 * readiness, 200 while the database answers, 503 with the catalogue's SERVICE_UNAVAILABLE
 * texts while it does not, so a load balancer sends requests elsewhere meanwhile.
 */
export function registerHealth(app: FastifyInstance, database: Database): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await database.ping(READINESS_TIMEOUT_MS);
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err: (err as Error).message }, 'readiness: the database does not answer');
      const { zh, en } = new AppError('SERVICE_UNAVAILABLE').texts;
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'unavailable', errcode: '503', msg: zh, msg_en: en });
    }
  });
}
