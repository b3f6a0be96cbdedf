import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { POSTGRES_SESSION_OPTIONS, type Database } from '../db/index.ts';
import type { AnyJobType, JobType } from '../shared/background-jobs.ts';
import type { AnyJobDefinition, Claim, JobStore, SendOptions } from './runner.ts';

/**
 * PostgreSQL's job store: pg-boss 10 (decision 0018), in the schema `pgboss`, with a pool of 2 connections of its
 * own. pg-boss keeps the retries, the backoff, the lease (`expireInSeconds`, expired by its maintenance on one
 * instance) and the cron schedules; the runner (runner.ts) takes jobs with `fetch` and ends them itself, so that
 * a run that lost its lease or was cancelled records nothing.
 */

export interface PgBossStoreOptions {
  database: Database;
  logger: Logger;
  /** How often pg-boss expires leases and sends cron jobs (default 60 s; tests pass 1). */
  maintenanceIntervalSeconds?: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function pgBossJobStore({
  database,
  logger,
  maintenanceIntervalSeconds = 60,
}: PgBossStoreOptions): Promise<JobStore> {
  const { connectionString, connect } = database;
  if (!connectionString || !connect) throw new Error('The job queue needs the PostgreSQL connection string');
  const boss = new PgBoss({
    connectionString,
    application_name: 'detal-jobs',
    options: POSTGRES_SESSION_OPTIONS,
    // A small pool of its own: the queue polls, the app's pool serves requests.
    max: 2,
    schema: 'pgboss',
    maintenanceIntervalSeconds,
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();

  const optionsOf = (type: AnyJobType) => ({
    retryLimit: type.retry.limit,
    retryDelay: type.retry.delaySeconds,
    retryBackoff: type.retry.backoff,
    expireInSeconds: type.leaseSeconds,
  });

  /**
   * A job with a singleton key: sent only when no job of the key is open, checked and sent in one transaction
   * under an advisory lock of the key (pg-boss's own singleton policies allow one waiting beside one running).
   */
  async function sendSingleton(name: string, key: string, payload: object, options: PgBoss.SendOptions) {
    const client = await connect!();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [`detal-job:${name}:${key}`]);
      const open = await client.query(
        `select 1 from pgboss.job where name = $1 and singleton_key = $2 and state < 'completed' limit 1`,
        [name, key],
      );
      const id =
        open.rowCount === 0
          ? await boss.send(name, payload, {
              ...options,
              singletonKey: key,
              db: { executeSql: (text: string, values?: unknown[]) => client.query(text, values) },
            })
          : null;
      await client.query('commit');
      return id;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** pg-boss sends only to a queue that exists: one enqueued before its worker starts is made here. */
  const queues = new Set<string>();
  async function ensureQueue(type: AnyJobType, policy: 'standard' | 'short' = 'standard') {
    if (queues.has(type.name)) return;
    const queue = { name: type.name, policy, ...optionsOf(type) };
    await boss.createQueue(type.name, queue as PgBoss.Queue);
    await boss.updateQueue(type.name, queue as PgBoss.Queue);
    queues.add(type.name);
  }

  const ownership = async (name: string, claim: Claim) => {
    const job = await boss.getJobById(name, claim.id);
    if (job?.state === 'cancelled') return 'cancelled' as const;
    return job?.state === 'active' && new Date(job.startedOn).getTime() === claim.startedAt.getTime()
      ? ('owned' as const)
      : ('lost' as const);
  };

  return {
    kind: 'pg-boss',
    async prepare(definition: AnyJobDefinition, timeZone: string) {
      const { type, schedule } = definition;
      // A chain keeps at most one waiting job (policy `short`).
      await ensureQueue(type, schedule?.everySeconds ? 'short' : 'standard');
      if (schedule) await boss.schedule(type.name, schedule.cron, {}, { tz: timeZone });
    },

    async send<Payload>(type: JobType<Payload>, payload: Payload, options: SendOptions) {
      const sendOptions = { ...optionsOf(type as AnyJobType), startAfter: options.startAfterSeconds ?? 0 };
      await ensureQueue(type);
      const key = type.singletonKey?.(payload);
      if (key !== undefined) return sendSingleton(type.name, key, payload as object, sendOptions);
      return boss.send(type.name, payload as object, sendOptions);
    },

    async take(type) {
      const [job] = await boss.fetch(type.name, { batchSize: 1, includeMetadata: true });
      if (!job) return null;
      return { id: job.id, payload: job.data, retryCount: job.retryCount, startedAt: new Date(job.startedOn) };
    },

    async complete(type, claim) {
      if ((await ownership(type.name, claim)) === 'owned') await boss.complete(type.name, claim.id);
    },

    async fail(type, claim, error) {
      if ((await ownership(type.name, claim)) === 'owned') {
        await boss.fail(type.name, claim.id, { message: messageOf(error) });
      }
    },

    ownership: (type, claim) => ownership(type.name, claim),

    async cancel(type, id) {
      const result = (await boss.cancel(type.name, id)) as unknown as { affected?: number } | undefined;
      return (result?.affected ?? 0) > 0;
    },

    openCount: async (type) => (await boss.getQueueSize(type.name, { before: 'completed' })) ?? 0,

    async maintain() {},

    async stop() {
      await boss.stop({ graceful: true, wait: true });
    },
  };
}
