import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { suppliers } from './suppliers.ts';

/* Automatic price-list updates (issue 15 point 3), owned by modules/supplier-sources (decision 0025). */

/** The supplier's offers while its list is stale: hidden from search and sale, or shown with a warning. */
export const STALE_POLICIES = ['hide', 'warn'] as const;

/**
 * Where a supplier's price list is fetched from, when, and how the last fetches went: one row per supplier that
 * has a source. `next_fetch_at` is when the scheduler takes it next (the schedule's next time, or a retry's);
 * `fetching_until` is the lease of the fetch running now (two instances never fetch one supplier at once; a
 * crashed fetch's lease runs out). `stale_since` is set by the scheduler's tick when the last successful import
 * is older than `max_age_days`, so that search reads a tiny table instead of computing ages per offer.
 */
export const supplierSources = pgTable(
  'supplier_sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .unique()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    authUser: text('auth_user'),
    /** Basic authentication's password: never returned by the API nor written to the audit log or the logs. */
    authPassword: text('auth_password'),
    /** Every N hours, or at the set times of day (`times`, 'HH:MM' in the shop's time zone): exactly one is set. */
    everyHours: integer('every_hours'),
    times: text('times').array(),
    /** The import options of today's CLI flags (delimiter, encoding, columns, default delivery), or {}. */
    importOptions: jsonb('import_options').notNull().default({}),
    stalePolicy: text('stale_policy').notNull().default('warn'),
    /** Days a list stays fresh after its last successful import; null: never stale. */
    maxAgeDays: integer('max_age_days'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** SHA-256 (hex) of the last file fetched whole. */
    contentHash: text('content_hash'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    lastChangedAt: timestamp('last_changed_at', { withTimezone: true, mode: 'date' }),
    lastSuccessfulImportAt: timestamp('last_successful_import_at', { withTimezone: true, mode: 'date' }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fetchingUntil: timestamp('fetching_until', { withTimezone: true, mode: 'date' }),
    staleSince: timestamp('stale_since', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('supplier_sources_next_fetch_idx').on(table.nextFetchAt),
    check(
      'supplier_sources_schedule_check',
      sql`(${table.everyHours} is null) <> (${table.times} is null) and coalesce(${table.everyHours}, 1) between 1 and 720`,
    ),
    check('supplier_sources_stale_policy_check', sql`${table.stalePolicy} in ('hide', 'warn')`),
    check('supplier_sources_max_age_days_check', sql`${table.maxAgeDays} between 1 and 365`),
    check('supplier_sources_url_check', sql`${table.url} ~ '^https?://'`),
  ],
);

/** One fetch of a supplier's source: what came back and what the import did with it. */
export const supplierFetches = pgTable(
  'supplier_fetches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** 'schedule' (the scheduler, retries included) or 'manual' («Загрузить сейчас»). */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull(),
    outcome: text('outcome').notNull(),
    httpStatus: integer('http_status'),
    bytes: bigint('bytes', { mode: 'number' }),
    rowsLoaded: integer('rows_loaded'),
    rowsRefused: integer('rows_refused'),
    /** Why it failed, in Russian, for the staff to read. */
    error: text('error'),
  },
  (table) => [
    index('supplier_fetches_supplier_idx').on(table.supplierId, table.startedAt),
    check('supplier_fetches_outcome_check', sql`${table.outcome} in ('imported', 'not_modified', 'failed')`),
    check('supplier_fetches_trigger_check', sql`${table.trigger} in ('schedule', 'manual')`),
  ],
);
