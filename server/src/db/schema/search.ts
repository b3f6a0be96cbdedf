import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';

/**
 * A signed-in client's last searches (search module, decision 0030): one row per normalized article, the newest
 * search of it; at most SEARCH_HISTORY_LIMIT rows per client, trimmed in the transaction that writes one.
 */
export const searchHistory = pgTable(
  'search_history',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    articleNormalized: text('article_normalized').notNull(),
    /** As typed, trimmed. */
    article: text('article').notNull(),
    /** The brand searched with, as typed; null for a search by article alone. */
    brandName: text('brand_name'),
    searchedAt: timestamp('searched_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'search_history_pkey', columns: [table.clientId, table.articleNormalized] }),
    index('search_history_client_searched_idx').on(table.clientId, table.searchedAt.desc()),
  ],
);
