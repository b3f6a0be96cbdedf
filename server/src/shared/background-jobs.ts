import type { z } from 'zod';

/**
 * What a background job is, below the modules (decision 0043): a module declares its job types (name, payload
 * schema, retries, lease) and enqueues them through a JobQueue it is given; jobs/ binds each type to its handler
 * and runs it on pg-boss (PostgreSQL) or on the embedded runner (PGlite), with the same behaviour.
 */
export interface JobType<Payload> {
  /** The queue's name (pg-boss's queue, the embedded runner's `background_jobs.name`). */
  name: string;
  /** Checked when enqueued and again when taken: a payload that does not match fails the job. */
  payload: z.ZodType<Payload>;
  /**
   * Runs after a failure: at most `limit` times, `delaySeconds` later; with `backoff` the n-th retry waits
   * delaySeconds · 2^(n-1) · (1 + a random fraction), as pg-boss does.
   */
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  /**
   * How long a run holds its job. A run still going then is taken for dead: the job counts as failed (a retry
   * when one is left, on whichever worker takes it first) and the late run's end is not recorded.
   */
  leaseSeconds: number;
  /** At most one job of a key queued or running: a second enqueue meanwhile is dropped. */
  singletonKey?: (payload: Payload) => string;
}

/** A job type of any payload, where the payload does not matter. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobType = JobType<any>;

export function jobType<Payload>(type: JobType<Payload>): JobType<Payload> {
  return type;
}

export interface EnqueueOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

/** Where modules send work to be done in the background. */
export interface JobQueue {
  /** Answers the job's id, or null when its singleton key already has a job queued or running. */
  enqueue<Payload>(type: JobType<Payload>, payload: Payload, options?: EnqueueOptions): Promise<string | null>;
  /** A queued job never runs; a running one sees its signal aborted. Answers whether the job was still open. */
  cancel<Payload>(type: JobType<Payload>, id: string): Promise<boolean>;
}

/** What a handler gets besides its payload. */
export interface JobRun {
  id: string;
  /** Aborted when the job is cancelled or its lease is lost (another worker may run it now). */
  signal: AbortSignal;
  /** Failed runs before this one. */
  retryCount: number;
}
