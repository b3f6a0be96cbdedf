import cronParser from 'cron-parser';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { backgroundJobs } from '../db/schema/index.ts';
import type { AnyJobType, JobType } from '../shared/background-jobs.ts';
import type { AnyJobDefinition, Claim, JobStore, SendOptions } from './runner.ts';

/**
 * The embedded database's job store (decision 0043): the `background_jobs` table, so that queued work outlives a
 * restart as it does in pg-boss, with pg-boss's rules (retry delay and backoff, lease expiry counting as a
 * failure, singleton keys, cancellation). One process opens the embedded database; the table also works on
 * PostgreSQL, where the shared suite runs it beside pg-boss.
 */

const OPEN = ['created', 'retry', 'active'] as const;
const WAITING = ['created', 'retry'] as const;
/** Ended jobs are kept this long (pg-boss keeps its archive about as long). */
const KEPT_DAYS = 7;
const PRUNE_EVERY_MS = 60 * 60_000;

/** The run's start, to the millisecond: what a claim compares with (a JS Date holds no finer time). */
const runStart = sql`date_trunc('milliseconds', clock_timestamp())`;

/** pg-boss's delay before a retry: `delay`, or with backoff delay · 2^(n-1) · (1 + random) at the n-th retry. */
const retryAt = sql`now() + (case when not ${backgroundJobs.retryBackoff} then ${backgroundJobs.retryDelaySeconds}
  else greatest(${backgroundJobs.retryDelaySeconds}, 1) * 2 ^ least(16, ${backgroundJobs.retryCount} + 1) / 2
    * (1 + random()) end) * interval '1 second'`;

const failedState = sql`case when ${backgroundJobs.retryCount} < ${backgroundJobs.retryLimit} then 'retry' else 'failed' end`;

/** A failed run (or an expired lease): a retry when one is left, else failed for good. */
const failure = (error: string) => ({
  state: failedState,
  startAfter: sql`case when ${backgroundJobs.retryCount} < ${backgroundJobs.retryLimit} then ${retryAt} else ${backgroundJobs.startAfter} end`,
  finishedAt: sql`case when ${backgroundJobs.retryCount} < ${backgroundJobs.retryLimit} then null else now() end`,
  retryCount: sql`least(${backgroundJobs.retryCount} + 1, ${backgroundJobs.retryLimit})`,
  error,
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface EmbeddedStoreOptions {
  /**
   * This process alone runs the table's jobs (the embedded database: one process opens it): a job found running
   * at the first maintenance was left by a stopped process, and ends as a lease run out at once.
   */
  soleProcess?: boolean;
}

export function embeddedJobStore(db: Db, options: EmbeddedStoreOptions = {}): JobStore {
  const clock = () => new Date();
  const schedules: Array<{ type: AnyJobType; cron: string; timeZone: string; next: Date; chain: boolean }> = [];
  let prunedAt = 0;
  let recovered = !options.soleProcess;

  const nextTime = (cron: string, timeZone: string, after: Date) =>
    cronParser.parseExpression(cron, { tz: timeZone, currentDate: after }).next().toDate();

  const ownedBy = (claim: Claim) =>
    and(
      eq(backgroundJobs.id, Number(claim.id)),
      eq(backgroundJobs.state, 'active'),
      eq(backgroundJobs.startedAt, claim.startedAt),
    );

  const store: JobStore = {
    kind: 'embedded',
    async prepare(definition: AnyJobDefinition, timeZone: string) {
      const { schedule, type } = definition;
      if (!schedule) return;
      const next = nextTime(schedule.cron, timeZone, clock());
      // A chain's cron tick only restarts it (pg-boss: its queue's policy `short`).
      schedules.push({ type, cron: schedule.cron, timeZone, next, chain: schedule.everySeconds !== undefined });
    },

    async send<Payload>(type: JobType<Payload>, payload: Payload, sendOptions: SendOptions) {
      const values = {
        name: type.name,
        payload: payload as object,
        singletonKey: type.singletonKey?.(payload) ?? null,
        retryLimit: type.retry.limit,
        retryDelaySeconds: type.retry.delaySeconds,
        retryBackoff: type.retry.backoff,
        leaseSeconds: type.leaseSeconds,
        startAfter: sql`now() + ${sendOptions.startAfterSeconds ?? 0} * interval '1 second'`,
      };
      if (sendOptions.onlyOneWaiting) {
        const [waiting] = await db
          .select({ id: backgroundJobs.id })
          .from(backgroundJobs)
          .where(and(eq(backgroundJobs.name, type.name), inArray(backgroundJobs.state, WAITING)))
          .limit(1);
        if (waiting) return null;
      }
      const [row] = await db
        .insert(backgroundJobs)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: backgroundJobs.id });
      return row ? String(row.id) : null;
    },

    async take(type) {
      const next = sql`(select ${backgroundJobs.id} from ${backgroundJobs}
        where ${backgroundJobs.name} = ${type.name} and ${backgroundJobs.state} in ('created', 'retry')
          and ${backgroundJobs.startAfter} <= now()
        order by ${backgroundJobs.startAfter}, ${backgroundJobs.id} limit 1 for update skip locked)`;
      const [row] = await db
        .update(backgroundJobs)
        .set({ state: 'active', startedAt: runStart })
        .where(eq(backgroundJobs.id, next))
        .returning({
          id: backgroundJobs.id,
          payload: backgroundJobs.payload,
          retryCount: backgroundJobs.retryCount,
          startedAt: backgroundJobs.startedAt,
        });
      if (!row) return null;
      return { id: String(row.id), payload: row.payload, retryCount: row.retryCount, startedAt: row.startedAt! };
    },

    async complete(_type, claim) {
      await db
        .update(backgroundJobs)
        .set({ state: 'completed', finishedAt: sql`now()` })
        .where(ownedBy(claim));
    },

    async fail(_type, claim, error) {
      await db
        .update(backgroundJobs)
        .set(failure(messageOf(error)))
        .where(ownedBy(claim));
    },

    async ownership(_type, claim) {
      const [row] = await db
        .select({ state: backgroundJobs.state, startedAt: backgroundJobs.startedAt })
        .from(backgroundJobs)
        .where(eq(backgroundJobs.id, Number(claim.id)));
      if (row?.state === 'cancelled') return 'cancelled';
      return row?.state === 'active' && row.startedAt?.getTime() === claim.startedAt.getTime() ? 'owned' : 'lost';
    },

    async cancel(type, id) {
      const ended = await db
        .update(backgroundJobs)
        .set({ state: 'cancelled', finishedAt: sql`now()` })
        .where(
          and(
            eq(backgroundJobs.id, Number(id)),
            eq(backgroundJobs.name, type.name),
            inArray(backgroundJobs.state, OPEN),
          ),
        )
        .returning({ id: backgroundJobs.id });
      return ended.length > 0;
    },

    async openCount(type) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(backgroundJobs)
        .where(and(eq(backgroundJobs.name, type.name), inArray(backgroundJobs.state, OPEN)));
      return row?.count ?? 0;
    },

    async maintain() {
      // Leases run out as in pg-boss: the run counts as failed, and the job is retried when a retry is left.
      const expired = recovered
        ? sql`${backgroundJobs.startedAt} + ${backgroundJobs.leaseSeconds} * interval '1 second' < now()`
        : sql`true`;
      await db
        .update(backgroundJobs)
        .set(failure(recovered ? 'Lease expired' : 'The process running it stopped'))
        .where(and(eq(backgroundJobs.state, 'active'), expired));
      recovered = true;
      const now = clock();
      for (const schedule of schedules) {
        if (schedule.next > now) continue;
        schedule.next = nextTime(schedule.cron, schedule.timeZone, now);
        await store.send(schedule.type, {}, { onlyOneWaiting: schedule.chain });
      }
      if (now.getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now.getTime();
        await db
          .delete(backgroundJobs)
          .where(
            and(
              inArray(backgroundJobs.state, ['completed', 'failed', 'cancelled']),
              lt(backgroundJobs.finishedAt, sql`now() - ${KEPT_DAYS} * interval '1 day'`),
            ),
          );
      }
    },

    async stop() {},
  };
  return store;
}
