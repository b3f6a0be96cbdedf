import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/* The shop's settings (db/shop-settings.ts reads and writes them). */

/** One row per setting; the shape of each value is ShopSettingValues in shop-settings.ts. */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
