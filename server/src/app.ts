import path from 'node:path';
import { testClockFromEnv, useClock } from './http/clock.ts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import {
  ADMIN_API_PREFIX,
  SHOP_API_PREFIX,
  TECH_API_PREFIX,
  adminEndpoints,
  shopEndpoints,
  techEndpoints,
} from '@detal/contract';
import type { AppConfig } from './config.ts';
import type { Database } from './db/index.ts';
import { onDemandJobs, openJobRunner } from './jobs/index.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { JobQueue } from './shared/background-jobs.ts';
import { generatedTechCatalogKey } from './db/shop-settings.ts';
import { trustedOriginsOf } from './http/cross-site.ts';
import { answerClientError, handleError, registerErrorHandling } from './http/error-handler.ts';
import type { AppDeps } from './http/handlers.ts';
import { registerHealth } from './http/health.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerRequestDeadline } from './http/request-deadline.ts';
import { registerEndpoints } from './http/routes.ts';
import { createSerializerCompiler } from './http/serializer.ts';
import { sessionResolverOf } from './modules/clients/sessions.ts';
import { createAdminHandlers, createShopHandlers, createTechHandlers } from './modules/index.ts';
import { staffSessionResolverOf } from './modules/staff/sessions.ts';
import { subscribeModuleEffects } from './modules/subscribers.ts';
import { registerDocs } from './plugins/docs.ts';
import { createLogger, echoRequestId, requestIdFor } from './plugins/logging.ts';
import { closeConnectionsWhenClosing } from './plugins/graceful-close.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerCompression } from './plugins/compression.ts';
import { loadWebBuild, registerWebApp } from './ssr/web-app.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** The pino logger to write to; default createLogger(config). Tests pass one with a capturing stream. */
  logger?: Logger;
  /**
   * The background job runner (jobs/; main.ts opens it and starts its workers once listening). Default: an
   * embedded runner of this process running the jobs requests enqueue (imports, «fetch now»), stopped on close.
   */
  jobs?: JobQueue;
}

async function ownJobRunner(config: AppConfig, database: Database, logger: Logger): Promise<JobRunner> {
  const runner = await openJobRunner({ database, config, logger, store: 'embedded' });
  await runner.work(onDemandJobs({ database, config, logger }));
  return runner;
}

/** A hop count trusts that many proxies in front (Fastify's typings only accept it as a function). */
const trustProxyOption = (value: AppConfig['trustProxy']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

/**
 * The whole server: the shop and technical-catalogue API from the contract's endpoint registry, health,
 * OpenAPI docs, and (when the web has been built) the server-rendered shop. Not yet listening or ready:
 * callers may add routes (tests) before `listen()`, `ready()` or `inject()`.
 */
export async function buildApp({ config, database, logger, jobs }: BuildAppOptions): Promise<FastifyInstance> {
  // Typed as Fastify's logger so that the instance is the plain FastifyInstance every plugin takes.
  const loggerInstance: FastifyBaseLogger = logger ?? createLogger(config);
  // The outbox, the audit log and the caches follow the modules' domain events (decision 0042).
  subscribeModuleEffects();
  const app = Fastify({
    loggerInstance,
    genReqId: requestIdFor,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimit,
    // A client that has not sent the whole request (headers and body) in time gets 408 and the connection closes:
    // slow senders cannot hold connections and memory for ever. Node's deadline is one for the whole server: the
    // uploads' (UPLOAD_TIMEOUT_MS); registerRequestDeadline holds every other body to REQUEST_TIMEOUT_MS. Node
    // checks the deadlines every connectionsCheckingInterval, so that is kept well below the timeouts.
    requestTimeout: Math.max(config.requestTimeoutMs, config.uploadTimeoutMs),
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.max(
        10,
        Math.min(1_000, Math.floor(Math.min(config.requestTimeoutMs, config.uploadTimeoutMs) / 4)),
      ),
    },
    clientErrorHandler: answerClientError,
    // Failures before a route is matched (a malformed URL) get the contract's error body too.
    frameworkErrors: handleError,
  });

  // The e2e journeys move the running server's time (decision 0056); never without DETAL_TEST_MODE=1.
  const testClock = testClockFromEnv();
  if (testClock) {
    useClock(app, testClock);
    loggerInstance.warn('DETAL_TEST_MODE: the clock follows TEST_CLOCK_FILE (tests only)');
  }

  // The API speaks JSON only: any other body type is a 415, not a string for the schema to reject.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checkResponses: config.env !== 'production' }));
  echoRequestId(app);
  registerRequestDeadline(app, { requestTimeoutMs: config.requestTimeoutMs });
  // First, so that its hook times every route.
  const metrics = registerMetrics(app, database, config.metricsToken);
  closeConnectionsWhenClosing(app);
  registerErrorHandling(app);
  await registerSecurity(app, config);
  await registerCompression(app);
  const rateLimitChecks = await registerRateLimit(app, { config, database });
  await registerDocs(app);

  const techCatalogKey = config.techCatalogKey ?? (await generatedTechCatalogKey(database.db));
  const ownRunner = jobs ? null : await ownJobRunner(config, database, loggerInstance as Logger);
  app.addHook('onClose', async () => {
    await ownRunner?.stop();
  });
  const deps: AppDeps = { config, database, techCatalogKey, jobs: jobs ?? ownRunner!, metrics };
  registerHealth(app, database, rateLimitChecks);
  const resolveSession = sessionResolverOf(database.db);
  registerEndpoints(app, resolveSession, SHOP_API_PREFIX, shopEndpoints, createShopHandlers(deps));
  registerEndpoints(app, resolveSession, TECH_API_PREFIX, techEndpoints, createTechHandlers(deps));
  registerEndpoints(app, resolveSession, ADMIN_API_PREFIX, adminEndpoints, createAdminHandlers(deps), {
    staff: staffSessionResolverOf(database.db, config.staffSessionMaxHours * 60 * 60 * 1000),
    trustedOrigins: trustedOriginsOf(config),
    uploadLimit: config.importUploadLimit,
    uploadIdleMs: config.requestTimeoutMs,
  });

  const webBuild = config.webBuildDir ? await loadWebBuild(config.webBuildDir) : null;
  if (config.webBuildDir && webBuild) {
    await registerWebApp(app, {
      build: webBuild,
      clientDir: path.join(config.webBuildDir, 'client'),
      // The build is Vite's production output whatever NODE_ENV says; visitors never see error details.
      mode: 'production',
      bodyLimit: config.bodyLimit,
      techCatalogKey,
    });
  }
  return app;
}
