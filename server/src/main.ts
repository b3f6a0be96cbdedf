import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { listeningUrl, loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { openJobRunner, startJobWorkers } from './jobs/index.ts';
import type { JobRunner } from './jobs/runner.ts';
import { openFirstOwnerSetup, staffSetupLink } from './modules/staff/first-owner-setup.ts';
import { subscribeModuleEffects } from './modules/subscribers.ts';
import { createLogger } from './plugins/logging.ts';
import { seedIfEmpty } from './seed/index.ts';
import { warmUp } from './warm-up.ts';

/** How long shutdown may take before the process gives up waiting for open requests. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
const logger = createLogger(config);

/** The address to print: a wildcard host is reachable as localhost on this machine. */
function publicAddress(app: FastifyInstance): string {
  const address = app.server.address();
  return listeningUrl(config.host, typeof address === 'object' && address ? address.port : config.port);
}

function closeOnSignals(app: FastifyInstance, jobs: JobRunner, database: Database) {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await jobs.stop();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Kept for repeated signals too: a second Ctrl+C while closing exits at once.
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
}

/**
 * While the shop has no staff member, a one-time link to create the owner in the browser (issue 26). Printed on
 * stdout whatever LOG_LEVEL says, and only here: the token is in no log record.
 */
async function printFirstOwnerSetupLink(database: Database) {
  const token = await openFirstOwnerSetup(database.db, new Date());
  if (token === null) return;
  process.stdout.write(
    `\nВ магазине ещё нет владельца. Откройте ссылку, чтобы создать его учётную запись (сработает один раз):\n` +
      `  ${staffSetupLink(config.publicUrl, token)}\n\n`,
  );
}

async function start() {
  // Before anything writes (the demo seed, the first owner's link): the modules' domain events have subscribers.
  subscribeModuleEffects();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    holder: { kind: 'shop', name: 'магазин' },
  });
  logger.info(
    { database: database.driver, ...(database.driver === 'pglite' ? { dataDir: config.dataDir } : {}) },
    'database ready (migrations applied)',
  );

  const seedStarted = performance.now();
  const seeded = await seedIfEmpty(database, { offers: config.seedOffers });
  const seedMs = Math.round(performance.now() - seedStarted);
  if (seeded) logger.info({ ...seeded, ms: seedMs }, `demo data seeded in ${(seedMs / 1000).toFixed(1)} s`);
  else logger.info({ ms: seedMs }, 'the database already holds shop data: no demo data added');

  // The job workers start last, once the instance is warm and listening: a queued import taking pool connections
  // first made the warm-up time out waiting for them, and the process exit (issue 34). Jobs enqueued meanwhile
  // (uploads) wait in the job store for them.
  const jobs = await openJobRunner({ database, config, logger });
  const app = await buildApp({ config, database, logger, jobs });
  closeOnSignals(app, jobs, database);
  const warm = await warmUp(app, database);
  logger.info(warm, `warmed up in ${warm.ms} ms`);
  // Before listening: once the shop answers, its link is printed.
  await printFirstOwnerSetupLink(database);
  await app.listen({ host: config.host, port: config.port });
  logger.info(
    { mode: config.env },
    `Detal is running at ${publicAddress(app)} (API docs at ${publicAddress(app)}/api/docs)`,
  );
  await startJobWorkers(jobs, { database, config, logger });
  logger.info({ queue: jobs.kind }, 'job workers started');
  if (config.env === 'production' && !config.publicUrlConfigured) {
    // E-mailed links (password reset) would point at this machine's address, which clients cannot open.
    logger.warn(
      { publicUrl: config.publicUrl },
      `PUBLIC_URL is not set: e-mailed links use ${config.publicUrl}; set PUBLIC_URL to the shop's public address`,
    );
  }
}

start().catch((error: unknown) => {
  logger.fatal({ err: error }, 'the server could not start');
  process.exit(1);
});
