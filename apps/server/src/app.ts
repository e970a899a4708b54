import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import type { Config } from './config.ts';
import { withTenant, type Database } from './db/client.ts';
import { graphqlContributions } from './modules/index.ts';
import { identityDirectoryFor } from './modules/identity.ts';
import { authenticate } from './platform/auth/authenticate.ts';
import { registerIdentityProvider } from './platform/auth/identity-provider.ts';
import { AppError, UNAVAILABLE_CODES, unavailableError } from './platform/errors.ts';
import { faultForLog, refuseNulInput } from './platform/validation.ts';
import { registerHealth } from './platform/health.ts';
import { buildEndpoint, registerEndpoint } from './platform/graphql/endpoint.ts';
import { endpointNames } from './platform/graphql/types.ts';
import { registerWebApp } from './platform/web.ts';
import { outsideOriginsSource } from './modules/manage-home/manage-home.outside.ts';
import { startJobs } from './platform/jobs.ts';
import { listenForChanges, type ChangeListener } from './platform/events.ts';
import { registerMetrics } from './platform/metrics.ts';
import { sweepExpiredSignInRecords } from './platform/auth/oidc-jobs.ts';
import { sweepLoginThrottleJob } from './platform/auth/login.ts';
import type { RequestContext } from './platform/context.ts';
import { fileRoutes } from './platform/files/files.routes.ts';
import { managesAnyResource } from './modules/resources/resource-admins.ts';
import { storageFor } from './platform/files/storage.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { cachedVerifier } from './platform/auth/token-cache.ts';
import { codeTablesRoutes } from './modules/code-tables/code-tables.routes.ts';
import { visitorRecordsRoutes } from './modules/visitors/visitors.admin-records.routes.ts';
import { directoryDataRoutes } from './modules/directory/directory.data.routes.ts';
import { noShowJob } from './modules/checkin/checkin.jobs.ts';
import { mailOutboxJob } from './modules/notifications/notifications.sender.ts';
import { visitorRetentionJob } from './modules/visitors/visitors.admin-people.service.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { ballotDrawJob } from './modules/ballot/ballot.draw.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { meetingRoutes } from './modules/meetings/meetings.routes.ts';
import { meetingsJob } from './modules/meetings/meetings.worker.ts';
import { visitorKeys } from './platform/data-key.ts';

export interface AppDeps {
  config: Config;
  database: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Builds a request's context (tenant, user) for REST routes; throws AppError for a bad token. */
    contextFor: (request: FastifyRequest) => Promise<RequestContext>;
  }
}

/** Builds the HTTP application: every endpoint, no listening (tests inject requests). */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // While closing (SIGTERM), requests already on open connections are still served: a proxy's
    // kept-alive connections would otherwise get Fastify's bare 503 during every restart.
    return503OnClosing: false,
  });
  app.decorate('config', config);
  app.decorate('database', database);
  // First, so that its request hook reaches every route registered below.
  const metrics = registerMetrics(app, { config, database });

  // Errors outside GraphQL (REST, uploads, sign-in pages): the contract's errcode/msg/msg_en,
  // never a stack trace.
  app.setErrorHandler((err, request, reply) => {
    // The database unreachable or past its time budget: retryable, so 503, not 系统异常.
    const unavailable = err instanceof AppError && UNAVAILABLE_CODES.has(err.code) ? err : unavailableError(err);
    if (unavailable) {
      if (unavailable !== err) request.log.warn({ err: (err as Error).message }, unavailable.code);
      const { zh, en } = unavailable.texts;
      return reply.code(503).header('retry-after', '1').send({ errcode: '503', msg: zh, msg_en: en });
    }
    if (err instanceof AppError) {
      const status =
        err.code === 'ACCESS_TOKEN_INVALID' || err.code === 'UNAUTHENTICATED'
          ? 401
          : err.code === 'FORBIDDEN'
            ? 403
            : 400;
      const { zh, en } = err.texts;
      return reply
        .code(status)
        .send({ errcode: err.code === 'ACCESS_TOKEN_INVALID' ? 'ACCESS_TOKEN_INVALID' : '500', msg: zh, msg_en: en });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ errcode: String(status), msg: '错误请求', msg_en: (err as Error).message });
    }
    request.log.error({ err: faultForLog(err) }, 'unhandled error');
    return reply.code(500).send({ errcode: '500', msg: '系统异常', msg_en: 'System error' });
  });

  // gzip on the fly (brotli's default level is too slow to use per response).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(formbody);
  // A NUL character in any query string, route parameter or body is refused before a handler runs.
  app.addHook('preValidation', refuseNulInput);

  // Read (or, on first start, make) the visitor data key now: a malformed key stops the start.
  visitorKeys(config);
  const identityDirectory = identityDirectoryFor(config);
  const verifier = cachedVerifier(
    await registerIdentityProvider(app, { config, db: database.db, identity: identityDirectory }),
  );
  const contextFor = (request: Parameters<typeof authenticate>[0]) =>
    authenticate(request, { config, db: database.db, verifier, identity: identityDirectory });
  app.decorateRequest('ctx', null as never);
  app.decorate('contextFor', contextFor);

  for (const name of endpointNames) {
    const endpoint = buildEndpoint(name, graphqlContributions);
    metrics.graphqlEndpoint(name, endpoint.schema);
    await registerEndpoint(app, {
      endpoint,
      production: config.env === 'production',
      limits: config.graphqlLimits,
      contextFor,
    });
  }

  // REST calls of the web app, at the origin's root and under the web app's base path.
  const storage = storageFor(config, database.db);
  // Public files (pictures of public pages) come from the back office: tenant and resource administrators.
  const mayPublishFiles = async (ctx: RequestContext) =>
    !!ctx.user &&
    !!ctx.tenant &&
    (ctx.user.role === 'admin' ||
      (await withTenant(ctx.db, ctx.tenant.id, (tx) => managesAnyResource(tx, ctx.tenant!.id, ctx.user!))));
  for (const prefix of new Set(['', config.basePath])) {
    await app.register(settingsRoutes, { prefix });
    await app.register(fileRoutes, { prefix, storage, mayPublish: mayPublishFiles });
    await app.register(codeTablesRoutes, { prefix });
    // REST routes of the visitor records (section: visitors-admin-records)
    await app.register(visitorRecordsRoutes, { prefix });
    // REST routes of the directory's sheets (section: directory-data)
    await app.register(directoryDataRoutes, { prefix });
    // REST routes of check-in (section: check-in)
    // REST routes of captcha (section: evaluations)
    await app.register(captchaRoutes, { prefix });
    // booking .ics downloads and calendar feeds (section: calendar)
    await app.register(calendarRoutes, { prefix });
    // the meeting provider's callbacks (section: meetings)
    await app.register(meetingRoutes, { prefix });
  }

  registerHealth(app, database);
  // (section: manage-home) the web app may frame the external pages the settings name
  await registerWebApp(app, config, undefined, outsideOriginsSource(database.db));

  // Revocations and user and tenant changes made by any instance reach this one's caches.
  let changes: ChangeListener | null = null;
  app.addHook('onReady', async () => {
    changes = await listenForChanges(database, { log: app.log });
  });
  app.addHook('onClose', async () => {
    await changes?.stop();
  });

  // Background jobs: each runs on one instance at a time (advisory lock), stopped on close.
  let stopJobs: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopJobs = startJobs(
      database.db,
      [
        sweepExpiredSignInRecords,
        sweepLoginThrottleJob(config.loginThrottle),
        // no-show job (section: check-in)
        noShowJob({ config, log: app.log }),
        // outbox sender (section: notifications)
        mailOutboxJob(config, app.log),
        // visitor retention (section: visitors-admin-people)
        visitorRetentionJob({ config, log: app.log }),
        // the ballot's draws at the end of collection windows (section: ballot)
        ballotDrawJob({ config, log: app.log }),
        // online meetings' provider calls (section: meetings)
        meetingsJob(config, app.log),
      ],
      app.log,
    );
  });
  app.addHook('onClose', async () => {
    await stopJobs?.();
  });
  return app;
}
