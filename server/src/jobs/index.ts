import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import { POSTGRES_SESSION_OPTIONS, type Database } from '../db/index.ts';
import { deleteEndedRateLimitWindows } from '../http/rate-limit.ts';
import { createMailer } from '../mail/mailer.ts';
import { ABANDONED_BASKET_DAYS, removeAbandonedBaskets } from '../modules/basket/abandoned.ts';
import { releaseAbandonedClaims, sendDueNotifications, type SendReport } from '../modules/notifications/sender.ts';
import { runSourcesTick, waitForBackgroundFetches } from '../modules/supplier-sources/service.ts';
import { startImportQueue, type ImportQueue } from '../modules/suppliers/import-jobs.ts';
import { subscribeModuleEffects } from '../modules/subscribers.ts';

/**
 * The shop's scheduled work, and the one place that starts the job queue (pg-boss on PostgreSQL), registers
 * workers and schedules. A new job is an entry in `scheduledJobs`. Decision: docs/decisions/0018.
 */
export interface ScheduledJob {
  /** The pg-boss queue name. */
  name: string;
  /** When it runs, in the shop's time zone (cron syntax). */
  cron: string;
  /** Runs only on PostgreSQL (what it cleans lives in memory on the embedded database). */
  postgresOnly?: boolean;
  run(database: Database): Promise<Record<string, unknown>>;
}

export const scheduledJobs: readonly ScheduledJob[] = [
  {
    name: 'baskets-clean',
    cron: '30 3 * * *',
    run: async ({ db }) => ({
      removed: await removeAbandonedBaskets(db, { days: ABANDONED_BASKET_DAYS, now: new Date() }),
    }),
  },
  {
    name: 'rate-limits-clean',
    cron: '*/15 * * * *',
    postgresOnly: true,
    run: async ({ db }) => ({ removed: await deleteEndedRateLimitWindows(db) }),
  },
];

/**
 * Sending the notification outbox (modules/notifications): every NOTIFICATIONS_INTERVAL_SECONDS. On pg-boss a
 * chain of jobs on a queue that holds at most one waiting job (policy `short`): each run sends the next one,
 * `intervalSeconds` later, whichever instance runs it; the cron tick every minute restarts the chain if an
 * instance died holding it. Overlapping runs are harmless (rows are taken under their row lock).
 */
export const NOTIFICATIONS_JOB = { name: 'notifications-send', cron: '* * * * *' } as const;

/**
 * Suppliers' price-list sources (modules/supplier-sources): every SUPPLIER_SOURCES_TICK_SECONDS a tick marks stale
 * lists and fetches the due sources. On pg-boss the same chain of delayed jobs as the notifications (a `short`
 * queue, restarted by a cron tick every minute); two ticks running at once on two instances are harmless, as a
 * source is claimed (FOR UPDATE SKIP LOCKED and a lease) before it is fetched. Decision: docs/decisions/0025.
 */
export const SUPPLIER_SOURCES_JOB = { name: 'supplier-sources-tick', cron: '* * * * *' } as const;

export type JobsConfig = Pick<
  AppConfig,
  | 'shopTimeZone'
  | 'publicUrl'
  | 'smtpUrl'
  | 'mailFrom'
  | 'dataDir'
  | 'staffNotificationEmail'
  | 'notificationsIntervalSeconds'
  | 'uploadsDir'
  | 'supplierSourcesTickSeconds'
  | 'supplierSourcesAllowedHosts'
>;

function sourcesTicker({ database, config, logger }: StartJobsOptions): () => Promise<void> {
  const settings = { timeZone: config.shopTimeZone, log: logger, allowedHosts: config.supplierSourcesAllowedHosts };
  return async () => {
    const report = await runSourcesTick(database, settings);
    if (report.fetched + report.becameStale + report.becameFresh > 0) {
      logger.info({ job: SUPPLIER_SOURCES_JOB.name, ...report }, 'supplier sources tick');
    }
  };
}

function notificationSender({ database, config, logger }: StartJobsOptions): () => Promise<SendReport> {
  const mailer = createMailer(config);
  const settings = {
    mailer,
    timeZone: config.shopTimeZone,
    publicUrl: config.publicUrl,
    staffEmailFallback: config.staffNotificationEmail,
    log: logger,
  };
  return async () => {
    const report = await sendDueNotifications(database, settings);
    if (report.sent + report.retried + report.failed > 0) {
      logger.info({ job: NOTIFICATIONS_JOB.name, ...report }, 'notifications sent');
    }
    return report;
  };
}

export interface RunningJobs {
  /** pg-boss, on PostgreSQL (tests send jobs through it); null on the embedded database. */
  boss: PgBoss | null;
  /** Uploaded price lists and cross-references, imported one after the other (modules/suppliers/import-jobs.ts). */
  imports: ImportQueue;
  /** Stops taking jobs, waits for a running one, and closes the queue's connections. */
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  database: Database;
  config: JobsConfig;
  logger: Logger;
  /** Embedded database only: how often each job runs (default daily) and when first (default a minute). */
  pgliteEvery?: { intervalMs: number; firstAfterMs: number };
}

async function runLogged(job: ScheduledJob, database: Database, logger: Logger): Promise<void> {
  const started = performance.now();
  const result = await job.run(database);
  logger.info({ job: job.name, ...result, ms: Math.round(performance.now() - started) }, 'scheduled job done');
}

/** Starts the scheduled jobs: through pg-boss on PostgreSQL, on in-process timers on the embedded database. */
export async function startJobs(options: StartJobsOptions): Promise<RunningJobs> {
  // The jobs' writes tell of themselves through domain events too: the outbox and the caches follow them.
  subscribeModuleEffects();
  return options.database.driver === 'postgres' ? startPgBoss(options) : startTimers(options);
}

async function startPgBoss(options: StartJobsOptions): Promise<RunningJobs> {
  const { database, config, logger } = options;
  if (!database.connectionString) throw new Error('The job queue needs the PostgreSQL connection string');
  const boss = new PgBoss({
    connectionString: database.connectionString,
    application_name: 'detal-jobs',
    options: POSTGRES_SESSION_OPTIONS,
    // A small pool of its own: the queue polls, the app's pool serves requests.
    max: 2,
    schema: 'pgboss',
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of scheduledJobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, job.cron, {}, { tz: config.shopTimeZone });
    await boss.work(job.name, async () => {
      await runLogged(job, database, logger);
    });
  }
  await startChain(boss, NOTIFICATIONS_JOB, config, config.notificationsIntervalSeconds, notificationSender(options));
  await startChain(boss, SUPPLIER_SOURCES_JOB, config, config.supplierSourcesTickSeconds, sourcesTicker(options));
  const imports = await startImportQueue({ database, uploadsDir: config.uploadsDir, logger }, boss);
  return {
    boss,
    imports,
    stop: async () => {
      await boss.stop({ graceful: true, wait: true });
      await waitForBackgroundFetches();
    },
  };
}

/**
 * A job run every `intervalSeconds` on pg-boss: a chain of delayed jobs on a queue that holds at most one waiting
 * job (policy `short`), each run sending the next, whichever instance runs it; a cron tick every minute restarts
 * the chain should an instance die holding it.
 */
async function startChain(
  boss: PgBoss,
  job: { name: string; cron: string },
  config: JobsConfig,
  intervalSeconds: number,
  run: () => Promise<unknown>,
): Promise<void> {
  await boss.createQueue(job.name, { name: job.name, policy: 'short' });
  await boss.schedule(job.name, job.cron, {}, { tz: config.shopTimeZone });
  await boss.work(job.name, { pollingIntervalSeconds: 1 }, async () => {
    try {
      await run();
    } finally {
      await boss.send(job.name, {}, { startAfter: intervalSeconds });
    }
  });
  await boss.send(job.name, {});
}

async function startTimers(options: StartJobsOptions): Promise<RunningJobs> {
  const { database, config, logger, pgliteEvery } = options;
  const { intervalMs, firstAfterMs } = pgliteEvery ?? { intervalMs: 24 * 60 * 60 * 1000, firstAfterMs: 60_000 };
  const jobs = scheduledJobs.filter((job) => !job.postgresOnly);
  let running: Promise<void> = Promise.resolve();
  const runAll = () => {
    // One at a time, never overlapping: the embedded database has one connection.
    running = running.then(async () => {
      for (const job of jobs) {
        await runLogged(job, database, logger).catch((error: unknown) =>
          logger.error({ err: error, job: job.name }, 'scheduled job failed'),
        );
      }
    });
  };
  const first = setTimeout(runAll, firstAfterMs);
  const every = setInterval(runAll, intervalMs);
  first.unref();
  every.unref();

  // One process opens the embedded database: a claim found now was left by a sender that died.
  const released = await releaseAbandonedClaims(database.db);
  if (released > 0) logger.warn({ released }, 'notifications claimed by a stopped process will be sent again');
  const sendNotifications = notificationSender(options);
  const sendAll = () => {
    running = running.then(() =>
      sendNotifications().then(
        () => undefined,
        (error: unknown) => logger.error({ err: error, job: NOTIFICATIONS_JOB.name }, 'scheduled job failed'),
      ),
    );
  };
  sendAll();
  const sending = setInterval(sendAll, config.notificationsIntervalSeconds * 1000);
  sending.unref();
  const imports = await startImportQueue({ database, uploadsDir: config.uploadsDir, logger }, null);
  const tickSources = sourcesTicker(options);
  const tickAll = () => {
    running = running.then(() =>
      tickSources().catch((error: unknown) =>
        logger.error({ err: error, job: SUPPLIER_SOURCES_JOB.name }, 'scheduled job failed'),
      ),
    );
  };
  const ticking = setInterval(tickAll, config.supplierSourcesTickSeconds * 1000);
  ticking.unref();
  return {
    boss: null,
    imports,
    stop: async () => {
      clearTimeout(first);
      clearInterval(every);
      clearInterval(sending);
      clearInterval(ticking);
      await running;
      await imports.stop();
      await waitForBackgroundFetches();
    },
  };
}
