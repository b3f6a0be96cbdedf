import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { AnyJobType, EnqueueOptions, JobQueue, JobRun, JobType } from '../shared/background-jobs.ts';

/**
 * The one way the shop runs background work (decision 0043): a job is a type (shared/background-jobs.ts) bound to
 * a handler, run on demand (enqueued) and/or on a schedule. The runner's loop is the same on both databases; what
 * differs is the store that keeps the jobs: pg-boss on PostgreSQL (pg-boss-store.ts), the `background_jobs` table
 * on the embedded database (embedded-store.ts). Retry, backoff, lease and cancellation are decided here or by the
 * same rules in both stores; one suite (runner.test.ts) runs against each.
 */

export interface JobDefinition<Payload> {
  type: JobType<Payload>;
  run(payload: Payload, run: JobRun): Promise<unknown>;
  /**
   * When it runs by itself: at a cron time (shop's time zone), or every N seconds (a chain: each run queues the
   * next, at most one waits; the `cron` tick restarts the chain should an instance die holding it).
   */
  schedule?: { cron: string; everySeconds?: number };
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

// Definitions of any payload, as the runner holds them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;

/** A job taken by this worker. */
export interface Claim {
  id: string;
  payload: unknown;
  retryCount: number;
  /** Which run of the job this is (its start): a run whose lease another worker took over no longer owns it. */
  startedAt: Date;
}

export interface SendOptions extends EnqueueOptions {
  /** Chains: dropped when a job of this name already waits. */
  onlyOneWaiting?: boolean;
}

/** Where jobs are kept: each store keeps the rules of the job type (retries, backoff, lease, singleton key). */
export interface JobStore {
  readonly kind: 'pg-boss' | 'embedded';
  prepare(definition: AnyJobDefinition, timeZone: string): Promise<void>;
  send<Payload>(type: JobType<Payload>, payload: Payload, options: SendOptions): Promise<string | null>;
  /** Takes the next due job of the type, or null. */
  take(type: AnyJobType): Promise<Claim | null>;
  complete(type: AnyJobType, claim: Claim): Promise<void>;
  /** Ends the run as failed: a retry when one is left (with its delay), else failed for good. */
  fail(type: AnyJobType, claim: Claim, error: unknown): Promise<void>;
  /** Whether the claim's run still owns the job: 'cancelled' or 'lost' (lease expired, taken by another run). */
  ownership(type: AnyJobType, claim: Claim): Promise<'owned' | 'cancelled' | 'lost'>;
  cancel(type: AnyJobType, id: string): Promise<boolean>;
  /** Jobs of the type queued (due or not) or running, on any worker. */
  openCount(type: AnyJobType): Promise<number>;
  /** Runs the scheduled sends and the lease expiry; pg-boss has its own. Called every poll. */
  maintain(): Promise<void>;
  stop(): Promise<void>;
}

export interface RunnerOptions {
  store: JobStore;
  logger: Logger;
  timeZone: string;
  /** How often an idle worker looks for a job, and a running one checks it still owns it (default 1 s). */
  pollSeconds?: number;
}

export interface JobRunner extends JobQueue {
  readonly kind: JobStore['kind'];
  /** Starts the workers (and schedules) of these jobs; enqueueing works before. */
  work(definitions: readonly AnyJobDefinition[]): Promise<void>;
  /** Resolves once no job of these types is queued or running (a retry waiting for its time counts). */
  idle(types: ReadonlyArray<AnyJobType>): Promise<void>;
  /** Takes no more jobs, waits for the running ones, closes the store. */
  stop(): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createJobRunner({ store, logger, timeZone, pollSeconds = 1 }: RunnerOptions): JobRunner {
  const pollMs = pollSeconds * 1000;
  const definitions: AnyJobDefinition[] = [];
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function runClaim(definition: AnyJobDefinition, claim: Claim): Promise<void> {
    const { type } = definition;
    const aborter = new AbortController();
    // One check at a time: on the embedded database a long transaction holds the one connection meanwhile.
    let checking = false;
    const watching = setInterval(() => {
      if (checking || aborter.signal.aborted) return;
      checking = true;
      store
        .ownership(type, claim)
        .then(
          (owned) => {
            if (owned !== 'owned') aborter.abort(new Error(owned === 'cancelled' ? 'Отменено' : 'Lease lost'));
          },
          (error: unknown) => logger.warn({ err: error, job: type.name }, 'job ownership check failed'),
        )
        .finally(() => (checking = false));
    }, pollMs);
    const started = performance.now();
    try {
      const parsed = type.payload.safeParse(claim.payload);
      if (!parsed.success) throw new Error(`Invalid payload: ${parsed.error.message}`);
      const result = await definition.run(parsed.data, {
        id: claim.id,
        signal: aborter.signal,
        retryCount: claim.retryCount,
      });
      if (aborter.signal.aborted) return;
      await store.complete(type, claim);
      const ms = Math.round(performance.now() - started);
      logger.debug({ job: type.name, jobId: claim.id, ms, ...(result ?? {}) }, 'job done');
    } catch (error) {
      if (aborter.signal.aborted) {
        logger.info({ job: type.name, jobId: claim.id, reason: messageOf(aborter.signal.reason) }, 'job run ended');
        return;
      }
      logger.error({ err: error, job: type.name, jobId: claim.id, retryCount: claim.retryCount }, 'job failed');
      await store.fail(type, claim, error);
    } finally {
      clearInterval(watching);
      if (definition.schedule?.everySeconds !== undefined && !stopping) {
        await store.send(type, {}, { startAfterSeconds: definition.schedule.everySeconds, onlyOneWaiting: true });
      }
    }
  }

  /** One job at a time per type on this worker (pg-boss's worker with a batch of one does the same). */
  function poll(definition: AnyJobDefinition): void {
    const name = definition.type.name;
    if (stopping || running.has(name)) return;
    const turn = (async () => {
      try {
        const claim = await store.take(definition.type);
        if (!claim) return;
        await runClaim(definition, claim);
        // There may be more: look again at once.
        wake?.();
      } catch (error) {
        logger.error({ err: error, job: name }, 'job worker error');
      }
    })().finally(() => running.delete(name));
    running.set(name, turn);
  }

  async function pollLoop(): Promise<void> {
    while (!stopping) {
      try {
        await store.maintain();
      } catch (error) {
        logger.error({ err: error }, 'job maintenance failed');
      }
      for (const definition of definitions) poll(definition);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    kind: store.kind,
    async enqueue(type, payload, options = {}) {
      const checked = type.payload.parse(payload);
      const id = await store.send(type, checked, options);
      wake?.();
      return id;
    },
    cancel: (type, id) => store.cancel(type as AnyJobType, id),
    async work(added) {
      for (const definition of added) {
        await store.prepare(definition, timeZone);
        definitions.push(definition);
        if (definition.schedule?.everySeconds !== undefined) {
          await store.send(definition.type, {}, { onlyOneWaiting: true });
        }
      }
      loop ??= pollLoop();
    },
    async idle(types) {
      for (;;) {
        const open = await Promise.all(types.map((type) => store.openCount(type)));
        if (open.every((count) => count === 0) && types.every((type) => !running.has(type.name))) return;
        wake?.();
        await sleep(50);
      }
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      await Promise.all([...running.values()]);
      await store.stop();
    },
  };
}
