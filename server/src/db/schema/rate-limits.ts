import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/* Shared rate-limit counters (http/rate-limit.ts), used when the shop runs on PostgreSQL without Redis. */

/** One fixed window per key: the count of hits since the window opened, and when it ends. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.resetAt)],
);
