import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { baskets } from '../db/schema/index.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';
import { loadConfig } from '../config.ts';
import { z } from 'zod';
import { jobType } from '../shared/background-jobs.ts';
import { CHANNELS_RUN_JOB } from '../modules/purchasing/channels/api-jobs.ts';
import { embeddedJobStore } from './embedded-store.ts';
import {
  BASKETS_CLEAN_JOB,
  NOTIFICATIONS_JOB,
  RATE_LIMITS_CLEAN_JOB,
  SUPPLIER_SOURCES_JOB,
  DELIVERY_STATS_JOB,
  LEDGER_REMINDERS_JOB,
  LEDGER_STOP_LIST_JOB,
  PURCHASE_QUEUE_TALLIES_JOB,
  RETURN_PHOTOS_CLEAN_JOB,
  shopJobs,
  startJobs,
} from './index.ts';
import { createJobRunner, defineJob, type JobRunner } from './runner.ts';

let database: Database;
const logLines: Array<Record<string, unknown>> = [];
const config = loadConfig({ NODE_ENV: 'test' }, { shopTimeZone: 'Europe/Moscow' });
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function abandonedBasket(): Promise<number> {
  const longAgo = sql`now() - interval '31 days'`;
  const [row] = await database.db
    .insert(baskets)
    .values({ key: 'abandoned', createdAt: longAgo, updatedAt: longAgo })
    .returning({ id: baskets.id });
  return row!.id;
}

const exists = async (id: number) =>
  (await database.db.select({ id: baskets.id }).from(baskets).where(eq(baskets.id, id))).length === 1;

async function waitUntilGone(id: number): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (!(await exists(id))) return;
    await sleep(100);
  }
  throw new Error(`basket ${id} is still there`);
}

describe.runIf(testDriver === 'postgres')('jobs on PostgreSQL: pg-boss', () => {
  let jobs: JobRunner;

  beforeAll(async () => {
    jobs = await startJobs({ database, config, logger });
  }, 60_000);

  afterAll(async () => {
    await jobs?.stop();
  });

  it('registers every scheduled job in the shop’s time zone', async () => {
    expect(jobs.kind).toBe('pg-boss');
    const { rows } = await database.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule order by name`,
    );
    expect(rows).toEqual(
      shopJobs({ database, config, logger })
        .filter((job) => job.schedule)
        .map((job) => ({ name: job.type.name, cron: job.schedule!.cron, timezone: 'Europe/Moscow' }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(rows.map((row) => row.name)).toEqual([
      BASKETS_CLEAN_JOB.name,
      DELIVERY_STATS_JOB.name,
      LEDGER_REMINDERS_JOB.name,
      LEDGER_STOP_LIST_JOB.name,
      NOTIFICATIONS_JOB.name,
      PURCHASE_QUEUE_TALLIES_JOB.name,
      RATE_LIMITS_CLEAN_JOB.name,
      RETURN_PHOTOS_CLEAN_JOB.name,
      CHANNELS_RUN_JOB.name,
      SUPPLIER_SOURCES_JOB.name,
    ]);
  });

  it('runs the basket clean-up when its job is sent', async () => {
    const id = await abandonedBasket();
    await jobs.enqueue(BASKETS_CLEAN_JOB, {});
    await waitUntilGone(id);
  }, 30_000);
});

describe.runIf(testDriver === 'pglite')('jobs on the embedded database: the embedded runner', () => {
  it('runs the basket clean-up as a job, has no rate-limit clean-up, and runs nothing after stop()', async () => {
    const id = await abandonedBasket();
    const jobs = await startJobs({ database, config, logger, pollSeconds: 0.1 });
    expect(jobs.kind).toBe('embedded');
    await jobs.enqueue(BASKETS_CLEAN_JOB, {});
    await waitUntilGone(id);
    await jobs.stop();
    expect(logLines.some((line) => line.job === 'baskets-clean' && line.removed === 1)).toBe(true);
    expect(shopJobs({ database, config, logger }).map((job) => job.type.name)).not.toContain(
      RATE_LIMITS_CLEAN_JOB.name,
    );
    const later = await abandonedBasket();
    await jobs.enqueue(BASKETS_CLEAN_JOB, {});
    await sleep(500);
    expect(await exists(later)).toBe(true);
    await database.db.delete(baskets).where(eq(baskets.id, later));
  });

  it('sends a cron job at its time (cron-parser, seconds field)', async () => {
    const store = embeddedJobStore(database.db);
    const ticks: number[] = [];
    const runner = createJobRunner({ store, logger, timeZone: 'Europe/Moscow', pollSeconds: 0.1 });
    const type = jobType({
      name: 'test-every-second',
      payload: z.object({}),
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      leaseSeconds: 60,
    });
    // cron-parser's six fields: every second.
    await runner.work([defineJob({ type, schedule: { cron: '* * * * * *' }, run: async () => void ticks.push(1) })]);
    await waitFor(() => ticks.length >= 2);
    await runner.stop();
  });

  it('runs a chain every N seconds, with at most one run waiting', async () => {
    const runner = createJobRunner({
      store: embeddedJobStore(database.db),
      logger,
      timeZone: 'Europe/Moscow',
      pollSeconds: 0.1,
    });
    const type = jobType({
      name: 'test-chain',
      payload: z.object({}),
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      leaseSeconds: 60,
    });
    const runs: number[] = [];
    await runner.work([
      defineJob({ type, schedule: { cron: '* * * * *', everySeconds: 1 }, run: async () => void runs.push(1) }),
    ]);
    await waitFor(() => runs.length >= 3);
    await runner.stop();
    const { rows } = await database.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from background_jobs where name = 'test-chain' and state in ('created', 'retry')`,
    );
    expect(rows[0]!.waiting).toBeLessThanOrEqual(1);
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (check()) return;
    await sleep(50);
  }
  throw new Error('timed out');
}
