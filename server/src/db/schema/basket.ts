import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands, offers } from './catalog.ts';
import { clients } from './clients.ts';

/* Baskets (issue: basket). */

/**
 * An anonymous basket has no client; a client has at most one basket of their own. The key is a random secret
 * that the client stores beside basket_id; it is kept as issued because the contract hands a client's own key back
 * at login on any device.
 */
export const baskets = pgTable(
  'baskets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    clientId: integer('client_id')
      .unique()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('baskets_updated_at_idx').on(table.updatedAt)],
);

/** One line per offer; the price seen when it was added tells the client when the offer's price moved since. */
export const basketItems = pgTable(
  'basket_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    basketId: integer('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    priceSeen: numeric('price_seen', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    /**
     * (issue 32, point 6) The part searched when this offer was added as its analog (its brand and normalized
     * article): checkout counts the line against that pair (catalog/return-rates.ts). Null: not added as an analog.
     */
    analogOfBrandId: integer('analog_of_brand_id').references(() => brands.id, { onDelete: 'set null' }),
    analogOfArticle: text('analog_of_article'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('basket_items_basket_offer_idx').on(table.basketId, table.offerId),
    index('basket_items_offer_id_idx').on(table.offerId),
    check('basket_items_quantity_check', sql`${table.quantity} >= 1`),
  ],
);
