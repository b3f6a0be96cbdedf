import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './catalog.ts';
import { staff } from './staff.ts';
import { suppliers } from './suppliers.ts';

/*
 * Returns teach the catalogue (issue 32, point 6; decision 0065), owned by modules/catalog: counters kept in the
 * transactions that change them (a line ordered, a return received), so that search reads one row per analog and
 * the back office lists rates without counting order lines.
 */

/**
 * A part searched and an analog of it bought (one hop or two along cross_references): its lines ordered and its
 * «не подошла» returns received. The two parts in a fixed order (side a is the lower brand id, then the lower
 * article in code-unit order, catalog/return-rates.ts), so that searching either part finds the one row.
 */
export const analogPairs = pgTable(
  'analog_pairs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandIdA: integer('brand_id_a')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalizedA: text('article_normalized_a').notNull(),
    brandIdB: integer('brand_id_b')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalizedB: text('article_normalized_b').notNull(),
    /** Order lines bought as this analog. */
    purchases: integer('purchases').notNull().default(0),
    /** Returns of those lines received with the reason «не подошла». */
    returns: integer('returns').notNull().default(0),
    /** Set by staff: search lists the pair's analog below the others until it is restored. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    withdrawnBy: integer('withdrawn_by').references(() => staff.id),
  },
  (table) => [
    uniqueIndex('analog_pairs_parts_idx').on(
      table.articleNormalizedA,
      table.brandIdA,
      table.articleNormalizedB,
      table.brandIdB,
    ),
    check('analog_pairs_counts_check', sql`${table.purchases} >= 0 and ${table.returns} >= 0`),
  ],
);

/** A brand's lines ordered and its returns received with the reason «брак» (by its normalizeBrand form). */
export const brandReturnRates = pgTable(
  'brand_return_rates',
  {
    brandNormalized: text('brand_normalized').primaryKey(),
    /** The name as last ordered, for the list. */
    brandName: text('brand_name').notNull(),
    purchases: integer('purchases').notNull().default(0),
    defects: integer('defects').notNull().default(0),
  },
  (table) => [check('brand_return_rates_counts_check', sql`${table.purchases} >= 0 and ${table.defects} >= 0`)],
);

/** A supplier's lines ordered and its returns received with the reason «брак». */
export const supplierReturnRates = pgTable(
  'supplier_return_rates',
  {
    supplierId: integer('supplier_id')
      .primaryKey()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    purchases: integer('purchases').notNull().default(0),
    defects: integer('defects').notNull().default(0),
  },
  (table) => [check('supplier_return_rates_counts_check', sql`${table.purchases} >= 0 and ${table.defects} >= 0`)],
);
