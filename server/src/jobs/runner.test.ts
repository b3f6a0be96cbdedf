import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/index.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';
import { jobType, type JobRun, type JobType } from '../shared/background-jobs.ts';
import { embeddedJobStore } from './embedded-store.ts';
import { pgBossJobStore } from './pg-boss-store.ts';
import { createJobRunner, defineJob, type JobRunner } from './runner.ts';

/*
 * One suite, every runner (decision 0043): the embedded runner on PGlite, and on PostgreSQL pg-boss and the
 * embedded runner. Two runners on one database stand for two workers (two instances on PostgreSQL).
 */

let database: Database;
const logger = pino({ level: 'silent' });
const kinds = testDriver === 'postgres' ? (['pg-boss', 'embedded'] as const) : (['embedded'] as const);

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

let made = 0;
/** A job type of its own for each test: names never meet between tests or runners. */
function testType(
  kind: string,
  settings: Partial<Pick<JobType<{ n: number }>, 'retry' | 'leaseSeconds' | 'singletonKey'>> = {},
) {
  made += 1;
  return jobType({
    name: `test-${kind}-${made}`,
    payload: z.object({ n: z.number() }),
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    leaseSeconds: 60,
    ...settings,
  });
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  for (let waited = 0; waited < timeoutMs; waited += 50) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(kinds)('job runner on %s', (kind) => {
  const runners: JobRunner[] = [];

  async function runner(): Promise<JobRunner> {
    const store =
      kind === 'pg-boss'
        ? await pgBossJobStore({ database, logger, maintenanceIntervalSeconds: 1 })
        : embeddedJobStore(database.db);
    const made = createJobRunner({ store, logger, timeZone: 'Europe/Moscow', pollSeconds: 0.25 });
    runners.push(made);
    return made;
  }

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((one) => one.stop()));
  });

  it('retries a failed job with backoff, then completes it', async () => {
    const type = testType(kind, { retry: { limit: 2, delaySeconds: 1, backoff: true } });
    const runs: Array<{ at: number; retryCount: number }> = [];
    const worker = await runner();
    await worker.work([
      defineJob({
        type,
        run: async (_payload, run: JobRun) => {
          runs.push({ at: performance.now(), retryCount: run.retryCount });
          if (runs.length < 3) throw new Error(`failure ${runs.length}`);
        },
      }),
    ]);
    await worker.enqueue(type, { n: 1 });
    await waitFor('three runs', () => runs.length === 3);
    await worker.idle([type]);
    expect(runs.map((run) => run.retryCount)).toEqual([0, 1, 2]);
    // First retry after 1–2 s, the second after 2–4 s (a delay of 1 s doubled): backoff, not a fixed delay.
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(900);
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(1_900);
    await sleep(1_500);
    expect(runs).toHaveLength(3);
  }, 30_000);

  it('gives up after the retry limit', async () => {
    const type = testType(kind, { retry: { limit: 1, delaySeconds: 0, backoff: false } });
    let runs = 0;
    const worker = await runner();
    await worker.work([
      defineJob({
        type,
        run: async () => {
          runs += 1;
          throw new Error('always');
        },
      }),
    ]);
    await worker.enqueue(type, { n: 1 });
    await waitFor('two runs', () => runs === 2);
    await worker.idle([type]);
    await sleep(1_000);
    expect(runs).toBe(2);
  }, 30_000);

  it('hands a job whose lease ran out to another worker; the late run records nothing', async () => {
    const type = testType(kind, { retry: { limit: 1, delaySeconds: 0, backoff: false }, leaseSeconds: 1 });
    const runs: Array<{ worker: string; retryCount: number; ended?: string }> = [];
    const job = (worker: string) =>
      defineJob({
        type,
        run: async (_payload, run: JobRun) => {
          const entry: (typeof runs)[number] = { worker, retryCount: run.retryCount };
          runs.push(entry);
          if (worker !== 'stuck') return;
          // A worker that hangs: it notices the lost lease, yet goes on a while before it returns.
          await new Promise((resolve) => run.signal.addEventListener('abort', resolve));
          entry.ended = (run.signal.reason as Error).message;
          await sleep(4_000);
        },
      });
    const stuck = await runner();
    await stuck.work([job('stuck')]);
    await stuck.enqueue(type, { n: 1 });
    await waitFor('the first worker to take the job', () => runs.length === 1);
    const other = await runner();
    await other.work([job('other')]);
    await waitFor('the other worker to take the job', () => runs.length === 2, 15_000);
    expect(runs).toMatchObject([
      { worker: 'stuck', retryCount: 0 },
      { worker: 'other', retryCount: 1 },
    ]);
    await other.idle([type]);
    await waitFor('the stuck run to notice', () => runs[0]!.ended !== undefined);
    expect(runs[0]!.ended).toBe('Lease lost');
  }, 30_000);

  it('cancels a queued job (it never runs) and a running one (its signal is aborted, no retry)', async () => {
    const type = testType(kind, { retry: { limit: 3, delaySeconds: 0, backoff: false } });
    const runs: Array<{ n: number; ended?: string }> = [];
    const worker = await runner();
    const queued = await worker.enqueue(type, { n: 1 });
    expect(await worker.cancel(type, queued!)).toBe(true);
    expect(await worker.cancel(type, queued!)).toBe(false);
    await worker.work([
      defineJob({
        type,
        run: async ({ n }, run: JobRun) => {
          const entry: (typeof runs)[number] = { n };
          runs.push(entry);
          await new Promise((resolve) => run.signal.addEventListener('abort', resolve));
          entry.ended = (run.signal.reason as Error).message;
        },
      }),
    ]);
    const running = await worker.enqueue(type, { n: 2 });
    await waitFor('the second job to run', () => runs.length === 1);
    expect(await worker.cancel(type, running!)).toBe(true);
    await waitFor('the running job to see its cancel', () => runs[0]!.ended !== undefined);
    expect(runs).toEqual([{ n: 2, ended: 'Отменено' }]);
    await worker.idle([type]);
    await sleep(1_000);
    expect(runs).toHaveLength(1);
  }, 30_000);

  it('runs one job per singleton key: enqueues while one waits or runs are dropped', async () => {
    const type = testType(kind, { singletonKey: ({ n }) => String(n) });
    const runs: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const worker = await runner();
    const first = await worker.enqueue(type, { n: 7 });
    expect(first).not.toBeNull();
    expect(await worker.enqueue(type, { n: 7 })).toBeNull();
    await worker.work([
      defineJob({
        type,
        run: async ({ n }) => {
          runs.push(n);
          if (n === 7) await gate;
        },
      }),
    ]);
    await waitFor('the job to run', () => runs.length === 1);
    expect(await Promise.all([worker.enqueue(type, { n: 7 }), worker.enqueue(type, { n: 7 })])).toEqual([null, null]);
    // Another key is another job.
    expect(await worker.enqueue(type, { n: 8 })).not.toBeNull();
    release();
    await worker.idle([type]);
    expect(runs.sort()).toEqual([7, 8]);
    // Once it ended, the key is free again.
    expect(await worker.enqueue(type, { n: 7 })).not.toBeNull();
    await worker.idle([type]);
    expect(runs).toHaveLength(3);
  }, 30_000);

  it('refuses a payload that does not match its type', async () => {
    const type = testType(kind);
    const worker = await runner();
    await expect(worker.enqueue(type, { n: 'one' } as unknown as { n: number })).rejects.toThrow();
  });
});
