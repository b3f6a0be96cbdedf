import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/* Parts and what is known of them: brands and their spellings, the offers of every supplier's price list,
 * cross-references, catalogue groups and recommendation blocks; owned by modules/catalog. */

export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  nameNormalized: text('name_normalized').notNull().unique(),
});

/** Every spelling a brand is known by, normalized; a brand's own normalized name is one of its aliases. */
export const brandAliases = pgTable(
  'brand_aliases',
  {
    aliasNormalized: text('alias_normalized').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (table) => [index('brand_aliases_brand_id_idx').on(table.brandId)],
);

/**
 * An offer's columns as a price list gives them (all but its id and update time): built by this one function for
 * `offers` and for the price-list import's staging and COPY tables (modules/catalog/import/price-list-staging.ts),
 * so that those cannot drift from the table they fill.
 */
export const offerColumns = () => ({
  supplierId: integer('supplier_id').notNull(),
  brandId: integer('brand_id').notNull(),
  article: text('article').notNull(),
  articleNormalized: text('article_normalized').notNull(),
  description: text('description').notNull().default(''),
  /** Days until the part can be handed over; 0 is in stock today, null is unknown. */
  deliveryDays: integer('delivery_days'),
  price: numeric('price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
  quantity: integer('quantity').notNull().default(0),
  /** Kilograms. */
  weight: numeric('weight', { precision: 10, scale: 3, mode: 'string' }),
});

/**
 * No foreign keys to brands and suppliers, on purpose: offers are written in bulk by the price-list import
 * (millions of rows), where PostgreSQL's per-row foreign-key checks cost twice the load itself (measured in
 * bench/README.md). Their only writers, the import and the demo seed, take brand and supplier ids from the same
 * transaction, and brands and suppliers are never deleted while offers name them.
 *
 * Stored with fillfactor 50 (migration 0004, which drizzle's schema cannot express): room on every page for a
 * re-imported price list to update prices and stock in place.
 */
export const offers = pgTable(
  'offers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...offerColumns(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('offers_article_brand_idx').on(table.articleNormalized, table.brandId),
    // Suggestions while typing (decision 0030): a prefix is a range of this index in byte order, whatever the
    // database's collation, so that a prepared statement's generic plan still reads only the prefix's entries.
    index('offers_article_prefix_idx').on(sql`${table.articleNormalized} collate "C"`, table.brandId),
    index('offers_supplier_id_idx').on(table.supplierId),
    check('offers_price_check', sql`${table.price} >= 0`),
    check('offers_quantity_check', sql`${table.quantity} >= 0`),
    check('offers_delivery_days_check', sql`${table.deliveryDays} >= 0`),
  ],
);

export const crossReferenceType = pgEnum('cross_reference_type', ['oem', 'replacement', 'analog']);

/**
 * A link between two parts, usable in both directions: side a is the original (the OEM number for 'oem', the
 * superseded article for 'replacement'), side b its counterpart. Searches look a pair up from either side.
 */
export const crossReferences = pgTable(
  'cross_references',
  {
    brandIdA: integer('brand_id_a')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalizedA: text('article_normalized_a').notNull(),
    brandIdB: integer('brand_id_b')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalizedB: text('article_normalized_b').notNull(),
    type: crossReferenceType('type').notNull().default('analog'),
  },
  (table) => [
    primaryKey({
      name: 'cross_references_pkey',
      columns: [table.articleNormalizedA, table.brandIdA, table.articleNormalizedB, table.brandIdB],
    }),
    index('cross_references_b_idx').on(table.articleNormalizedB, table.brandIdB),
  ],
);

export const catalogGroups = pgTable(
  'catalog_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => catalogGroups.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('catalog_groups_parent_id_idx').on(table.parentId, table.position)],
);

/** Parts of a catalogue group; a group's offers are the current offers of these parts. */
export const catalogGroupArticles = pgTable(
  'catalog_group_articles',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => catalogGroups.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalized: text('article_normalized').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'catalog_group_articles_pkey',
      columns: [table.groupId, table.brandId, table.articleNormalized],
    }),
    index('catalog_group_articles_article_idx').on(table.articleNormalized, table.brandId),
  ],
);

/** Parts shown in a recommendation block (1 = the home page), in `position` order. */
export const recommendations = pgTable(
  'recommendations',
  {
    blockId: integer('block_id').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalized: text('article_normalized').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'recommendations_pkey', columns: [table.blockId, table.brandId, table.articleNormalized] }),
    index('recommendations_block_position_idx').on(table.blockId, table.position),
  ],
);
