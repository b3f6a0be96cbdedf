import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { suppliers } from './suppliers.ts';

/*
 * Delivery learned per supplier (issue 33 point 1, decision 0068), owned by modules/delivery-stats: what each
 * supplier really did over the rolling window, recomputed by the job `delivery-stats-refresh` (modules
 * delivery-learning) and read by the search, the basket and the checkout through one index probe per offer.
 */

/** The brand key of a supplier's row over all its brands. */
export const ALL_BRANDS = 0;

/**
 * One row per supplier over all brands (`brand_id` 0) and per supplier and catalogue brand it was ordered in,
 * rewritten whole by each refresh. Days are calendar days in the shop's time zone from the supplier order's sending
 * to the first piece received (a posted receipt, or the client line set «Готов к выдаче» or «Выдан»).
 */
export const supplierDeliveryStats = pgTable(
  'supplier_delivery_stats',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** A catalogue brand's id, or 0 (ALL_BRANDS): the supplier over every brand. */
    brandId: integer('brand_id').notNull(),
    /** Lines received within the window: what the days are over. */
    deliveredLines: integer('delivered_lines').notNull(),
    /** Lines neither received nor refused whose promised day has passed: late already, counted as not on time. */
    lateOpenLines: integer('late_open_lines').notNull(),
    /** Lines the supplier refused (some or all of their pieces). */
    refusedLines: integer('refused_lines').notNull(),
    /** Of the delivered and late open lines with a promised day: those received by it. */
    onTimeLines: integer('on_time_lines').notNull(),
    /** Delivered and late open lines with a promised day: what the on-time share is over. */
    promisedLines: integer('promised_lines').notNull(),
    medianDays: integer('median_days'),
    p80Days: integer('p80_days'),
    p90Days: integer('p90_days'),
    /** Rounded down; null without promised lines. */
    onTimePercent: integer('on_time_percent'),
    /** Refused of delivered, late open and refused lines, rounded up; null without any. */
    refusalPercent: integer('refusal_percent'),
    /**
     * Delivered and late open lines reached the shop's minimum when computed: only then does anything show the
     * figures or use them in place of the typed ones (a setting changed shows at the next refresh).
     */
    enough: boolean('enough').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.supplierId, table.brandId] }),
    check('supplier_delivery_stats_percent_check', sql`${table.onTimePercent} between 0 and 100`),
  ],
);
