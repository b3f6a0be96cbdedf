import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { baskets } from '../db/schema/index.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';
import { loadConfig } from '../config.ts';
import { NOTIFICATIONS_JOB, SUPPLIER_SOURCES_JOB, scheduledJobs, startJobs, type RunningJobs } from './index.ts';

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
  let jobs: RunningJobs;

  beforeAll(async () => {
    jobs = await startJobs({ database, config, logger });
  }, 60_000);

  afterAll(async () => {
    await jobs?.stop();
  });

  it('registers every job’s schedule in the shop’s time zone', async () => {
    // pg-boss answers the time zone as `timezone`, which its typings leave out.
    const schedules = (await jobs.boss!.getSchedules()) as Array<{ name: string; cron: string; timezone?: string }>;
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(schedules.map(({ name, cron, timezone }) => ({ name, cron, timezone })).sort(byName)).toEqual(
      [...scheduledJobs, NOTIFICATIONS_JOB, SUPPLIER_SOURCES_JOB]
        .map(({ name, cron }) => ({ name, cron, timezone: 'Europe/Moscow' }))
        .sort(byName),
    );
  });

  it('runs the basket clean-up when its job is sent', async () => {
    const id = await abandonedBasket();
    await jobs.boss!.send('baskets-clean', {});
    await waitUntilGone(id);
  }, 30_000);
});

describe.runIf(testDriver === 'pglite')('jobs on the embedded database: in-process timers', () => {
  it('runs the basket clean-up on its timer, and nothing after stop()', async () => {
    const id = await abandonedBasket();
    const jobs = await startJobs({
      database,
      config,
      logger,
      pgliteEvery: { intervalMs: 60_000, firstAfterMs: 10 },
    });
    expect(jobs.boss).toBeNull();
    await waitUntilGone(id);
    await jobs.stop();
    expect(logLines.some((line) => line.job === 'baskets-clean' && line.removed === 1)).toBe(true);
    expect(logLines.some((line) => line.job === 'rate-limits-clean')).toBe(false);
  });
});
