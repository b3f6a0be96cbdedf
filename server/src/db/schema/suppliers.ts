import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staff } from './staff.ts';

/* Suppliers and the history of their imports (issue 15), owned by modules/suppliers. */

export const suppliers = pgTable(
  'suppliers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    /** Used for a price-list row that gives no delivery time of its own. */
    defaultDeliveryDays: integer('default_delivery_days').notNull().default(0),
    /**
     * The name clients see instead of the real one (they would otherwise buy from the supplier directly); null
     * shows the neutral «Склад {id}» (`supplierDisplayNameSql` in modules/pricing).
     */
    displayName: text('display_name'),
    /** The shop's stated chance, in percent, that a part arrives within its delivery days; null when unstated. */
    deliveryProbability: integer('delivery_probability'),
    /**
     * (issue 33, decision 0068) Offers promise the learned 80th percentile of days instead of the typed ones, and
     * show the learned on-time share as their probability, when the supplier has enough lines (supplier_delivery_stats).
     */
    learnedDeliveryDays: boolean('learned_delivery_days').notNull().default(false),
    learnedDeliveryProbability: boolean('learned_delivery_probability').notNull().default(false),
    /**
     * False: the supplier's offers leave search, basket and checkout at once (they stay stored, and come back when
     * the supplier is active again, without a re-import). Read by every offer query through its join on suppliers.
     */
    active: boolean('active').notNull().default(true),
    /** Days after its last successful price list before the supplier counts as stale; null: never stale. */
    maxAgeDays: integer('max_age_days'),
    /** How its price lists are read (modules/suppliers, `supplierImportProfileSchema` of the contract); null: defaults. */
    importProfile: jsonb('import_profile'),
  },
  (table) => [
    check('suppliers_default_delivery_days_check', sql`${table.defaultDeliveryDays} >= 0`),
    check('suppliers_delivery_probability_check', sql`${table.deliveryProbability} between 0 and 100`),
    check('suppliers_max_age_days_check', sql`${table.maxAgeDays} > 0`),
  ],
);

/* Supplier imports (issue 15): the history of every price-list and cross-reference import, by the command line,
 * an upload in the back office or a schedule; owned by modules/suppliers. */

export const IMPORT_KINDS = ['price_list', 'cross_references'] as const;
export const IMPORT_SOURCES = ['cli', 'upload', 'schedule'] as const;
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled', 'awaiting_confirmation'] as const;

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * One import: queued (an upload waiting for the job), running (its progress written as it reads), then done,
 * failed or cancelled. `owner` names the process running it (pid@host); a running import whose process is gone
 * is marked failed at the next start (modules/suppliers/import-jobs.ts).
 */
export const supplierImports = pgTable(
  'supplier_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null for cross-references, which belong to no supplier. */
    supplierId: integer('supplier_id').references(() => suppliers.id),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    fileName: text('file_name').notNull(),
    /** The stored upload (deleted after the import); null for a CLI import of the operator's own file. */
    filePath: text('file_path'),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsLoaded: integer('rows_loaded'),
    rowsRefused: integer('rows_refused').notNull().default(0),
    /** The profile (or flags) the import ran with, as read. */
    settings: jsonb('settings'),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Asked to stop (by staff): the runner aborts at its next look, the transaction rolls back. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true, mode: 'date' }),
    owner: text('owner'),
    error: text('error'),
    reportPath: text('report_path'),
    staffId: integer('staff_id').references(() => staff.id),
    /**
     * The list would remove most of the supplier's offers: what it would have done (offers, removed, loaded),
     * written when the import stopped to ask (status awaiting_confirmation).
     */
    removal: jsonb('removal'),
    /** Staff confirmed that removal: the import runs again without the guard. */
    removalConfirmed: boolean('removal_confirmed').notNull().default(false),
  },
  (table) => [
    index('supplier_imports_supplier_idx').on(table.supplierId, table.id.desc()),
    index('supplier_imports_kind_idx').on(table.kind, table.id.desc()),
    index('supplier_imports_open_idx')
      .on(table.status)
      .where(sql`${table.status} in ('queued', 'running')`),
    check('supplier_imports_kind_check', inList('kind', IMPORT_KINDS)),
    check('supplier_imports_source_check', inList('source', IMPORT_SOURCES)),
    check('supplier_imports_status_check', inList('status', IMPORT_STATUSES)),
  ],
);
