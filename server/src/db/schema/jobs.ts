import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The embedded database's job queue (jobs/embedded-store.ts, decision 0043); PostgreSQL runs pg-boss, in its own
 * schema. A job is open while `created` (waiting, `start_after`), `retry` (after a failure) or `active` (taken,
 * until `started_at` + `lease_seconds`); it ends `completed`, `failed` or `cancelled`.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state').notNull().default('created'),
    singletonKey: text('singleton_key'),
    retryCount: integer('retry_count').notNull().default(0),
    retryLimit: integer('retry_limit').notNull(),
    retryDelaySeconds: integer('retry_delay_seconds').notNull(),
    retryBackoff: boolean('retry_backoff').notNull(),
    leaseSeconds: integer('lease_seconds').notNull(),
    startAfter: timestamp('start_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('background_jobs_open_idx')
      .on(table.name, table.startAfter)
      .where(sql`${table.state} in ('created', 'retry', 'active')`),
    uniqueIndex('background_jobs_singleton_idx')
      .on(table.name, table.singletonKey)
      .where(sql`${table.state} in ('created', 'retry', 'active')`),
    check(
      'background_jobs_state_check',
      sql`${table.state} in ('created', 'retry', 'active', 'completed', 'failed', 'cancelled')`,
    ),
  ],
);
