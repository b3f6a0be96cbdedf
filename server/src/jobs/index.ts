import type { Logger } from 'pino';
import { runLedgerRemindersTick } from '../modules/ledger/reminders.ts';
import { runStopListTick } from '../modules/ledger/service.ts';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import { testClockFromEnv } from '../http/clock.ts';
import { deleteEndedRateLimitWindows } from '../http/rate-limit.ts';
import { createMailer } from '../mail/mailer.ts';
import { ABANDONED_BASKET_DAYS, removeAbandonedBaskets } from '../modules/basket/abandoned.ts';
import { releaseAbandonedClaims, sendDueNotifications } from '../modules/notifications/sender.ts';
import { SOURCE_FETCH_JOB, fetchClaimedSource, runSourcesTick } from '../modules/supplier-sources/fetcher.ts';
import { IMPORT_JOB, importQueueOf, recoverImports, runImport } from '../modules/suppliers/import-jobs.ts';
import { releaseAbandonedLeases, runChannelsTick } from '../modules/purchasing/channels/api-runs.ts';
import { compactQueueTallies } from '../modules/purchasing/queue-tallies.ts';
import { refreshDeliveryStats } from '../modules/delivery-learning/refresh.ts';
import { removeUnattachedPhotos } from '../modules/returns/photos.ts';
import { CHANNELS_RUN_JOB } from '../modules/purchasing/channels/api-jobs.ts';
import { secretBoxFor } from '../modules/purchasing/channels/secrets.ts';
import { jobType } from '../shared/background-jobs.ts';
import { embeddedJobStore } from './embedded-store.ts';
import { pgBossJobStore } from './pg-boss-store.ts';
import { createJobRunner, defineJob, type AnyJobDefinition, type JobRunner } from './runner.ts';
import { subscribeModuleEffects } from '../modules/subscribers.ts';

/**
 * The shop's background jobs and the one place that starts them (decision 0043): every job is a definition of
 * runner.ts, run by pg-boss on PostgreSQL and by the embedded runner (the `background_jobs` table) on PGlite.
 * A new job is an entry of `shopJobs`; a module that enqueues one declares its type (shared/background-jobs.ts).
 */

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
  | 'supplierChannelsTickSeconds'
  | 'ledgerTickSeconds'
  | 'secretsKey'
>;

export interface JobsDeps {
  database: Database;
  config: JobsConfig;
  logger: Logger;
}

/** The jobs' time: the real one, or the e2e journeys' clock in test mode (decision 0056). */
const testClock = testClockFromEnv();
const jobsNow = (): Date => testClock?.() ?? new Date();

const noPayload = z.object({});
/** A scheduled clean-up: no retry (the next tick comes), a lease of an hour. */
const scheduledType = (name: string, leaseSeconds = 60 * 60) =>
  jobType({ name, payload: noPayload, retry: { limit: 0, delaySeconds: 0, backoff: false }, leaseSeconds });

export const BASKETS_CLEAN_JOB = scheduledType('baskets-clean');
/** PostgreSQL only: on the embedded database the rate-limit windows live in memory. */
export const RATE_LIMITS_CLEAN_JOB = scheduledType('rate-limits-clean');
/** The notification outbox, every NOTIFICATIONS_INTERVAL_SECONDS (rows are taken under their row lock). */
export const NOTIFICATIONS_JOB = scheduledType('notifications-send', 10 * 60);
/**
 * Suppliers' price-list sources (decision 0025), every SUPPLIER_SOURCES_TICK_SECONDS: stale lists, then the due
 * fetches; a source is claimed (FOR UPDATE SKIP LOCKED and a lease) before it is fetched.
 */
export const SUPPLIER_SOURCES_JOB = scheduledType('supplier-sources-tick');
/**
 * The client ledger's automatic stop-list (issue 31, decision 0054), hourly: set on ledgers overdue more than the
 * setting's days, lifted from those paid since (a payment lifts it at once too).
 */
export const LEDGER_STOP_LIST_JOB = scheduledType('ledger-stop-list');
/**
 * The client ledger's reminders (issue 31, decision 0056), hourly: debits due within `ledger.remind_before_days`
 * and overdue ones, each told of once (ledger_reminders), queued into the notification outbox.
 */
export const LEDGER_REMINDERS_JOB = scheduledType('ledger-reminders');

/** Return photos uploaded and never attached to a return, deleted after a day (issue 32), hourly. */
export const RETURN_PHOTOS_CLEAN_JOB = scheduledType('return-photos-clean');

/**
 * Delivery learned per supplier (issue 33, decision 0068), hourly: the rollup `supplier_delivery_stats` recomputed
 * from the purchasing history of the shop's window (setting `delivery_stats`); search reads it, never the history.
 */
export const DELIVERY_STATS_JOB = scheduledType('delivery-stats-refresh');

/** «К заказу»'s tallies (decision 0059) folded into a row per supplier and status, every 5 minutes. */
export const PURCHASE_QUEUE_TALLIES_JOB = scheduledType('purchase-queue-tallies-compact', 10 * 60);

const fetchSettingsOf = ({ config, logger }: JobsDeps) => ({
  timeZone: config.shopTimeZone,
  log: logger,
  allowedHosts: config.supplierSourcesAllowedHosts,
});

/**
 * The suppliers' API runs (decision 0050): places the orders sent through an API, reads the states of the open
 * ones, every supplier on its own; scheduled by shopJobs, enqueued at once when an order is sent.
 */
function channelsJob({ database, config, logger }: JobsDeps, schedule?: { cron: string; everySeconds: number }) {
  return defineJob({
    type: CHANNELS_RUN_JOB,
    ...(schedule ? { schedule } : {}),
    run: async () => {
      const report = await runChannelsTick(database, {
        box: await secretBoxFor({ secretsKey: config.secretsKey, dataDir: config.dataDir }),
        transport: { outbound: { allowedHosts: config.supplierSourcesAllowedHosts }, log: logger },
        timeZone: config.shopTimeZone,
      });
      if (report.suppliers > 0) logger.info({ job: CHANNELS_RUN_JOB.name, ...report }, 'supplier channels tick');
    },
  });
}

/** Jobs anything may enqueue, run by every runner (the app's default one too). */
export function onDemandJobs(deps: JobsDeps): AnyJobDefinition[] {
  const { database, config, logger } = deps;
  const fetchSettings = fetchSettingsOf(deps);
  return [
    channelsJob(deps),
    defineJob({
      type: IMPORT_JOB,
      run: ({ importId }) => runImport({ database, uploadsDir: config.uploadsDir, logger }, importId),
    }),
    defineJob({
      type: SOURCE_FETCH_JOB,
      run: ({ supplierId }) => fetchClaimedSource(database, supplierId, 'manual', fetchSettings),
    }),
  ];
}

/** Every job of the shop: the on-demand ones and the scheduled ones. */
export function shopJobs(deps: JobsDeps): AnyJobDefinition[] {
  const { database, config, logger } = deps;
  const logged = (name: string, result: object) => logger.info({ job: name, ...result }, 'scheduled job done');
  const mailer = createMailer(config);
  const sendSettings = {
    mailer,
    timeZone: config.shopTimeZone,
    publicUrl: config.publicUrl,
    staffEmailFallback: config.staffNotificationEmail,
    log: logger,
    // The outbox is due by the jobs' clock: a reminder queued at the test clock's time is due at that time.
    now: jobsNow,
  };
  const ledgerSchedule = (cron: string) =>
    config.ledgerTickSeconds === undefined ? { cron } : { cron, everySeconds: config.ledgerTickSeconds };
  const fetchSettings = {
    timeZone: config.shopTimeZone,
    log: logger,
    allowedHosts: config.supplierSourcesAllowedHosts,
  };
  return [
    ...onDemandJobs(deps).filter((definition) => definition.type !== CHANNELS_RUN_JOB),
    channelsJob(deps, { cron: '* * * * *', everySeconds: config.supplierChannelsTickSeconds }),
    defineJob({
      type: BASKETS_CLEAN_JOB,
      schedule: { cron: '30 3 * * *' },
      run: async () =>
        logged(BASKETS_CLEAN_JOB.name, {
          removed: await removeAbandonedBaskets(database.db, { days: ABANDONED_BASKET_DAYS, now: new Date() }),
        }),
    }),
    ...(database.driver === 'postgres'
      ? [
          defineJob({
            type: RATE_LIMITS_CLEAN_JOB,
            schedule: { cron: '*/15 * * * *' },
            run: async () =>
              logged(RATE_LIMITS_CLEAN_JOB.name, { removed: await deleteEndedRateLimitWindows(database.db) }),
          }),
        ]
      : []),
    defineJob({
      type: NOTIFICATIONS_JOB,
      schedule: { cron: '* * * * *', everySeconds: config.notificationsIntervalSeconds },
      run: async () => {
        const report = await sendDueNotifications(database, sendSettings);
        if (report.sent + report.retried + report.failed > 0) {
          logger.info({ job: NOTIFICATIONS_JOB.name, ...report }, 'notifications sent');
        }
      },
    }),
    defineJob({
      type: LEDGER_STOP_LIST_JOB,
      schedule: ledgerSchedule('7 * * * *'),
      run: async () =>
        logged(
          LEDGER_STOP_LIST_JOB.name,
          await runStopListTick(database.db, { now: jobsNow(), timeZone: config.shopTimeZone }),
        ),
    }),
    defineJob({
      type: LEDGER_REMINDERS_JOB,
      schedule: ledgerSchedule('17 * * * *'),
      run: async () =>
        logged(
          LEDGER_REMINDERS_JOB.name,
          await runLedgerRemindersTick(database.db, { now: jobsNow(), timeZone: config.shopTimeZone }),
        ),
    }),
    defineJob({
      type: RETURN_PHOTOS_CLEAN_JOB,
      schedule: { cron: '41 * * * *' },
      run: async () =>
        logged(RETURN_PHOTOS_CLEAN_JOB.name, {
          removed: await removeUnattachedPhotos({ db: database.db, uploadsDir: config.uploadsDir }, jobsNow()),
        }),
    }),
    defineJob({
      type: DELIVERY_STATS_JOB,
      schedule: { cron: '53 * * * *' },
      run: async () =>
        logged(
          DELIVERY_STATS_JOB.name,
          await refreshDeliveryStats(database.db, { now: jobsNow(), timeZone: config.shopTimeZone }),
        ),
    }),
    defineJob({
      type: PURCHASE_QUEUE_TALLIES_JOB,
      schedule: { cron: '*/5 * * * *' },
      run: async () => {
        await compactQueueTallies(database.db);
      },
    }),
    defineJob({
      type: SUPPLIER_SOURCES_JOB,
      schedule: { cron: '* * * * *', everySeconds: config.supplierSourcesTickSeconds },
      run: async () => {
        const report = await runSourcesTick(database, fetchSettings);
        if (report.fetched + report.becameStale + report.becameFresh > 0) {
          logger.info({ job: SUPPLIER_SOURCES_JOB.name, ...report }, 'supplier sources tick');
        }
      },
    }),
  ];
}

export interface OpenJobsOptions extends JobsDeps {
  /** The store: by default pg-boss on PostgreSQL, the embedded one on PGlite. */
  store?: 'pg-boss' | 'embedded';
  pollSeconds?: number;
  /** pg-boss: how often it expires leases and sends cron jobs. */
  maintenanceIntervalSeconds?: number;
}

/** The job runner of this process, taking jobs to enqueue; its workers start with startJobWorkers. */
export async function openJobRunner(options: OpenJobsOptions): Promise<JobRunner> {
  // The jobs' writes tell of themselves through domain events too: the outbox and the caches follow them.
  subscribeModuleEffects();
  const { database, config, logger } = options;
  const kind = options.store ?? (database.driver === 'postgres' ? 'pg-boss' : 'embedded');
  const store =
    kind === 'pg-boss'
      ? await pgBossJobStore({ database, logger, maintenanceIntervalSeconds: options.maintenanceIntervalSeconds })
      : embeddedJobStore(database.db, { soleProcess: database.driver === 'pglite' });
  return createJobRunner({ store, logger, timeZone: config.shopTimeZone, pollSeconds: options.pollSeconds });
}

/**
 * Starts every job's worker and schedule. First what a stopped process left: e-mails it had claimed (embedded
 * database: one process opens it, so any claim is a dead one), imports it ran (failed) or had queued (queued
 * again: a second job for one import is dropped by its singleton key, and only the run that claims the row
 * imports it).
 */
export async function startJobWorkers(runner: JobRunner, deps: JobsDeps): Promise<void> {
  const { database, logger } = deps;
  if (database.driver === 'pglite') {
    const released = await releaseAbandonedClaims(database.db);
    if (released > 0) logger.warn({ released }, 'notifications claimed by a stopped process will be sent again');
    const leases = await releaseAbandonedLeases(database.db);
    if (leases > 0) logger.warn({ suppliers: leases }, 'supplier API runs of a stopped process let go');
  }
  const waiting = await recoverImports(database, logger);
  const imports = importQueueOf(runner);
  for (const id of waiting) await imports.enqueue(id);
  if (waiting.length > 0) logger.info({ imports: waiting }, 'imports queued before the start taken again');
  await runner.work(shopJobs(deps));
}

/** Opens the runner and starts every job (tests, and what main.ts does in two steps). */
export async function startJobs(options: OpenJobsOptions): Promise<JobRunner> {
  const runner = await openJobRunner(options);
  await startJobWorkers(runner, options);
  return runner;
}
